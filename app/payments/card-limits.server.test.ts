import { describe, expect, it } from "vitest";
import { cardFingerprint } from "./card-limits.server";

describe("cardFingerprint", () => {
  const card = { number: "4111 1111 1111 1111", month: "12", year: "2035" };

  it("is the same for the number the store saw and the masked number of a token's answer", () => {
    expect(cardFingerprint(card)).toBe(
      cardFingerprint({ number: "411111XXXXXX1111", month: "12", year: "35" }),
    );
  });

  it("tells cards apart by their digits and expiry", () => {
    const base = cardFingerprint(card);
    expect(cardFingerprint({ ...card, number: "4111111111111129" })).not.toBe(base);
    expect(cardFingerprint({ ...card, month: "11" })).not.toBe(base);
    expect(cardFingerprint({ ...card, year: "2036" })).not.toBe(base);
  });

  it("never carries the card's digits", () => {
    const fingerprint = cardFingerprint(card);
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(fingerprint).not.toContain("41111111");
  });
});
