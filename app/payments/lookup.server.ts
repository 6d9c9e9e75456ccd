/**
 * The order lookup (/mi-cuenta/pedidos): an order's payment status for whoever gives both its
 * id and its customer's e-mail.
 */
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { countRateLimitRefusal } from "~/platform/metrics.server";
import { clientAddress, createRateLimit, type RateLimit } from "~/platform/rate-limit.server";
import { LOOKUP_MESSAGES, orderLookupSchema } from "./order-lookup";
import { orderCharge } from "./order-state.server";
import { methodLabel } from "./receipt.server";
import { formatPaymentDate, PAYMENT_MESSAGES } from "./result";
import { paymentResult } from "./status";

/** The lookup guesses nothing: 20 lookups per address in 15 minutes. */
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
}

export interface OrderLookupReply {
  reply: SubmissionResult<string[]>;
  order: OrderStatusView | null;
}

/** An order's payment status, for whoever gives both its id and its customer's e-mail. */
export async function lookupOrder(
  request: Request,
  form: FormData,
): Promise<{ status: number; body: OrderLookupReply; retryAfterSeconds?: number }> {
  const submission = parseWithZod(form, { schema: orderLookupSchema });
  if (submission.status !== "success") {
    return { status: 422, body: { reply: submission.reply(), order: null } };
  }
  const limit = await orderLookups().consume([`address:${clientAddress(request)}`]);
  if (!limit.allowed) {
    countRateLimitRefusal("order-lookups");
    return {
      status: 429,
      body: { reply: submission.reply({ formErrors: [LOOKUP_MESSAGES.tooMany] }), order: null },
      retryAfterSeconds: Math.max(1, limit.retryAfterSeconds),
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
        method: methodLabel(charge),
      },
    },
  };
}
