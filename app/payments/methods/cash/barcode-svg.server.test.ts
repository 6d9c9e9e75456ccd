import bwipjs from "bwip-js/node";
import { describe, expect, it } from "vitest";
import { GS, slipElementString, slipScannedData } from "./barcode";
import { slipBarcodeSvg, slipBarWidths } from "./barcode-svg.server";

const SLIP = {
  gln: "7709998000018",
  reference: "41234567890124",
  amount: 1_190_000,
  dueDate: "20261201",
};

/**
 * Code 128's patterns as the library draws them, learnt from it one codeword at a time (start
 * B, the codeword, its check character, stop): the test reads the bars back without trusting
 * the library's own account of what it encoded.
 */
function code128Patterns(): Map<string, number> {
  const patterns = new Map<string, number>();
  for (let value = 0; value <= 102; value++) {
    const [symbol] = bwipjs.raw("code128", `^104^${String(value).padStart(3, "0")}`, "raw");
    if (!symbol || !("sbs" in symbol)) throw new Error("no symbol");
    patterns.set(symbol.sbs.slice(6, 12).join(""), value);
  }
  for (const start of [103, 105]) {
    const [symbol] = bwipjs.raw("code128", `^${start}^000`, "raw");
    if (!symbol || !("sbs" in symbol)) throw new Error("no symbol");
    patterns.set(symbol.sbs.slice(0, 6).join(""), start);
  }
  return patterns;
}

/** What a scanner transmits for the bars: ]C1 for a leading FNC1, then data, GS for FNC1. */
function scan(widths: number[]): string {
  const patterns = code128Patterns();
  const values: number[] = [];
  // Six elements per codeword; the stop pattern is the last seven.
  for (let i = 0; i + 7 < widths.length; i += 6) {
    const value = patterns.get(widths.slice(i, i + 6).join(""));
    if (value === undefined) throw new Error(`unknown pattern at element ${i}`);
    values.push(value);
  }
  const check = values.pop()!;
  const sum = values.reduce((total, value, index) => total + value * Math.max(index, 1), 0);
  expect(sum % 103, "check character").toBe(check);
  const [start, ...data] = values;
  let set = start === 105 ? "C" : start === 104 ? "B" : "A";
  let out = "";
  data.forEach((value, index) => {
    if (value === 102) out += index === 0 ? "]C1" : GS;
    else if (set === "C" && value < 100) out += String(value).padStart(2, "0");
    else if (set !== "C" && value < 96) out += String.fromCharCode(value + 32);
    else if (value === 99) set = "C";
    else if (value === 100 && set === "C") set = "B";
    else if (value === 101) set = "A";
    else throw new Error(`codeword ${value} in set ${set}`);
  });
  return out;
}

describe("the slip's bars", () => {
  it("encode the slip's data with FNC1 after 8020 and 3900, as a scanner reads it", async () => {
    expect(scan(await slipBarWidths(SLIP))).toBe(slipScannedData(SLIP));
  });

  it("encode an odd-length amount and a short reference the same way", async () => {
    const slip = { ...SLIP, reference: "123", amount: 45_900 };
    expect(scan(await slipBarWidths(slip))).toBe(slipScannedData(slip));
  });

  it("are an SVG of black bars on white, with no text of their own to drift from the page's", async () => {
    const svg = await slipBarcodeSvg(SLIP);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('fill="#FFFFFF"');
    expect(svg).toContain('stroke="#000000"');
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain(slipElementString(SLIP));
  });
});
