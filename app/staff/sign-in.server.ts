/**
 * A staff sign-in attempt (docs/decisions/0400): credentials checked against the accounts; the
 * answer is the same for an unknown user and a wrong password. Failed attempts are counted
 * three ways, so that nobody can lock a colleague out from elsewhere:
 *
 * - per user name and address: 5 failures in 15 minutes, then 429 for that pair only;
 * - per address, whatever the names: 20 failures in 15 minutes, then 429 (password spraying);
 * - per user name, from anywhere: never a refusal, only a wait before the password is checked,
 *   growing after the 5th failure in 15 minutes (0.5 s, 1 s, 2 s, then 3 s at most).
 */
import { verifyStaffCredentials } from "./password.server";
import { countStaffSignIn } from "~/platform/metrics.server";
import { createRateLimit, type RateLimit } from "~/platform/rate-limit.server";

const WINDOW_SECONDS = 15 * 60;
const PAIR_FAILURES_ALLOWED = 5;
export const ADDRESS_FAILURES_ALLOWED = 20;
/** Failures of a user name (from any address) answered without a wait. */
const USER_FAILURES_WITHOUT_DELAY = 5;
const USER_DELAY_FIRST_MS = 500;
export const USER_DELAY_MAX_MS = 3_000;

export interface SignInLimits {
  /** Keys `pair:` and `ip:`: refuse once over. */
  lock: { pair: RateLimit; address: RateLimit };
  /** Key `user:`: only counted, for the delay. */
  user: RateLimit;
}

/**
 * The limits of failed sign-ins. Each attempt takes a point of every key before its password is
 * checked (atomically: parallel attempts cannot all be checked), and a successful one gives
 * them back; the sixth attempt of a pair within the window is refused unchecked.
 */
export function createSignInLimits(): SignInLimits {
  const limit = (name: string, points: number) =>
    createRateLimit({ name, points, durationSeconds: WINDOW_SECONDS });
  return {
    lock: {
      pair: limit("staff-signin", PAIR_FAILURES_ALLOWED),
      address: limit("staff-signin-address", ADDRESS_FAILURES_ALLOWED),
    },
    // Never over: this count only sets the delay.
    user: limit("staff-signin-user", 1_000_000),
  };
}

let processLimits: SignInLimits | undefined;
function signInLimits(): SignInLimits {
  processLimits ??= createSignInLimits();
  return processLimits;
}

/** The wait before checking a password, after `failures` failures of its user name. */
export function signInDelayMs(failures: number): number {
  const over = failures - USER_FAILURES_WITHOUT_DELAY;
  if (over <= 0) return 0;
  return Math.min(USER_DELAY_MAX_MS, USER_DELAY_FIRST_MS * 2 ** (over - 1));
}

export type SignInAnswer =
  | { ok: true; user: string }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "too-many"; retryAfterSeconds: number }
  /** The limits' store failed or missed its deadline: refused unchecked (docs/decisions/0512). */
  | { ok: false; reason: "unavailable" };

/** The rate-limit keys of an attempt, on the typed user name (lower case) and the address. */
export function signInKeys(username: string, address: string) {
  const user = username.trim().toLowerCase();
  // JSON keeps a name with odd characters from reading as another pair.
  return {
    pair: `pair:${JSON.stringify([user, address])}`,
    address: `ip:${address}`,
    user: `user:${user}`,
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function attemptSignIn(options: {
  users: ReadonlyMap<string, string>;
  username: string;
  password: string;
  address: string;
  limits?: SignInLimits;
  /** How the delay is waited (tests record it instead). */
  wait?: (ms: number) => Promise<void>;
}): Promise<SignInAnswer> {
  const limits = options.limits ?? signInLimits();
  const keys = signInKeys(options.username, options.address);
  const [pair, address, user] = await Promise.all([
    limits.lock.pair.reserve(keys.pair),
    limits.lock.address.reserve(keys.address),
    limits.user.reserve(keys.user),
  ]);
  const giveBack = async (what: { pair?: boolean; address?: boolean; user?: boolean }) => {
    await Promise.all([
      what.pair && pair.allowed && !pair.failed && limits.lock.pair.giveBack(keys.pair),
      what.address &&
        address.allowed &&
        !address.failed &&
        limits.lock.address.giveBack(keys.address),
      what.user && !user.failed && limits.user.giveBack(keys.user),
    ]);
  };
  // Fails closed: a password is never checked without its limits (docs/decisions/0512).
  if (pair.failed || address.failed || user.failed) {
    await giveBack({ pair: true, address: true, user: true });
    countStaffSignIn("unavailable");
    return { ok: false, reason: "unavailable" };
  }
  if (!pair.allowed || !address.allowed) {
    // A refused attempt is checked for nothing: it takes none of the other keys' points.
    await giveBack({ pair: true, address: true, user: true });
    countStaffSignIn("too-many");
    return {
      ok: false,
      reason: "too-many",
      retryAfterSeconds: Math.max(pair.retryAfterSeconds, address.retryAfterSeconds),
    };
  }
  // The failures of this user name before this attempt (parallel attempts each see their own).
  const delay = signInDelayMs(user.taken - 1);
  if (delay > 0) await (options.wait ?? sleep)(delay);

  const signedIn = await verifyStaffCredentials(options.users, options.username, options.password);
  if (signedIn) {
    // This pair's failures are forgotten and the attempt gives its points back; the address
    // keeps its earlier failures (several users, one attacker) and the user name its delay (an
    // attack from elsewhere may still be going on).
    await limits.lock.pair.reset([keys.pair]);
    await giveBack({ address: true, user: true });
    countStaffSignIn("ok");
    return { ok: true, user: signedIn };
  }
  countStaffSignIn("wrong");
  return { ok: false, reason: "wrong" };
}
