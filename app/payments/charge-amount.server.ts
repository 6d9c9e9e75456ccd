/**
 * The amount a payment charges, from the cart and current prices (never the browser's), and
 * whether the cart is still what 'Finalizar compra' prepared: the payment page shows both,
 * and every method's pay action checks both before money moves.
 */
import type { SubmissionResult } from "@conform-to/zod/v4";
import { loadCartPage } from "~/cart/cart.server";
import { apiClient, type OrderRecord } from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import type { CartTotals } from "~/money/totals";
import type { PaymentMethodKey } from "~/money/payment-methods";
import type { PaymentOrder } from "./payment-order";
import { answerForOrder } from "./order-charge-state.server";
import { logError, type PaymentAnswer, redirectTo, reply } from "./payment-answers.server";
import { PAYMENT_MESSAGES } from "./result-views";

export interface PaymentPageLine {
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

/**
 * ready: the form can pay; changed: the cart is not what the checkout prepared; expired: the
 * merchant no longer knows the prepared checkout; unavailable: the payments API cannot be reached.
 */
export type PaymentPageState = "ready" | "changed" | "expired" | "unavailable";

export interface OrderAmount {
  lines: PaymentPageLine[];
  totals: CartTotals;
  notices: string[];
  /** Set-Cookie for a cart the pricing changed (products gone, quantities capped). */
  headers: Headers;
}

/** The amount to charge, from the cart and current prices (never from the browser). */
export async function orderAmount(request: Request): Promise<OrderAmount> {
  const { page, headers } = await loadCartPage(request);
  return {
    lines: page.lines.map(({ productId, title, quantity, unitPrice, lineTotal }) => ({
      productId,
      title,
      quantity,
      unitPrice,
      lineTotal,
    })),
    totals: page.totals,
    notices: page.notices,
    headers,
  };
}

const linesSignature = (lines: Array<{ id: string; quantity: number; price: number }>) =>
  lines
    .map((line) => `${line.id}:${line.quantity}:${Math.round(line.price)}`)
    .sort()
    .join("|");

/**
 * Whether the cart is still what 'Finalizar compra' recorded in the merchant's order (same
 * products, quantities and prices): a change is shown to the shopper before money moves.
 */
export async function preparedState(
  order: PaymentOrder,
  lines: PaymentPageLine[],
): Promise<PaymentPageState> {
  let record: OrderRecord | null;
  try {
    record = await apiClient().getOrder(order.orderId);
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: order unavailable");
    return "unavailable";
  }
  if (!record) return "expired";
  const before = linesSignature(
    record.lines.map((l) => ({ id: l.productId ?? "", quantity: l.quantity, price: l.unitPrice })),
  );
  const now = linesSignature(
    lines.map((l) => ({ id: l.productId, quantity: l.quantity, price: l.unitPrice })),
  );
  return before === now ? "ready" : "changed";
}

const STATE_MESSAGES: Record<Exclude<PaymentPageState, "ready">, string> = {
  changed: PAYMENT_MESSAGES.cartChanged,
  expired: PAYMENT_MESSAGES.cartChanged,
  unavailable: PAYMENT_MESSAGES.connect,
};

/** The amount to charge, once it is known to be what the shopper saw and the checkout prepared. */
export async function amountToCharge(
  request: Request,
  form: FormData,
  order: PaymentOrder,
  name: PaymentMethodKey,
  makeReply: (message: string) => SubmissionResult<string[]>,
  toBank = false,
): Promise<{ answer: PaymentAnswer } | { amount: OrderAmount }> {
  let amount: OrderAmount;
  try {
    amount = await orderAmount(request);
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: cart unavailable");
    return { answer: reply(name, 503, makeReply(PAYMENT_MESSAGES.totals)) };
  }
  if (amount.lines.length === 0) {
    // Paid meanwhile (a second submit, another tab): the order's own answer, never /carrito.
    const known = await answerForOrder(request, order, toBank);
    if (known) return { answer: known };
    return { answer: redirectTo("/carrito", amount.headers) };
  }
  const state = await preparedState(order, amount.lines);
  if (state !== "ready") {
    const status = state === "unavailable" ? 503 : 409;
    return { answer: reply(name, status, makeReply(STATE_MESSAGES[state]), amount.headers) };
  }
  const expected = form.get("expected_total");
  if (typeof expected === "string" && expected !== String(amount.totals.total)) {
    return { answer: reply(name, 409, makeReply(PAYMENT_MESSAGES.amountChanged), amount.headers) };
  }
  return { amount };
}
