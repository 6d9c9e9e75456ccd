/**
 * Card-testing limits (docs/decisions/0431). A card tester produces declines and refused cards;
 * a shopper produces payments. Only declines and refused cards are counted, never payments, and
 * they are counted per card, per checkout and, much higher, per client address, because many
 * Colombian shoppers share one office or carrier address.
 */
import { createHmac } from "node:crypto";
import { config } from "~/platform/config.server";
import { clientAddress, createRateLimit, type RateLimit } from "~/platform/rate-limit.server";

/** Declines (and refused cards) allowed before the next attempt is refused, and for how long. */
export const CARD_LIMITS = {
  /** One card: a shopper retries a declined card once or twice, then calls the bank. */
  card: { declines: 3, seconds: 60 * 60 },
  /** One checkout, whatever card or order: a company may try a few cards. */
  checkout: { declines: 6, seconds: 30 * 60 },
  /** One address, every shopper behind it together. */
  address: { declines: 30, seconds: 15 * 60 },
} as const;

type Scope = keyof typeof CARD_LIMITS;

let limits: Record<Scope, RateLimit> | undefined;
function limitsOf(): Record<Scope, RateLimit> {
  // A limit blocks once its points are exceeded: `declines - 1` points block the attempt that
  // follows the last allowed decline.
  const make = (scope: Scope) =>
    createRateLimit({
      name: `card-declines-${scope}`,
      points: CARD_LIMITS[scope].declines - 1,
      durationSeconds: CARD_LIMITS[scope].seconds,
    });
  limits ??= { card: make("card"), checkout: make("checkout"), address: make("address") };
  return limits;
}

/**
 * What identifies a card for the limits: its first six and last four digits and its expiry,
 * which is all a token's answer says about it, so a card counts the same whether the store saw
 * its number (without JavaScript) or only its token.
 */
export interface CardIdentity {
  /** The number, masked or not: only its first six and last four digits are used. */
  number: string;
  /** 1-12. */
  month: string;
  /** Two or four digits. */
  year: string;
}

/**
 * A keyed hash of the card's identity: the limit's key, never the card itself. It lives only
 * in the limit's store, as long as the limit lasts, and is never logged.
 */
export function cardFingerprint(card: CardIdentity): string {
  const digits = card.number.replace(/[^0-9X]/gi, "");
  const identity = `${digits.slice(0, 6)}${digits.slice(-4)}|${Number(card.month)}/${card.year.slice(-2)}`;
  const key = `card-fingerprint:${config().sessionSecrets[0]}`;
  return createHmac("sha256", key).update(identity).digest("base64url").slice(0, 32);
}

export interface AttemptKeys {
  /** cardFingerprint() of the card, when known. */
  card: string | null;
  /** The checkout's own id: the same across its orders. */
  checkout: string;
  request: Request;
}

function keysOf(keys: AttemptKeys): Array<[Scope, string]> {
  const list: Array<[Scope, string]> = [
    ["checkout", keys.checkout],
    ["address", clientAddress(keys.request)],
  ];
  if (keys.card) list.push(["card", keys.card]);
  return list;
}

/** 0 when the attempt may go on; else the seconds until it may (the 429's Retry-After). */
export async function cardAttemptBlocked(keys: AttemptKeys): Promise<number> {
  const all = limitsOf();
  let retry = 0;
  for (const [scope, key] of keysOf(keys)) {
    const { blocked, retryAfterSeconds } = await all[scope].isBlocked([key]);
    if (blocked) retry = Math.max(retry, retryAfterSeconds, 1);
  }
  return retry;
}

/** Counts a decline or a refused card against every key. */
export async function countDecline(keys: AttemptKeys): Promise<void> {
  const all = limitsOf();
  for (const [scope, key] of keysOf(keys)) await all[scope].consume([key]);
}
