import { data, redirect } from "react-router";
import type { Route } from "./+types/admin";
import { STAFF_HOME } from "./return-path";
import { requireStaff } from "./staff-session.server";
import { personalPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

/**
 * Any other address under /admin: the sign-in first (so nobody learns which staff pages
 * exist), then /admin itself leads to the tool and anything else is 'Página no encontrada'.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const { pathname } = new URL(request.url);
  if (pathname === "/admin" || pathname === "/admin/") throw redirect(STAFF_HOME);
  throw data("La página que buscas no existe o fue movida.", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
