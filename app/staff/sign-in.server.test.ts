import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "./password.server";
import {
  ADDRESS_FAILURES_ALLOWED,
  attemptSignIn,
  createSignInLimits,
  signInDelayMs,
  signInKeys,
  USER_DELAY_MAX_MS,
} from "./sign-in.server";
import { PASSWORD_INPUT_MAX_LENGTH } from "./forms";
import { MAX_PASSWORD_LENGTH } from "./password.server";

let users: Map<string, string>;
beforeAll(async () => {
  users = new Map([
    ["ana", await hashPassword("clave de ana")],
    ["luis", await hashPassword("clave de luis")],
  ]);
});

/** One set of limits per test, and the delays it asked for (recorded, not waited). */
function setup() {
  const limits = createSignInLimits();
  const waits: number[] = [];
  const attempt = (username: string, password: string, address = "10.0.0.1") =>
    attemptSignIn({
      users,
      username,
      password,
      address,
      limits,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
  return { limits, waits, attempt };
}

const WRONG = { ok: false, reason: "wrong" };

describe("attemptSignIn", () => {
  it("signs in with the right password, the name in any case", async () => {
    const { attempt } = setup();
    expect(await attempt(" ANA ", "clave de ana")).toEqual({ ok: true, user: "ana" });
  });

  it("answers the same for a wrong password and an unknown user", async () => {
    const { attempt } = setup();
    expect(await attempt("ana", "otra")).toEqual(WRONG);
    expect(await attempt("nadie", "otra")).toEqual(WRONG);
  });

  it("five failures from one address refuse that user there, not from another address", async () => {
    const { attempt } = setup();
    for (let i = 0; i < 5; i++) expect(await attempt("ana", "mala", "10.0.1.1")).toEqual(WRONG);
    const sixth = await attempt("ana", "clave de ana", "10.0.1.1");
    expect(sixth).toMatchObject({ ok: false, reason: "too-many" });
    expect(
      sixth.ok === false && sixth.reason === "too-many" && sixth.retryAfterSeconds,
    ).toBeGreaterThan(800);
    // The same user from a fresh address, and another user from the same address, get in.
    expect(await attempt("ana", "clave de ana", "10.0.2.1")).toEqual({ ok: true, user: "ana" });
    expect(await attempt("luis", "clave de luis", "10.0.1.1")).toEqual({
      ok: true,
      user: "luis",
    });
  });

  it("failures of one user from many addresses only slow the next attempts, never refuse", async () => {
    const { attempt, waits } = setup();
    for (let i = 0; i < 12; i++) expect(await attempt("ana", "mala", `10.0.3.${i}`)).toEqual(WRONG);
    // Nothing for the first five failures, then a wait that grows to its cap.
    expect(waits).toEqual([500, 1000, 2000, 3000, 3000, 3000]);
    expect(await attempt("ana", "clave de ana", "10.0.4.1")).toEqual({ ok: true, user: "ana" });
    expect(waits.at(-1)).toBe(USER_DELAY_MAX_MS);
    // Another user is not slowed.
    waits.length = 0;
    expect(await attempt("luis", "clave de luis", "10.0.4.2")).toEqual({ ok: true, user: "luis" });
    expect(waits).toEqual([]);
  });

  it("an address that fails for many user names is refused for all of them", async () => {
    const { attempt } = setup();
    for (let i = 0; i < ADDRESS_FAILURES_ALLOWED; i++) {
      expect(await attempt(`nombre${i}`, "x", "10.9.9.9")).toEqual(WRONG);
    }
    expect(await attempt("luis", "clave de luis", "10.9.9.9")).toMatchObject({
      reason: "too-many",
    });
    expect(await attempt("luis", "clave de luis", "10.9.9.8")).toEqual({ ok: true, user: "luis" });
  });

  it("refuses a blocked attempt before checking its password or waiting", async () => {
    const { attempt, waits, limits } = setup();
    for (let i = 0; i < 5; i++) await attempt("ana", "mala", `10.0.5.${i}`);
    for (let i = 0; i < 5; i++) await attempt("ana", "mala", "10.0.6.1");
    waits.length = 0;
    expect(await attempt("ana", "mala", "10.0.6.1")).toMatchObject({ reason: "too-many" });
    expect(waits).toEqual([]);
    // The refused attempt is not counted.
    expect(await limits.user.attempts(signInKeys("ana", "").user)).toBe(10);
  });

  it("a success forgets its pair's failures, not the address's nor the user's", async () => {
    const { attempt, limits } = setup();
    for (let i = 0; i < 4; i++) await attempt("ana", "mala", "10.1.0.1");
    expect(await attempt("ana", "clave de ana", "10.1.0.1")).toEqual({ ok: true, user: "ana" });
    for (let i = 0; i < 5; i++) expect(await attempt("ana", "mala", "10.1.0.1")).toEqual(WRONG);
    expect(await attempt("ana", "clave de ana", "10.1.0.1")).toMatchObject({
      reason: "too-many",
    });
    const keys = signInKeys("ana", "10.1.0.1");
    expect(await limits.lock.address.attempts(keys.address)).toBe(9);
    expect(await limits.user.attempts(keys.user)).toBe(9);
  });
});

describe("attemptSignIn under a burst", () => {
  it("checks at most five of 60 parallel wrong passwords for one user and address", async () => {
    const { attempt } = setup();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => attempt("ana", "mala", "10.0.9.1")),
    );
    expect(answers.filter((a) => a.ok === false && a.reason === "wrong")).toHaveLength(5);
    expect(answers.filter((a) => a.ok === false && a.reason === "too-many")).toHaveLength(55);
  });

  it("delays the parallel attempts of one user name past the fifth, as if they came one by one", async () => {
    const { attempt, waits } = setup();
    // From 12 addresses, so no pair is refused: only the user name's delay applies.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt("luis", "mala", `10.0.10.${i}`)),
    );
    expect(waits.sort((a, b) => a - b)).toEqual(
      [6, 7, 8, 9, 10, 11].map((failures) => signInDelayMs(failures)),
    );
  });

  it("lets 20 parallel wrong attempts of many names from one address through, and refuses the rest", async () => {
    const { attempt } = setup();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt(`persona${i}`, "mala", "10.0.11.1")),
    );
    expect(answers.filter((a) => a.ok === false && a.reason === "wrong")).toHaveLength(
      ADDRESS_FAILURES_ALLOWED,
    );
  });

  it("fails closed when the limits' store does not answer: no password is checked", async () => {
    const limits = createSignInLimits();
    const failing = {
      ...limits.lock.pair,
      reserve: async () => ({ allowed: true, retryAfterSeconds: 0, failed: true, taken: 0 }),
    };
    const answer = await attemptSignIn({
      users,
      username: "ana",
      password: "clave de ana",
      address: "10.0.12.1",
      limits: { ...limits, lock: { ...limits.lock, pair: failing } },
    });
    expect(answer).toEqual({ ok: false, reason: "unavailable" });
  });
});

describe("signInDelayMs", () => {
  it("waits nothing for five failures, then doubles from half a second up to three", () => {
    expect([0, 1, 5, 6, 7, 8, 9, 50].map(signInDelayMs)).toEqual([
      0, 0, 0, 500, 1000, 2000, 3000, 3000,
    ]);
  });
});

describe("signInKeys", () => {
  it("keys on the lower-case user name, the address, and the two together", () => {
    expect(signInKeys("  Ana ", "127.0.0.1")).toEqual({
      pair: 'pair:["ana","127.0.0.1"]',
      address: "ip:127.0.0.1",
      user: "user:ana",
    });
    // A name cannot pass for another pair.
    expect(signInKeys('a","b', "c").pair).not.toBe(signInKeys("a", 'b","c').pair);
  });
});

it("the form's password limit is the hashing limit", () => {
  expect(PASSWORD_INPUT_MAX_LENGTH).toBe(MAX_PASSWORD_LENGTH);
});
