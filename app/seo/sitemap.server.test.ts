import { describe, expect, it } from "vitest";
import { normalizeProduct } from "~/merchant-api/normalize";
import type { Product } from "~/merchant-api/product";
import { categoryUpdates, latestDate, sitemapIndex, urlSet, w3cDate } from "./sitemap.server";
import { brandEntries, pageEntries, productEntries, productFile } from "./sitemap-files.server";

/** A product with every field empty (as the client normalises a bare record), plus overrides. */
const makeProduct = (overrides: Partial<Product>): Product => ({
  ...normalizeProduct({ id: overrides.id ?? "1" })!,
  ...overrides,
});

const origin = "https://tienda.example.co";

describe("w3cDate", () => {
  it("gives the day for a date and the UTC instant for a date-time", () => {
    expect(w3cDate("2025-09-07")).toBe("2025-09-07");
    expect(w3cDate("2025-09-07T00:00:00.000Z")).toBe("2025-09-07T00:00:00Z");
    expect(w3cDate("2025-06-14T20:32:00.000Z")).toBe("2025-06-14T20:32:00Z");
    expect(w3cDate("ayer")).toBeNull();
    expect(w3cDate("2025-19-07")).toBeNull();
  });
});

describe("urlSet and sitemapIndex", () => {
  it("write <lastmod> only for the entries with a known date", () => {
    const xml = urlSet([
      { loc: `${origin}/producto/1`, lastmod: "2025-06-14T20:32:00.000Z" },
      { loc: `${origin}/producto/2?a=1&b=2`, lastmod: null },
    ]);
    expect(xml).toContain(
      `<url><loc>${origin}/producto/1</loc><lastmod>2025-06-14T20:32:00Z</lastmod></url>`,
    );
    expect(xml).toContain(`<url><loc>${origin}/producto/2?a=1&amp;b=2</loc></url>`);
    const index = sitemapIndex([{ loc: `${origin}/sitemaps/marcas.xml`, lastmod: null }]);
    expect(index).toContain(`<sitemap><loc>${origin}/sitemaps/marcas.xml</loc></sitemap>`);
  });

  it("never writes today's date for an undated page", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(urlSet([{ loc: `${origin}/categorias`, lastmod: null }])).not.toContain(today);
  });
});

describe("dates of list pages", () => {
  const products = [
    makeProduct({
      id: "1",
      brand: "Hikvision",
      categoryId: "22",
      subcategory: "200",
      categories: [
        { id: "22", name: "Videovigilancia", level: 1 },
        { id: "200", name: "Cámaras IP", level: 2 },
        { id: "1000", name: "Cámaras Bala", level: 3 },
      ],
      updatedAt: "2025-03-01T12:00:00.000Z",
    }),
    makeProduct({
      id: "2",
      brand: "HIKVISION",
      categoryId: "22",
      categories: [{ id: "22", name: "Videovigilancia", level: 1 }],
      updatedAt: "2025-05-01T12:00:00.000Z",
    }),
    makeProduct({ id: "3", brand: "Dahua", categoryId: "22", updatedAt: null }),
    makeProduct({ id: "4", brand: "Axis", categoryId: "37", updatedAt: null }),
  ];

  it("dates a category by its latest product, at every level; undated ones stay out", () => {
    const updates = categoryUpdates(products);
    expect(updates.get("22")).toBe("2025-05-01T12:00:00.000Z");
    expect(updates.get("200")).toBe("2025-03-01T12:00:00.000Z");
    expect(updates.get("1000")).toBe("2025-03-01T12:00:00.000Z");
    expect(updates.has("37")).toBe(false);
  });

  it("dates a brand by its latest product and leaves an undated brand without date", () => {
    expect(brandEntries(origin, products)).toEqual([
      { loc: `${origin}/marca/Axis`, lastmod: null },
      { loc: `${origin}/marca/Dahua`, lastmod: null },
      { loc: `${origin}/marca/Hikvision`, lastmod: "2025-05-01T12:00:00.000Z" },
    ]);
  });

  it("dates the home page and catalogue by the latest product, the category list not at all", () => {
    const pages = new Map(pageEntries(origin, products).map((e) => [e.loc, e.lastmod]));
    expect(pages.get(`${origin}/`)).toBe("2025-05-01T12:00:00.000Z");
    expect(pages.get(`${origin}/productos`)).toBe("2025-05-01T12:00:00.000Z");
    expect(pages.get(`${origin}/categorias`)).toBeNull();
    expect(pages.get(`${origin}/privacidad`)).toBe("2025-09-07");
  });

  it("dates a product by its own date only", () => {
    expect(productEntries(origin, products.slice(1, 3))).toEqual([
      { loc: `${origin}/producto/2`, lastmod: "2025-05-01T12:00:00.000Z" },
      { loc: `${origin}/producto/3`, lastmod: null },
    ]);
  });

  it("takes the latest known date of a file, or none", () => {
    expect(latestDate([null, "2025-01-01", "2025-02-01T00:00:00.000Z", null])).toBe(
      "2025-02-01T00:00:00.000Z",
    );
    expect(latestDate([null, null])).toBeNull();
  });

  it("splits products into files, the first one always present", () => {
    expect(productFile([], 1)).toEqual([]);
    expect(productFile(products, 1)).toHaveLength(4);
    expect(productFile(products, 2)).toBeNull();
    expect(productFile(products, 0)).toBeNull();
  });
});
