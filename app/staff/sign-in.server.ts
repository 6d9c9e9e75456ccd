/**
 * A staff sign-in attempt (docs/decisions/0323): credentials checked against the accounts,
 * failed attempts limited per user name and per client address, 5 in 15 minutes; the answer
 * is the same for an unknown user and a wrong password.
 */
import { verifyStaffCredentials } from "./password.server";
import { createRateLimit, type RateLimit } from "~/platform/rate-limit.server";

const SIGN_IN_FAILURES_ALLOWED = 5;
const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/**
 * The limit of failed sign-ins. `isBlocked` answers true once more than `points` attempts were
 * counted, so with 4 points the five failures allowed are counted and the sixth attempt is
 * refused before its password is even checked.
 */
export function createSignInLimit(): RateLimit {
  return createRateLimit({
    name: "staff-signin",
    points: SIGN_IN_FAILURES_ALLOWED - 1,
    durationSeconds: SIGN_IN_WINDOW_SECONDS,
  });
}

let processLimit: RateLimit | undefined;
function signInLimit(): RateLimit {
  processLimit ??= createSignInLimit();
  return processLimit;
}

export type SignInAnswer =
  | { ok: true; user: string }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "too-many"; retryAfterSeconds: number };

/** The rate-limit keys of an attempt: the typed user name (lower case) and the client address. */
export function signInKeys(username: string, address: string): string[] {
  return [`user:${username.trim().toLowerCase()}`, `ip:${address}`];
}

export async function attemptSignIn(options: {
  users: ReadonlyMap<string, string>;
  username: string;
  password: string;
  address: string;
  limit?: RateLimit;
}): Promise<SignInAnswer> {
  const limit = options.limit ?? signInLimit();
  const keys = signInKeys(options.username, options.address);
  const blocked = await limit.isBlocked(keys);
  if (blocked.blocked) {
    return { ok: false, reason: "too-many", retryAfterSeconds: blocked.retryAfterSeconds };
  }
  const user = await verifyStaffCredentials(options.users, options.username, options.password);
  if (user) {
    // Only the user's own count: the address keeps its failures (several users, one attacker).
    await limit.reset([keys[0]]);
    return { ok: true, user };
  }
  await limit.consume(keys);
  return { ok: false, reason: "wrong" };
}
