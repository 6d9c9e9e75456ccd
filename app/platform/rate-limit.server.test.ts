import { describe, expect, it } from "vitest";
import {
  addressGroup,
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

describe("reserve (memory store)", () => {
  it("lets exactly `points` of a burst of parallel reservations through, refusing the rest", async () => {
    const limit = createRateLimit({ name: "r1", points: 3, durationSeconds: 60 }, undefined);
    const answers = await Promise.all(Array.from({ length: 100 }, () => limit.reserve("card")));
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    const refused = answers.filter((a) => !a.allowed);
    expect(refused).toHaveLength(97);
    expect(refused[0].retryAfterSeconds).toBeGreaterThan(0);
    // A refusal keeps nothing: the count is what passed.
    expect(await limit.attempts("card")).toBe(3);
  });

  it("takes a point back on giveBack, so the next reservation passes", async () => {
    const limit = createRateLimit({ name: "r2", points: 1, durationSeconds: 60 }, undefined);
    expect((await limit.reserve("k")).allowed).toBe(true);
    expect((await limit.reserve("k")).allowed).toBe(false);
    await limit.giveBack("k");
    const again = await limit.reserve("k");
    expect(again).toMatchObject({ allowed: true, failed: false, taken: 1 });
  });

  it("allows with `failed` set when Redis is away (the caller's policy decides)", async () => {
    const limit = createRateLimit(
      { name: "r3", points: 1, durationSeconds: 60 },
      "redis://127.0.0.1:1",
    );
    expect(await limit.reserve("k")).toMatchObject({ allowed: true, failed: true });
  });
});

describe("addressGroup", () => {
  it("keeps IPv4 whole and groups IPv6 by its /64", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(addressGroup("unknown")).toBe("unknown");
    // Any address of one subscriber's /64 is the same client.
    const many = Array.from({ length: 40 }, (_, i) => `2001:db8:35:64:${i.toString(16)}::${i}`);
    expect(new Set(many.map(addressGroup))).toEqual(new Set(["2001:db8:35:64::/64"]));
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
    const v6 = new Request("http://x/", {
      headers: { [CLIENT_ADDRESS_HEADER]: "2001:db8:aa:bb:1:2:3:4" },
    });
    expect(clientAddress(v6)).toBe("2001:db8:aa:bb::/64");
  });
});
