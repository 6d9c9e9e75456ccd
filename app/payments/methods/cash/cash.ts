/**
 * Paying in cash at a payment point (docs/decisions/0570): the voucher's texts and how its
 * reference is written. Plain rules, the same on the server and in the browser (the deadline is
 * money/deadline.ts, the amount cap money/amount-caps.ts).
 */
export const CASH_TEXTS = {
  // The page says beside it that the order is confirmed when the money arrives; the PDF adds it.
  voucherLead:
    "Presenta esta referencia o el código de barras en cualquiera de los puntos de pago de la lista y paga el valor exacto antes de la fecha límite.",
  confirmation: "Confirmaremos tu pedido y te enviaremos un correo cuando recibamos el pago.",
  barcodeMissing:
    "El código de barras no está disponible: dicta la referencia en el punto de pago.",
} as const;

/** "1234 5678 9012 34": a reference in groups of four, as a cashier reads it back. */
export function groupReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, "$1 ");
}
