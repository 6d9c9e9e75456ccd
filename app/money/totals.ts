/**
 * Cart totals in integer pesos (docs/decisions/0552). Rounding and shipping rules are
 * recorded in docs/decisions/0202-cart-totals-rounding.md.
 */
const SHIPPING_COST = 5000;
export const FREE_SHIPPING_THRESHOLD = 100_000;

export interface CartTotals {
  subtotal: number;
  /** 19 % of the subtotal, rounded half up to whole pesos. */
  iva: number;
  /** 0 when free (subtotal above the threshold) or when there is nothing to ship. */
  shipping: number;
  freeShipping: boolean;
  /** subtotal + iva + shipping. */
  total: number;
  /** Pesos still missing to get free shipping (0 once free). */
  freeShippingShortfall: number;
  /** 0..100, how far the subtotal is towards the free-shipping threshold. */
  freeShippingProgress: number;
}

/** Sum of unit price × quantity; lines without a price count as 0. */
export function subtotalOf(lines: ReadonlyArray<{ unitPrice: number; quantity: number }>): number {
  return lines.reduce((sum, l) => sum + Math.round(l.unitPrice) * l.quantity, 0);
}

/** IVA 19 % half up in integers: floor((19·s + 50) / 100), free of float error. */
export function ivaOf(subtotal: number): number {
  return Math.floor((subtotal * 19 + 50) / 100);
}

function shippingOf(subtotal: number): number {
  if (subtotal <= 0) return 0;
  return subtotal > FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_COST;
}

export function computeTotals(subtotal: number): CartTotals {
  const s = Math.max(0, Math.round(subtotal));
  const iva = ivaOf(s);
  const shipping = shippingOf(s);
  const freeShipping = s > FREE_SHIPPING_THRESHOLD;
  return {
    subtotal: s,
    iva,
    shipping,
    freeShipping,
    total: s + iva + shipping,
    // Free shipping starts strictly above the threshold, so one more peso is needed.
    freeShippingShortfall: freeShipping ? 0 : FREE_SHIPPING_THRESHOLD + 1 - s,
    freeShippingProgress: Math.min(100, Math.floor((s / FREE_SHIPPING_THRESHOLD) * 100)),
  };
}
