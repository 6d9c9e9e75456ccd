/**
 * Order ids (docs/decisions/0305, 0552): a method prefix, the 13-digit millisecond timestamp and 4
 * random upper-case letters or digits, e.g. "CARD-1767225600000K7Q2". The gateway refuses a
 * repeated order id, so the random part comes from a cryptographic source, never Math.random.
 */
import { PAYMENT_METHODS, type PaymentMethodId } from "~/money/payment-methods";

/** A method's prefix (CARD-, PSE-) or ORDER- (older orders), 13 digits, 4 letters or digits. */
export const ORDER_ID_PATTERN = new RegExp(
  `^(?:${PAYMENT_METHODS.orderPrefixes.join("|")})-\\d{13}[A-Za-z0-9]{4}$`,
);

/** Anything with Web Crypto's getRandomValues: globalThis.crypto, or a fake in tests. */
export type RandomSource = { getRandomValues(array: Uint8Array<ArrayBuffer>): unknown };

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// The largest multiple of 36 that fits a byte: bytes from 252 up are drawn again, so that
// every character is equally likely.
const UNBIASED_LIMIT = 252;

function randomSuffix(random: RandomSource, length: number): string {
  let suffix = "";
  while (suffix.length < length) {
    const bytes = new Uint8Array(length * 2);
    random.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && suffix.length < length)
        suffix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return suffix;
}

/**
 * A new order id for a payment with a method of the registry (money/payment-methods.ts). `now` must
 * be a millisecond timestamp of at most 13 digits (it is zero-padded to 13); anything else is a
 * RangeError.
 */
export function newOrderId(
  method: PaymentMethodId,
  now: number = Date.now(),
  random: RandomSource = globalThis.crypto,
): string {
  if (!Number.isSafeInteger(now) || now < 0 || now > 9_999_999_999_999) {
    throw new RangeError(
      `An order id needs a millisecond timestamp of up to 13 digits, got ${now}`,
    );
  }
  const prefix = PAYMENT_METHODS.byId[method]?.orderPrefix;
  if (prefix === undefined)
    throw new RangeError(`Unknown payment method ${JSON.stringify(method)}`);
  return `${prefix}-${String(now).padStart(13, "0")}${randomSuffix(random, 4)}`;
}

/** True for an id of the accepted formats (0305); a nonstandard id is replaced by a new one. */
export function isValidOrderId(id: string): boolean {
  return ORDER_ID_PATTERN.test(id);
}
