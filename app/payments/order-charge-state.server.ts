/**
 * The one rule of an order's state from the store's side (docs/decisions/0430). Every payment
 * page asks it before offering to pay, and shows what it says:
 *
 *   prepared ─▶ sent (noted before the charge request leaves) ─▶ completed | pending | failed
 *                                                            └▶ unknown (no answer, lookup fails)
 *
 * The gateway is the truth: its charges by `order_id`. While the order has a charge that is
 * completed or pending, or its outcome is unknown, the cart is not paid again (and the gateway
 * refuses a second charge of one order id in any case); only a failed charge, or a sent order
 * the gateway still does not know after a grace period, frees it.
 */
import { apiClient, type Charge } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import type { PaymentOrder } from "./payment-order";
import { type PaidOrder, readPaidOrders } from "./paid-orders.server";
import {
  answerWithCharge,
  logError,
  pendingAnswer,
  type RedirectAnswer,
} from "./payment-answers.server";
import { paymentResult } from "./gateway-status";

type ChargeOutcome = "completed" | "pending" | "failed";

export type OrderState =
  /** The gateway has a charge for the order: the one that counts. */
  | { kind: "charged"; charge: Charge }
  /** Sent, and the gateway cannot say yet (lookup failed, or still within the grace period). */
  | { kind: "unknown" }
  /** No charge: never sent, or sent and still unknown to the gateway after the grace period. */
  | { kind: "none" };

/** completed (or approved, paid) | pending (in progress, awaiting confirmation) | failed. */
export function chargeOutcome(charge: Pick<Charge, "status">): ChargeOutcome {
  const result = paymentResult(charge.status);
  if (result.state === "failed") return "failed";
  return result.state === "success" && result.label === "Completado" ? "completed" : "pending";
}

/** Of several charges, the one that counts: a completed one, else a pending one, else the last. */
function chargeThatCounts(charges: Charge[]): Charge | null {
  return (
    charges.find((c) => chargeOutcome(c) === "completed") ??
    charges.find((c) => chargeOutcome(c) === "pending") ??
    charges.at(-1) ??
    null
  );
}

/** The gateway's charge of an order; null when it has none; "unknown" when the lookup failed. */
export async function orderCharge(orderId: string): Promise<Charge | null | "unknown"> {
  try {
    return chargeThatCounts(await apiClient().listCharges(orderId));
  } catch (error) {
    logger.warn({ orderId, err: logError(error) }, "payments: order lookup failed");
    return "unknown";
  }
}

/**
 * The order's state. `known`: what this browser's `pagos` cookie says of it — when it sent a
 * charge request whose answer never came (`sentAt`), and the charge id it was told of. A charge
 * the gateway created late may not be listed at once: until the grace period after sending has
 * passed, "no charge" reads as unknown; and a charge this browser was told of is never "none".
 */
export async function orderState(
  orderId: string,
  known: Pick<PaidOrder, "sentAt" | "chargeId"> | undefined,
  now = Date.now(),
): Promise<OrderState> {
  const charge = await orderCharge(orderId);
  const sentAt = known?.sentAt ?? null;
  const seen = sentAt !== null || Boolean(known?.chargeId);
  if (charge === "unknown") return { kind: seen ? "unknown" : "none" };
  if (charge) return { kind: "charged", charge };
  if (known?.chargeId) return { kind: "unknown" };
  if (sentAt !== null && now - sentAt < config().paymentGraceSeconds * 1000) {
    return { kind: "unknown" };
  }
  return { kind: "none" };
}

/**
 * What the order's state answers before any payment form is shown or paid: its result page
 * when the gateway has a charge for it, 'Pago en proceso' while its outcome is unknown; null
 * when nothing was charged and paying is open (docs/decisions/0430).
 */
export async function answerForOrder(
  request: Request,
  order: Pick<PaymentOrder, "orderId" | "sessionId" | "method">,
  toBank: boolean,
): Promise<RedirectAnswer | null> {
  const paid = await readPaidOrders(request);
  const entry = paid.find((e) => e.orderId === order.orderId);
  const state = await orderState(order.orderId, entry);
  if (state.kind === "charged") return answerWithCharge(paid, order, state.charge, toBank);
  if (state.kind === "unknown") return pendingAnswer(paid, order);
  return null;
}
