/**
 * Sending an order's notifications again (docs/decisions/0324, the manual-notification
 * call of docs/merchant-api.md): one call to the merchant API, its answer turned into
 * what the result panel shows, and one audit log line (staff user, order id, outcome; the
 * customer's e-mail only masked).
 */
import type { Logger } from "pino";
import { maskEmail } from "./mask-email";
import { type ApiClient, ApiError } from "~/merchant-api/client.server";

export const NOTIFY_MESSAGES = {
  failed: "Error al procesar la solicitud",
  unreachable: "Error de conexión. Verifica que el backend esté funcionando.",
  sent: "Notificaciones enviadas.",
  notSent: "No se enviaron las notificaciones.",
} as const;

interface PaymentFacts {
  paymentId: string | null;
  paymentStatus: string | null;
  customerEmail: string | null;
  amount: number | null;
  alreadySent: boolean;
  /** Until when a payment the customer makes later (cash) may be paid, a gateway date. */
  paymentDue?: string | null;
}

/** What the result panel shows after a send (kept in the staff session for one page view). */
export type NotificationOutcome =
  | ({ kind: "sent"; orderId: string; message: string } & PaymentFacts)
  | ({
      kind: "not-sent";
      orderId: string;
      message: string;
      suggestion: string | null;
    } & PaymentFacts)
  | { kind: "error"; orderId: string; message: string; suggestion: string | null }
  | { kind: "unreachable"; orderId: string; message: string };

/**
 * The audit outcome: sent, resent (already sent before), not_sent, refused, timeout, unreachable,
 * failed.
 */
type AuditOutcome =
  "sent" | "resent" | "not_sent" | "refused" | "timeout" | "unreachable" | "failed";

export async function sendNotifications(options: {
  staffUser: string;
  orderId: string;
  api: Pick<ApiClient, "manualNotification">;
  log: Pick<Logger, "info" | "error">;
}): Promise<NotificationOutcome> {
  const { staffUser, orderId, api, log } = options;
  const audit = (outcome: AuditOutcome, extra: Record<string, unknown> = {}) =>
    log.info(
      { audit: "manual-notification", staff: staffUser, orderId, outcome, ...extra },
      "staff manual notification",
    );

  let answer: Awaited<ReturnType<ApiClient["manualNotification"]>>;
  try {
    answer = await api.manualNotification(orderId);
  } catch (error) {
    if (error instanceof ApiError && (error.kind === "timeout" || error.kind === "unreachable")) {
      audit(error.kind);
      return { kind: "unreachable", orderId, message: NOTIFY_MESSAGES.unreachable };
    }
    audit("failed");
    log.error({ err: error, orderId }, "manual notification failed");
    return { kind: "error", orderId, message: NOTIFY_MESSAGES.failed, suggestion: null };
  }

  if (!answer.ok) {
    audit("refused");
    return {
      kind: "error",
      orderId,
      message: answer.message?.trim() || NOTIFY_MESSAGES.failed,
      suggestion: answer.suggestion?.trim() || null,
    };
  }

  const { result } = answer;
  const facts: PaymentFacts = {
    paymentId: result.payment_id ?? null,
    paymentStatus: result.payment_status ?? null,
    customerEmail: result.customer_email ?? null,
    amount:
      typeof result.amount === "number" && Number.isFinite(result.amount) ? result.amount : null,
    alreadySent: result.already_sent === true,
    paymentDue: result.due_date ?? null,
  };
  const details = {
    paymentStatus: facts.paymentStatus,
    customer: maskEmail(facts.customerEmail),
  };
  if (result.success) {
    audit(facts.alreadySent ? "resent" : "sent", details);
    return {
      kind: "sent",
      orderId,
      message: result.message?.trim() || NOTIFY_MESSAGES.sent,
      ...facts,
    };
  }
  audit("not_sent", details);
  return {
    kind: "not-sent",
    orderId,
    message: result.message?.trim() || NOTIFY_MESSAGES.notSent,
    suggestion: result.suggestion?.trim() || null,
    ...facts,
  };
}
