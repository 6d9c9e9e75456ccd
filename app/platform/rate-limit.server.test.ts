import { describe, expect, it } from "vitest";
import {
  clientAddress,
  CLIENT_ADDRESS_HEADER,
  connectRateLimitStore,
  createRateLimit,
  rateLimitStore,
} from "./rate-limit.server";

describe("createRateLimit (memory store)", () => {
  it("allows the configured attempts per key, then refuses with a retry time", async () => {
    const limit = createRateLimit({ name: "t1", points: 2, durationSeconds: 60 }, undefined);
    expect((await limit.consume(["a"])).allowed).toBe(true);
    expect((await limit.consume(["a"])).allowed).toBe(true);
    const third = await limit.consume(["a"]);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    expect((await limit.isBlocked(["a"])).blocked).toBe(true);
    // Another key has its own count.
    expect((await limit.consume(["b"])).allowed).toBe(true);
  });

  it("refuses when any of several keys is over (per checkout and per address)", async () => {
    const limit = createRateLimit({ name: "t2", points: 1, durationSeconds: 60 }, undefined);
    expect((await limit.consume(["checkout:1", "ip:9"])).allowed).toBe(true);
    expect((await limit.consume(["checkout:2", "ip:9"])).allowed).toBe(false);
  });

  it("tells how many attempts a key has in its window, without counting one", async () => {
    const limit = createRateLimit({ name: "t5", points: 100, durationSeconds: 60 }, undefined);
    expect(await limit.attempts("n")).toBe(0);
    await limit.consume(["n"]);
    await limit.consume(["n", "m"]);
    expect(await limit.attempts("n")).toBe(2);
    expect(await limit.attempts("n")).toBe(2);
    expect(await limit.attempts("m")).toBe(1);
  });

  it("forgets a key on reset", async () => {
    const limit = createRateLimit({ name: "t3", points: 1, durationSeconds: 60 }, undefined);
    await limit.consume(["u"]);
    await limit.consume(["u"]);
    expect((await limit.isBlocked(["u"])).blocked).toBe(true);
    await limit.reset(["u"]);
    expect((await limit.isBlocked(["u"])).blocked).toBe(false);
  });
});

describe("createRateLimit (Redis away)", () => {
  it("fails open: with no Redis listening every attempt is allowed", async () => {
    const limit = createRateLimit(
      { name: "t4", points: 1, durationSeconds: 60 },
      "redis://127.0.0.1:1",
    );
    for (let i = 0; i < 3; i++) expect((await limit.consume(["k"])).allowed).toBe(true);
    expect((await limit.isBlocked(["k"])).blocked).toBe(false);
    expect(await limit.attempts("k")).toBe(0);
  });

  it("says where the limits live: memory without REDIS_URL, Redis unavailable when it is away", async () => {
    expect(rateLimitStore(undefined)).toBe("memory");
    expect(await connectRateLimitStore(undefined)).toBe("memory");
    expect(await connectRateLimitStore("redis://127.0.0.1:1", 200)).toBe("redis-unavailable");
  });
});

describe("clientAddress", () => {
  it("reads the address the server set, or 'unknown'", () => {
    const withAddress = new Request("http://x/", {
      headers: { [CLIENT_ADDRESS_HEADER]: "10.0.0.1" },
    });
    expect(clientAddress(withAddress)).toBe("10.0.0.1");
    expect(clientAddress(new Request("http://x/"))).toBe("unknown");
  });
});
