import { describe, expect, it } from "vitest";
import { distributeFeatured } from "./featured";
import { normalizeProduct } from "~/merchant-api/normalize";
import { type FeaturedEntry, type Product, TOP_CATEGORIES } from "~/merchant-api/product";

const CATS = [
  { id: "A", name: "Alfa" },
  { id: "B", name: "Beta" },
  { id: "C", name: "Gamma" },
];

function makeProduct(id: string): Product {
  const p = normalizeProduct({ id, titulo: `Producto ${id}` });
  if (!p) throw new Error("bad fixture");
  return p;
}

/** Entries `A1..An` for category A, etc.; every product loads unless listed in `missing`. */
function setup(counts: Record<string, number>, missing: string[] = []) {
  const entries: FeaturedEntry[] = [];
  for (const [categoryId, n] of Object.entries(counts)) {
    for (let i = 1; i <= n; i++) entries.push({ id: `${categoryId}${i}`, categoryId });
  }
  const products = entries.filter((e) => !missing.includes(e.id)).map((e) => makeProduct(e.id));
  return { entries, products };
}

const ids = (groups: ReturnType<typeof distributeFeatured>) =>
  Object.fromEntries(groups.map((g) => [g.category.id, g.products.map((p) => p.id)]));

describe("distributeFeatured", () => {
  it("takes 4 per category, in the categories' order", () => {
    const { entries, products } = setup({ B: 4, A: 4 });
    const groups = distributeFeatured(entries, products, { categories: CATS });
    expect(groups.map((g) => g.category)).toEqual([
      { id: "A", name: "Alfa" },
      { id: "B", name: "Beta" },
    ]);
    expect(ids(groups)).toEqual({ A: ["A1", "A2", "A3", "A4"], B: ["B1", "B2", "B3", "B4"] });
  });

  it("fills a short category with the overflow of an over-full one", () => {
    const { entries, products } = setup({ A: 7, B: 2 });
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      A: ["A1", "A2", "A3", "A4"],
      B: ["B1", "B2", "A5", "A6"],
    });
  });

  it("fills short categories in order and keeps what remains short when overflow runs out", () => {
    const { entries, products } = setup({ A: 1, B: 6, C: 1 });
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      A: ["A1", "B5", "B6"],
      B: ["B1", "B2", "B3", "B4"],
      C: ["C1"],
    });
  });

  it("does not show a category without featured products of its own", () => {
    const { entries, products } = setup({ A: 9 });
    const groups = distributeFeatured(entries, products, { categories: CATS });
    expect(ids(groups)).toEqual({ A: ["A1", "A2", "A3", "A4"] });
  });

  it("skips products that failed to load and fills from the overflow instead", () => {
    const { entries, products } = setup({ A: 3, B: 6 }, ["A2", "B1"]);
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      A: ["A1", "A3", "B6"],
      B: ["B2", "B3", "B4", "B5"],
    });
  });

  it("drops a category whose products all failed", () => {
    const { entries, products } = setup({ A: 2, B: 4 }, ["A1", "A2"]);
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      B: ["B1", "B2", "B3", "B4"],
    });
  });

  it("uses entries of categories outside the groups only as overflow, after the groups' own extras", () => {
    const entries: FeaturedEntry[] = [
      { id: "X1", categoryId: "999" },
      { id: "A1", categoryId: "A" },
      { id: "B1", categoryId: "B" },
      { id: "B2", categoryId: "B" },
      { id: "B3", categoryId: "B" },
      { id: "B4", categoryId: "B" },
      { id: "B5", categoryId: "B" },
    ];
    const products = entries.map((e) => makeProduct(e.id));
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      A: ["A1", "B5", "X1"],
      B: ["B1", "B2", "B3", "B4"],
    });
  });

  it("shows a product once even when listed twice", () => {
    const entries: FeaturedEntry[] = [
      { id: "P", categoryId: "A" },
      { id: "P", categoryId: "B" },
      { id: "Q", categoryId: "B" },
    ];
    const products = [makeProduct("P"), makeProduct("Q")];
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      A: ["P"],
      B: ["Q"],
    });
  });

  it("keeps the file order inside a category", () => {
    const entries: FeaturedEntry[] = ["A3", "A1", "A2"].map((id) => ({ id, categoryId: "A" }));
    const products = ["A1", "A2", "A3"].map(makeProduct);
    expect(ids(distributeFeatured(entries, products, { categories: CATS }))).toEqual({
      A: ["A3", "A1", "A2"],
    });
  });

  it("returns no groups when nothing loaded", () => {
    const { entries } = setup({ A: 4 });
    expect(distributeFeatured(entries, [], { categories: CATS })).toEqual([]);
    expect(distributeFeatured([], [], { categories: CATS })).toEqual([]);
  });

  it("honours a different group size", () => {
    const { entries, products } = setup({ A: 3, B: 1 });
    expect(
      ids(distributeFeatured(entries, products, { categories: CATS, perCategory: 2 })),
    ).toEqual({
      A: ["A1", "A2"],
      B: ["B1", "A3"],
    });
  });

  it("defaults to the nine top categories with 4 each", () => {
    const entries: FeaturedEntry[] = TOP_CATEGORIES.flatMap((c) =>
      [1, 2, 3, 4, 5].map((i) => ({ id: `${c.id}-${i}`, categoryId: c.id })),
    );
    const products = entries.map((e) => makeProduct(e.id));
    const groups = distributeFeatured(entries, products);
    expect(groups.map((g) => g.category.id)).toEqual(TOP_CATEGORIES.map((c) => c.id));
    expect(groups.every((g) => g.products.length === 4)).toBe(true);
    expect(groups[0].category.name).toBe(TOP_CATEGORIES[0].name);
  });
});
