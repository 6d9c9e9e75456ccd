import { describe, expect, it } from "vitest";
import {
  glnValid,
  gs1CheckDigit,
  GS,
  parseSlipElementString,
  slipElementString,
  slipProblem,
  slipScannedData,
} from "./barcode";

const SLIP = {
  gln: "7709998000018",
  reference: "41234567890124",
  amount: 1_190_000,
  dueDate: "20261201",
};

describe("the GS1-128 data of a cash slip", () => {
  it("writes the four fields in the Colombian slip order, as printed under the bars", () => {
    expect(slipElementString(SLIP)).toBe(
      "(415)7709998000018(8020)41234567890124(3900)1190000(96)20261201",
    );
  });

  it("ends the two variable-length fields with FNC1 (GS), and not the fixed 415 or the last one", () => {
    const scanned = slipScannedData(SLIP);
    expect(scanned).toBe(`]C14157709998000018802041234567890124${GS}39001190000${GS}9620261201`);
    // Exactly two separators: after 8020 and after 3900.
    expect(scanned.split(GS)).toHaveLength(3);
    expect(scanned.endsWith(GS)).toBe(false);
  });

  it("checks a GLN's GS1 check digit", () => {
    expect(gs1CheckDigit("770999800001")).toBe(8);
    expect(glnValid("7709998000018")).toBe(true);
    expect(glnValid("7709998000017")).toBe(false);
    expect(glnValid("770999800001")).toBe(false);
  });

  it("reads back the gateway's element string, and refuses one of another layout", () => {
    expect(parseSlipElementString(slipElementString(SLIP))).toEqual(SLIP);
    // Fields out of order, a wrong GLN, a non-date, an amount with decimals, a fifth field.
    for (const bad of [
      "(8020)41234567890124(415)7709998000018(3900)1190000(96)20261201",
      "(415)7709998000017(8020)41234567890124(3900)1190000(96)20261201",
      "(415)7709998000018(8020)41234567890124(3900)1190000(96)20260230",
      "(415)7709998000018(8020)41234567890124(3902)119000000(96)20261201",
      "(415)7709998000018(8020)41234567890124(3900)1190000(96)20261201(10)A",
    ]) {
      expect(parseSlipElementString(bad), bad).toBeNull();
    }
  });

  it("says why fields cannot go on a slip", () => {
    expect(slipProblem(SLIP)).toBeNull();
    expect(slipProblem({ ...SLIP, amount: 0 })).toMatch(/3900/);
    expect(slipProblem({ ...SLIP, amount: 10.5 })).toMatch(/3900/);
    expect(slipProblem({ ...SLIP, reference: "1".repeat(26) })).toMatch(/8020/);
    expect(slipProblem({ ...SLIP, dueDate: "2026121" })).toMatch(/96/);
  });
});
