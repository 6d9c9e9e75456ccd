import { data, redirect, redirectDocument } from "react-router";
import { personalPage } from "~/platform/http-cache.server";
import { routeMeta } from "~/platform/page-meta";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import { METHOD_SERVERS } from "./methods/servers.server";
import { readPaymentOrder } from "./prepared-order.server";
import { PaymentPage } from "./PaymentPage";
import type { PaymentAnswer } from "./payment-answers.server";
import { loadPaymentPage } from "./payment-page.server";
import { paymentForOtherOrder } from "./charge-steps.server";
import { payWith } from "./pay-with.server";
import type { Route } from "./+types/pago";

/** Cache policy of this page (docs/decisions/0205). */
export const headers = personalPage;

export function meta({ matches }: Route.MetaArgs) {
  // The title is the page's own (<FormTitle>): 'Error: ' in front after a failed submit.
  return routeMeta(matches, {
    title: "Pago",
    description: `Paga tu pedido con ${PAYMENT_METHODS.names}.`,
    path: "/checkout/pago",
    noindex: true,
  }).filter((tag) => !("title" in tag));
}

function send(answer: Extract<PaymentAnswer, { kind: "redirect" }>) {
  const init = { status: 303, headers: answer.headers };
  return answer.document
    ? redirectDocument(answer.location, init)
    : redirect(answer.location, init);
}

export async function loader({ request }: Route.LoaderArgs) {
  const order = await readPaymentOrder(request);
  if (!order) throw redirect("/checkout");
  const answer = await loadPaymentPage(request, order);
  if (answer.kind === "redirect") throw send(answer);
  return data(answer.page, { headers: answer.headers });
}

/** intent=pay-{key} (pay-card, pay-pse): pays the prepared order, then 303 to its result (PRG). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const order = await readPaymentOrder(request);
  const method = PAYMENT_METHODS.byIntent(form.get("intent"));
  const answer: PaymentAnswer = !order
    ? await paymentForOtherOrder(request, form, null)
    : method
      ? await payWith(METHOD_SERVERS[method.id], request, form, order)
      : { kind: "redirect", location: "/checkout/pago", document: false, headers: new Headers() };
  if (answer.kind === "redirect") return send(answer);
  return data(answer.body, { status: answer.status, headers: answer.headers });
}

export default function Pago({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentPage page={loaderData} result={actionData} />;
}
