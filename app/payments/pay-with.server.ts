/**
 * The one pay sequence (docs/decisions/0430, 0510, 0545): every payment method pays through
 * `payWith`, which owns the exactly-once steps in their order; a method only says what differs
 * (its `PaymentMethodServer`: form, limits, the work before the charge, the charge call).
 *
 *   one submit of an order at a time ─▶ the order's state (charged? unknown?) ─▶ parse the form
 *   ─▶ reserve the limits ─▶ the amount (server's, cart unchanged) ─▶ prepare (card: token)
 *   ─▶ note sent ─▶ send the charge ─▶ classify a failure ─▶ answer (303 to the result)
 */
import type { SubmissionResult } from "@conform-to/zod/v4";
import { apiClient, type Charge, neverSent, PaymentError } from "~/merchant-api/client.server";
import { overCap } from "~/money/amount-caps";
import { type PaymentMethodId, PAYMENT_METHODS } from "~/money/payment-methods";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { countPayment } from "~/platform/metrics.server";
import { amountToCharge, type OrderAmount } from "./charge-amount.server";
import {
  answerCharged,
  beforePaying,
  link,
  noteSent,
  outcomeUnknown,
  refusedRequest,
} from "./charge-steps.server";
import { paymentResult } from "./gateway-status";
import { oneAtATime } from "./one-at-a-time.server";
import { orderCharge } from "./order-charge-state.server";
import { commitPaidOrders, type PaidOrder, rememberPayment } from "./paid-orders.server";
import {
  bankUrlOf,
  logError,
  type PaymentAnswer,
  redirectTo,
  reply,
} from "./payment-answers.server";
import type { PaymentOrder } from "./payment-order";
import { PAYMENT_MESSAGES } from "./result-views";

/** A form's message as its reply (conform's `submission.reply`). */
type FormFailure = (message: string) => SubmissionResult<string[]>;

/** The parsed form: its values and how a message is replied, or the form's own answer (422). */
export type Parsed<Values> = { values: Values; fail: FormFailure } | { answer: PaymentAnswer };

/** Points a method reserves before any work (the card-testing limits, 0510). */
export interface Reservation {
  /** The attempt ended in a decline or a refused card: its points stay taken. */
  declined(): void;
  /** Gives the points back, unless the attempt was declined. */
  settle(): Promise<void>;
}

/** A method's limits said no: the seconds until it may go on (429, Retry-After). */
interface OverLimit {
  retryAfterSeconds: number;
  /** The method's own words for it (how long, the ways to pay now); a general one without. */
  message?: string;
}

/** What a method's steps after the amount get. */
export interface PayStep<Values, Limits extends Reservation> {
  request: Request;
  form: FormData;
  order: PaymentOrder;
  values: Values;
  limits: Limits;
  /** The server's amount: lines and totals from the cart and current prices. */
  amount: OrderAmount;
  /** A form reply (nothing was charged), keeping the cart's cookie. */
  formError: (status: number, message: string) => PaymentAnswer;
}

/**
 * What the payer of a method's pending charge is shown beyond its status, when they go on
 * elsewhere before a deadline (cash: the voucher they pay with at a payment point).
 */
interface PendingDetails<Data> {
  /** The result page's details, drawn by the method's view (methods/forms.tsx); null: none. */
  view(charge: Charge): Promise<Data | null>;
  /** The same as a PDF, /checkout/comprobante/{chargeId}.pdf for the browser that paid. */
  pdf(charge: Charge): Promise<Uint8Array | null>;
}

/**
 * A payment method's server half: everything that differs from one method to another. Registered
 * under its registry id in methods/servers.server.ts; payWith runs it.
 */
export interface PaymentMethodServer<
  PageData,
  Values,
  Limits extends Reservation,
  Ready,
  Pending = unknown,
> {
  /** Its id in the registry (money/payment-methods.ts). */
  readonly id: PaymentMethodId;
  /** What the payment page needs to show the method's form (the card gateway, the banks). */
  pageData(order: PaymentOrder): PageData | Promise<PageData>;
  /** The payment as the receipt and the order lookup name it: "Visa terminada en 1111". */
  receiptLabel(charge: Charge): string;
  /** The posted form, checked: its values, or a 422 reply. Nothing is reserved or charged yet. */
  parse(
    request: Request,
    form: FormData,
    order: PaymentOrder,
  ): Parsed<Values> | Promise<Parsed<Values>>;
  /** Limits reserved before any work, given back unless the attempt is declined. */
  reserve?(request: Request, order: PaymentOrder): Promise<Limits | OverLimit>;
  /** Work between the amount and the charge (the card's token): what the charge needs. */
  prepare?(
    step: PayStep<unknown, Reservation>,
  ): Promise<{ ready: Ready } | PaymentAnswer | OverLimit>;
  /** The merchant API's charge call, with the order's id and the server's amount. */
  charge(step: PayStep<unknown, Reservation>, ready: Ready): Promise<Charge>;
  /** The gateway declined the charge itself (the failure page), not the request. */
  declined?(error: unknown): boolean;
  /** Said when a method that goes on at the bank got a pending charge without the bank's page. */
  noBankPage?: string;
  /** What its pending charge's payer is shown while the money is awaited (cash: the voucher). */
  pending?: PendingDetails<Pending>;
}

/** A method server whatever its own types: what the registry map holds. */
export type AnyMethodServer = PaymentMethodServer<unknown, unknown, Reservation, unknown>;

/** Limits of a method that reserves none. */
const NO_LIMITS: Reservation = { declined() {}, settle: async () => {} };

/** The answer to an attempt over a limit: 429 with Retry-After, counted as refused. */
function overLimit(order: PaymentOrder, fail: FormFailure, limit: OverLimit): PaymentAnswer {
  const { key } = PAYMENT_METHODS.byId[order.method];
  logger.warn({ orderId: order.orderId }, `payments: ${key} attempts limit reached`);
  countPayment(order.method, "refused");
  return reply(
    key,
    429,
    fail(limit.message ?? PAYMENT_MESSAGES.tooManyAttempts),
    new Headers({ "Retry-After": String(limit.retryAfterSeconds) }),
  );
}

/**
 * intent=pay-{key}: pays the prepared order with `method`: a 303 to the charge's result page
 * (or the bank's), 'Pago en proceso' when the outcome is not known, or the form's reply when
 * nothing was charged. Submits of one order run one after another in this process (a burst of
 * clicks waits, then finds the first one's charge).
 */
export async function payWith(
  method: AnyMethodServer,
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  if (order.method !== method.id) return redirectTo("/checkout/pago");
  return oneAtATime(order.orderId, async () => {
    const { toBank } = PAYMENT_METHODS.byId[order.method];
    const known = await beforePaying(request, form, order, toBank);
    if (known) return known;
    const parsed = await method.parse(request, form, order);
    if ("answer" in parsed) return parsed.answer;
    // A method without limits of its own reserves nothing and gives nothing back.
    const limits = method.reserve ? await method.reserve(request, order) : NO_LIMITS;
    if ("retryAfterSeconds" in limits) return overLimit(order, parsed.fail, limits);
    try {
      return await payReserved(method, request, form, order, parsed, limits);
    } finally {
      await limits.settle();
    }
  });
}

/** The amount, the method's work, then the charge noted as sent before it leaves. */
async function payReserved(
  method: AnyMethodServer,
  request: Request,
  form: FormData,
  order: PaymentOrder,
  { values, fail }: { values: unknown; fail: FormFailure },
  limits: Reservation,
): Promise<PaymentAnswer> {
  const info = PAYMENT_METHODS.byId[order.method];
  const ready = await amountToCharge(request, form, order, info.key, fail, info.toBank);
  if ("answer" in ready) return ready.answer;
  const { amount } = ready;
  const formError = (status: number, message: string) =>
    reply(info.key, status, fail(message), amount.headers);
  // A method offered only up to an amount (0570) is refused above it, whatever step 3 showed.
  const capped = overCap(order.method, amount.totals.total, config().paymentCaps);
  if (capped) return formError(422, capped);
  const step: PayStep<unknown, Reservation> = {
    request,
    form,
    order,
    values,
    limits,
    amount,
    formError,
  };

  let prepared: unknown;
  if (method.prepare) {
    const outcome = await method.prepare(step);
    if ("retryAfterSeconds" in outcome) return overLimit(order, fail, outcome);
    if ("kind" in outcome) return outcome;
    prepared = outcome.ready;
  }

  const sent = await noteSent(request, order);
  let charge: Charge;
  try {
    // A method without a prepare step has nothing ready: its charge reads the step alone.
    charge = await method.charge(step, prepared);
  } catch (error) {
    return chargeFailed(method, error, sent, step);
  }
  logger.info(
    { orderId: order.orderId, chargeId: charge.id, status: charge.status },
    `${info.key} charge`,
  );
  if (info.toBank && !bankUrlOf(charge) && paymentResult(charge.status).state === "pending") {
    return noBankPage(method, sent, step, charge);
  }
  return answerCharged(sent, order, charge, info.toBank);
}

/**
 * A charge call that did not return a charge. Certainly not sent, or refused for a reason of
 * the request: a form error (nothing was charged). Declined: the charge's failure page. Anything
 * else may have charged: the order's state, or 'Pago en proceso' until it is known.
 */
async function chargeFailed(
  method: AnyMethodServer,
  error: unknown,
  sent: PaidOrder[],
  { order, limits, formError }: PayStep<unknown, Reservation>,
): Promise<PaymentAnswer> {
  const { key, toBank } = PAYMENT_METHODS.byId[order.method];
  logger.warn({ orderId: order.orderId, err: logError(error) }, `payments: ${key} charge failed`);
  if (neverSent(error)) {
    countPayment(order.method, "failed");
    return formError(503, PAYMENT_MESSAGES.connectNotCharged);
  }
  if (method.declined?.(error)) {
    limits.declined();
    const chargeId = error instanceof PaymentError ? error.chargeId : null;
    const charge = chargeId
      ? await apiClient()
          .getPaymentStatus(chargeId)
          .catch(() => null)
      : await orderCharge(order.orderId);
    if (charge !== null && charge !== "unknown") return answerCharged(sent, order, charge, toBank);
    countPayment(order.method, "failed");
    return redirectTo(`/checkout/failure?order_id=${encodeURIComponent(order.orderId)}`);
  }
  if (refusedRequest(error)) {
    countPayment(order.method, "failed");
    return formError(502, PAYMENT_MESSAGES.chargeNotCharged);
  }
  return outcomeUnknown(sent, order, toBank);
}

/**
 * A pending charge of a method that goes on at the bank, without the bank's page: the shopper
 * cannot go on, and the order is this charge's (kept in `pagos`, never paid again meanwhile).
 */
async function noBankPage(
  method: AnyMethodServer,
  sent: PaidOrder[],
  { order, formError }: PayStep<unknown, Reservation>,
  charge: Charge,
): Promise<PaymentAnswer> {
  await link(order, charge);
  countPayment(order.method, "pending");
  const list = rememberPayment(sent, {
    orderId: order.orderId,
    chargeId: charge.id,
    sessionId: order.sessionId,
    method: order.method,
  });
  const answer = formError(502, method.noBankPage ?? PAYMENT_MESSAGES.charge);
  answer.headers = new Headers({ "Set-Cookie": await commitPaidOrders(list) });
  return answer;
}
