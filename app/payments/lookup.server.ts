/**
 * The order lookup (/mi-cuenta/pedidos): an order's payment status and receipt, read from the
 * merchant's record of the order, for whoever gives both its id (in any letter case) and its
 * customer's e-mail, and its receipt PDF for the same proof (docs/decisions/0451, 0530).
 */
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import type { Charge } from "~/merchant-api/client.server";
import { deadlineText } from "~/money/deadline";
import { countRateLimitRefusal } from "~/platform/metrics.server";
import { clientAddress, createRateLimit, type RateLimit } from "~/platform/rate-limit.server";
import { LOOKUP_MESSAGES, orderLookupSchema } from "./order-lookup-form";
import { orderCharge } from "./order-charge-state.server";
import { receiptPdf } from "./receipt-pdf.server";
import { methodLabel, receiptOf } from "./receipt.server";
import {
  formatPaymentDate,
  PAYMENT_MESSAGES,
  RESULT_TEXTS,
  type ReceiptView,
} from "./result-views";
import { paymentResult } from "./gateway-status";

/** The lookup guesses nothing: 20 lookups per address in 15 minutes (PDFs included). */
let lookupLimit: RateLimit | undefined;
function orderLookups(): RateLimit {
  lookupLimit ??= createRateLimit({ name: "order-lookups", points: 20, durationSeconds: 15 * 60 });
  return lookupLimit;
}

interface OrderStatusView {
  orderId: string;
  statusLabel: string;
  state: "success" | "failed" | "pending";
  amount: number | null;
  date: string | null;
  method: string;
  /** The receipt as the paying browser sees it: parties, lines, totals, seller (0530). */
  details: ReceiptView;
  /** The e-mail that matched, for the receipt form's proof (never put in a URL). */
  email: string;
  /** Whether the receipt PDF is offered (a completed charge, or one awaiting confirmation). */
  receipt: boolean;
  /** A pending payment's deadline in Colombian time (cash, 0570); absent or null: none. */
  deadline?: string | null;
}

export interface OrderLookupReply {
  reply: SubmissionResult<string[]>;
  order: OrderStatusView | null;
}

type Match =
  | {
      ok: true;
      charge: Charge;
      orderId: string;
      email: string;
      reply: SubmissionResult<string[]>;
    }
  | { ok: false; status: number; body: OrderLookupReply; retryAfterSeconds?: number };

/** The charge of the order whose id and customer e-mail were both given; else the form's reply. */
async function matchOrder(request: Request, form: FormData): Promise<Match> {
  const submission = parseWithZod(form, { schema: orderLookupSchema });
  if (submission.status !== "success") {
    return { ok: false, status: 422, body: { reply: submission.reply(), order: null } };
  }
  const limit = await orderLookups().consume([`address:${clientAddress(request)}`]);
  if (!limit.allowed) {
    countRateLimitRefusal("order-lookups");
    return {
      ok: false,
      status: 429,
      body: { reply: submission.reply({ formErrors: [LOOKUP_MESSAGES.tooMany] }), order: null },
      retryAfterSeconds: Math.max(1, limit.retryAfterSeconds),
    };
  }
  const { order_id: typed, email } = submission.value;
  // Order numbers are upper case; a shopper may type them in any case.
  let orderId = typed.toUpperCase();
  let charge = await orderCharge(orderId);
  if (charge === null && typed !== orderId) {
    orderId = typed;
    charge = await orderCharge(typed);
  }
  if (charge === "unknown") {
    return {
      ok: false,
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
      ok: false,
      status: 404,
      body: { reply: submission.reply({ formErrors: [LOOKUP_MESSAGES.notFound] }), order: null },
    };
  }
  return {
    ok: true,
    charge,
    orderId: charge.order_id ?? orderId,
    email,
    reply: submission.reply(),
  };
}

/** An order's payment status, for whoever gives both its id and its customer's e-mail. */
export async function lookupOrder(
  request: Request,
  form: FormData,
): Promise<{ status: number; body: OrderLookupReply; retryAfterSeconds?: number }> {
  const match = await matchOrder(request, form);
  if (!match.ok) return match;
  const { charge, orderId } = match;
  const result = paymentResult(charge.status);
  const details = await receiptOf(charge, orderId);
  const deadline =
    result.state === "pending" ? deadlineText(charge.payment_method?.expires_at) : null;
  // A payment made later (cash) waits for the customer until its deadline, then lapses.
  const statusLabel =
    charge.status === "expired"
      ? RESULT_TEXTS.lapsedStatus
      : deadline
        ? RESULT_TEXTS.waitingStatus
        : result.label;
  return {
    status: 200,
    body: {
      reply: match.reply,
      order: {
        orderId,
        statusLabel,
        state: result.state,
        amount: charge.amount ?? null,
        date: formatPaymentDate(charge.creation_date),
        method: methodLabel(charge),
        details,
        email: match.email,
        receipt: result.state === "success",
        deadline,
      },
    },
  };
}

/**
 * POST /mi-cuenta/pedidos/comprobante: the receipt PDF for whoever gives the order id and its
 * customer's e-mail again (the same proof and limit as the lookup; a charge id alone opens
 * nothing). Null with the status when there is no receipt to give.
 */
export async function lookupReceiptPdf(
  request: Request,
  form: FormData,
): Promise<
  | { kind: "pdf"; bytes: Uint8Array; orderId: string }
  | { kind: "refused"; status: number; retryAfterSeconds?: number }
> {
  const match = await matchOrder(request, form);
  if (!match.ok) {
    return { kind: "refused", status: match.status, retryAfterSeconds: match.retryAfterSeconds };
  }
  const { charge, orderId } = match;
  if (paymentResult(charge.status).state !== "success") return { kind: "refused", status: 404 };
  const receipt = await receiptOf(charge, orderId);
  return { kind: "pdf", bytes: await receiptPdf(receipt), orderId: receipt.orderId };
}
