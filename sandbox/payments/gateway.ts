/**
 * Pure rules of the sandbox card gateway (Openpay Colombia as the spec's flows
 * follow it): Luhn, brand, expiry, CVV, test-card outcomes, the error table
 * and identifiers. No I/O besides the random source of the ids.
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import type { DeclineCode, TestCardOutcome } from "./fixtures.ts";

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb";

/** Statuses of an Openpay charge (reference file). */
export type ChargeStatus =
  "completed" | "in_progress" | "charge_pending" | "failed" | "cancelled" | "refunded" | "expired";

/** Digits only, or null when anything else than digits, spaces and dashes is present. */
export function normalizeCardNumber(raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, "");
  return /^\d+$/.test(compact) ? compact : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number the gateway accepts: 13 to 19 digits passing Luhn. */
export function cardNumberValid(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && luhnValid(digits);
}

const inRange = (digits: string, length: number, min: number, max: number) => {
  const n = Number(digits.slice(0, length));
  return digits.length >= length && n >= min && n <= max;
};

/** Brand by prefix (reference file); null for anything else. */
export function detectBrand(digits: string): CardBrand | null {
  if (digits.startsWith("4")) return "visa";
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return "mastercard";
  if (inRange(digits, 2, 34, 34) || inRange(digits, 2, 37, 37)) return "amex";
  if (inRange(digits, 4, 3528, 3589)) return "jcb";
  if (inRange(digits, 3, 300, 305) || inRange(digits, 2, 36, 36) || inRange(digits, 2, 38, 38))
    return "diners";
  if (
    digits.startsWith("6011") ||
    inRange(digits, 6, 622126, 622925) ||
    inRange(digits, 3, 644, 649) ||
    digits.startsWith("65")
  ) {
    return "discover";
  }
  return null;
}

/** First six and last four, the rest as X: 411111XXXXXX1111 (what the token call answers). */
export function maskCardNumber(digits: string): string {
  if (digits.length <= 10) return "X".repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
  return digits.slice(0, 6) + "X".repeat(digits.length - 10) + digits.slice(-4);
}

/** Only the last four are stored, so stored cards are shown without the first six. */
export function maskFromLast4(last4: string): string {
  return `XXXXXXXXXXXX${last4}`;
}

/** A 2- or 4-digit year as a full year: "35" → 2035. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/**
 * True when the card is past its expiry month. A card is valid through the
 * last day of its month; the month is judged in Colombian time (UTC−5, no DST)
 * so the answer does not change at 19:00 local on the last day.
 */
export function isExpired(month: number, year: number, now: Date): boolean {
  const local = new Date(now.getTime() - 5 * 3_600_000);
  const current = local.getUTCFullYear() * 12 + local.getUTCMonth();
  return fullYear(year) * 12 + (month - 1) < current;
}

/**
 * CVV2 as a real gateway checks it: an American Express CID of exactly 4 digits, 3 digits for
 * every other card (docs/decisions/0350); anything else is 2009. A 3-digit code on an Amex is
 * refused, not taken as a truncated one (issue 27).
 */
export function cvvValid(cvv: string, brand: CardBrand | null): boolean {
  return (brand === "amex" ? /^\d{4}$/ : /^\d{3}$/).test(cvv);
}

const TEST_OUTCOMES: ReadonlyMap<string, TestCardOutcome> = new Map(
  Object.values(PAYMENT_FIXTURES.cards).map((c) => [c.number, c.outcome]),
);

/**
 * What a charge with this (valid) number ends in: the test cards are fixed, any other is approved.
 */
export function cardOutcome(digits: string): TestCardOutcome {
  return TEST_OUTCOMES.get(digits) ?? { status: "completed" };
}

export type GatewayErrorCode =
  1000 | 1001 | 1002 | 1003 | 1005 | 1006 | 2004 | 2005 | 2009 | DeclineCode | 3009 | 3010 | 3012;

type ErrorCategory = "request" | "gateway" | "internal";

export interface GatewayErrorInfo {
  readonly http: number;
  readonly category: ErrorCategory;
  readonly description: string;
}

/** Openpay error codes (reference table) with Spanish descriptions. */
export const GATEWAY_ERRORS: Readonly<Record<GatewayErrorCode, GatewayErrorInfo>> = {
  1000: {
    http: 500,
    category: "internal",
    description: "Ocurrió un error interno en la pasarela de pagos",
  },
  1001: {
    http: 400,
    category: "request",
    description: "La solicitud no es válida: falta un campo o el formato es incorrecto",
  },
  1002: {
    http: 401,
    category: "request",
    description: "La llamada no está autenticada o la autenticación es incorrecta",
  },
  1003: {
    http: 422,
    category: "request",
    description: "Uno o más parámetros tienen un valor no válido",
  },
  1005: { http: 404, category: "request", description: "El recurso solicitado no existe" },
  1006: {
    http: 409,
    category: "request",
    description: "Ya existe una transacción con ese order_id",
  },
  2004: { http: 422, category: "request", description: "El número de tarjeta no es válido (Luhn)" },
  2005: { http: 400, category: "request", description: "La fecha de expiración ya pasó" },
  2009: {
    http: 412,
    category: "request",
    description: "El código de seguridad (CVV2) no es válido",
  },
  3001: { http: 402, category: "gateway", description: "Tarjeta declinada" },
  3002: { http: 402, category: "gateway", description: "Tarjeta expirada" },
  3003: { http: 402, category: "gateway", description: "Fondos insuficientes" },
  3004: { http: 402, category: "gateway", description: "Tarjeta reportada como robada" },
  3005: { http: 402, category: "gateway", description: "Rechazada por riesgo de fraude" },
  3009: { http: 402, category: "gateway", description: "Tarjeta reportada como perdida" },
  3010: { http: 402, category: "gateway", description: "Tarjeta restringida por el banco" },
  3012: { http: 412, category: "gateway", description: "Se requiere autorización del banco" },
};

/** The Openpay error object: `{ category, error_code, description, http_code, request_id }`. */
export interface GatewayError {
  category: ErrorCategory;
  error_code: GatewayErrorCode;
  description: string;
  http_code: number;
  request_id: string;
}

export function gatewayError(
  code: GatewayErrorCode,
  description?: string,
  requestId: string = newRequestId(),
): GatewayError {
  const info = GATEWAY_ERRORS[code];
  return {
    category: info.category,
    error_code: code,
    description: description ?? info.description,
    http_code: info.http,
    request_id: requestId,
  };
}

export interface CardInput {
  number: string;
  month: number;
  year: number;
  cvv: string;
}

export interface CardCheck {
  digits: string;
  brand: CardBrand | null;
  last4: string;
  masked: string;
}

/** The tokenization checks, in the gateway's order: number (2004), expiry (2005), CVV (2009). */
export function checkCard(
  input: CardInput,
  now: Date,
): { ok: true; card: CardCheck } | { ok: false; code: 2004 | 2005 | 2009 } {
  const digits = normalizeCardNumber(input.number);
  if (digits === null || !cardNumberValid(digits)) return { ok: false, code: 2004 };
  if (isExpired(input.month, input.year, now)) return { ok: false, code: 2005 };
  const brand = detectBrand(digits);
  if (!cvvValid(input.cvv, brand)) return { ok: false, code: 2009 };
  return {
    ok: true,
    card: { digits, brand, last4: digits.slice(-4), masked: maskCardNumber(digits) },
  };
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function randomText(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  // 252 = 7 × 36: bytes at or above it would bias the alphabet, so they are redrawn.
  for (let i = 0; out.length < length; i++) {
    const b = i < bytes.length ? bytes[i] : randomInt(0, 252);
    if (b < 252) out += ALPHABET[b % 36];
  }
  return out;
}

/** Charge ids look like Openpay's: "tr" and 18 lower-case letters or digits. */
export const newChargeId = () => `tr${randomText(18)}`;
export const newTokenId = () => `tok_${randomText(20)}`;
export const newSessionId = () => `chk_${randomText(24)}`;
const newRequestId = () => randomUUID();
/** Bank authorization number: 6 digits. */
export const newAuthorization = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Openpay's date format, in Colombian time: "2025-09-07T10:15:00-05:00". */
export function gatewayDate(date: Date): string {
  return `${new Date(date.getTime() - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`;
}
