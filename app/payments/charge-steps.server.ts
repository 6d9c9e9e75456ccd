/**
 * The steps of the pay sequence (pay-with.server.ts, docs/decisions/0430): what a submit answers
 * before paying (the order's state: charged, unknown), the note that a charge request is
 * leaving, and what an answer that did not say what happened leads to. Never a second charge:
 * every attempt carries the order's one id, and the gateway refuses a second charge of it.
 */
import { ApiError, apiClient, type Charge, PaymentError } from "~/merchant-api/client.server";
import { countPayment } from "~/platform/metrics.server";
import type { PaymentOrder } from "./payment-order";
import { answerForOrder, chargeOutcome, orderCharge } from "./order-charge-state.server";
import { type PaidOrder, readPaidOrders, rememberPayment } from "./paid-orders.server";
import {
  answerWithCharge,
  bestEffort,
  type PaymentAnswer,
  pendingAnswer,
  redirectTo,
} from "./payment-answers.server";

/**
 * The submitted form belongs to another order than the checkout's (an old tab, a replay after
 * the order was paid and the checkout cleared): its state if this browser paid it, else the
 * payment page of the current order, or the checkout.
 */
export async function paymentForOtherOrder(
  request: Request,
  form: FormData,
  order: PaymentOrder | null,
): Promise<PaymentAnswer> {
  const formOrderId = form.get("order_id");
  const paid = await readPaidOrders(request);
  const entry =
    typeof formOrderId === "string" ? paid.find((e) => e.orderId === formOrderId) : undefined;
  if (entry) {
    const known = await answerForOrder(request, entry, false);
    if (known) return known;
  }
  return redirectTo(order ? "/checkout/pago" : "/checkout");
}

/**
 * What a pay submit answers before anything is charged: the order's state when it has a charge
 * (paid, declined, pending) or an outcome not known yet. A burst of clicks reaches this one
 * submit after another (payWith runs an order's submits one at a time), so the second finds the
 * first's charge: never a second charge and never a limit page. Null when paying is open.
 */
export async function beforePaying(
  request: Request,
  form: FormData,
  order: PaymentOrder,
  toBank: boolean,
): Promise<PaymentAnswer | null> {
  const formOrderId = form.get("order_id");
  if (typeof formOrderId === "string" && formOrderId !== order.orderId) {
    return paymentForOtherOrder(request, form, order);
  }
  return answerForOrder(request, order, toBank);
}

/** The `pagos` list noting that a charge request for the order leaves now. */
export async function noteSent(request: Request, order: PaymentOrder): Promise<PaidOrder[]> {
  return rememberPayment(await readPaidOrders(request), {
    orderId: order.orderId,
    chargeId: null,
    sessionId: order.sessionId,
    method: order.method,
    sentAt: Date.now(),
  });
}

/** Ties the checkout session to its charge; a failure here never costs the shopper a payment. */
export async function link(order: PaymentOrder, charge: Charge) {
  await bestEffort("link-payment", { orderId: order.orderId, chargeId: charge.id }, () =>
    apiClient().linkPayment({
      sessionId: order.sessionId,
      orderId: order.orderId,
      chargeId: charge.id,
      status: charge.status,
    }),
  );
}

/** The charge's result page, once the checkout session is tied to it. */
export async function answerCharged(
  sent: PaidOrder[],
  order: PaymentOrder,
  charge: Charge,
  toBank: boolean,
): Promise<PaymentAnswer> {
  await link(order, charge);
  countPayment(order.method, chargeOutcome(charge));
  return answerWithCharge(sent, order, charge, toBank);
}

/**
 * After a charge request whose answer did not say what happened (no answer, a reset, a 5xx, a
 * duplicate refusal): the order's charge when the gateway lists it, else 'Pago en proceso',
 * which keeps looking it up. Never an error page, never a second charge.
 */
export async function outcomeUnknown(
  sent: PaidOrder[],
  order: PaymentOrder,
  toBank: boolean,
): Promise<PaymentAnswer> {
  const charge = await orderCharge(order.orderId);
  if (charge !== null && charge !== "unknown") return answerCharged(sent, order, charge, toBank);
  countPayment(order.method, "unknown");
  return pendingAnswer(sent, order);
}

/**
 * The gateway answered and refused the request itself (a spent token, a field): nothing was
 * charged. A duplicate order id (1006) is not such a refusal: the order has a charge.
 */
export function refusedRequest(error: unknown): boolean {
  const status =
    error instanceof PaymentError
      ? error.code === 1006
        ? 0
        : error.status
      : error instanceof ApiError && error.kind === "answered"
        ? error.status
        : 0;
  return status >= 400 && status < 500;
}

export const blank = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** The customer fields every charge call carries. */
export function customerFields(order: PaymentOrder) {
  const { customer } = order;
  return {
    customer_name: blank(customer.name) ?? blank(customer.company_name),
    customer_last_name: blank(customer.last_name),
    customer_email: customer.email.trim(),
    customer_phone: blank(customer.phone),
  };
}
