import { data } from "react-router";
import { LoginPanel } from "./LoginPanel";
import { evaluateLogin } from "./login-rules";
import { sitePageMeta } from "./site-page-meta";
import type { Route } from "./+types/login";
import { personalPage } from "~/platform/http-cache.server";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta("/login", matches);
}

/** Placeholder sign-in: answers with a message; the password is never kept, echoed or logged. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = evaluateLogin({
    intent: form.get("intent"),
    email: form.get("email"),
    password: form.get("password"),
  });
  return data(
    { tone: outcome.tone, message: outcome.message, email: outcome.email },
    { status: outcome.status, headers: { "Cache-Control": "no-store" } },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  return <LoginPanel result={actionData} />;
}
