/**
 * A category's listing (docs/decisions/0182, 0552): limit=60 pages while has_more, at most 50
 * pages; a non-OK page stops paging and keeps what was loaded; an exception gives an empty list;
 * a complete listing is cached.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "~/merchant-api/product";
import { makeProduct } from "~/merchant-api/product.fixtures";
import {
  ApiError,
  getCategories,
  listProducts,
  type ProductPage,
} from "~/merchant-api/client.server";
import {
  LISTING_MAX_PAGES,
  LISTING_PAGE_SIZE,
  loadListing,
  loadWholeCatalogue,
  PAGES_AT_ONCE,
} from "./catalogue.server";

vi.mock("~/merchant-api/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/merchant-api/client.server")>();
  return { ...original, listProducts: vi.fn(), getCategories: vi.fn() };
});

const list = vi.mocked(listProducts);
const categories = vi.mocked(getCategories);
const category = (id: string, parentId: string | null, productCount: number) => ({
  id,
  name: `Categoría ${id}`,
  level: parentId ? 2 : 1,
  parentId,
  productCount,
});

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
  categories.mockReset();
  categories.mockResolvedValue([]);
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

  it("completes a category past the 50-page limit from its subcategories, once each", async () => {
    // 'big' has 3,100 products: 3,000 reachable by its own walk, the rest only through its two
    // subcategories (each under the limit). Products are numbered b-0 … b-3099 by id order.
    categories.mockResolvedValue([
      category("big", null, 3_100),
      category("big-a", "big", 1_550),
      category("big-b", "big", 1_550),
    ]);
    const ids = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => `b-${from + i}`);
    const members: Record<string, string[]> = {
      big: ids(0, 3_100),
      "big-a": ids(0, 3_100).filter((_, i) => i % 2 === 0),
      "big-b": ids(0, 3_100).filter((_, i) => i % 2 === 1),
    };
    list.mockImplementation(async ({ categoria, offset, limit }) => {
      const all = members[categoria ?? ""] ?? [];
      const slice = all.slice(offset, offset + limit);
      return { products: slice.map(product), hasMore: offset + limit < all.length, total: null };
    });
    const products = await loadListing({ categoria: "big" });
    expect(products).toHaveLength(3_100);
    expect(new Set(products.map((p) => p.id)).size).toBe(3_100);
    // The API's first 3,000 keep their order; the 100 it never gave follow.
    expect(products.slice(0, 3_000).map((p) => p.id)).toEqual(ids(0, 3_000));
    expect(
      products
        .slice(3_000)
        .map((p) => p.id)
        .sort(),
    ).toEqual(ids(3_000, 3_100).sort());
    const calls = list.mock.calls.map(([p]) => p.categoria);
    expect(calls.filter((c) => c === "big")).toHaveLength(50);
    // 1,550 each: 26 pages of 60.
    expect(calls.filter((c) => c === "big-a")).toHaveLength(26);
    expect(calls.filter((c) => c === "big-b")).toHaveLength(26);
    // The subcategories' listings are cached as their own: their pages reuse them.
    expect(await loadListing({ categoria: "big-a" })).toHaveLength(1_550);
    expect(list).toHaveBeenCalledTimes(102);
  });

  describe("the pages a total announces, read ahead", () => {
    /**
     * A listing of `pages` pages of 60 (the last of `last`) whose answers arrive later for the
     * earlier pages, so the order is the walk's, not the answers'. Counts the calls in flight.
     */
    function slowListing(options: {
      pages: number;
      last: number;
      total: number | null;
      fails?: number;
      endsAt?: number;
    }) {
      const flight = { now: 0, most: 0 };
      list.mockImplementation(async ({ categoria, offset }) => {
        flight.most = Math.max(flight.most, ++flight.now);
        const index = offset / LISTING_PAGE_SIZE;
        await new Promise((resolve) => setTimeout(resolve, 2 * (options.pages - index)));
        flight.now--;
        if (index === options.fails) throw new ApiError("Error HTTP: 500", 500);
        const lastPage = index === options.pages - 1 || index === options.endsAt;
        return {
          ...page(
            categoria ?? "",
            offset,
            index === options.pages - 1 ? options.last : LISTING_PAGE_SIZE,
            !lastPage,
          ),
          total: options.total,
        };
      });
      return flight;
    }
    const ids = (categoria: string, count: number) =>
      Array.from({ length: count }, (_, i) => `${categoria}-${i}`);

    it(`asks for up to ${PAGES_AT_ONCE} at once and lists them in page order`, async () => {
      const flight = slowListing({ pages: 6, last: 7, total: 5 * 60 + 7 });
      const products = await loadListing({ categoria: "c-ahead" });
      expect(products.map((p) => p.id)).toEqual(ids("c-ahead", 5 * 60 + 7));
      expect(flight.most).toBe(PAGES_AT_ONCE);
      // More than one, fewer than the upstream limit's six slots (API_CONCURRENCY).
      expect(PAGES_AT_ONCE).toBeGreaterThan(1);
      expect(PAGES_AT_ONCE).toBeLessThan(6);
      expect(list.mock.calls.map(([p]) => p.offset)).toEqual([0, 60, 120, 180, 240, 300]);
    });

    it("reads one page at a time when no total is given", async () => {
      const flight = slowListing({ pages: 4, last: 7, total: null });
      expect(await loadListing({ categoria: "c-no-total" })).toHaveLength(3 * 60 + 7);
      expect(flight.most).toBe(1);
    });

    it("a failed page keeps only the pages before it, though later ones answered", async () => {
      slowListing({ pages: 6, last: 7, total: 5 * 60 + 7, fails: 2 });
      const products = await loadListing({ categoria: "c-ahead-cut" });
      expect(products.map((p) => p.id)).toEqual(ids("c-ahead-cut", 120));
      // Pages 3 to 5 were asked for while it was awaited, and answered: not listed.
      expect(list.mock.calls.map(([p]) => p.offset)).toEqual([0, 60, 120, 180, 240, 300]);
    });

    it("the first page that says there is no more ends it, whatever the total said", async () => {
      slowListing({ pages: 6, last: 7, total: 5 * 60 + 7, endsAt: 1 });
      const products = await loadListing({ categoria: "c-shrunk" });
      expect(products.map((p) => p.id)).toEqual(ids("c-shrunk", 120));
    });

    it("goes on one by one past the total while pages say there is more", async () => {
      // The total said two pages; the catalogue grew to four meanwhile.
      slowListing({ pages: 4, last: 7, total: 2 * 60 });
      expect(await loadListing({ categoria: "c-grown" })).toHaveLength(3 * 60 + 7);
      expect(list).toHaveBeenCalledTimes(4);
    });
  });

  it("a capped category without subcategories keeps what it read", async () => {
    list.mockImplementation(async ({ categoria, offset }) =>
      page(categoria ?? "", offset, LISTING_PAGE_SIZE, true),
    );
    categories.mockResolvedValue([category("c-leaf", null, 9_000)]);
    expect(await loadListing({ categoria: "c-leaf" })).toHaveLength(3_000);
  });
});

// Last: the whole catalogue read here stays held for the module's life, and a category alone is
// read from it from then on.
describe("once the whole catalogue is held", () => {
  const ref = (id: string, level: number) => ({ id, name: `Categoría ${id}`, level });
  const inCategory = (id: string, refs: ReturnType<typeof ref>[]) =>
    makeProduct({
      id,
      title: `Producto ${id}`,
      price: 1000,
      categoryId: refs[0].id,
      categories: refs,
    });

  it("reads the whole catalogue, behind the shoppers, one page at a time", async () => {
    const flight = { now: 0, most: 0 };
    list.mockImplementation(async ({ offset, limit }) => {
      flight.most = Math.max(flight.most, ++flight.now);
      await new Promise((resolve) => setTimeout(resolve, 2));
      flight.now--;
      const products = Array.from({ length: offset < 600 ? limit : 5 }, (_, i) =>
        inCategory(`all-${offset + i}`, [ref("22", 1), ref((offset + i) % 2 ? "201" : "200", 2)]),
      );
      return { products, hasMore: offset < 600, total: 605 };
    });
    expect(await loadWholeCatalogue()).toHaveLength(605);
    expect(list.mock.calls.map(([p]) => [p.limit, p.offset])).toEqual([
      [200, 0],
      [200, 200],
      [200, 400],
      [200, 600],
    ]);
    expect(flight.most).toBe(1);
  });

  it("a category alone is read from it, at every level, with no call", async () => {
    const top = await loadListing({ categoria: "22" });
    expect(top).toHaveLength(605);
    const sub = await loadListing({ categoria: "201" });
    expect(sub.map((p) => p.id).slice(0, 3)).toEqual(["all-1", "all-3", "all-5"]);
    expect(sub).toHaveLength(302);
    expect(await loadListing({ categoria: "404" })).toEqual([]);
    expect(list).not.toHaveBeenCalled();
  });

  it("a category with a search still pages through the API", async () => {
    list.mockImplementation(async ({ categoria, offset }) =>
      page(categoria ?? "", offset, 3, false),
    );
    expect(await loadListing({ categoria: "22", search: "cámara" })).toHaveLength(3);
    expect(list.mock.calls.map(([p]) => [p.categoria, p.search])).toEqual([["22", "cámara"]]);
  });

  it("past the catalogue's window, a category is walked, and the catalogue read again behind it", async () => {
    list.mockImplementation(async ({ categoria, offset, limit }) =>
      categoria
        ? page(categoria, offset, 4, false)
        : {
            products: Array.from({ length: offset < 200 ? limit : 3 }, (_, i) =>
              inCategory(`new-${offset + i}`, [ref("22", 1), ref("200", 2)]),
            ),
            hasMore: offset < 200,
            total: 203,
          },
    );
    vi.useFakeTimers({ now: Date.now() + 36 * 60_000, toFake: ["Date"] });
    try {
      const walked = await loadListing({ categoria: "200" });
      expect(walked.map((p) => p.id)).toEqual(["200-0", "200-1", "200-2", "200-3"]);
      expect(list.mock.calls.map(([p]) => p.categoria)).toContain("200");
      // The catalogue, read again page by page behind it, answers the next listing.
      await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(3));
      list.mockClear();
      await vi.waitFor(async () =>
        expect(await loadListing({ categoria: "200" })).toHaveLength(203),
      );
      expect(list).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
