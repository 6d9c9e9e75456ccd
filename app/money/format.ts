/** Numbers and pesos as the shop prints them (es-CO), the same on the server and in the browser. */

/**
 * Whole numbers the es-CO way (`1.234.567`), without `Intl.NumberFormat`: the first
 * NumberFormat a page creates loads the locale's data, 20–35 ms on the main thread during
 * hydration on a fast machine (docs/decisions/0382). The grouping is fixed, so server and
 * browser print the same text whatever their ICU.
 */
export function formatInteger(value: number): string {
  const whole = Math.round(value);
  // `Math.round(-0.4)` is -0: no sign for a zero.
  const sign = whole < 0 ? "-" : "";
  const digits = String(Math.abs(whole));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** `$ 1.234.567` (the space is U+00A0), rounded to whole pesos; `-$ 1.234` below zero. */
export function formatCOP(amount: number): string {
  const text = formatInteger(amount);
  return text.startsWith("-") ? `-$\u00a0${text.slice(1)}` : `$\u00a0${text}`;
}
