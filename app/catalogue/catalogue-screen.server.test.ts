import { describe, expect, it } from "vitest";
import type { Product } from "~/merchant-api/product";
import { makeProduct } from "~/merchant-api/product.fixtures";
import { buildCatalogueScreen } from "./catalogue-screen.server";

function product(id: string): Product {
  return makeProduct({ id, title: `Producto ${id}`, price: 1000 });
}

describe("buildCatalogueScreen counts", () => {
  const listing = Array.from({ length: 30 }, (_, i) => product(`p-${i}`));
  const screen = (expectedTotal: number | null, query = "") =>
    buildCatalogueScreen({
      url: new URL(`http://tienda.test/productos.data?${query}`),
      listing,
      heading: "Productos",
      breadcrumb: [],
      banner: null,
      context: { categoria: "7" },
      expectedTotal,
      canonicalPath: "/categoria/7",
      description: "",
    });

  it("counts the whole list and pages it 24 at a time", async () => {
    const s = screen(30);
    expect([s.total, s.page, s.pageCount, s.products.length, s.partial]).toEqual([
      30,
      1,
      2,
      24,
      null,
    ]);
  });

  it("says when the list is only part of what the category has", async () => {
    expect(screen(45).partial).toEqual({ loaded: 30, total: 45 });
  });

  it("keeps only the list's own parameters for 'Limpiar', whatever the request path", async () => {
    const s = screen(30, "categoria=7&marca=X&precio_min=5&vista=lista&pagina=2");
    expect(s.clearQuery).toBe("categoria=7&vista=lista");
    expect(JSON.stringify(s)).not.toContain(".data");
  });
});
