import { describe, expect, it } from "vitest";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import {
  cardNumberValid,
  cardOutcome,
  checkCard,
  cvvValid,
  detectBrand,
  gatewayDate,
  gatewayError,
  GATEWAY_ERRORS,
  isExpired,
  luhnValid,
  maskCardNumber,
  newAuthorization,
  newChargeId,
  newSessionId,
  newTokenId,
  normalizeCardNumber,
} from "./gateway.ts";

const NOW = new Date("2025-09-07T15:00:00Z");

describe("test cards", () => {
  it.each(Object.entries(PF.cards))(
    "%s (%s) is Luhn-valid, of its brand, with its fixed outcome",
    (_name, card) => {
      expect(luhnValid(card.number)).toBe(true);
      expect(detectBrand(card.number)).toBe(card.brand);
      expect(cardOutcome(card.number)).toEqual(card.outcome);
    },
  );

  it("fixes the outcomes the issue lists", () => {
    const outcomes = Object.fromEntries(Object.values(PF.cards).map((c) => [c.number, c.outcome]));
    expect(outcomes).toEqual({
      "4111111111111111": { status: "completed" },
      "4242424242424242": { status: "completed" },
      "5555555555554444": { status: "completed" },
      "4000000000000002": { status: "failed", errorCode: 3001 },
      "4444444444444448": { status: "failed", errorCode: 3003 },
      "4000000000000069": { status: "failed", errorCode: 3002 },
      "4000000000000119": { status: "failed", errorCode: 3004 },
      "4000000000000127": { status: "failed", errorCode: 3005 },
      "4000000000000101": { status: "charge_pending" },
    });
  });

  it("approves any other Luhn-valid number", () => {
    for (const n of [
      "2223000048400011",
      "378282246310005",
      "6011111111111117",
      "30569309025904",
      "3530111333300000",
    ]) {
      expect(cardNumberValid(n)).toBe(true);
      expect(cardOutcome(n)).toEqual({ status: "completed" });
    }
  });

  it("passes tokenization with the documented CVV and expiry", () => {
    for (const c of Object.values(PF.cards)) {
      const r = checkCard(
        {
          number: c.number,
          month: Number(PF.expiry.month),
          year: Number(PF.expiry.year),
          cvv: PF.cvv,
        },
        NOW,
      );
      expect(r).toMatchObject({ ok: true, card: { brand: c.brand, last4: c.number.slice(-4) } });
    }
  });
});

describe("Luhn and card numbers", () => {
  it("rejects a changed digit", () => {
    expect(luhnValid(PF.invalidCards.luhn)).toBe(false);
    expect(luhnValid("4111111111111121")).toBe(false);
  });

  it("needs 13 to 19 digits", () => {
    expect(cardNumberValid("0")).toBe(false);
    expect(cardNumberValid("000000000000")).toBe(false); // Luhn-valid, 12 digits
    expect(cardNumberValid("0000000000000")).toBe(true); // 13 digits
    expect(cardNumberValid("00000000000000000000")).toBe(false); // 20 digits
    expect(luhnValid("4111-1111")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });

  it("accepts spaces and dashes as separators only", () => {
    expect(normalizeCardNumber("4111 1111-1111 1111")).toBe("4111111111111111");
    expect(normalizeCardNumber("4111x111")).toBeNull();
    expect(normalizeCardNumber("")).toBeNull();
  });

  it("masks with the first six and last four", () => {
    expect(maskCardNumber("4111111111111111")).toBe("411111XXXXXX1111");
    expect(maskCardNumber("378282246310005")).toBe("378282XXXXX0005");
  });
});

describe("brands", () => {
  it.each([
    ["4111111111111111", "visa"],
    ["5555555555554444", "mastercard"],
    ["5105105105105100", "mastercard"],
    ["2223000048400011", "mastercard"],
    ["2720990000000007", "mastercard"],
    ["378282246310005", "amex"],
    ["341111111111111", "amex"],
    ["6011111111111117", "discover"],
    ["6221260000000000", "discover"],
    ["6449000000000000", "discover"],
    ["6500000000000002", "discover"],
    ["30569309025904", "diners"],
    ["36000000000008", "diners"],
    ["38000000000006", "diners"],
    ["3530111333300000", "jcb"],
    ["3589000000000000", "jcb"],
  ])("%s is %s", (n, brand) => {
    expect(detectBrand(n)).toBe(brand);
  });

  it("knows nothing else", () => {
    expect(detectBrand("2221000000000000")).toBe("mastercard");
    expect(detectBrand("2220000000000000")).toBeNull();
    expect(detectBrand("2721000000000000")).toBeNull();
    expect(detectBrand("3060000000000000")).toBeNull();
    expect(detectBrand("6221250000000000")).toBeNull();
    expect(detectBrand("9999999999999995")).toBeNull();
  });
});

describe("expiry", () => {
  it("is valid through the last day of its month, in Colombian time", () => {
    expect(isExpired(9, 25, NOW)).toBe(false);
    expect(isExpired(8, 25, NOW)).toBe(true);
    expect(isExpired(12, 2024, NOW)).toBe(true);
    expect(isExpired(1, 2026, NOW)).toBe(false);
    // 1 Oct 2025 03:00 UTC is still 30 Sep 22:00 in Bogotá: a 09/25 card still works.
    expect(isExpired(9, 25, new Date("2025-10-01T03:00:00Z"))).toBe(false);
    expect(isExpired(9, 25, new Date("2025-10-01T05:00:00Z"))).toBe(true);
  });

  it("is checked at tokenization (2005), after the number (2004) and before the CVV (2009)", () => {
    const base = { number: PF.cards.approvedVisa.number, month: 12, year: 35, cvv: "123" };
    expect(checkCard({ ...base, month: 8, year: 25 }, NOW)).toEqual({ ok: false, code: 2005 });
    expect(checkCard({ ...base, number: PF.invalidCards.luhn, month: 8, year: 25 }, NOW)).toEqual({
      ok: false,
      code: 2004,
    });
    expect(checkCard({ ...base, month: 8, year: 25, cvv: "1" }, NOW)).toEqual({
      ok: false,
      code: 2005,
    });
    expect(checkCard({ ...base, cvv: "12" }, NOW)).toEqual({ ok: false, code: 2009 });
  });
});

describe("CVV", () => {
  it("is 3 digits; 4 only for Amex", () => {
    expect(cvvValid("123", "visa")).toBe(true);
    expect(cvvValid("000", "mastercard")).toBe(true);
    expect(cvvValid("12", "visa")).toBe(false);
    expect(cvvValid("1234", "visa")).toBe(false);
    expect(cvvValid("12a", "visa")).toBe(false);
    expect(cvvValid("1234", "amex")).toBe(true);
    expect(cvvValid("0000", "amex")).toBe(true);
    expect(cvvValid("", null)).toBe(false);
  });

  it("refuses a 3-digit code on an Amex and a 4-digit code on every other brand (2009)", () => {
    expect(cvvValid("123", "amex")).toBe(false);
    expect(cvvValid("12345", "amex")).toBe(false);
    expect(cvvValid("123a", "amex")).toBe(false);
    for (const brand of ["visa", "mastercard", "discover", "diners", "jcb", null] as const) {
      expect(cvvValid("1234", brand)).toBe(false);
      expect(cvvValid("123", brand)).toBe(true);
    }
    const amex = { number: PF.amex.number, month: 12, year: 35 };
    expect(checkCard({ ...amex, cvv: PF.amex.cvv }, NOW)).toMatchObject({
      ok: true,
      card: { brand: "amex", last4: "0005" },
    });
    expect(checkCard({ ...amex, cvv: "123" }, NOW)).toEqual({ ok: false, code: 2009 });
    expect(checkCard({ ...amex, number: "3782 822463 10005", cvv: "123" }, NOW)).toEqual({
      ok: false,
      code: 2009,
    });
    expect(
      checkCard({ number: PF.invalidCards.otherValid, month: 12, year: 35, cvv: "1234" }, NOW),
    ).toEqual({ ok: false, code: 2009 });
  });
});

describe("error table", () => {
  it("has the HTTP codes of the reference and Spanish descriptions", () => {
    const http = Object.fromEntries(
      Object.entries(GATEWAY_ERRORS).map(([code, e]) => [code, e.http]),
    );
    expect(http).toMatchObject({
      1001: 400,
      1003: 422,
      1005: 404,
      1006: 409,
      2004: 422,
      2005: 400,
      2009: 412,
      3001: 402,
      3002: 402,
      3003: 402,
      3004: 402,
      3005: 402,
      3009: 402,
      3010: 402,
      3012: 412,
    });
    expect(GATEWAY_ERRORS[3001].description).toBe("Tarjeta declinada");
    expect(GATEWAY_ERRORS[3003].description).toBe("Fondos insuficientes");
    expect(GATEWAY_ERRORS[3002].description).toBe("Tarjeta expirada");
    expect(GATEWAY_ERRORS[3004].description).toBe("Tarjeta reportada como robada");
    expect(GATEWAY_ERRORS[3005].description).toBe("Rechazada por riesgo de fraude");
    expect(GATEWAY_ERRORS[1006].description).toBe("Ya existe una transacción con ese order_id");
    expect(GATEWAY_ERRORS[2004].description).toBe("El número de tarjeta no es válido (Luhn)");
    expect(GATEWAY_ERRORS[2005].description).toBe("La fecha de expiración ya pasó");
    expect(GATEWAY_ERRORS[2009].description).toBe("El código de seguridad (CVV2) no es válido");
  });

  it("builds the Openpay error object", () => {
    const e = gatewayError(3003);
    expect(e).toEqual({
      category: "gateway",
      error_code: 3003,
      description: "Fondos insuficientes",
      http_code: 402,
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(gatewayError(1006, "otra", "r1")).toMatchObject({
      category: "request",
      description: "otra",
      request_id: "r1",
    });
  });
});

describe("ids and dates", () => {
  it("makes ids of the documented shapes, all different", () => {
    const charges = new Set(Array.from({ length: 200 }, newChargeId));
    expect(charges.size).toBe(200);
    for (const id of charges) expect(id).toMatch(/^tr[a-z0-9]{18}$/);
    expect(newTokenId()).toMatch(/^tok_[a-z0-9]{20}$/);
    expect(newSessionId()).toMatch(/^chk_[a-z0-9]{24}$/);
    for (let i = 0; i < 50; i++) expect(newAuthorization()).toMatch(/^\d{6}$/);
  });

  it("writes dates in Colombian time like Openpay", () => {
    expect(gatewayDate(new Date("2025-09-07T15:04:05.678Z"))).toBe("2025-09-07T10:04:05-05:00");
    expect(gatewayDate(new Date("2025-01-01T02:00:00Z"))).toBe("2024-12-31T21:00:00-05:00");
  });
});
