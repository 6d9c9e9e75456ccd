import { describe, expect, it } from "vitest";
import { DEFAULT_CASH_MAX_AMOUNT, methodsOverCap, overCap } from "./amount-caps";

const CAPS = { cash: DEFAULT_CASH_MAX_AMOUNT };

describe("methods with an amount cap", () => {
  it("offers cash up to 3,000,000 by default, the cap included", () => {
    expect(DEFAULT_CASH_MAX_AMOUNT).toBe(3_000_000);
    expect(overCap("cash", 3_000_000, CAPS)).toBeNull();
    expect(overCap("cash", 1, CAPS)).toBeNull();
  });

  it("does not offer it above the cap, and says why with both amounts and the other methods", () => {
    expect(overCap("cash", 3_000_001, CAPS)).toBe(
      "Disponible para pedidos de hasta $\u00a03.000.000; el tuyo suma $\u00a03.000.001. Paga con tarjeta o PSE.",
    );
  });

  it("follows the setting, not the default", () => {
    expect(overCap("cash", 1_500_000, { cash: 1_000_000 })).not.toBeNull();
    expect(overCap("cash", 900_000, { cash: 1_000_000 })).toBeNull();
  });

  it("never offers a capped method for a total that is not a positive whole number of pesos", () => {
    for (const total of [0, -5, 10.5, Number.NaN])
      expect(overCap("cash", total, CAPS)).not.toBeNull();
  });

  it("leaves methods without a cap alone, whatever the total", () => {
    expect(overCap("openpay", 50_000_000, CAPS)).toBeNull();
    expect(methodsOverCap(50_000_000, CAPS)).toEqual({ cash: expect.any(String) });
    expect(methodsOverCap(2_000_000, CAPS)).toEqual({});
  });
});
