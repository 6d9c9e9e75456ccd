/**
 * The checkout's signed cookie (`checkout`, `__Host-checkout` in production): the state of
 * checkout-state.ts, never an amount. It lives 2 hours after the last write, and the state
 * carries the time of the shopper's last change, checked on every read (docs/decisions/0300).
 */
import { randomBytes } from "node:crypto";
import type { SessionStorage } from "react-router";
import { type Config, config } from "~/platform/config.server";
import { createSignedCookieSession } from "~/platform/cookie-session.server";
import { logger } from "~/platform/logger.server";
import { CHECKOUT_TTL_MS, type CheckoutState, stateFromCookie } from "./checkout-state";

interface CheckoutSessionData {
  s: CheckoutState;
}

export function createCheckoutSessionStorage(
  cfg: Config = config(),
): SessionStorage<CheckoutSessionData> {
  return createSignedCookieSession<CheckoutSessionData>(
    { name: "checkout", maxAge: CHECKOUT_TTL_MS / 1000 },
    cfg,
  );
}

let storage: SessionStorage<CheckoutSessionData> | undefined;

function checkoutSessionStorage(): SessionStorage<CheckoutSessionData> {
  storage ??= createCheckoutSessionStorage();
  return storage;
}

/** The checkout of the request; a missing, tampered, malformed or expired cookie reads fresh. */
export async function readCheckoutState(
  request: Request,
  now: number = Date.now(),
): Promise<CheckoutState> {
  const cookieHeader = request.headers.get("Cookie");
  let value: unknown;
  if (cookieHeader) {
    try {
      value = (await checkoutSessionStorage().getSession(cookieHeader)).get("s");
    } catch {
      logger.warn("unreadable checkout cookie");
    }
  }
  return withCheckoutId(stateFromCookie(value, now), now);
}

/**
 * Every checkout has its id from its first page on, so every cookie it saves carries it: a
 * cookie saved at any step and replayed keeps its checkout's id, and the payments part's limit
 * per checkout applies to it (docs/decisions/0510). A cookie saved before ids were given at once
 * gets one from its last change's time, the same at each replay.
 */
function withCheckoutId(state: CheckoutState, now: number): CheckoutState {
  if (state.checkoutId) return state;
  const fresh = state.at === now && state.step === 1 && !state.billing;
  return {
    ...state,
    checkoutId: fresh ? randomBytes(16).toString("base64url") : `since-${state.at}`,
  };
}

/** The checkout would not fit in a cookie (only with the longest texts in every field). */
export class CheckoutTooLargeError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("checkout state too large for its cookie", options);
    this.name = "CheckoutTooLargeError";
  }
}

/** The Set-Cookie value that stores `state`; throws CheckoutTooLargeError when it cannot fit. */
export async function commitCheckoutState(state: CheckoutState): Promise<string> {
  const store = checkoutSessionStorage();
  const session = await store.getSession();
  session.set("s", state);
  try {
    return await store.commitSession(session);
  } catch (error) {
    // React Router refuses to write a cookie over the browsers' 4096 bytes.
    if (error instanceof Error && /cookie length/i.test(error.message)) {
      throw new CheckoutTooLargeError({ cause: error });
    }
    throw error;
  }
}

/** The Set-Cookie value that forgets the checkout. */
export async function destroyCheckoutState(): Promise<string> {
  const store = checkoutSessionStorage();
  return store.destroySession(await store.getSession());
}
