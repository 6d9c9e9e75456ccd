/**
 * Card-testing limits (docs/decisions/0431, 0510). A card tester produces declines and refused
 * cards; a shopper produces payments. Each attempt reserves a point per card, per checkout and,
 * much higher, per client address (many Colombian shoppers share one office or carrier address)
 * before anything leaves for the gateway, atomically in the limits' store, so a burst of
 * parallel attempts cannot all pass; the points come back unless the attempt ends in a decline
 * or a refused card. At any moment, at most a limit's number of attempts per key are in flight
 * or declined.
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
  /** One address (an IPv6 /64), every shopper behind it together. */
  address: { declines: 30, seconds: 15 * 60 },
} as const;

type Scope = keyof typeof CARD_LIMITS;

let limits: Record<Scope, RateLimit> | undefined;
function limitsOf(): Record<Scope, RateLimit> {
  const make = (scope: Scope) =>
    createRateLimit({
      name: `card-declines-${scope}`,
      points: CARD_LIMITS[scope].declines,
      durationSeconds: CARD_LIMITS[scope].seconds,
    });
  limits ??= { card: make("card"), checkout: make("checkout"), address: make("address") };
  return limits;
}

/**
 * The card's key: a keyed hash of what identifies the card, never the card itself. `fingerprint`
 * is the gateway's fingerprint of the token's card (the same for every token of one number,
 * whatever the expiry); without one, the number the store saw (the form without JavaScript),
 * digits only, never its expiry. It lives only in the limit's store for the window, never logged.
 */
export function cardKey(card: { fingerprint: string } | { number: string }): string {
  const identity =
    "fingerprint" in card
      ? `gateway:${card.fingerprint}`
      : `number:${card.number.replace(/\D/g, "")}`;
  const key = `card-fingerprint:${config().sessionSecrets[0]}`;
  return createHmac("sha256", key).update(identity).digest("base64url").slice(0, 32);
}

/** One attempt's reserved points. */
export interface CardAttempt {
  /** Reserves the card's own point once it is known: 0, or the seconds until it may go on. */
  reserveCard(key: string | null): Promise<number>;
  /** The attempt ended in a decline or a refused card: its points stay taken. */
  declined(): void;
  /** Gives every point back, unless the attempt was declined. */
  settle(): Promise<void>;
}

/**
 * Reserves the checkout's and the address's points of an attempt: the attempt, or the seconds
 * until one may go on (the 429's Retry-After).
 */
export async function reserveCardAttempt(
  request: Request,
  checkout: string,
): Promise<CardAttempt | { retryAfterSeconds: number }> {
  const all = limitsOf();
  const taken: Array<[Scope, string]> = [];
  const giveBack = async () => {
    for (const [scope, key] of taken.splice(0)) await all[scope].giveBack(key);
  };
  const reserve = async (scope: Scope, key: string) => {
    const answer = await all[scope].reserve(key);
    if (answer.allowed && !answer.failed) taken.push([scope, key]);
    return answer.allowed ? 0 : answer.retryAfterSeconds;
  };

  const wait =
    (await reserve("checkout", checkout)) || (await reserve("address", clientAddress(request)));
  if (wait > 0) {
    await giveBack();
    return { retryAfterSeconds: wait };
  }
  let declined = false;
  return {
    async reserveCard(key) {
      if (key === null) return 0;
      const cardWait = await reserve("card", key);
      if (cardWait > 0) await giveBack();
      return cardWait;
    },
    declined() {
      declined = true;
    },
    async settle() {
      if (!declined) await giveBack();
    },
  };
}
