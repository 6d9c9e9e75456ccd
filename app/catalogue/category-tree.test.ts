import { describe, expect, it } from "vitest";
import { buildCategoryTree, categoryHref, menuTree } from "./category-tree";
import type { Category } from "~/merchant-api/product";

const cat = (
  id: string,
  name: string,
  parentId: string | null,
  level: number | null = null,
): Category => ({
  id,
  name,
  parentId,
  level,
  productCount: null,
});

describe("buildCategoryTree", () => {
  it("nests children under their parents", () => {
    const tree = buildCategoryTree([
      cat("22", "Videovigilancia", null, 1),
      cat("100", "Cámaras IP", "22", 2),
      cat("101", "Domo", "100", 3),
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c) => c.id)).toEqual(["100"]);
    expect(tree[0].children[0].children.map((c) => c.id)).toEqual(["101"]);
  });

  it("orders roots by the menu order of the top categories, unknown roots last by name", () => {
    const tree = buildCategoryTree([
      cat("65811", "Cableado Estructurado", null),
      cat("999", "Accesorios", null),
      cat("37", "Control de Acceso", null),
      cat("22", "Videovigilancia", null),
      cat("998", "Ópticas", null),
    ]);
    expect(tree.map((c) => c.id)).toEqual(["22", "37", "65811", "999", "998"]);
  });

  it("sorts children by name in Spanish, ignoring accents and case", () => {
    const tree = buildCategoryTree([
      cat("22", "Videovigilancia", null),
      cat("3", "domos", "22"),
      cat("1", "Ópticas", "22"),
      cat("2", "Cámaras", "22"),
    ]);
    expect(tree[0].children.map((c) => c.name)).toEqual(["Cámaras", "domos", "Ópticas"]);
  });

  it("keeps orphans, self-parents and cycles as roots instead of losing or looping", () => {
    const tree = buildCategoryTree([
      cat("1", "Huérfana", "404"),
      cat("2", "Propia", "2"),
      cat("3", "Ciclo A", "4"),
      cat("4", "Ciclo B", "3"),
    ]);
    expect(tree.map((c) => c.id).sort()).toEqual(["1", "2", "3", "4"]);
    expect(tree.every((c) => c.children.length === 0)).toBe(true);
  });

  it("ignores repeated ids and does not mutate its input", () => {
    const input = [
      cat("22", "Videovigilancia", null),
      cat("22", "Duplicada", null),
      cat("5", "Cámaras", "22"),
    ];
    const copy = structuredClone(input);
    const tree = buildCategoryTree(input);
    expect(tree).toHaveLength(1);
    expect(tree[0].name).toBe("Videovigilancia");
    expect(input).toEqual(copy);
  });

  it("returns an empty tree for an empty list", () => {
    expect(buildCategoryTree([])).toEqual([]);
  });
});

describe("menuTree", () => {
  it("keeps the top categories and their subcategories, and drops deeper ones", () => {
    const tree = buildCategoryTree([
      cat("22", "Videovigilancia", null),
      cat("2", "Cámaras", "22"),
      cat("3", "Domo", "2"),
      cat("4", "Domo 4K", "3"),
    ]);
    const menu = menuTree(tree);
    expect(menu[0].children[0].id).toBe("2");
    expect(menu[0].children[0].children).toEqual([]);
    expect(tree[0].children[0].children[0].id).toBe("3"); // the full tree is left whole
  });
});

describe("categoryHref", () => {
  it("links to the catalogue with the id and the encoded name", () => {
    expect(categoryHref({ id: "22", name: "Redes y Audio-Video" })).toBe(
      "/productos?categoria=22&nombre=Redes+y+Audio-Video",
    );
  });
});
