import { data, redirect } from "react-router";
import { personalPage, privateNoStore } from "~/platform/http-cache.server";
import { routeMeta } from "~/platform/page-meta";
import { FailurePage } from "./FailurePage";
import { loadPaymentFailure } from "./result-pages.server";
import type { Route } from "./+types/fallo";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, {
    title: "Error en el pago",
    description: "No pudimos procesar tu pago.",
    path: "/checkout/failure",
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await loadPaymentFailure(request);
  if (answer.kind === "redirect") throw redirect(answer.location, { headers: privateNoStore() });
  return data({ view: answer.view }, { headers: answer.headers });
}

export default function Fallo({ loaderData }: Route.ComponentProps) {
  return <FailurePage view={loaderData.view} />;
}
