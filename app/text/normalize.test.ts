import { describe, expect, it, vi } from "vitest";
import { findMatch, normalizeText, rememberedBy, rememberedNormalizer } from "./normalize";

describe("normalizeText", () => {
  it.each([
    ["Cámara IP", "camara ip"],
    ["  DOMO   PTZ  ", "domo ptz"],
    ["Detección-de-Humo!", "deteccion de humo"],
    ["ÑANDÚ", "nandu"],
    ["DS-2CD2143G2-I", "ds 2cd2143g2 i"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it("treats null and undefined as empty", () => {
    expect(normalizeText(null)).toBe("");
    expect(normalizeText(undefined)).toBe("");
  });
});

describe("rememberedNormalizer", () => {
  it("gives normalizeText's answer for each text, the first time and again, past its bound too", () => {
    const key = rememberedNormalizer(2);
    for (const text of ["  Hikvision® ", "ÉPCOM", "Dahua", "ÉPCOM", "  Hikvision® ", "Añil"]) {
      expect(key(text)).toBe(normalizeText(text));
    }
    expect(key("ÉPCOM")).toBe("epcom");
    expect(key(null)).toBe("");
    expect(key(undefined)).toBe("");
  });
});

describe("rememberedBy", () => {
  it("reads a text once while it is remembered, and starts over past its bound", () => {
    const read = vi.fn((text: string) => (text === "nada" ? null : text.length));
    const length = rememberedBy(2, read);
    expect([length("uno"), length("nada"), length("uno"), length("nada")]).toEqual([
      3,
      null,
      3,
      null,
    ]);
    expect(read).toHaveBeenCalledTimes(2); // a null answer is remembered too
    expect(length("tres")).toBe(4); // a third text: the two before are forgotten
    expect(length("uno")).toBe(3);
    expect(read).toHaveBeenCalledTimes(4);
  });
});

describe("findMatch (highlight offsets in the original text)", () => {
  it("finds the first match ignoring case and accents", () => {
    const name = "Cámaras y cámaras";
    const range = findMatch(name, "CAMARA");
    expect(range).toEqual([0, 6]);
    expect(name.slice(...(range as [number, number]))).toBe("Cámara");
  });

  it("maps offsets after accented characters", () => {
    const name = "Detección de humo";
    const range = findMatch(name, "humo");
    expect(range && name.slice(...range)).toBe("humo");
    expect(findMatch(name, "CION")).toEqual([5, 9]);
  });

  it("returns null for no match or an empty term", () => {
    expect(findMatch("Energía", "agua")).toBeNull();
    expect(findMatch("Energía", "  ")).toBeNull();
  });
});
