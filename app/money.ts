export const SHIPPING_COST = 5000;
export const FREE_SHIPPING_THRESHOLD = 100_000;

const cop = new Intl.NumberFormat("es-CO", {
  style: "currency",
  currency: "COP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `$ 1.234.567` (the space is U+00A0). */
export function formatCOP(amount: number): string {
  return cop.format(Math.round(amount));
}
