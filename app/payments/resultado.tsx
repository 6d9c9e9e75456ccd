import { data, redirect } from "react-router";
import { personalPage, privateNoStore } from "~/platform/http-cache.server";
import { routeMeta } from "~/platform/page-meta";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import { loadPaymentResult } from "./result-pages.server";
import { RESULT_TEXTS, type ResultView } from "./result-views";
import { ResultPage } from "./ResultPage";
import type { Route } from "./+types/resultado";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

function titleOf(view: ResultView): string {
  switch (view.state) {
    case "missing":
      return RESULT_TEXTS.missingTitle;
    case "error":
      return RESULT_TEXTS.errorTitle;
    case "failed":
      return view.status === "expired" ? RESULT_TEXTS.lapsedTitle : RESULT_TEXTS.failedTitle;
    case "pending":
      return view.waiting ? RESULT_TEXTS.waitingTitle : RESULT_TEXTS.pendingTitle;
    case "success":
      return view.statusLabel === "Completado" ? "Pago exitoso" : RESULT_TEXTS.successPendingTitle;
  }
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const title = loaderData ? titleOf(loaderData.view) : "Resultado del pago";
  return routeMeta(matches, {
    title,
    description: "El resultado de tu pago.",
    path: location.pathname,
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  // /checkout/success/{key}, or /checkout/success/{key}.data on a client-side navigation.
  const key = /\/([^/]+?)(?:\.data)?$/.exec(new URL(request.url).pathname)?.[1] ?? "";
  const method = PAYMENT_METHODS.byKey(key) ?? PAYMENT_METHODS.list[0];
  const answer = await loadPaymentResult(request, method.key);
  if (answer.kind === "reload")
    throw redirect(answer.location, { headers: privateNoStore(answer.headers) });
  return data({ view: answer.view }, { status: answer.status, headers: answer.headers });
}

export default function Resultado({ loaderData }: Route.ComponentProps) {
  return <ResultPage view={loaderData.view} />;
}
