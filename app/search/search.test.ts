import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import type { Product } from "~/merchant-api/product";
import { makeProduct } from "~/merchant-api/product.fixtures";
import {
  isExactMatch,
  isSearchable,
  rankProducts,
  scoreProduct,
  scorerFor,
  searchableText,
  searchWords,
  splitSuggestions,
} from "./search";

describe("searchWords", () => {
  it("splits into words", () => {
    expect(searchWords("  Cámara, domo ")).toEqual(["camara", "domo"]);
    expect(searchWords("¡!")).toEqual([]);
  });
});

describe("isSearchable (2 characters after normalisation)", () => {
  it.each([
    ["a", false],
    ["á.", false],
    [" - ", false],
    ["ab", true],
    ["é1", true],
    ["a b", true],
  ])("%j → %s", (input, expected) => {
    expect(isSearchable(input)).toBe(expected);
  });
});

describe("scoreProduct (the score table of docs/decisions/0552)", () => {
  const cases: Array<[string, Partial<Product>, string, number]> = [
    // exact title 10000 + starts-with 1500 + word in title 150
    ["exact title", { title: "Cámara" }, "camara", 10_000 + 1_500 + 150],
    // exact model 5000 + word in model 120
    ["exact model", { model: "DS-2CD" }, "ds 2cd", 5_000 + 120 * 2],
    // exact description 5000 + word in description 30
    ["exact description", { description: "Sirena" }, "sirena", 5_000 + 30],
    // exact sku 3000 + word in sku 100
    ["exact sku", { sku: "SKU123" }, "sku123", 3_000 + 100],
    // title starts with the query 1500 + 2 words in title
    ["title starts with", { title: "Cámara domo 4MP" }, "camara domo", 1_500 + 150 * 2],
    ["word in title", { title: "Kit de cámara" }, "camara", 150],
    ["word in model", { model: "XR-CAM" }, "cam", 120],
    ["word in sku", { sku: "AB-CAMX" }, "camx", 100],
    ["word in brand", { brand: "Hikvision" }, "hik", 80],
    ["word in description", { description: "Incluye fuente" }, "fuente", 30],
    [
      "every field, two words",
      {
        title: "Domo hik",
        model: "hik domo",
        sku: "domo",
        brand: "Hikvision",
        description: "domo hik",
      },
      "domo",
      // model/description are not equal to "domo"; sku is; title starts with it
      3_000 + 1_500 + 150 + 120 + 100 + 30,
    ],
    ["no match", { title: "Sirena" }, "camara", 0],
    ["empty query", { title: "Sirena" }, "  ", 0],
  ];
  it.each(cases)("%s", (_name, fields, query, expected) => {
    expect(scoreProduct(makeProduct(fields), query)).toBe(expected);
  });

  it("ignores accents and case in the query", () => {
    const p = makeProduct({ title: "camara" });
    expect(scoreProduct(p, "CÁMARA")).toBe(scoreProduct(p, "camara"));
  });

  it("scores a product again from its new fields after they change", () => {
    const p = makeProduct({ title: "Sirena" });
    expect(scoreProduct(p, "camara")).toBe(0);
    p.title = "Kit de cámara";
    expect(scoreProduct(p, "camara")).toBe(150);
    p.description = "cámara";
    expect(scoreProduct(p, "camara")).toBe(150 + 5_000 + 30);
  });

  it("scorerFor gives scoreProduct's score, and nothing for a query without words", () => {
    const products = [
      makeProduct({ title: "Cámara domo 4MP", brand: "Hikvision" }),
      makeProduct({ model: "DS-2CD", description: "domo" }),
      makeProduct({ sku: "domo" }),
    ];
    const score = scorerFor("Cámara, domo");
    expect(score && products.map(score)).toEqual(
      products.map((p) => scoreProduct(p, "Cámara, domo")),
    );
    expect(scorerFor(" ¡! ")).toBeNull();
  });
});

describe("searchableText", () => {
  it("gives every field normalised, and the same answer for an unchanged product", () => {
    const p = makeProduct({ title: "Cámara IP", model: "DS-2CD", brand: null });
    const text = searchableText(p);
    expect(text).toEqual({
      title: "camara ip",
      model: "ds 2cd",
      sku: "",
      brand: "",
      description: "",
    });
    expect(searchableText(p)).toBe(text);
    expect(Object.isFrozen(text)).toBe(true);
  });

  it("follows a change of any field", () => {
    const p = makeProduct({ title: "a", model: "b", sku: "c", brand: "d", description: "e" });
    searchableText(p);
    p.sku = "Ñ-1";
    p.brand = "Ájax";
    expect(searchableText(p)).toMatchObject({ sku: "n 1", brand: "ajax", title: "a" });
  });

  it("is kept on the product where no copy, comparison or page data sees it", () => {
    const p = makeProduct({ title: "Cámara IP", brand: "Ajax" });
    const before = { ...p };
    const json = JSON.stringify(p);
    searchableText(p);
    expect(Object.keys(p)).toEqual(Object.keys(before));
    expect(JSON.stringify(p)).toBe(json);
    expect(isDeepStrictEqual(p, before)).toBe(true);
    expect(structuredClone(p)).toEqual(before);
    // A copy is a product of its own: it normalises its own fields.
    const copy = { ...p, title: "Domo" };
    expect(searchableText(copy).title).toBe("domo");
    expect(searchableText(p).title).toBe("camara ip");
  });
});

describe("rankProducts and splitSuggestions", () => {
  const exact = makeProduct({ id: "exact", title: "Cámara IP" });
  const good = makeProduct({ id: "good", title: "Cámara IP domo", brand: "IP Tech" });
  const weak = makeProduct({ id: "weak", description: "cámara" });
  const none = makeProduct({ id: "none", title: "Sirena" });

  it("orders best first with relevance relative to the best score", () => {
    const ranked = rankProducts([none, weak, good, exact], "cámara ip");
    expect(ranked.map((r) => r.product.id)).toEqual(["exact", "good", "weak", "none"]);
    expect(ranked[0].relevance).toBe(1);
    expect(ranked[1].relevance).toBeCloseTo(ranked[1].score / ranked[0].score);
    expect(ranked[3].relevance).toBe(0);
  });

  it("keeps the API's order on ties", () => {
    const a = makeProduct({ id: "a", title: "x camara" });
    const b = makeProduct({ id: "b", title: "y camara" });
    expect(rankProducts([b, a], "camara").map((r) => r.product.id)).toEqual(["b", "a"]);
  });

  it("separates exact matches and ranks the rest among themselves", () => {
    const { exact: ex, suggestions } = splitSuggestions([none, weak, good, exact], "cámara ip");
    expect(ex.map((r) => r.product.id)).toEqual(["exact"]);
    // good: starts-with 1500 + 2 title words 300 + brand 80 = 1880 (relevance 1 among the rest);
    // weak: description 30 → 0.016, under 0.2, dropped; none scores 0.
    expect(suggestions.map((r) => [r.product.id, r.score])).toEqual([["good", 1880]]);
    expect(suggestions[0].relevance).toBe(1);
  });

  it("keeps a suggestion at relevance 0.2 or more and drops one under it", () => {
    const top = makeProduct({ id: "top", title: "Kit alarma", brand: "alarma" }); // 150 + 80 = 230
    const brand = makeProduct({ id: "brand", brand: "Alarma" }); // 80 → 0.348
    const described = makeProduct({ id: "described", description: "con alarma" }); // 30 → 0.13
    const { exact: ex, suggestions } = splitSuggestions([described, brand, top], "alarma");
    expect(ex).toEqual([]);
    expect(suggestions.map((r) => r.product.id)).toEqual(["top", "brand"]);
  });

  it("relevance exactly 0.2 is kept", () => {
    const best = makeProduct({ id: "best", title: "a sensor", brand: "x" }); // 150
    const edge = makeProduct({ id: "edge", description: "un sensor" }); // 30 = 0.2 × 150
    const { suggestions } = splitSuggestions([edge, best], "sensor");
    expect(suggestions.map((r) => r.product.id)).toEqual(["best", "edge"]);
  });

  it("caps each section", () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      makeProduct({ id: String(i), title: `Cámara ${i}` }),
    );
    const { suggestions } = splitSuggestions(many, "camara", { exact: 2, suggestions: 5 });
    expect(suggestions).toHaveLength(5);
  });

  it("puts the product type the shopper named first, whatever the API's order", () => {
    const mic = (id: string) =>
      makeProduct({ id, title: "Micrófono para Cámara, para Interior", price: 90_000 });
    const camera = makeProduct({ id: "cam", title: "Cámara IP Bala 4 MP", price: 400_000 });
    const ranked = rankProducts([mic("m1"), mic("m2"), camera], "camara");
    expect(ranked.map((r) => r.product.id)).toEqual(["cam", "m1", "m2"]);
  });

  it("never lets a product without a title or a price lead", () => {
    const untitled = makeProduct({ id: "untitled", brand: "Hikvision", price: 421_200 });
    const unpriced = makeProduct({ id: "unpriced", title: "Monitor LED 32", brand: "Hikvision" });
    const free = makeProduct({ id: "free", title: "Monitor 24", brand: "Hikvision", price: 0 });
    const sellable = makeProduct({ id: "ok", title: "Micrófono", brand: "Hikvision", price: 1 });
    const ranked = rankProducts([untitled, unpriced, free, sellable], "hikvision");
    expect(ranked.map((r) => r.product.id)).toEqual(["ok", "untitled", "unpriced", "free"]);
  });

  it("an exact match leads even without a price: the shopper typed its code", () => {
    const code = makeProduct({ id: "code", sku: "A30-132-W" });
    const other = makeProduct({ id: "other", title: "Kit A30", price: 5 });
    expect(rankProducts([other, code], "A30-132-W").map((r) => r.product.id)).toEqual([
      "code",
      "other",
    ]);
  });

  it("the overlay lists products in the results page's order", () => {
    const products = [
      makeProduct({ id: "1", title: "Micrófono para Cámara", price: 10 }),
      makeProduct({ id: "2", title: "Cámara Domo", price: 10 }),
      makeProduct({ id: "3", model: "CAMARA" }),
      makeProduct({ id: "4", title: "Soporte para cámara", brand: "Camaras SA", price: 10 }),
      makeProduct({ id: "5", title: "Cámara Bala" }),
      makeProduct({ id: "6", description: "cámara", price: 10 }),
    ];
    const page = rankProducts(products, "cámara").map((r) => r.product.id);
    const { exact: ex, suggestions } = splitSuggestions(products, "cámara");
    const overlay = [...ex, ...suggestions].map((r) => r.product.id);
    expect(overlay).toEqual(page.filter((id) => overlay.includes(id)));
    expect(overlay.slice(0, 3)).toEqual(page.slice(0, 3));
    expect(page.slice(0, 3)).toEqual(["3", "2", "5"]);
  });

  it("an exact match is by title, model or sku", () => {
    expect(isExactMatch(makeProduct({ sku: "AB-1" }), "ab 1")).toBe(true);
    expect(isExactMatch(makeProduct({ model: "x1" }), "X1")).toBe(true);
    expect(isExactMatch(makeProduct({ title: "x1 pro" }), "x1")).toBe(false);
  });
});
