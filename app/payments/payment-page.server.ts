/**
 * The payment page (GET /checkout/pago): the form of the prepared order beside its summary,
 * and the amount to charge, computed from the cart and current prices (never the browser's).
 */
import type { SubmissionResult } from "@conform-to/zod/v4";
import { z } from "zod";
import { loadCartPage } from "~/cart/cart.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { apiClient } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import type { CartTotals } from "~/money/totals";
import { expiryYears } from "./card";
import type { BrowserGateway } from "./card-token";
import type { PaymentOrder } from "./order";
import { answerForOrder } from "./order-state.server";
import {
  logError,
  type PaymentAnswer,
  type PaymentFormName,
  type RedirectAnswer,
  redirectTo,
  reply,
} from "./payment-answers.server";
import { FALLBACK_PSE_BANKS, type PseBank, pseBanksFrom } from "./pse";
import { PAYMENT_MESSAGES } from "./result";

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
  card: {
    years: number[];
    holderName: string;
    /** Where and how the browser tokenizes the card (JavaScript on). */
    gateway: BrowserGateway;
    /** Whether the form also works without JavaScript (posting the card to the store). */
    withoutJavaScript: boolean;
    /** The anti-fraud script to load, when the operator set one. */
    antifraudScript: string | null;
  } | null;
  pse: {
    banks: ReadonlyArray<PseBank>;
    defaults: { document_type: string; document: string; full_name: string; person_type: string };
  } | null;
}

export interface OrderAmount {
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
  const { customer } = order;
  const fullName = [customer.name, customer.last_name].filter(Boolean).join(" ");
  const page: PaymentPageData = {
    orderId: order.orderId,
    method: order.method,
    state,
    lines: amount.lines,
    totals: amount.totals,
    notices: amount.notices,
    card: order.method === "openpay" ? cardPage(fullName) : null,
    pse: order.method === "pse" ? { banks: await pseBanks(), defaults: pseDefaults(order) } : null,
  };
  return { kind: "page", page, headers: amount.headers };
}

function cardPage(holderName: string): NonNullable<PaymentPageData["card"]> {
  const settings = config();
  return {
    years: expiryYears(new Date()),
    holderName,
    gateway: { base: settings.paymentsBrowserUrl, publicKey: settings.paymentsPublicKey },
    withoutJavaScript: settings.cardFormWithoutJs,
    antifraudScript: settings.antifraudScriptUrl ?? null,
  };
}

/** The banks the gateway offers, or the fallback list when it offers none or fails. */
export async function pseBanks(): Promise<ReadonlyArray<PseBank>> {
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

/** The amount to charge, once it is known to be what the shopper saw and the checkout prepared. */
export async function amountToCharge(
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
