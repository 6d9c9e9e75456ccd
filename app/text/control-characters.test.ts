import { describe, expect, it } from "vitest";
import { cleanMultilineText, isSingleLineText } from "./control-characters";

const code = (cp: number) => String.fromCodePoint(cp);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every character the rule refuses, by code point. */
const C0 = range(0x00, 0x1f);
const DEL_AND_C1 = range(0x7f, 0x9f);
const BIDI = [0x061c, 0x200e, 0x200f, ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const SEPARATORS = [0x2028, 0x2029];
const REFUSED = [...C0, ...DEL_AND_C1, ...BIDI, ...SEPARATORS];

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

describe("isSingleLineText", () => {
  it("accepts what people type in a name, an address or an e-mail", () => {
    for (const text of [
      "",
      "Ana María Gómez-Ñañez",
      "O'Connor",
      "Calle 10 # 43-12, apto. 301 (torre B)",
      "ana.gomez+tienda@example.co",
      "Müller Øster Çelik Łukasz",
      "محمد",
      "שלום",
      "李小龙",
      "Ana 👩🏽‍💻", // an emoji with a zero-width joiner (U+200D) is not a control
      "\u00a0Ana\u00a0", // no-break spaces: trimmed by the schemas, not refused
    ]) {
      expect(isSingleLineText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it.each(REFUSED.map((cp) => [hex(cp), cp]))("refuses %s anywhere in the text", (_, cp) => {
    const c = code(cp);
    expect(isSingleLineText(`Ana${c}Gómez`)).toBe(false);
    expect(isSingleLineText(`${c}Ana`)).toBe(false);
    expect(isSingleLineText(`Ana${c}`)).toBe(false);
  });

  it("refuses a header injected through a name", () => {
    expect(isSingleLineText("Ana\r\nBcc: evil@example.com")).toBe(false);
    expect(isSingleLineText("Ana\nBcc: evil@example.com")).toBe(false);
    expect(isSingleLineText("Ana\u0000")).toBe(false);
    expect(isSingleLineText("\u001b[31mAna")).toBe(false);
    expect(isSingleLineText("Ana \u202egnp.exe")).toBe(false);
  });

  it("accepts the characters right next to the refused ranges", () => {
    for (const cp of [0x20, 0x7e, 0xa0, 0x061b, 0x061d, 0x200d, 0x2010, 0x2027, 0x202f, 0x2065]) {
      expect(isSingleLineText(`a${code(cp)}b`), hex(cp)).toBe(true);
    }
  });
});

describe("cleanMultilineText", () => {
  it("keeps text, tabs and LF as they are", () => {
    const text = "Portería 2\n\tTimbre: 301\nDejar con el vigilante 👍";
    expect(cleanMultilineText(text)).toBe(text);
  });

  it("turns every kind of line break into LF", () => {
    expect(cleanMultilineText("uno\r\ndos\rtres\u0085cuatro\u2028cinco\u2029seis")).toBe(
      "uno\ndos\ntres\ncuatro\ncinco\nseis",
    );
    // A form post sends a textarea's breaks as CRLF: two breaks stay two.
    expect(cleanMultilineText("a\r\n\r\nb")).toBe("a\n\nb");
  });

  it("drops every other control character and bidirectional control", () => {
    const others = REFUSED.filter((cp) => ![0x09, 0x0a, 0x0d, 0x85, 0x2028, 0x2029].includes(cp));
    for (const cp of others) {
      expect(cleanMultilineText(`a${code(cp)}b`), hex(cp)).toBe("ab");
    }
    expect(cleanMultilineText("\u001b[31mrojo\u001b[0m\u0000 \u202eodnum\u202c")).toBe(
      "[31mrojo[0m odnum",
    );
  });

  it("gives text a single-line field would accept, once the line breaks and tabs are out", () => {
    const all = REFUSED.map(code).join("x");
    const cleaned = cleanMultilineText(all);
    expect(isSingleLineText(cleaned.replace(/[\t\n]/g, " "))).toBe(true);
  });
});
