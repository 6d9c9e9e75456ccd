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
});
