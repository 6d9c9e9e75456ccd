import { describe, expect, it } from "vitest";
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
