import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "./password.server";
import { attemptSignIn, createSignInLimit, signInKeys } from "./sign-in.server";
import { PASSWORD_INPUT_MAX_LENGTH } from "./forms";
import { MAX_PASSWORD_LENGTH } from "./password.server";

let users: Map<string, string>;
beforeAll(async () => {
  users = new Map([
    ["ana", await hashPassword("clave de ana")],
    ["luis", await hashPassword("clave de luis")],
  ]);
});

const attempt = (
  limit: ReturnType<typeof createSignInLimit>,
  username: string,
  password: string,
  address = "10.0.0.1",
) => attemptSignIn({ users, username, password, address, limit });

describe("attemptSignIn", () => {
  it("signs in with the right password, the name in any case", async () => {
    const limit = createSignInLimit();
    expect(await attempt(limit, " ANA ", "clave de ana")).toEqual({ ok: true, user: "ana" });
  });

  it("answers the same for a wrong password and an unknown user", async () => {
    const limit = createSignInLimit();
    expect(await attempt(limit, "ana", "otra")).toEqual({ ok: false, reason: "wrong" });
    expect(await attempt(limit, "nadie", "otra")).toEqual({ ok: false, reason: "wrong" });
  });

  it("allows five failures per user, then refuses even the right password", async () => {
    const limit = createSignInLimit();
    for (let i = 0; i < 5; i++) {
      // Each from another address: only the user's count grows.
      expect(await attempt(limit, "ana", "mala", `10.0.1.${i}`)).toEqual({
        ok: false,
        reason: "wrong",
      });
    }
    const sixth = await attempt(limit, "ana", "clave de ana", "10.0.2.1");
    expect(sixth).toMatchObject({ ok: false, reason: "too-many" });
    expect(
      sixth.ok === false && sixth.reason === "too-many" && sixth.retryAfterSeconds,
    ).toBeGreaterThan(800);
    // Another user is not affected.
    expect(await attempt(limit, "luis", "clave de luis", "10.0.2.1")).toEqual({
      ok: true,
      user: "luis",
    });
  });

  it("allows five failures per address, whatever the user names", async () => {
    const limit = createSignInLimit();
    for (const name of ["a", "b", "c", "d", "e"]) {
      expect(await attempt(limit, name, "x", "10.9.9.9")).toEqual({ ok: false, reason: "wrong" });
    }
    expect(await attempt(limit, "luis", "clave de luis", "10.9.9.9")).toMatchObject({
      reason: "too-many",
    });
    expect(await attempt(limit, "luis", "clave de luis", "10.9.9.8")).toEqual({
      ok: true,
      user: "luis",
    });
  });

  it("forgets the user's failures after a successful sign-in, not the address's", async () => {
    const limit = createSignInLimit();
    for (let i = 0; i < 4; i++) await attempt(limit, "ana", "mala", `10.1.0.${i}`);
    expect(await attempt(limit, "ana", "clave de ana", "10.1.1.1")).toEqual({
      ok: true,
      user: "ana",
    });
    for (let i = 0; i < 4; i++) {
      expect(await attempt(limit, "ana", "mala", `10.1.2.${i}`)).toEqual({
        ok: false,
        reason: "wrong",
      });
    }
    // The address 10.1.1.1 had one success and no failure: not counted.
    expect(await limit.isBlocked(["ip:10.1.1.1"])).toEqual({
      blocked: false,
      retryAfterSeconds: 0,
    });
  });
});

describe("signInKeys", () => {
  it("keys on the lower-case user name and the address", () => {
    expect(signInKeys("  Ana ", "127.0.0.1")).toEqual(["user:ana", "ip:127.0.0.1"]);
  });
});

it("the form's password limit is the hashing limit", () => {
  expect(PASSWORD_INPUT_MAX_LENGTH).toBe(MAX_PASSWORD_LENGTH);
});
