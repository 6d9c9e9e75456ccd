/**
 * A category's listing (spec §7, §8): limit=60 pages while has_more, at most 50 pages; a
 * non-OK page stops paging and keeps what was loaded; an exception gives an empty list;
 * a complete listing is cached.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "~/merchant-api/product";
import { makeProduct } from "~/search/search.fixtures";
import { ApiError, listProducts, type ProductPage } from "~/merchant-api/client.server";
import {
  categoryBreadcrumb,
  categoryTrail,
  LISTING_MAX_PAGES,
  LISTING_PAGE_SIZE,
  loadListing,
  subcategoryLinks,
} from "./catalogue.server";

vi.mock("~/merchant-api/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/merchant-api/client.server")>();
  return { ...original, listProducts: vi.fn() };
});

const list = vi.mocked(listProducts);

function product(id: string): Product {
  return makeProduct({ id, title: `Producto ${id}`, price: 1000 });
}

/** A page of `count` products starting at `offset`, numbered for the category. */
function page(categoria: string, offset: number, count: number, hasMore: boolean): ProductPage {
  const products = Array.from({ length: count }, (_, i) => product(`${categoria}-${offset + i}`));
  return { products, hasMore, total: null };
}

// A block body: a function returned from beforeEach would run as a cleanup hook.
beforeEach(() => {
  list.mockReset();
});

describe("loadListing", () => {
  it("reads 60 at a time while has_more, then serves the next request from the cache", async () => {
    list.mockImplementation(async ({ categoria, offset }) =>
      page(categoria ?? "", offset, offset < 120 ? LISTING_PAGE_SIZE : 7, offset < 120),
    );
    const products = await loadListing({ categoria: "c-pages" });
    expect(products).toHaveLength(127);
    expect(list.mock.calls.map(([p]) => [p.categoria, p.limit, p.offset])).toEqual([
      ["c-pages", 60, 0],
      ["c-pages", 60, 60],
      ["c-pages", 60, 120],
    ]);
    await loadListing({ categoria: "c-pages" });
    expect(list).toHaveBeenCalledTimes(3);
  });

  it("stops after 50 pages even when has_more stays true", async () => {
    list.mockImplementation(async ({ categoria, offset }) =>
      page(categoria ?? "", offset, LISTING_PAGE_SIZE, true),
    );
    const products = await loadListing({ categoria: "c-endless" });
    expect(LISTING_MAX_PAGES).toBe(50);
    expect(list).toHaveBeenCalledTimes(50);
    expect(products).toHaveLength(50 * 60);
  });

  it("a non-OK page stops paging and keeps what was loaded", async () => {
    list.mockImplementation(async ({ categoria, offset }) => {
      if (offset === 120) throw new ApiError("Error HTTP: 500", 500);
      return page(categoria ?? "", offset, LISTING_PAGE_SIZE, true);
    });
    const products = await loadListing({ categoria: "c-cut" });
    expect(list).toHaveBeenCalledTimes(3);
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 120 }, (_, i) => `c-cut-${i}`));
  });

  it("an exception (not an HTTP status) gives an empty list", async () => {
    list.mockImplementation(async ({ categoria, offset }) => {
      if (offset === 60) throw new TypeError("boom");
      return page(categoria ?? "", offset, LISTING_PAGE_SIZE, true);
    });
    await expect(loadListing({ categoria: "c-broken" })).resolves.toEqual([]);
  });

  it("a product repeated across pages is listed once", async () => {
    list.mockImplementation(async ({ offset }) =>
      offset === 0 ? page("d", 0, 3, true) : page("d", 2, 2, false),
    );
    const products = await loadListing({ categoria: "c-dupes" });
    expect(products.map((p) => p.id)).toEqual(["d-0", "d-1", "d-2", "d-3"]);
  });
});

describe("subcategoryLinks and the way back up", () => {
  const categories = [
    { id: "22", name: "Videovigilancia", level: 1, parentId: null, productCount: 6825 },
    { id: "203", name: "Cámaras Analógicas", level: 2, parentId: "22", productCount: 800 },
    { id: "200", name: "Cámaras IP", level: 2, parentId: "22", productCount: 2721 },
    { id: "1000", name: "Cámaras Bala", level: 3, parentId: "200", productCount: 347 },
    { id: "209", name: "Grabadores", level: 2, parentId: "22", productCount: null },
    { id: "37", name: "Control de Acceso", level: 1, parentId: null, productCount: 10 },
  ];

  it("offers the direct children with their counts, as links to their pages", () => {
    expect(subcategoryLinks(categories, "22")).toEqual([
      { id: "203", name: "Cámaras Analógicas", href: "/categoria/203", productCount: 800 },
      { id: "200", name: "Cámaras IP", href: "/categoria/200", productCount: 2721 },
      { id: "209", name: "Grabadores", href: "/categoria/209", productCount: null },
    ]);
    expect(subcategoryLinks(categories, "1000")).toEqual([]);
  });

  it("leads from a subcategory back up through its parents", () => {
    expect(categoryBreadcrumb(categoryTrail(categories, "1000"))).toEqual([
      { label: "Inicio", to: "/" },
      { label: "Categorías", to: "/categorias" },
      { label: "Videovigilancia", to: "/categoria/22" },
      { label: "Cámaras IP", to: "/categoria/200" },
      { label: "Cámaras Bala", to: "/categoria/1000" },
    ]);
  });
});
