/**
 * Taking the money (issue 10; spec §4 card and PSE flows, §5, §7, §8, §9): the payment page of a
 * prepared order, card and PSE payment, the result pages, the receipt and the order lookup.
 *
 * Exactly once: the order id is fixed per prepared checkout and sent with every attempt, so the
 * gateway refuses a second charge (1006); before paying, and after any answer that did not
 * arrive, the order's charges are looked up (listCharges) and their outcome is shown instead of
 * charging again. The card number and CVV live only in this request's memory: they go to the
 * token call and nowhere else (no cookie, log line, error or re-rendered form).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { z } from "zod";
import { clearCartCookie, loadCartPage } from "~/cart/cart.server";
import { clearCheckoutCookie, restartPaymentCookie } from "~/checkout/checkout.server";
import { failureStatus } from "~/merchant-api/failure.server";
import {
  ApiError,
  apiClient,
  type Charge,
  PaymentError,
  type PaymentLine,
} from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import { clientAddress, createRateLimit, type RateLimit } from "~/platform/rate-limit.server";
import type { CartTotals } from "~/totals";
import { cardFormSchema, expiryYears, gatewayExpiry } from "./card";
import type { PaymentOrder } from "./order";
import { GATEWAY_ORDER_ID, LOOKUP_MESSAGES, orderLookupSchema } from "./order-lookup";
import { readPaymentOrder } from "./order.server";
import {
  commitPaidOrders,
  markPayment,
  type PaidOrder,
  paymentOf,
  readPaidOrders,
  rememberPayment,
} from "./paid-orders.server";
import { FALLBACK_PSE_BANKS, type PseBank, pseBanksFrom, pseFormSchema } from "./pse";
import {
  bankLabel,
  cardLabel,
  formatPaymentDate,
  nextRefresh,
  type PageRefresh,
  PAYMENT_MESSAGES,
  type ReceiptLine,
  type ReceiptView,
  type ResultKind,
  type ResultView,
} from "./result";
import { receiptPdf } from "./receipt-pdf.server";
import { paymentResult } from "./status";

// ---------------------------------------------------------------------------------------------
// Shapes the routes render

interface PaymentPageLine {
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
type PaymentPageState = "ready" | "changed" | "expired" | "unavailable";

export interface PaymentPageData {
  orderId: string;
  method: PaymentOrder["method"];
  state: PaymentPageState;
  lines: PaymentPageLine[];
  totals: CartTotals;
  /** Products that left the cart or were capped to stock since the checkout. */
  notices: string[];
  card: { years: number[]; holderName: string } | null;
  pse: {
    banks: ReadonlyArray<PseBank>;
    defaults: { document_type: string; document: string; full_name: string; person_type: string };
  } | null;
}

type PaymentFormName = "card" | "pse";

export interface PaymentFormReply {
  form: PaymentFormName;
  reply: SubmissionResult<string[]>;
  /** Differs on every answer, so the browser re-creates the card number and CVV inputs empty. */
  attempt: string;
}

/** A 303 to `location`; `document`: a full page load (the bank is not a page of the store). */
interface RedirectAnswer {
  kind: "redirect";
  location: string;
  document: boolean;
  headers: Headers;
}

export type PaymentAnswer =
  RedirectAnswer | { kind: "reply"; status: number; body: PaymentFormReply; headers: Headers };

// ---------------------------------------------------------------------------------------------
// Rules shared by the flows

/** Never echoed: the card number and CVV come back empty on every answer. */
const CARD_SECRET_FIELDS = ["card_number", "cvv2"];

const CHARGE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Card testing defence: at most 5 card attempts per checkout and per address in 15 minutes. */
const CARD_ATTEMPTS = { points: 5, durationSeconds: 15 * 60 } as const;
let cardAttemptLimit: RateLimit | undefined;
function cardAttempts(): RateLimit {
  cardAttemptLimit ??= createRateLimit({ name: "card-attempts", ...CARD_ATTEMPTS });
  return cardAttemptLimit;
}

/** The order lookup (/mi-cuenta/pedidos) guesses nothing: 20 lookups per address in 15 minutes. */
let lookupLimit: RateLimit | undefined;
function orderLookups(): RateLimit {
  lookupLimit ??= createRateLimit({ name: "order-lookups", points: 20, durationSeconds: 15 * 60 });
  return lookupLimit;
}

const blank = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

const isBankCharge = (charge: Charge) =>
  charge.method === "bank_account" || charge.payment_method?.type === "bank_account";

/** The bank page of a PSE charge, when it is an http(s) URL or a path of this site. */
function bankUrlOf(charge: Pick<Charge, "payment_method" | "redirect_url">): string | null {
  const url = charge.payment_method?.url ?? charge.redirect_url ?? null;
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The page that tells the truth about a charge; a PSE payment in progress may go to its bank. */
function resultLocation(charge: Charge, toBank: boolean): { location: string; document: boolean } {
  const query = new URLSearchParams({ id: charge.id });
  if (charge.order_id) query.set("order_id", charge.order_id);
  const state = paymentResult(charge.status).state;
  if (state === "failed") return { location: `/checkout/failure?${query}`, document: false };
  if (isBankCharge(charge)) {
    const bank = bankUrlOf(charge);
    if (toBank && state === "pending" && bank) return { location: bank, document: true };
    return { location: `/checkout/success/pse?${query}`, document: false };
  }
  return { location: `/checkout/success/card?${query}`, document: false };
}

/** An upstream answer that never came: the API timed out or could not be reached. */
const noAnswer = (error: unknown) =>
  error instanceof ApiError && (error.kind === "timeout" || error.kind === "unreachable");

/** The failure rule (0260) for payment calls too: a refused id is 404, an outage 503, else 502. */
const upstreamStatus = (error: unknown) =>
  error instanceof PaymentError ? (error.status === 404 ? 404 : 502) : failureStatus(error);

const logError = (error: unknown) =>
  error instanceof PaymentError
    ? { code: error.code, status: error.status, message: error.message }
    : error instanceof ApiError
      ? { kind: error.kind, status: error.status, message: error.message }
      : { message: error instanceof Error ? error.message : String(error) };

/**
 * The charge an order already has (the one that counts when there are several: a paid one,
 * else the latest); null when it has none; "unknown" when the lookup failed.
 */
async function orderCharge(orderId: string): Promise<Charge | null | "unknown"> {
  try {
    const charges = await apiClient().listCharges(orderId);
    if (charges.length === 0) return null;
    return (
      charges.find((charge) => paymentResult(charge.status).state === "success") ??
      charges[charges.length - 1]
    );
  } catch (error) {
    logger.warn({ orderId, err: logError(error) }, "payments: order lookup failed");
    return "unknown";
  }
}

/** Remembers the charge as this browser's and answers with its result page. */
async function answerWithCharge(
  paid: PaidOrder[],
  order: Pick<PaymentOrder, "orderId" | "sessionId" | "method">,
  charge: Charge,
  toBank: boolean,
): Promise<RedirectAnswer> {
  const list = rememberPayment(paid, {
    orderId: order.orderId,
    chargeId: charge.id,
    sessionId: order.sessionId,
    method: isBankCharge(charge) ? "pse" : "openpay",
  });
  const headers = new Headers({ "Set-Cookie": await commitPaidOrders(list) });
  return { kind: "redirect", ...resultLocation(charge, toBank), headers };
}

function redirectTo(location: string, headers = new Headers()): RedirectAnswer {
  return { kind: "redirect", location, document: false, headers };
}

/**
 * When `charge` failed for the checkout's prepared order, a Set-Cookie in `headers` that drops
 * that order id: the gateway refuses a second charge of one order, so 'Intentar nuevamente'
 * leads to the payment method step and 'Finalizar compra' prepares a new order.
 */
async function restartAfterFailure(request: Request, charge: Charge, headers: Headers) {
  if (paymentResult(charge.status).state !== "failed" || !charge.order_id) return;
  const prepared = await readPaymentOrder(request);
  if (prepared?.orderId === charge.order_id) {
    headers.append("Set-Cookie", await restartPaymentCookie(request));
  }
}

/** Ties the checkout session to its charge; a failure here never costs the shopper a payment. */
async function link(order: PaymentOrder, charge: Charge) {
  try {
    await apiClient().linkPayment({
      sessionId: order.sessionId,
      orderId: order.orderId,
      chargeId: charge.id,
      status: charge.status,
    });
  } catch (error) {
    logger.warn(
      { orderId: order.orderId, chargeId: charge.id, err: logError(error) },
      "payments: link-payment failed",
    );
  }
}

interface OrderAmount {
  lines: PaymentPageLine[];
  totals: CartTotals;
  notices: string[];
  /** Set-Cookie for a cart the pricing changed (products gone, quantities capped). */
  headers: Headers;
}

/** The amount to charge, from the cart and current prices (never from the browser). */
async function orderAmount(request: Request): Promise<OrderAmount> {
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

const preparedLineSchema = z.object({
  product_id: z.union([z.string(), z.number()]).transform(String),
  quantity: z.coerce.number(),
  unit_price: z.coerce.number(),
});

/**
 * Whether the cart is still what 'Finalizar compra' prepared (same products, quantities and
 * prices): a change is shown to the shopper before money moves.
 */
async function preparedState(
  order: PaymentOrder,
  lines: PaymentPageLine[],
): Promise<PaymentPageState> {
  let prepared: Record<string, unknown>;
  try {
    prepared = await apiClient().getCheckoutData(order.sessionId);
  } catch (error) {
    if (failureStatus(error) === 404) return "expired";
    logger.warn(
      { orderId: order.orderId, err: logError(error) },
      "payments: checkout data unavailable",
    );
    return "unavailable";
  }
  const source = Array.isArray(prepared.products) ? prepared.products : prepared.cart_items;
  const parsed = z.array(preparedLineSchema).safeParse(source);
  // A merchant API that does not echo the lines cannot be compared: the cart's amount holds.
  if (!parsed.success || parsed.data.length === 0) return "ready";
  const before = linesSignature(
    parsed.data.map((l) => ({ id: l.product_id, quantity: l.quantity, price: l.unit_price })),
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

// ---------------------------------------------------------------------------------------------
// The payment page (GET /checkout/pago)

export type PaymentPageAnswer =
  RedirectAnswer | { kind: "page"; page: PaymentPageData; headers: Headers };

/**
 * The payment form of the prepared order with its summary. An order that already has a charge
 * shows that charge's result instead; an empty cart goes back to /carrito.
 */
export async function loadPaymentPage(
  request: Request,
  order: PaymentOrder,
): Promise<PaymentPageAnswer> {
  const existing = await orderCharge(order.orderId);
  if (existing !== null && existing !== "unknown") {
    return answerWithCharge(await readPaidOrders(request), order, existing, false);
  }
  const amount = await orderAmount(request);
  if (amount.lines.length === 0) return redirectTo("/carrito", amount.headers);
  const state = existing === "unknown" ? "unavailable" : await preparedState(order, amount.lines);
  const { customer } = order;
  const fullName = [customer.name, customer.last_name].filter(Boolean).join(" ");
  const page: PaymentPageData = {
    orderId: order.orderId,
    method: order.method,
    state,
    lines: amount.lines,
    totals: amount.totals,
    notices: amount.notices,
    card:
      order.method === "openpay" ? { years: expiryYears(new Date()), holderName: fullName } : null,
    pse: order.method === "pse" ? { banks: await pseBanks(), defaults: pseDefaults(order) } : null,
  };
  return { kind: "page", page, headers: amount.headers };
}

async function pseBanks(): Promise<ReadonlyArray<PseBank>> {
  try {
    return pseBanksFrom(await apiClient().getPseBanks());
  } catch (error) {
    logger.warn({ err: logError(error) }, "payments: pse-banks unavailable, fallback list");
    return FALLBACK_PSE_BANKS;
  }
}

function pseDefaults(order: PaymentOrder) {
  const { customer } = order;
  const documentType = ["CC", "CE", "NIT", "PP"].includes(customer.document_type)
    ? customer.document_type
    : "CC";
  return {
    document_type: customer.company_nit && !customer.document ? "NIT" : documentType,
    document: (customer.document || customer.company_nit || "").replace(/\D/g, ""),
    full_name: [customer.name, customer.last_name].filter(Boolean).join(" ").toUpperCase(),
    person_type: customer.company_name ? "juridica" : "natural",
  };
}

// ---------------------------------------------------------------------------------------------
// Paying (POST /checkout/pago)

function reply(
  form: PaymentFormName,
  status: number,
  result: SubmissionResult<string[]>,
  headers = new Headers(),
): PaymentAnswer {
  return { kind: "reply", status, body: { form, reply: result, attempt: randomUUID() }, headers };
}

/**
 * The submitted form belongs to another order than the checkout's (an old tab, a replay after
 * the order was paid and the checkout cleared): its result if this browser paid it, else the
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
    const charge = await orderCharge(entry.orderId);
    if (charge !== null && charge !== "unknown")
      return answerWithCharge(paid, entry, charge, false);
    if (charge === "unknown") {
      return redirectTo(`/checkout/pending?order_id=${encodeURIComponent(entry.orderId)}`);
    }
  }
  return redirectTo(order ? "/checkout/pago" : "/checkout");
}

/**
 * The order already paid, or the form was for another order: the answer that shows it. Null
 * when the order has no charge yet (or the lookup failed: paying is still safe, since the
 * gateway refuses a second charge for the same order id).
 */
async function alreadyPaid(
  request: Request,
  form: FormData,
  order: PaymentOrder,
  paid: PaidOrder[],
  toBank: boolean,
): Promise<PaymentAnswer | null> {
  const formOrderId = form.get("order_id");
  if (typeof formOrderId === "string" && formOrderId !== order.orderId) {
    return paymentForOtherOrder(request, form, order);
  }
  const existing = await orderCharge(order.orderId);
  if (existing !== null && existing !== "unknown") {
    return answerWithCharge(paid, order, existing, toBank);
  }
  return null;
}

/** The amount to charge, once it is known to be what the shopper saw and the checkout prepared. */
async function amountToCharge(
  request: Request,
  form: FormData,
  order: PaymentOrder,
  name: PaymentFormName,
  makeReply: (message: string) => SubmissionResult<string[]>,
): Promise<{ answer: PaymentAnswer } | { amount: OrderAmount }> {
  let amount: OrderAmount;
  try {
    amount = await orderAmount(request);
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: cart unavailable");
    return { answer: reply(name, 503, makeReply(PAYMENT_MESSAGES.totals)) };
  }
  if (amount.lines.length === 0) return { answer: redirectTo("/carrito", amount.headers) };
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

/**
 * After an answer that did not say what happened (timeout, dropped connection, a gateway
 * error): the order's charge if one exists, else `otherwise`. Never a second charge.
 */
async function recover(
  paid: PaidOrder[],
  order: PaymentOrder,
  toBank: boolean,
  otherwise: () => PaymentAnswer | Promise<PaymentAnswer>,
  whenUnknown: () => PaymentAnswer | Promise<PaymentAnswer> = () => pendingAnswer(paid, order),
): Promise<PaymentAnswer> {
  const charge = await orderCharge(order.orderId);
  if (charge !== null && charge !== "unknown") {
    await link(order, charge);
    return answerWithCharge(paid, order, charge, toBank);
  }
  return charge === "unknown" ? whenUnknown() : otherwise();
}

/** The answer never came and the order cannot be looked up yet: 'Pago en proceso'. */
async function pendingAnswer(paid: PaidOrder[], order: PaymentOrder): Promise<PaymentAnswer> {
  const list = rememberPayment(paid, {
    orderId: order.orderId,
    chargeId: null,
    sessionId: order.sessionId,
    method: order.method,
  });
  return redirectTo(
    `/checkout/pending?order_id=${encodeURIComponent(order.orderId)}`,
    new Headers({ "Set-Cookie": await commitPaidOrders(list) }),
  );
}

function customerFields(order: PaymentOrder) {
  const { customer } = order;
  return {
    customer_name: blank(customer.name) ?? blank(customer.company_name),
    customer_last_name: blank(customer.last_name),
    customer_email: customer.email.trim(),
    customer_phone: blank(customer.phone),
  };
}

/**
 * intent=pay-card: token → charge (the order's id, the server's amount) → link-payment → 303 to
 * the result. Declines go to /checkout/failure; a token refusal, a gateway that cannot be
 * reached or a card-testing limit come back as form errors with the card number and CVV empty.
 */
export async function payByCard(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  const submission = parseWithZod(form, { schema: cardFormSchema(new Date()) });
  const fail = (message: string) =>
    submission.reply({ formErrors: [message], hideFields: CARD_SECRET_FIELDS });
  if (order.method !== "openpay") return redirectTo("/checkout/pago");

  const paid = await readPaidOrders(request);
  const done = await alreadyPaid(request, form, order, paid, false);
  if (done) return done;

  const limitKeys = [`checkout:${order.sessionId}`, `address:${clientAddress(request)}`];
  if ((await cardAttempts().isBlocked(limitKeys)).blocked) {
    logger.warn({ orderId: order.orderId }, "payments: card attempts limit reached");
    return reply("card", 429, fail(PAYMENT_MESSAGES.tooManyAttempts));
  }
  if (submission.status !== "success") {
    return reply("card", 422, submission.reply({ hideFields: CARD_SECRET_FIELDS }));
  }
  const ready = await amountToCharge(request, form, order, "card", fail);
  if ("answer" in ready) return ready.answer;
  const { amount } = ready;
  if (!(await cardAttempts().consume(limitKeys)).allowed) {
    logger.warn({ orderId: order.orderId }, "payments: card attempts limit reached");
    return reply("card", 429, fail(PAYMENT_MESSAGES.tooManyAttempts), amount.headers);
  }

  const card = submission.value;
  let tokenId: string;
  try {
    const token = await apiClient().createCardToken({
      card_number: card.card_number,
      holder_name: card.holder_name,
      ...gatewayExpiry(card),
      cvv2: card.cvv2,
    });
    tokenId = token.id;
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: card token refused");
    const message = noAnswer(error) ? PAYMENT_MESSAGES.connect : PAYMENT_MESSAGES.card;
    return reply("card", noAnswer(error) ? 503 : 422, fail(message), amount.headers);
  }

  let charge: Charge;
  try {
    charge = await apiClient().chargeCard({
      token_id: tokenId,
      device_session_id: randomBytes(16).toString("hex"),
      amount: amount.totals.total,
      order_id: order.orderId,
      ...customerFields(order),
      description: `Pedido ${order.orderId}`,
      sessionId: order.sessionId,
    });
  } catch (error) {
    return cardChargeFailed(error, paid, order, (status, message) =>
      reply("card", status, fail(message), amount.headers),
    );
  }
  logger.info(
    { orderId: order.orderId, chargeId: charge.id, status: charge.status },
    "card charge",
  );
  await link(order, charge);
  return answerWithCharge(paid, order, charge, false);
}

async function cardChargeFailed(
  error: unknown,
  paid: PaidOrder[],
  order: PaymentOrder,
  formError: (status: number, message: string) => PaymentAnswer,
): Promise<PaymentAnswer> {
  logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: card charge failed");
  const processingError = () => formError(502, PAYMENT_MESSAGES.charge);
  if (error instanceof PaymentError) {
    // Declined (3001 'Tarjeta declinada', 3003 'Fondos insuficientes', …): the failure page.
    if (error.status === 402 || (error.code !== null && error.code >= 3000 && error.code < 4000)) {
      if (error.chargeId) {
        const charge = await apiClient()
          .getPaymentStatus(error.chargeId)
          .catch(() => null);
        if (charge) {
          await link(order, charge);
          return answerWithCharge(paid, order, charge, false);
        }
      }
      return recover(paid, order, false, () =>
        redirectTo(`/checkout/failure?order_id=${encodeURIComponent(order.orderId)}`),
      );
    }
    // 1006: the order already has a charge (a double submit, another tab): show that one.
    if (error.code === 1006 || error.status >= 500) {
      return recover(paid, order, false, processingError);
    }
    return processingError();
  }
  if (error instanceof ApiError && error.kind === "unreachable") {
    // Nothing reached the gateway, or it cannot say: the same order id makes a retry safe.
    const connect = () => formError(503, PAYMENT_MESSAGES.connect);
    return recover(paid, order, false, connect, connect);
  }
  // A timeout or an unreadable answer: the charge may exist. Look, and never charge again.
  return recover(paid, order, false, () => pendingAnswer(paid, order));
}

/**
 * intent=pay-pse: the PSE charge with the store's return address, then 303 to the bank's page.
 */
export async function payByPse(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  const submission = parseWithZod(form, { schema: pseFormSchema });
  const fail = (message: string) => submission.reply({ formErrors: [message] });
  if (order.method !== "pse") return redirectTo("/checkout/pago");

  const paid = await readPaidOrders(request);
  const done = await alreadyPaid(request, form, order, paid, true);
  if (done) return done;
  if (submission.status !== "success") return reply("pse", 422, submission.reply());
  const ready = await amountToCharge(request, form, order, "pse", fail);
  if ("answer" in ready) return ready.answer;
  const { amount } = ready;

  const values = submission.value;
  const { customer, shipping } = order;
  const lines: PaymentLine[] = amount.lines.map((line) => ({
    title: line.title,
    name: line.title,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    product_id: line.productId,
    subtotal: line.lineTotal,
  }));
  let charge: Charge;
  try {
    charge = await apiClient().createPseCharge({
      amount: amount.totals.total,
      order_id: order.orderId,
      ...customerFields(order),
      description: `Pedido ${order.orderId}`,
      redirect_url: `${new URL(request.url).origin}/checkout/success/pse`,
      sessionId: order.sessionId,
      bank_code: values.bank,
      customer_address: blank(customer.address),
      customer_city: blank(customer.city),
      customer_document: values.document,
      customer_document_type: values.document_type,
      holder_name: values.full_name,
      person_type: values.person_type,
      company_name: blank(customer.company_name),
      company_nit: blank(customer.company_nit),
      contact_position: blank(customer.contact_position),
      shipping_receiver_name: blank(shipping.receiverName),
      shipping_address: blank(shipping.address),
      shipping_city: blank(shipping.city),
      shipping_instructions: blank(shipping.instructions),
      shipping_preferred_time: blank(shipping.preferredTime),
      cart_items: lines,
    });
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: pse charge failed");
    const processingError = () => reply("pse", 502, fail(PAYMENT_MESSAGES.charge), amount.headers);
    if (error instanceof PaymentError) {
      if (error.code === 1006 || error.status >= 500) {
        return recover(paid, order, true, processingError);
      }
      return processingError();
    }
    if (error instanceof ApiError && error.kind === "unreachable") {
      const connect = () => reply("pse", 503, fail(PAYMENT_MESSAGES.connect), amount.headers);
      return recover(paid, order, true, connect, connect);
    }
    return recover(paid, order, true, () => pendingAnswer(paid, order));
  }
  logger.info({ orderId: order.orderId, chargeId: charge.id }, "pse charge");
  await link(order, charge);
  if (!bankUrlOf(charge) && paymentResult(charge.status).state === "pending") {
    const list = rememberPayment(paid, {
      orderId: order.orderId,
      chargeId: charge.id,
      sessionId: order.sessionId,
      method: "pse",
    });
    return reply(
      "pse",
      502,
      fail(PAYMENT_MESSAGES.pseRedirect),
      new Headers({ "Set-Cookie": await commitPaidOrders(list) }),
    );
  }
  return answerWithCharge(paid, order, charge, true);
}

// ---------------------------------------------------------------------------------------------
// Result pages (/checkout/success/card, /checkout/success/pse)

/**
 * The page; or, right after settling, the same URL again: the header's cart was read from the
 * request before the cart was emptied, and a new request shows it empty.
 */
export type ResultAnswer =
  | { kind: "page"; view: ResultView; status: number; headers: Headers }
  | { kind: "reload"; location: string; headers: Headers };

/**
 * The page's own URL: a client-side navigation asks for `/path.data?…&_routes=…`, and the
 * loader sees that request as it came.
 */
function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

function chargeIdFrom(url: URL): string | null {
  for (const name of ["id", "charge_id", "payment_id", "transaction_id"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

const checkoutLineSchema = z.object({
  title: z.string().nullish(),
  name: z.string().nullish(),
  quantity: z.coerce.number(),
  unit_price: z.coerce.number(),
  subtotal: z.coerce.number().nullish(),
});
const checkoutTotalsSchema = z.object({
  subtotal: z.coerce.number(),
  iva: z.coerce.number(),
  shipping: z.coerce.number(),
  total: z.coerce.number(),
});

/** The receipt of a charge for its payer: the charge plus the merchant's copy of the order. */
async function receiptOf(charge: Charge, entry: PaidOrder): Promise<ReceiptView> {
  let lines: ReceiptLine[] = [];
  let totals: ReceiptView["totals"] = null;
  let customerName: string | null = null;
  if (entry.sessionId) {
    try {
      const prepared = await apiClient().getCheckoutData(entry.sessionId);
      const source = Array.isArray(prepared.products) ? prepared.products : prepared.cart_items;
      const parsedLines = z.array(checkoutLineSchema).safeParse(source);
      if (parsedLines.success) {
        lines = parsedLines.data.map((line) => ({
          title: line.title || line.name || "Producto",
          quantity: line.quantity,
          unitPrice: line.unit_price,
          subtotal: line.subtotal ?? line.quantity * line.unit_price,
        }));
      }
      const parsedTotals = checkoutTotalsSchema.safeParse(prepared.totals);
      if (parsedTotals.success) totals = parsedTotals.data;
      const customer = prepared.customer as Record<string, unknown> | undefined;
      const name = [customer?.name, customer?.last_name]
        .filter((part): part is string => typeof part === "string" && part.trim() !== "")
        .join(" ");
      customerName = name || null;
    } catch (error) {
      logger.warn({ orderId: entry.orderId, err: logError(error) }, "payments: receipt lines");
    }
  }
  customerName ??=
    [charge.customer?.name, charge.customer?.last_name].filter(Boolean).join(" ") || null;
  const method = isBankCharge(charge)
    ? bankLabel(charge.payment_method?.bank_name)
    : cardLabel(
        charge.payment_method?.brand ?? charge.card?.brand,
        charge.payment_method?.last4 ?? charge.card?.card_number,
      );
  return {
    orderId: charge.order_id ?? entry.orderId,
    chargeId: charge.id,
    amount: charge.amount ?? null,
    date: formatPaymentDate(charge.creation_date),
    authorization: charge.authorization ?? null,
    method,
    statusLabel: paymentResult(charge.status).label,
    customerName,
    lines,
    totals,
  };
}

/**
 * A result page, from the payment status call (never from the query string alone). For the
 * browser that paid: the details, and on the first successful view the cart and checkout are
 * emptied and the success page is confirmed. Anyone else sees the status alone.
 */
export async function loadPaymentResult(request: Request, kind: ResultKind): Promise<ResultAnswer> {
  const url = pageUrl(request);
  const headers = new Headers();
  const paid = await readPaidOrders(request);
  let id = chargeIdFrom(url);
  const orderParam = url.searchParams.get("order_id");
  if (!id && orderParam) id = paid.find((entry) => entry.orderId === orderParam)?.chargeId ?? null;
  const missing: ResultAnswer = { kind: "page", view: { state: "missing" }, status: 404, headers };
  if (!id || !CHARGE_ID.test(id)) return missing;

  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(id);
  } catch (error) {
    const status = upstreamStatus(error);
    if (status === 404) return missing;
    logger.warn({ chargeId: id, err: logError(error) }, "payments: status unavailable");
    return { kind: "page", view: { state: "error" }, status, headers };
  }

  const result = paymentResult(charge.status);
  await restartAfterFailure(request, charge, headers);
  const entry = paymentOf(paid, { id: charge.id, orderId: charge.order_id ?? null });
  let list = paid;
  let emptied = false;
  if (entry) {
    list = markPayment(list, entry.orderId, { chargeId: charge.id });
    if (result.state === "success" && !entry.settled) {
      // Empty the cart and checkout of this order only: a newer checkout keeps its cart.
      const current = await readPaymentOrder(request);
      if (!current || current.orderId === entry.orderId) {
        headers.append("Set-Cookie", await clearCartCookie(request));
        if (current) headers.append("Set-Cookie", await clearCheckoutCookie(request));
        emptied = true;
      }
      list = markPayment(list, entry.orderId, { settled: true });
      logger.info({ orderId: entry.orderId, chargeId: charge.id }, "payment settled");
    }
    if (result.state === "success" && !entry.confirmed) {
      try {
        await apiClient().confirmSuccessPage(charge.id);
      } catch (error) {
        // Spec §7: failures are ignored (the gateway sends the e-mails once in any case).
        logger.warn({ chargeId: charge.id, err: logError(error) }, "payments: confirm failed");
      }
      // A charge still pending confirmation is confirmed again once it completes.
      if (result.label === "Completado") {
        list = markPayment(list, entry.orderId, { confirmed: true });
      }
    }
    if (JSON.stringify(list) !== JSON.stringify(paid)) {
      headers.append("Set-Cookie", await commitPaidOrders(list));
    }
  }
  if (emptied) return { kind: "reload", location: `${url.pathname}${url.search}`, headers };

  const owner = entry !== undefined;
  const view: ResultView = {
    state: result.state,
    kind,
    chargeId: charge.id,
    statusLabel: result.label,
    status: result.status,
    receipt: owner && result.state === "success" ? await receiptOf(charge, entry) : null,
    orderId: owner ? (charge.order_id ?? entry.orderId) : null,
    error:
      result.state === "failed" && (charge.error_code || charge.error_message)
        ? {
            code: charge.error_code ? String(charge.error_code) : null,
            description: charge.error_message ?? null,
          }
        : null,
    bankUrl: owner && result.state === "pending" && isBankCharge(charge) ? bankUrlOf(charge) : null,
    refresh: result.state === "pending" ? nextRefresh(url) : null,
  };
  return { kind: "page", view, status: 200, headers };
}

// ---------------------------------------------------------------------------------------------
// The receipt PDF (/checkout/comprobante/{chargeId}.pdf)

/** The PDF of a successful payment, only for the browser that paid it; null otherwise (404). */
export async function loadReceiptPdf(
  request: Request,
  chargeId: string,
): Promise<{ bytes: Uint8Array; orderId: string } | null> {
  if (!CHARGE_ID.test(chargeId)) return null;
  const paid = await readPaidOrders(request);
  if (!paid.some((entry) => entry.chargeId === chargeId)) return null;
  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(chargeId);
  } catch (error) {
    if (upstreamStatus(error) === 404) return null;
    throw error;
  }
  const entry = paymentOf(paid, { id: charge.id, orderId: charge.order_id ?? null });
  if (!entry || paymentResult(charge.status).state !== "success") return null;
  const receipt = await receiptOf(charge, entry);
  return { bytes: await receiptPdf(receipt), orderId: receipt.orderId };
}

// ---------------------------------------------------------------------------------------------
// /checkout/failure and /checkout/pending

export interface FailureView {
  code: string | null;
  description: string | null;
}

/**
 * The failure page's code and description, from the gateway's record of the charge (a link
 * cannot make the store say what it likes). A charge that did not fail goes to its result.
 */
export async function loadPaymentFailure(
  request: Request,
): Promise<
  { kind: "redirect"; location: string } | { kind: "page"; view: FailureView; headers: Headers }
> {
  const url = new URL(request.url);
  let id = chargeIdFrom(url);
  const orderParam = url.searchParams.get("order_id");
  if (!id && orderParam && GATEWAY_ORDER_ID.test(orderParam)) {
    const paid = await readPaidOrders(request);
    if (paid.some((entry) => entry.orderId === orderParam)) {
      const charge = await orderCharge(orderParam);
      if (charge !== null && charge !== "unknown") id = charge.id;
    }
  }
  const none = {
    kind: "page" as const,
    view: { code: null, description: null },
    headers: new Headers(),
  };
  if (!id || !CHARGE_ID.test(id)) return none;
  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(id);
  } catch (error) {
    logger.warn({ chargeId: id, err: logError(error) }, "payments: failure page status");
    return none;
  }
  if (paymentResult(charge.status).state !== "failed") {
    return { kind: "redirect", location: resultLocation(charge, false).location };
  }
  const headers = new Headers();
  await restartAfterFailure(request, charge, headers);
  return {
    kind: "page",
    view: {
      code: charge.error_code ? String(charge.error_code) : null,
      description: charge.error_message ?? null,
    },
    headers,
  };
}

export interface PendingView {
  /** The order, for the browser that paid it. */
  orderId: string | null;
  refresh: PageRefresh | null;
}

/**
 * 'Pago en proceso'. For the browser whose payment answer never came, the order is looked up
 * again on each (self-refreshing) view and its result shown as soon as the gateway knows it.
 */
export async function loadPendingPage(
  request: Request,
): Promise<
  { kind: "redirect"; location: string; headers: Headers } | { kind: "page"; view: PendingView }
> {
  const url = pageUrl(request);
  const orderId = url.searchParams.get("order_id");
  const paid = await readPaidOrders(request);
  const entry = orderId ? paid.find((e) => e.orderId === orderId) : undefined;
  if (!entry) return { kind: "page", view: { orderId: null, refresh: null } };
  const charge = await orderCharge(entry.orderId);
  if (charge !== null && charge !== "unknown") {
    const answer = await answerWithCharge(paid, entry, charge, false);
    return { kind: "redirect", location: answer.location, headers: answer.headers };
  }
  return { kind: "page", view: { orderId: entry.orderId, refresh: nextRefresh(url) } };
}

// ---------------------------------------------------------------------------------------------
// /mi-cuenta/pedidos

interface OrderStatusView {
  orderId: string;
  statusLabel: string;
  state: "success" | "failed" | "pending";
  amount: number | null;
  date: string | null;
  method: string;
}

export interface OrderLookupReply {
  reply: SubmissionResult<string[]>;
  order: OrderStatusView | null;
}

/** An order's payment status, for whoever gives both its id and its customer's e-mail. */
export async function lookupOrder(
  request: Request,
  form: FormData,
): Promise<{ status: number; body: OrderLookupReply }> {
  const submission = parseWithZod(form, { schema: orderLookupSchema });
  if (submission.status !== "success") {
    return { status: 422, body: { reply: submission.reply(), order: null } };
  }
  const limit = await orderLookups().consume([`address:${clientAddress(request)}`]);
  if (!limit.allowed) {
    return {
      status: 429,
      body: { reply: submission.reply({ formErrors: [LOOKUP_MESSAGES.tooMany] }), order: null },
    };
  }
  const { order_id: orderId, email } = submission.value;
  const charge = await orderCharge(orderId);
  if (charge === "unknown") {
    return {
      status: 503,
      body: { reply: submission.reply({ formErrors: [PAYMENT_MESSAGES.connect] }), order: null },
    };
  }
  const matches =
    charge !== null &&
    typeof charge.customer?.email === "string" &&
    charge.customer.email.trim().toLowerCase() === email.toLowerCase();
  if (!charge || !matches) {
    return {
      status: 404,
      body: { reply: submission.reply({ formErrors: [LOOKUP_MESSAGES.notFound] }), order: null },
    };
  }
  const result = paymentResult(charge.status);
  return {
    status: 200,
    body: {
      reply: submission.reply(),
      order: {
        orderId: charge.order_id ?? orderId,
        statusLabel: result.label,
        state: result.state,
        amount: charge.amount ?? null,
        date: formatPaymentDate(charge.creation_date),
        method: isBankCharge(charge)
          ? bankLabel(charge.payment_method?.bank_name)
          : cardLabel(
              charge.payment_method?.brand ?? charge.card?.brand,
              charge.payment_method?.last4 ?? charge.card?.card_number,
            ),
      },
    },
  };
}
