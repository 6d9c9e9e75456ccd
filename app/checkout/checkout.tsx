import { data } from "react-router";
import { personalPage, PRIVATE_NO_STORE } from "~/platform/http-cache.server";
import { routeMeta } from "~/platform/page-meta";
import { CheckoutPage } from "./CheckoutPage";
import { performCheckoutAction } from "./checkout-actions.server";
import { loadCheckout } from "./checkout.server";
import type { Route } from "./+types/checkout";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta({ matches }: Route.MetaArgs) {
  // The title is the step's, set by the page itself (with 'Error: ' after a refused submit).
  return routeMeta(matches, {
    title: "Checkout",
    description: "Datos de facturación y envío, método de pago y resumen de tu pedido.",
    path: "/checkout",
    noindex: true,
  }).filter((tag) => !("title" in tag));
}

export async function loader({ request }: Route.LoaderArgs) {
  const { view, headers } = await loadCheckout(request);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return data({ view }, { headers });
}

/**
 * Every form of the wizard posts here with an `intent` (PRG: 303 when it went well, the step's
 * form result otherwise). The payment forms post to the payments part's /checkout/pago.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await performCheckoutAction(request, form);
  if (outcome instanceof Response) return outcome;
  outcome.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage view={loaderData.view} action={actionData} />;
}
