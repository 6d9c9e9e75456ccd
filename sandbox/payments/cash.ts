/**
 * The gateway's cash charges (README.md here, "Cash at a payment point"): the payment reference
 * a cashier types or scans, the deadline, the networks that take it and the GS1-128 data of the
 * slip. Pure rules besides the random source of the reference.
 */
import { randomInt } from "node:crypto";

/** How long a reference can be paid, unless the charge asks for another time. */
export const CASH_EXPIRY_HOURS = 72;
/** The shortest and longest time a charge may ask for (expires_in_hours). */
export const CASH_EXPIRY_RANGE = { min: 1, max: 720 } as const;

/**
 * The largest cash payment the networks take for this merchant (the collection agreement's
 * cap): a larger charge is refused, whatever the store offered.
 */
export const CASH_MAX_AMOUNT = 3_000_000;

/** The networks where a reference can be paid, as the gateway lists them. */
export const CASH_NETWORKS = [
  { code: "efecty", name: "Efecty" },
  { code: "baloto", name: "Baloto" },
  { code: "sured", name: "SuRed" },
  { code: "gana", name: "Gana" },
  { code: "corresponsal", name: "Corresponsales bancarios" },
] as const;

/**
 * The merchant's location number as a biller (GS1 GLN, AI 415): a demo number under GS1
 * Colombia's prefix 770. A real one comes with the merchant's collection agreement.
 */
export const BILLER_GLN = "7709998000018";

/** GS1's mod-10 check digit (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    sum += (body.charCodeAt(body.length - 1 - i) - 48) * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A new payment reference: 14 digits, the last a GS1 check digit, so that a cashier's
 * mistyped digit is caught at the counter. Never starts with 0 (some terminals drop it).
 */
export function newCashReference(): string {
  let body = String(randomInt(1, 10));
  while (body.length < 13) body += String(randomInt(0, 10));
  return `${body}${gs1CheckDigit(body)}`;
}

/** A typed reference without the spaces and dashes people write it with; null when not one. */
export function normalizeReference(raw: string): string | null {
  const compact = raw.replace(/[\s.-]/g, "");
  return /^\d{14}$/.test(compact) && gs1CheckDigit(compact.slice(0, 13)) === Number(compact[13])
    ? compact
    : null;
}

/** YYYYMMDD of an instant in Colombian time (UTC−5 all year): the slip's due date. */
export function colombianYmd(at: Date): string {
  return new Date(at.getTime() - 5 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/**
 * The slip's GS1-128 element string: (415) biller, (8020) reference, (3900) amount in pesos
 * without decimals, (96) due date. The printer of the bars adds the FNC1 separators.
 */
export function cashBarcode(input: { reference: string; amount: number; expiresAt: Date }): string {
  return `(415)${BILLER_GLN}(8020)${input.reference}(3900)${input.amount}(96)${colombianYmd(input.expiresAt)}`;
}

/** What a cash charge keeps beside the common fields (the charges table's `extra`, JSON). */
export interface CashDetails {
  reference: string;
  /** The deadline, a gateway date at −05:00. */
  expires_at: string;
  /** The slip's GS1-128 element string. */
  barcode: string;
}

/** The cash fields of a charge's `extra`, or null when it holds none. */
export function cashDetailsOf(extra: Record<string, unknown> | null): CashDetails | null {
  const { reference, expires_at, barcode } = extra ?? {};
  return typeof reference === "string" &&
    typeof expires_at === "string" &&
    typeof barcode === "string"
    ? { reference, expires_at, barcode }
    : null;
}

/** A cash charge's `payment_method` as the answers show it: what the voucher prints. */
export function cashPaymentMethod(extra: Record<string, unknown> | null) {
  const cash = cashDetailsOf(extra);
  return {
    type: "cash",
    reference: cash?.reference ?? null,
    barcode: cash?.barcode ?? null,
    expires_at: cash?.expires_at ?? null,
    networks: CASH_NETWORKS.map((network) => ({ ...network })),
  };
}
