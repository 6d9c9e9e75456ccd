import { describe, expect, it } from "vitest";
import { createHeldProducts } from "./held-products.server";
import type { Product } from "./product";
import { makeProduct } from "./product.fixtures";

describe("createHeldProducts", () => {
  it("gives the object already held for an unchanged product, and a changed one in its place", () => {
    const { hold } = createHeldProducts();
    const cameras = { id: "22", name: "Cámaras", level: 2 };
    const domo = makeProduct({ id: "7", title: "Domo", price: 1000, categories: [cameras] });
    // Every read is a fresh copy, as from the API.
    expect(hold(structuredClone(domo))).toBe(hold(structuredClone(domo)));
    const first = hold(structuredClone(domo));
    const repriced = hold({ ...structuredClone(domo), price: 2000 });
    expect(repriced).not.toBe(first);
    expect(repriced.price).toBe(2000);
    // A change deep inside counts too, and the newest read is what is held from then on.
    const moved = hold({
      ...structuredClone(domo),
      price: 2000,
      categories: [{ ...cameras, id: "23" }],
    });
    expect(moved).not.toBe(repriced);
    expect(hold(structuredClone(moved))).toBe(moved);
    expect(hold(makeProduct({ id: "8", title: "Domo", price: 1000 }))).not.toBe(moved);
  });

  it("takes a change in any field of a product for a new product", () => {
    const base = makeProduct({
      id: "9",
      title: "Domo",
      categories: [{ id: "22", name: "Cámaras", level: 2 }],
      images: ["/a.jpg"],
      specifications: { Marca: "Hikvision" },
      features: ["IP67"],
    });
    for (const field of Object.keys(base) as (keyof Product)[]) {
      if (field === "id") continue;
      const { hold } = createHeldProducts();
      const held = hold(base);
      const value = base[field];
      const changed =
        typeof value === "string"
          ? `${value}!`
          : typeof value === "number"
            ? value + 1
            : typeof value === "boolean"
              ? !value
              : value === null
                ? "x"
                : Array.isArray(value)
                  ? [...value, value[0]]
                  : { ...value, Otro: "1" };
      expect(hold({ ...base, [field]: changed }), field).not.toBe(held);
    }
  });

  it("compares specifications by name and value, not by the order the API lists them", () => {
    const { hold } = createHeldProducts();
    const specs = { Marca: "Hikvision", Resolución: "4 MP" };
    const held = hold(makeProduct({ id: "9", specifications: specs }));
    const reordered = { Resolución: "4 MP", Marca: "Hikvision" };
    expect(hold(makeProduct({ id: "9", specifications: reordered }))).toBe(held);
    // As many specifications, one of them renamed.
    const renamed = { Marca: "Hikvision", Resolucion: "4 MP" };
    expect(hold(makeProduct({ id: "9", specifications: renamed }))).not.toBe(held);
  });

  it("holds a product read again as unchanged, whatever the store keeps on it under a symbol", () => {
    const { hold } = createHeldProducts();
    const domo = makeProduct({ id: "7", title: "Domo" });
    const held = hold(structuredClone(domo));
    // As the search keeps a product's normalised text (app/search/search.ts).
    Object.defineProperty(held, Symbol("searchable text"), { value: { title: "domo" } });
    expect(hold(structuredClone(domo))).toBe(held);
  });

  it("forgets the least recently read past its bound", () => {
    const { hold } = createHeldProducts(2);
    const one = hold(makeProduct({ id: "1" }));
    const two = hold(makeProduct({ id: "2" }));
    hold(makeProduct({ id: "1" }));
    hold(makeProduct({ id: "3" }));
    expect(hold(makeProduct({ id: "1" }))).toBe(one);
    expect(hold(makeProduct({ id: "2" }))).not.toBe(two);
  });
});

describe("held", () => {
  it("gives the product as last read, and nothing for one never read", () => {
    const { hold, held } = createHeldProducts();
    const domo = makeProduct({ id: "7", title: "Domo", sku: "DS-2CD" });
    hold(domo);
    expect(held("7")).toBe(domo);
    const renamed = hold({ ...domo, sku: "DS-2CD-B" });
    expect(held("7")).toBe(renamed);
    expect(held("8")).toBeUndefined();
  });
});
