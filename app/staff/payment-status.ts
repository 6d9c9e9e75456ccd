/**
 * The gateway's payment status in the staff tool's words (issue 27): the result panel is in
 * Spanish, so `completed` or `in_progress` never show as such. The same words the gateway's own
 * e-mails and messages use; app/payments/gateway-status.ts folds statuses into the three states of the
 * result pages, which would call a refund 'Pendiente', and is not part of that part's public face.
 */
const LABELS: Readonly<Record<string, string>> = {
  completed: "Completado",
  approved: "Aprobado",
  paid: "Pagado",
  in_progress: "En proceso",
  charge_pending: "Pendiente",
  pending: "Pendiente",
  failed: "Fallido",
  declined: "Rechazado",
  expired: "Vencido",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};

/**
 * 'Completado' for completed, 'En proceso' for in_progress…; any other as 'Desconocido (…)'. A
 * payment in progress with a deadline (cash) waits for the customer: 'Esperando el pago'.
 */
export function paymentStatusLabel(status: string, due: string | null = null): string {
  const key = status.trim().toLowerCase();
  if (key === "in_progress" && due) return "Esperando el pago";
  return Object.hasOwn(LABELS, key) ? LABELS[key] : `Desconocido (${status.trim()})`;
}
