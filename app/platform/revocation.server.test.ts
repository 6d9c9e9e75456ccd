import { describe, expect, it } from "vitest";
import { createRevocationList } from "./revocation.server";

function clock(start = 1_800_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("createRevocationList (memory)", () => {
  it("refuses a revoked id until its time is up, and only that id", async () => {
    const c = clock();
    const list = createRevocationList({ name: "t1", redisUrl: undefined, now: c.now });
    expect(await list.isRevoked("a")).toBe(false);
    await list.revoke("a", 60);
    expect(await list.isRevoked("a")).toBe(true);
    expect(await list.isRevoked("b")).toBe(false);
    c.advance(59_000);
    expect(await list.isRevoked("a")).toBe(true);
    c.advance(1_000);
    expect(await list.isRevoked("a")).toBe(false);
  });

  it("keeps nothing for an id whose time is already up", async () => {
    const list = createRevocationList({ name: "t2", redisUrl: undefined });
    await list.revoke("gone", 0);
    await list.revoke("gone-too", -5);
    expect(await list.isRevoked("gone")).toBe(false);
    expect(await list.isRevoked("gone-too")).toBe(false);
  });
});

describe("two lists of one name (the staff pages' check and the sandbox mount's)", () => {
  it("share one process's revocations: a sign-out in one is refused by the other", async () => {
    // Two lists of one name made apart see the same sign-outs.
    const app = createRevocationList({ name: "shared", redisUrl: undefined });
    const server = createRevocationList({ name: "shared", redisUrl: undefined });
    await app.revoke("signed-out", 60);
    expect(await server.isRevoked("signed-out")).toBe(true);
    expect(
      await createRevocationList({ name: "other", redisUrl: undefined }).isRevoked("signed-out"),
    ).toBe(false);
  });
});

describe("createRevocationList (Redis away)", () => {
  it("still refuses what this process revoked, and fails closed for the rest", async () => {
    const list = createRevocationList({ name: "t3", redisUrl: "redis://127.0.0.1:1" });
    await list.revoke("here", 60);
    expect(await list.isRevoked("here")).toBe(true);
    // Redis cannot say whether another instance revoked it: refused until it answers.
    expect(await list.isRevoked("elsewhere")).toBe(true);
  });
});
