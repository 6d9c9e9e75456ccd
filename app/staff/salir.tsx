import { redirect } from "react-router";
import type { Route } from "./+types/salir";
import { SIGN_IN_PATH, STAFF_HOME } from "./return-path";
import { assertStaffToolOn, currentStaff, endStaffSession } from "./staff-session.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { personalPage } from "~/platform/http-cache.server";
import { logger } from "~/platform/logger.server";

/** Cache policy of this address (docs/decisions/0205). */
export const headers = personalPage;

/** Signing out is a POST ('Cerrar sesión'); a GET here only leads back to the tool. */
export function loader() {
  assertStaffToolOn();
  throw redirect(STAFF_HOME);
}

/** 'Cerrar sesión': the staff cookie removed, then the sign-in page with a notice. */
export async function action({ request }: Route.ActionArgs) {
  assertStaffToolOn();
  const visit = await currentStaff(request);
  if (visit) logger.info({ audit: "staff-sign-out", staff: visit.user }, "staff sign-out");
  const headers = new Headers({ "Set-Cookie": await endStaffSession(request) });
  return redirectWithFlash(
    request,
    SIGN_IN_PATH,
    { type: "info", message: "Cerraste la sesión." },
    { headers },
  );
}
