/**
 * Payment methods that take orders only up to an amount (docs/decisions/0570): step 3 does not
 * offer them above it, with the reason, and neither 'Finalizar compra' nor the payment accepts
 * them. The caps are settings (config's `paymentCaps`, by method id); the rule is here, below
 * both parts that apply it.
 */
import { formatCOP } from "./format";
import { PAYMENT_METHODS, type PaymentMethodId } from "./payment-methods";

/**
 * Cash at a payment point, by default. Collection networks (Efecty, Baloto, SuRed, Gana, banks'
 * correspondents) cap one payment at a figure the merchant's agreement with its gateway sets,
 * commonly about three million pesos; the store's figure is the setting CASH_MAX_AMOUNT.
 */
export const DEFAULT_CASH_MAX_AMOUNT = 3_000_000;

/** The caps in pesos, by method id (config's `paymentCaps`). */
export type PaymentCaps = Readonly<Record<string, number>>;

/**
 * Why a method is not offered for an order of `total` pesos, or null when it is. A total that is
 * not a positive whole number of pesos is never under a cap.
 */
export function overCap(id: PaymentMethodId, total: number, caps: PaymentCaps): string | null {
  const cap = caps[id];
  if (cap === undefined) return null;
  if (Number.isSafeInteger(total) && total > 0 && total <= cap) return null;
  return `Disponible para pedidos de hasta ${formatCOP(cap)}; el tuyo suma ${formatCOP(total)}. Paga con ${PAYMENT_METHODS.namesOtherThan(id)}.`;
}

/** The methods not offered for an order of `total`, each with its reason. */
export function methodsOverCap(
  total: number,
  caps: PaymentCaps,
): Partial<Record<PaymentMethodId, string>> {
  const out: Partial<Record<PaymentMethodId, string>> = {};
  for (const { id } of PAYMENT_METHODS.list) {
    const reason = overCap(id, total, caps);
    if (reason) out[id] = reason;
  }
  return out;
}
