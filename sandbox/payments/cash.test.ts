import { describe, expect, it } from "vitest";
import {
  BILLER_GLN,
  cashBarcode,
  colombianYmd,
  gs1CheckDigit,
  newCashReference,
  normalizeReference,
} from "./cash.ts";

describe("cash references", () => {
  it("are 14 digits with a GS1 check digit, never starting with 0, and differ", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const reference = newCashReference();
      expect(reference).toMatch(/^[1-9]\d{13}$/);
      expect(gs1CheckDigit(reference.slice(0, 13))).toBe(Number(reference[13]));
      seen.add(reference);
    }
    expect(seen.size).toBe(200);
  });

  it("are read back as typed with spaces or dashes; a mistyped digit is caught", () => {
    const reference = newCashReference();
    const spaced = reference.replace(/(.{4})/g, "$1 ");
    expect(normalizeReference(spaced)).toBe(reference);
    expect(normalizeReference(reference.replace(/(.{4})/g, "$1-"))).toBe(reference);
    const wrong = `${reference.slice(0, 5)}${(Number(reference[5]) + 1) % 10}${reference.slice(6)}`;
    expect(normalizeReference(wrong)).toBeNull();
    expect(normalizeReference("abc")).toBeNull();
  });
});

describe("the slip's barcode data", () => {
  it("is the biller's GLN, the reference, the amount and the due date in Colombian time", () => {
    // 03:00 UTC on 4 December is still 3 December in Bogotá.
    const expiresAt = new Date("2026-12-04T03:00:00Z");
    expect(colombianYmd(expiresAt)).toBe("20261203");
    expect(cashBarcode({ reference: "41234567890124", amount: 250_000, expiresAt })).toBe(
      `(415)${BILLER_GLN}(8020)41234567890124(3900)250000(96)20261203`,
    );
  });

  it("names a biller whose GLN carries a valid check digit", () => {
    expect(BILLER_GLN).toMatch(/^770\d{10}$/);
    expect(gs1CheckDigit(BILLER_GLN.slice(0, 12))).toBe(Number(BILLER_GLN[12]));
  });
});
