import { describe, expect, it } from "vitest";
import { cashOffer, colombianDeadline, DEFAULT_CASH_MAX_AMOUNT, groupReference } from "./cash";

describe("who may pay in cash", () => {
  it("offers cash up to the cap, the cap included", () => {
    expect(DEFAULT_CASH_MAX_AMOUNT).toBe(3_000_000);
    expect(cashOffer(3_000_000, DEFAULT_CASH_MAX_AMOUNT)).toEqual({ allowed: true });
    expect(cashOffer(1, DEFAULT_CASH_MAX_AMOUNT)).toEqual({ allowed: true });
  });

  it("does not offer it above the cap, and says why with both amounts", () => {
    const offer = cashOffer(3_000_001, DEFAULT_CASH_MAX_AMOUNT);
    expect(offer.allowed).toBe(false);
    if (offer.allowed) return;
    expect(offer.reason).toBe(
      "El pago en efectivo está disponible para pedidos de hasta $\u00a03.000.000; el tuyo suma $\u00a03.000.001. Paga con tarjeta o PSE.",
    );
  });

  it("follows the setting, not the default", () => {
    expect(cashOffer(1_500_000, 1_000_000).allowed).toBe(false);
    expect(cashOffer(900_000, 1_000_000).allowed).toBe(true);
  });

  it("never offers it for an amount that is not a positive whole number of pesos", () => {
    for (const total of [0, -5, 10.5, Number.NaN]) {
      expect(cashOffer(total, DEFAULT_CASH_MAX_AMOUNT).allowed).toBe(false);
    }
  });
});

describe("the deadline in Colombian time", () => {
  it("writes a gateway date as the date and hour in Bogotá", () => {
    expect(colombianDeadline("2026-12-01T11:05:00-05:00")).toEqual({
      date: "martes 1 de diciembre de 2026",
      time: "11:05 a. m.",
      ymd: "20261201",
    });
  });

  it("moves a UTC instant to the Colombian day: 02:30 UTC is the evening before", () => {
    expect(colombianDeadline("2026-12-01T02:30:00Z")).toEqual({
      date: "lunes 30 de noviembre de 2026",
      time: "9:30 p. m.",
      ymd: "20261130",
    });
  });

  it("writes noon and midnight as 12", () => {
    expect(colombianDeadline("2026-12-01T12:00:00-05:00")?.time).toBe("12:00 p. m.");
    expect(colombianDeadline("2026-12-01T00:00:00-05:00")?.time).toBe("12:00 a. m.");
  });

  it("is null for a missing or unreadable date", () => {
    expect(colombianDeadline(null)).toBeNull();
    expect(colombianDeadline("mañana")).toBeNull();
  });
});

describe("the reference as printed", () => {
  it("groups it by four", () => {
    expect(groupReference("41234567890124")).toBe("4123 4567 8901 24");
    expect(groupReference("12345678")).toBe("1234 5678");
  });
});
