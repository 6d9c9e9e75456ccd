import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/ingresar";
import { SIGN_IN_MESSAGES, signInSchema } from "./forms";
import { safeReturnPath } from "./return-path";
import { attemptSignIn } from "./sign-in.server";
import { SignInPanel } from "./SignInPanel";
import { assertStaffToolOn, currentStaff, startStaffSession } from "./staff-session.server";
import { personalPage } from "~/platform/http-cache.server";
import { logger } from "~/platform/logger.server";
import { clientAddress } from "~/platform/rate-limit.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  assertStaffToolOn();
  const back = safeReturnPath(new URL(request.url).searchParams.get("volver"));
  if (await currentStaff(request)) throw redirect(back);
  return { back };
}

export async function action({ request }: Route.ActionArgs) {
  const users = assertStaffToolOn();
  const formData = await request.formData();
  const back = safeReturnPath(formData.get("volver"));
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ back, result: submission.reply({ hideFields: ["clave"] }) }, { status: 400 });
  }
  const { usuario, clave } = submission.value;
  const answer = await attemptSignIn({
    users,
    username: usuario,
    password: clave,
    address: clientAddress(request),
  });
  if (answer.ok) {
    logger.info({ audit: "staff-sign-in", staff: answer.user, outcome: "ok" }, "staff sign-in");
    throw redirect(back, {
      status: 303,
      headers: { "Set-Cookie": await startStaffSession(answer.user) },
    });
  }
  if (answer.reason === "too-many") {
    logger.warn(
      {
        audit: "staff-sign-in",
        outcome: "rate-limited",
        retryAfterSeconds: answer.retryAfterSeconds,
      },
      "staff sign-in refused",
    );
    return data(
      {
        back,
        result: submission.reply({ formErrors: [SIGN_IN_MESSAGES.tooMany], hideFields: ["clave"] }),
      },
      // personalPage passes the header on to the page's answer.
      { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } },
    );
  }
  if (answer.reason === "unavailable") {
    logger.warn({ audit: "staff-sign-in", outcome: "unavailable" }, "staff sign-in refused");
    return data(
      {
        back,
        result: submission.reply({
          formErrors: [SIGN_IN_MESSAGES.unavailable],
          hideFields: ["clave"],
        }),
      },
      { status: 503, headers: { "Retry-After": "30" } },
    );
  }
  logger.info({ audit: "staff-sign-in", outcome: "wrong" }, "staff sign-in failed");
  return data(
    {
      back,
      result: submission.reply({ formErrors: [SIGN_IN_MESSAGES.wrong], hideFields: ["clave"] }),
    },
    { status: 401 },
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignInPanel
      back={actionData?.back ?? loaderData.back}
      lastResult={actionData?.result ?? null}
    />
  );
}
