import { describe, expect, it } from "vitest";
import { normalizeProduct } from "~/merchant-api/normalize";
import type { Product } from "~/merchant-api/product";
import { filterProducts, parseFilters } from "./filters";
import { brandHref, brandSummaries, findBrand, latestUpdate, productsOfBrand } from "./brands";

/** A product with every field empty (as the client normalises a bare record), plus overrides. */
const makeProduct = (overrides: Partial<Product>): Product => ({
  ...normalizeProduct({ id: overrides.id ?? "1" })!,
  ...overrides,
});

const products = [
  makeProduct({ id: "1", brand: "Hanwha Vision", updatedAt: "2025-01-01T00:00:00.000Z" }),
  makeProduct({ id: "2", brand: "HANWHA VISION", updatedAt: "2025-04-01T00:00:00.000Z" }),
  makeProduct({ id: "3", brand: "Épcom", updatedAt: null }),
  makeProduct({ id: "4", brand: null }),
  makeProduct({ id: "5", brand: "  " }),
  makeProduct({ id: "6", brand: "Ajax", updatedAt: "2024-12-01T00:00:00.000Z" }),
];

describe("brandSummaries", () => {
  it("lists each brand with products once, spelled as first seen, in Spanish order", () => {
    expect(brandSummaries(products)).toEqual([
      { name: "Ajax", count: 1, updatedAt: "2024-12-01T00:00:00.000Z" },
      { name: "Épcom", count: 1, updatedAt: null },
      { name: "Hanwha Vision", count: 2, updatedAt: "2025-04-01T00:00:00.000Z" },
    ]);
  });

  it("finds a brand however the URL spells it", () => {
    expect(findBrand(products, "hanwha-vision")?.name).toBe("Hanwha Vision");
    expect(findBrand(products, "EPCOM")?.name).toBe("Épcom");
    expect(findBrand(products, "Axis")).toBeNull();
    expect(findBrand(products, "")).toBeNull();
  });
});

describe("productsOfBrand", () => {
  it("keeps exactly what the catalogue's brand filter keeps", () => {
    const { filters } = parseFilters(new URLSearchParams({ marca: "hanwha vision" }));
    expect(productsOfBrand(products, "hanwha vision")).toEqual(filterProducts(products, filters));
    expect(productsOfBrand(products, "hanwha vision").map((p) => p.id)).toEqual(["1", "2"]);
    expect(productsOfBrand(products, " ")).toEqual([]);
  });

  it("gives the same list for the same catalogue, so what is kept per list is kept for it", () => {
    expect(productsOfBrand(products, "Hanwha Vision")).toBe(
      productsOfBrand(products, "hanwha-vision"),
    );
    expect(productsOfBrand([...products], "Hanwha Vision")).not.toBe(
      productsOfBrand(products, "Hanwha Vision"),
    );
  });
});

describe("brandHref and latestUpdate", () => {
  it("links the brand page with the name encoded", () => {
    expect(brandHref("Hanwha Vision")).toBe("/marca/Hanwha%20Vision");
    expect(brandHref("Épcom")).toBe("/marca/%C3%89pcom");
  });

  it("takes the latest known change", () => {
    expect(latestUpdate(products)).toBe("2025-04-01T00:00:00.000Z");
    expect(latestUpdate([{ updatedAt: null }])).toBeNull();
  });
});
