import { formatInteger } from "./money/format";

export const SHIPPING_COST = 5000;
export const FREE_SHIPPING_THRESHOLD = 100_000;

/** `$ 1.234.567` (the space is U+00A0), rounded to whole pesos; `-$ 1.234` below zero. */
export function formatCOP(amount: number): string {
  const text = formatInteger(amount);
  return text.startsWith("-") ? `-$\u00a0${text.slice(1)}` : `$\u00a0${text}`;
}
