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
  expired: "Expirado",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};

/** 'Completado' for completed, 'En proceso' for in_progress…; any other as 'Desconocido (…)'. */
export function paymentStatusLabel(status: string): string {
  const key = status.trim().toLowerCase();
  return Object.hasOwn(LABELS, key) ? LABELS[key] : `Desconocido (${status.trim()})`;
}
