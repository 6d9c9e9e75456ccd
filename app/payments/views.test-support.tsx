/** What the tests of the payment views share: a server render, and a payment page's data. */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { computeTotals } from "~/money/totals";
import { expiryYears } from "./methods/card/card";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import { PAYMENT_METHODS, type PaymentMethodKey } from "~/money/payment-methods";

export function render(element: ReactNode) {
  const Stub = createRoutesStub([{ path: "/checkout/pago", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/checkout/pago"]} />);
}

export const page = (over: Partial<PaymentPageData> = {}): PaymentPageData => ({
  orderId: "CARD-1767225600000K7Q2",
  method: "openpay",
  state: "ready",
  lines: [
    { productId: "10031", title: "Cámara IP", quantity: 2, unitPrice: 45_000, lineTotal: 90_000 },
  ],
  totals: computeTotals(90_000),
  notices: [],
  // Every method's form slot empty but the card's: a registered method needs no line here.
  ...(Object.fromEntries(PAYMENT_METHODS.list.map((m) => [m.key, null])) as Record<
    PaymentMethodKey,
    null
  >),
  card: cardPage(),
  ...over,
});

export function cardPage(over: Partial<NonNullable<PaymentPageData["card"]>> = {}) {
  return {
    years: expiryYears(new Date()),
    holderName: "Ana Gómez",
    gateway: { base: "/sandbox", publicKey: "pk_sandbox_tienda" },
    withoutJavaScript: true,
    antifraudScript: null,
    ...over,
  };
}

/** What the card form comes back with after a refused payment. */
export const cardReply = (initialValue: Record<string, string>): PaymentFormReply => ({
  form: "card",
  attempt: "a1",
  reply: {
    status: "error",
    initialValue,
    error: {
      "": [
        "Error al procesar la tarjeta. Por favor, verifique los datos. No se realizó ningún cobro.",
      ],
      card_number: ["Número de tarjeta inválido"],
    },
    fields: Object.keys(initialValue),
  },
});
