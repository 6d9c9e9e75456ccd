import { describe, expect, it } from "vitest";
import { formatInteger } from "./format";

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
