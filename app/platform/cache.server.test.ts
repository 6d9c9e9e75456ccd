import { describe, expect, it, vi } from "vitest";
import { arrivalTime, inArrivalOrder } from "./arrival.server";
import { approximateBytes, createCache } from "./cache.server";

describe("a cache bounded by bytes", () => {
  it("weighs a value by the text it holds", () => {
    const light = { id: "1", price: 1000 };
    const heavy = { id: "2", descriptionHtml: "x".repeat(50_000) };
    expect(approximateBytes(light)).toBeLessThan(200);
    expect(approximateBytes(heavy)).toBeGreaterThan(50_000);
    expect(approximateBytes([heavy, heavy])).toBeGreaterThan(100_000);
  });

  it("keeps many light values, and lets heavy ones push the oldest out", async () => {
    const cache = createCache({ maxBytes: 120_000 });
    const put = (key: string, value: unknown) =>
      cache.cached({ key, ttl: 60_000, getFreshValue: () => Promise.resolve(value) });
    for (let i = 0; i < 200; i++) await put(`price:${i}`, i);
    expect(cache.size).toBe(200);
    await put("product:a", { descriptionHtml: "x".repeat(50_000) });
    await put("product:b", { descriptionHtml: "y".repeat(50_000) });
    await put("product:c", { descriptionHtml: "z".repeat(50_000) });
    // Room for two heavy values: the first went, and the small ones made room too.
    expect(cache.size).toBeLessThan(203);
    let fetched = false;
    await cache.cached({
      key: "product:a",
      ttl: 60_000,
      getFreshValue: () => {
        fetched = true;
        return Promise.resolve({});
      },
    });
    expect(fetched).toBe(true);
  });
});

describe("a refresh behind a stale value", () => {
  it("runs as no request's; a value the request waits for is read as its own", async () => {
    const cache = createCache({ maxBytes: 10_000 });
    // The arrival each read ran with (the upstream queue's order, docs/decisions/0670).
    const arrivals: number[] = [];
    const read = () =>
      cache.cached({
        key: "list",
        ttl: 1,
        swr: 60_000,
        getFreshValue: () => {
          arrivals.push(arrivalTime());
          return Promise.resolve(arrivals.length);
        },
      });
    // Arrivals before the clock's start: a read run as no request's reads now (≥ 0).
    await expect(inArrivalOrder(-200, read)).resolves.toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(inArrivalOrder(-100, read)).resolves.toBe(1); // stale, refreshed behind
    await vi.waitFor(() => expect(arrivals).toHaveLength(2));
    expect(arrivals[0]).toBe(-200);
    expect(arrivals[1]).toBeGreaterThanOrEqual(0);
  });
});

describe("what a cache holds", () => {
  it("a value it would answer without waiting: fresh, or stale within its window", async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    try {
      const cache = createCache();
      const read = () =>
        cache.cached({ key: "list", ttl: 1_000, swr: 5_000, getFreshValue: async () => [1, 2] });
      expect(cache.holds("list")).toBe(false);
      await read();
      expect(cache.holds("list")).toBe(true);
      vi.setSystemTime(1_000_000 + 5_900); // stale: answered, refreshed behind
      expect(cache.holds("list")).toBe(true);
      vi.setSystemTime(1_000_000 + 6_100); // past its window: a read would wait
      expect(cache.holds("list")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
