import { describe, expect, it } from "vitest";
import { formatCOP, formatInteger } from "./format";

describe("formatInteger", () => {
  it("groups thousands with dots, like Intl's es-CO", () => {
    const intl = new Intl.NumberFormat("es-CO");
    for (const value of [
      0, 7, 999, 1000, 1234, 99_999, 100_000, 6825, 1_234_567, 9_007_199_254_740_991, -1, -1000,
      -1_234_567,
    ]) {
      expect(formatInteger(value)).toBe(intl.format(value));
    }
  });

  it("rounds to a whole number, with no sign for zero", () => {
    expect(formatInteger(1234.5)).toBe("1.235");
    expect(formatInteger(999.4)).toBe("999");
    expect(formatInteger(-0.4)).toBe("0");
  });
});

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
