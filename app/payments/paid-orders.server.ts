/**
 * The payments this browser made (docs/decisions/0341): a signed cookie `pagos` listing the
 * order ids and charge ids its checkout paid, for 2 hours. Result pages show a payment's
 * details and receipt only when its charge is listed here, and settle it (empty the cart and
 * the checkout, confirm the success page) once, marking it here. SameSite=Lax, so it comes
 * back with the shopper when the bank redirects to the store. No card datum is ever in it.
 */
import type { SessionStorage } from "react-router";
import { z } from "zod";
import { createSignedCookieSession } from "~/platform/cookie-session.server";
import { PAYMENT_METHODS } from "~/money/payment-methods";

const PAID_ORDERS_MAX_AGE = 2 * 60 * 60;
/** Oldest entries go first: a browser pays a handful of orders in two hours, not more. */
const MAX_ENTRIES = 8;

const entrySchema = z.object({
  orderId: z.string().min(1).max(100),
  /** null while the charge's answer never came (a timeout): looked up by order id. */
  chargeId: z.string().min(1).max(100).nullable(),
  sessionId: z.string().max(100),
  method: z.enum(PAYMENT_METHODS.ids),
  /**
   * When a charge request for the order left without an answer saying what happened (ms since
   * the epoch); null once the outcome is known. Noted before the request is sent.
   */
  sentAt: z.number().int().nonnegative().nullable().default(null),
  /** The cart and checkout were emptied for this payment. */
  settled: z.boolean().default(false),
  /** confirm-success-page was called for this payment. */
  confirmed: z.boolean().default(false),
});
export type PaidOrder = z.output<typeof entrySchema>;

interface PaidOrdersData {
  paid: unknown;
}

let storage: SessionStorage<PaidOrdersData> | undefined;

function paidStorage(): SessionStorage<PaidOrdersData> {
  storage ??= createSignedCookieSession<PaidOrdersData>({
    name: "pagos",
    maxAge: PAID_ORDERS_MAX_AGE,
    sameSite: "lax",
  });
  return storage;
}

/** The verified list; a missing, tampered or outdated cookie reads as empty. */
export async function readPaidOrders(request: Request): Promise<PaidOrder[]> {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return [];
  try {
    const session = await paidStorage().getSession(cookie);
    const parsed = z.array(entrySchema).safeParse(session.get("paid"));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie value that stores the list. */
export async function commitPaidOrders(list: PaidOrder[]): Promise<string> {
  const sessions = paidStorage();
  const session = await sessions.getSession();
  session.set("paid", list.slice(-MAX_ENTRIES));
  return sessions.commitSession(session);
}

/**
 * The list with this payment added, or its entry updated (a charge id learnt later keeps the
 * entry's settled and confirmed marks).
 */
export function rememberPayment(
  list: PaidOrder[],
  payment: Pick<PaidOrder, "orderId" | "chargeId" | "sessionId" | "method"> &
    Partial<Pick<PaidOrder, "sentAt">>,
): PaidOrder[] {
  const existing = list.find((entry) => entry.orderId === payment.orderId);
  const chargeId = payment.chargeId ?? existing?.chargeId ?? null;
  const entry: PaidOrder = {
    settled: false,
    confirmed: false,
    ...existing,
    ...payment,
    chargeId,
    // A known charge ends the wait; otherwise the latest send counts.
    sentAt: chargeId ? null : (payment.sentAt ?? existing?.sentAt ?? null),
  };
  return [...list.filter((other) => other.orderId !== payment.orderId), entry];
}

/** The entry of a charge this browser made: by charge id, or by order id while unknown. */
export function paymentOf(
  list: PaidOrder[],
  charge: { id: string; orderId: string | null },
): PaidOrder | undefined {
  return list.find(
    (entry) =>
      entry.chargeId === charge.id ||
      (entry.chargeId === null && charge.orderId !== null && entry.orderId === charge.orderId),
  );
}

/** The list with marks set on one order's entry. */
export function markPayment(
  list: PaidOrder[],
  orderId: string,
  marks: Partial<Pick<PaidOrder, "settled" | "confirmed" | "chargeId">>,
): PaidOrder[] {
  return list.map((entry) => (entry.orderId === orderId ? { ...entry, ...marks } : entry));
}
