import { describe, expect, it } from "vitest";
import { computeTotals, ivaOf, subtotalOf } from "./totals";

describe("computeTotals", () => {
  // subtotal → IVA, shipping, total, shortfall
  it.each([
    [0, 0, 0, 0, 100_001],
    [1, 0, 5000, 5001, 100_000],
    [50, 10, 5000, 5060, 99_951], // 9.5 rounds half up
    [150, 29, 5000, 5179, 99_851], // 28.5 → 29
    [149, 28, 5000, 5177, 99_852], // 28.31 → 28
    [99_999, 19_000, 5000, 123_999, 2], // 18999.81 → 19000
    [100_000, 19_000, 5000, 124_000, 1],
    [100_001, 19_000, 0, 119_001, 0], // 19000.19 → 19000, free shipping
    [250_050, 47_510, 0, 297_560, 0], // 47509.5 → 47510
  ])("subtotal %i → IVA %i, shipping %i, total %i, shortfall %i", (s, iva, ship, total, short) => {
    const t = computeTotals(s);
    expect(t.iva).toBe(iva);
    expect(t.shipping).toBe(ship);
    expect(t.total).toBe(total);
    expect(t.freeShippingShortfall).toBe(short);
    expect(t.freeShipping).toBe(s > 100_000);
  });

  it("reports progress towards free shipping", () => {
    expect(computeTotals(0).freeShippingProgress).toBe(0);
    expect(computeTotals(87_655).freeShippingProgress).toBe(87);
    expect(computeTotals(300_000).freeShippingProgress).toBe(100);
  });

  it("rounds IVA without float error", () => {
    // 0.19 × 1_050 = 199.49999… in floating point; the exact value is 199.5.
    expect(ivaOf(1_050)).toBe(200);
  });
});

describe("subtotalOf", () => {
  it("adds unit price × quantity", () => {
    expect(
      subtotalOf([
        { unitPrice: 12_345, quantity: 2 },
        { unitPrice: 1_000, quantity: 3 },
      ]),
    ).toBe(27_690);
  });
});
