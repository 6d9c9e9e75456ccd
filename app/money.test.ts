import { describe, expect, it } from "vitest";
import { formatCOP } from "./money";

describe("formatCOP", () => {
  it("formats pesos with dots and no decimals, es-CO style", () => {
    expect(formatCOP(1234567)).toBe("$\u00a01.234.567");
    expect(formatCOP(5000)).toBe("$\u00a05.000");
    expect(formatCOP(0)).toBe("$\u00a00");
  });

  it("rounds to whole pesos", () => {
    expect(formatCOP(125432.6)).toBe("$\u00a0125.433");
    expect(formatCOP(999.4)).toBe("$\u00a0999");
  });

  it("prints what Intl's es-CO peso format prints, which it no longer calls", () => {
    const intl = new Intl.NumberFormat("es-CO", {
      style: "currency",
      currency: "COP",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    for (const value of [0, 5, 999, 1000, 12_345, 100_000, 1_829_100, 1_234_567_890, -1, -1234]) {
      expect(formatCOP(value)).toBe(intl.format(value));
    }
  });
});
