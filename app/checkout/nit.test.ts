import { describe, expect, it } from "vitest";
import { isValidNit, nitCheckDigit, normalizeNit, parseNit } from "./nit";

// Public NITs of well-known Colombian companies with their published check digits.
const VECTORS: Array<[base: string, digit: number]> = [
  ["890903938", 8], // Bancolombia
  ["899999068", 1], // Ecopetrol
  ["800197268", 4], // DIAN
  ["860002964", 4],
  ["860034313", 7],
  ["890100577", 6],
];

describe("nitCheckDigit", () => {
  it.each(VECTORS)("gives the DIAN check digit of %s as %i", (base, digit) => {
    expect(nitCheckDigit(base)).toBe(digit);
  });

  it.each([
    // r = 0 and r = 1 are kept as they are; r >= 2 becomes 11 - r.
    ["0", 0], // sum 0 -> r 0
    ["4", 1], // 4*3 = 12 -> r 1
    ["1", 8], // 3 -> r 3 -> 8
    ["10", 4], // 1*7 = 7 -> r 7 -> 4
    ["111111111111111", 1], // all 15 weights: 529 -> r 1
  ])("follows the r < 2 rule for base %s", (base, digit) => {
    expect(nitCheckDigit(base)).toBe(digit);
  });

  it.each(["", "12a", "890-903", "1234567890123456", " 890903938"])(
    "refuses the malformed base %j",
    (base) => {
      expect(() => nitCheckDigit(base)).toThrow(RangeError);
    },
  );
});

describe("isValidNit", () => {
  it.each([
    ...VECTORS.map(([base, digit]) => `${base}-${digit}`),
    "890.903.938-8",
    "890903938 - 8",
    " 890903938-8 ",
    "890903938", // no check digit given: only the shape is checked
    "890.903.938",
    "1020304050", // 10-digit base of a natural person
    "1020304050-" + nitCheckDigit("1020304050"),
  ])("accepts %j", (input) => {
    expect(isValidNit(input)).toBe(true);
  });

  it.each([
    "890903938-7", // wrong check digit
    "890903938-9",
    "899999068-2",
    "800197268-0",
    "", // empty
    "   ",
    "89090393", // 8 digits: too short
    "89090393-8",
    "12345678901", // 11 digits
    "890903938-", // dash without digit
    "890903938-88", // two check digits
    "890903938/8",
    "890903938-a",
    "NIT 890903938-8",
    "-8",
    "890903938--8",
  ])("rejects %j", (input) => {
    expect(isValidNit(input)).toBe(false);
  });

  it("reads a bare 10-digit string as a base, not as base plus check digit", () => {
    expect(parseNit("8909039388")).toEqual({ base: "8909039388", checkDigit: null });
    expect(parseNit("890903938-8")).toEqual({ base: "890903938", checkDigit: 8 });
  });
});

describe("normalizeNit", () => {
  it.each([
    ["890.903.938-8", "890903938-8"],
    [" 890903938 - 8 ", "890903938-8"],
    ["890903938", "890903938"],
    ["890903938-7", null],
    ["abc", null],
  ])("normalises %j to %j", (input, expected) => {
    expect(normalizeNit(input)).toBe(expected);
  });
});
