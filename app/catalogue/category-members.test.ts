import { describe, expect, it } from "vitest";
import type { Product, ProductCategoryRef } from "~/merchant-api/product";
import { makeProduct } from "~/merchant-api/product.fixtures";
import { productsOfCategory } from "./category-members";

const ref = (id: string, level: number): ProductCategoryRef => ({ id, name: `C${id}`, level });

function product(id: string, categoryId: string | null, refs: ProductCategoryRef[]): Product {
  return makeProduct({ id, categoryId, categories: refs });
}

describe("productsOfCategory", () => {
  const catalogue = [
    product("1", "22", [ref("22", 1), ref("200", 2), ref("2001", 3)]),
    product("2", "22", [ref("22", 1), ref("201", 2)]),
    product("3", "30", [ref("30", 1), ref("300", 2)]),
    product("4", "22", [ref("22", 1), ref("200", 2), ref("2002", 3)]),
    product("5", "40", []), // no references: its own category only
  ];
  const ids = (list: readonly Product[]) => list.map((p) => p.id);

  it("lists a category's products at every level, in the list's order, each once", () => {
    expect(ids(productsOfCategory(catalogue, "22"))).toEqual(["1", "2", "4"]);
    expect(ids(productsOfCategory(catalogue, "200"))).toEqual(["1", "4"]);
    expect(ids(productsOfCategory(catalogue, "2002"))).toEqual(["4"]);
    expect(ids(productsOfCategory(catalogue, "40"))).toEqual(["5"]);
    expect(productsOfCategory(catalogue, "999")).toEqual([]);
  });

  it("gives the same array for the same list, and reads a new list anew", () => {
    expect(productsOfCategory(catalogue, "200")).toBe(productsOfCategory(catalogue, "200"));
    const next = [...catalogue, product("6", "22", [ref("22", 1), ref("200", 2)])];
    expect(ids(productsOfCategory(next, "200"))).toEqual(["1", "4", "6"]);
    expect(ids(productsOfCategory(catalogue, "200"))).toEqual(["1", "4"]);
  });
});
