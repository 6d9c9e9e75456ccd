/**
 * The NIT (Número de Identificación Tributaria) and its DIAN check digit.
 *
 * Accepted forms of a NIT, whitespace and dots anywhere being ignored:
 *   "890903938-8", "890.903.938-8", "890903938 - 8"  base with its check digit after a dash
 *   "890903938", "1020304050"                         base alone (9 or 10 digits)
 * The check digit is only ever read after a dash: a bare 10-digit string is a 10-digit base
 * (the NIT of a natural person is their cédula), not 9 digits plus a check digit.
 */

/** DIAN weights, applied from the rightmost digit of the base leftwards. */
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** Digits a NIT base may have: 9 for companies, up to 10 for natural persons. */
const NIT_BASE_MIN_DIGITS = 9;
const NIT_BASE_MAX_DIGITS = 10;

/**
 * The DIAN check digit (dígito de verificación) of a NIT base of 1 to 15 digits.
 * Throws a RangeError for anything else, as that is a programming error.
 */
export function nitCheckDigit(base: string): number {
  if (!/^\d{1,15}$/.test(base)) {
    throw new RangeError(`A NIT base is 1 to 15 digits, got ${JSON.stringify(base)}`);
  }
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    sum += Number(base[base.length - 1 - i]) * WEIGHTS[i];
  }
  const r = sum % 11;
  return r < 2 ? r : 11 - r;
}

export type ParsedNit = {
  /** The base digits, without dots. */
  base: string;
  /** The check digit as given, or null when none was given. */
  checkDigit: number | null;
};

/** Splits a typed NIT into base and optional check digit; null when it is not shaped like one. */
export function parseNit(input: string): ParsedNit | null {
  const compact = input.replace(/[\s.]/g, "");
  const match = /^(\d+)(?:-(\d))?$/.exec(compact);
  if (!match) return null;
  const base = match[1];
  if (base.length < NIT_BASE_MIN_DIGITS || base.length > NIT_BASE_MAX_DIGITS) return null;
  return { base, checkDigit: match[2] === undefined ? null : Number(match[2]) };
}

/** True when the NIT is well formed and, if a check digit was given, the digit is right. */
export function isValidNit(input: string): boolean {
  const nit = parseNit(input);
  if (!nit) return false;
  return nit.checkDigit === null || nit.checkDigit === nitCheckDigit(nit.base);
}

/**
 * The NIT as the store keeps it: "890903938-8" when a check digit was given, "890903938"
 * when not (a check digit is never invented). Null when the NIT is not valid.
 */
export function normalizeNit(input: string): string | null {
  if (!isValidNit(input)) return null;
  const nit = parseNit(input);
  if (!nit) return null;
  return nit.checkDigit === null ? nit.base : `${nit.base}-${nit.checkDigit}`;
}
