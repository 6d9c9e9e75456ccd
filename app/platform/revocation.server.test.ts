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

describe("createRevocationList (Redis away)", () => {
  it("still refuses what this process revoked, and fails open for the rest", async () => {
    const list = createRevocationList({ name: "t3", redisUrl: "redis://127.0.0.1:1" });
    await list.revoke("here", 60);
    expect(await list.isRevoked("here")).toBe(true);
    expect(await list.isRevoked("elsewhere")).toBe(false);
  });
});
