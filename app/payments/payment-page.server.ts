/**
 * The payment page (GET /checkout/pago): the form of the prepared order's method beside its
 * summary, and the amount to charge, computed from the cart and current prices (never the
 * browser's).
 */
import type { CartTotals } from "~/money/totals";
import {
  orderAmount,
  type PaymentPageLine,
  type PaymentPageState,
  preparedState,
} from "./charge-amount.server";
import { type MethodKey, PAYMENT_METHODS, type PaymentMethodId } from "~/money/payment-methods";
import { METHOD_SERVERS, type MethodPageData } from "./methods/servers.server";
import type { PaymentOrder } from "./payment-order";
import { answerForOrder } from "./order-charge-state.server";
import { type RedirectAnswer, redirectTo } from "./payment-answers.server";

/** Each method's form data under its key (card, pse): the order's method's only, else null. */
type MethodPages = {
  [Id in PaymentMethodId as MethodKey<Id>]: MethodPageData<Id> | null;
};

export type PaymentPageData = MethodPages & {
  orderId: string;
  method: PaymentMethodId;
  state: PaymentPageState;
  lines: PaymentPageLine[];
  totals: CartTotals;
  /** Products that left the cart or were capped to stock since the checkout. */
  notices: string[];
};

export type PaymentPageAnswer =
  RedirectAnswer | { kind: "page"; page: PaymentPageData; headers: Headers };

/**
 * The payment form of the prepared order with its summary. An order that already has a charge,
 * or whose charge's outcome is not known yet, shows that instead; an empty cart goes back to
 * /carrito.
 */
export async function loadPaymentPage(
  request: Request,
  order: PaymentOrder,
): Promise<PaymentPageAnswer> {
  const known = await answerForOrder(request, order, false);
  if (known) return known;
  const amount = await orderAmount(request);
  if (amount.lines.length === 0) return redirectTo("/carrito", amount.headers);
  const state = await preparedState(order, amount.lines);
  const forms = Object.fromEntries(
    PAYMENT_METHODS.list.map((method) => [method.key, null]),
  ) as Record<string, unknown>;
  forms[PAYMENT_METHODS.byId[order.method].key] =
    await METHOD_SERVERS[order.method].pageData(order);
  const page: PaymentPageData = {
    // Built from the registry, so TypeScript cannot follow which key holds which method's data.
    ...(forms as MethodPages),
    orderId: order.orderId,
    method: order.method,
    state,
    lines: amount.lines,
    totals: amount.totals,
    notices: amount.notices,
  };
  return { kind: "page", page, headers: amount.headers };
}
