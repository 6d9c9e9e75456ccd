/**
 * The API client against the embedded sandbox, in-process, through the same
 * Request/Response path a remote API uses.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TOP_CATEGORIES, type Product } from "../../app/merchant-api/product";
import { ApiError, createApiClient } from "../../app/merchant-api/client.server";
import { loadFeatured } from "../../app/home/featured.server";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";

const F = SANDBOX_FIXTURES;

const api = createApiClient({
  sandboxDataDir: path.resolve(".data/sandbox-client-tests"),
  timeoutMs: 60_000,
  concurrency: 6,
});

let firstPage: Product[] = [];

beforeAll(async () => {
  firstPage = (await api.listProducts({ limit: 24, offset: 0 })).products;
}, 120_000);

describe("products", () => {
  it("lists a page with has_more and the total", async () => {
    const page = await api.listProducts({ limit: 5, offset: 0 });
    expect(page.products).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(22_000);
    const next = await api.listProducts({ limit: 5, offset: 5 });
    expect(next.products.map((p) => p.id)).not.toContain(page.products[0].id);
  });

  it("filters by category and by search text", async () => {
    const inCategory = await api.listProducts({ categoria: "22", limit: 10, offset: 0 });
    expect(inCategory.products.length).toBeGreaterThan(0);
    const all = await api.listProducts({ limit: 1, offset: 0 });
    expect(inCategory.total ?? 0).toBeLessThan(all.total ?? 0);
    const searched = await api.listProducts({ search: "cámara", limit: 10, offset: 0 });
    expect(searched.products.length).toBeGreaterThan(0);
  });

  it("loads one product with its details", async () => {
    const product = await api.getProduct(firstPage[0].id);
    expect(product.id).toBe(firstPage[0].id);
    expect(product.title).toBeTruthy();
    expect(product.stock).toBeGreaterThanOrEqual(0);
    expect(product.available).toBe(product.stock > 0);
  });

  it("answers an unknown product with ApiError 404 'Producto no encontrado'", async () => {
    const error = await api.getProduct("999999999").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "Producto no encontrado" });
  });

  it("loads a batch, leaving unknown ids out", async () => {
    const ids = [firstPage[1].id, "999999999", firstPage[0].id];
    const products = await api.getProductsBatch(ids);
    expect(products.map((p) => p.id)).toEqual([firstPage[1].id, firstPage[0].id]);
  });

  it("gives integer prices from the price call", async () => {
    const prices = await Promise.all(firstPage.map((p) => api.getPrice(p.id)));
    expect(prices.some((p) => p !== null && p > 0)).toBe(true);
    for (const price of prices) {
      if (price !== null) expect(Number.isInteger(price)).toBe(true);
    }
    const priced = await api.withCurrentPrices(firstPage);
    priced.forEach((p, i) => {
      if (prices[i] !== null) expect(p.price).toBe(prices[i]);
    });
  });

  it("searches products", async () => {
    const results = await api.searchProducts("camara");
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(50);
  });

  it("loads related products and accessories (at most 12)", async () => {
    const related = await api.getRelatedProducts(firstPage[0].id);
    const accessories = await api.getAccessories(firstPage[0].id);
    expect(related.length).toBeLessThanOrEqual(12);
    expect(accessories.length).toBeLessThanOrEqual(12);
    expect(related.map((p) => p.id)).not.toContain(firstPage[0].id);
  });

  it("gives one object per unchanged product, whichever list it was read in", async () => {
    const again = await api.listProducts({ limit: 24, offset: 0 });
    expect(again.products[3]).toBe(firstPage[3]);
    const [inBatch] = await api.getProductsBatch([firstPage[4].id]);
    expect(inBatch).toBe(firstPage[4]);
    const related = await api.getRelatedProducts(firstPage[4].id);
    expect(related.length).toBeGreaterThan(0);
    const [relatedInBatch] = await api.getProductsBatch([related[0].id]);
    expect(relatedInBatch).toBe(related[0]);
    const title = firstPage[5].title ?? "";
    const found = (await api.searchProducts(title)).find((p) => p.id === firstPage[5].id);
    expect(found).toBe(firstPage[5]);
  });
});

describe("fixtures: every edge the screens handle", () => {
  it("normalises each field variant of the API into one product model", async () => {
    const v = F.fieldVariants;
    const ids = [...new Set(Object.values(v))];
    const products = new Map((await api.getProductsBatch(ids)).map((p) => [p.id, p]));
    expect([...products.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const p = products.get(id) as Product;
      expect(p.id).toBe(id);
      expect(Number.isInteger(p.stock)).toBe(true);
    }
    expect(products.get(v.title)?.title).toBeTruthy();
    expect(products.get(v.marcaNombre)?.brand).toBeTruthy();
    expect(products.get(v.brandName)?.brand).toBeTruthy();
    expect(products.get(v.images)?.images.length).toBeGreaterThan(0);
    expect(products.get(v.existenciaTotal)?.stock).toBeGreaterThanOrEqual(0);
    expect((await api.getProduct(v.descriptionHtml)).descriptionHtml).toMatch(/<\w+/);
    expect((await api.getProduct(v.featureTextObjects)).features.length).toBeGreaterThan(0);
  });

  it("handles prices: none, zero, decimal, numeric strings, list price above", async () => {
    const p = F.products;
    expect(await api.getPrice(p.noPrice)).toBeNull();
    expect(await api.getPrice(p.zeroPrice)).toBe(0);
    const decimal = await api.getPrice(p.decimalPrice);
    expect(Number.isInteger(decimal)).toBe(true);
    expect(decimal).toBeGreaterThan(0);
    const stringPriced = await api.getProduct(p.stringPrice);
    expect(Number.isInteger(stringPriced.price)).toBe(true);
    expect(stringPriced.price).toBeGreaterThan(0);
    const listed = await api.getProduct(p.listPriceAbove);
    expect(listed.listPrice).toBeGreaterThan(listed.price ?? Infinity);
    const complete = await api.getProduct(p.complete.id);
    expect(complete).toMatchObject({ sku: p.complete.sku, stock: 173 });
    expect(complete.images).toHaveLength(2);
    expect(complete.listPrice).toBeGreaterThan(complete.price ?? Infinity);
  });

  it("derives the stock flags and the missing-data cases", async () => {
    const p = F.products;
    expect(await api.getProduct(p.stock2)).toMatchObject({
      stock: 2,
      available: true,
      popular: true,
      runningLow: true,
    });
    expect(await api.getProduct(p.stock5)).toMatchObject({
      stock: 5,
      popular: true,
      runningLow: false,
    });
    expect(await api.getProduct(p.stock0)).toMatchObject({ stock: 0, available: false });
    expect((await api.getProduct(p.largeStock)).stock).toBeGreaterThanOrEqual(1000);
    expect((await api.getProduct(p.noImages)).images).toEqual([]);
    expect((await api.getProduct(p.noTitle)).title).toBeNull();
    expect((await api.getProduct(p.noBrand)).brand).toBeNull();
    expect((await api.getProduct(p.hostileHtml)).descriptionHtml).toContain("<script");
  });

  it("loads accessories when a product has them", async () => {
    expect((await api.getAccessories(F.products.withAccessories)).length).toBeGreaterThan(0);
    expect(await api.getAccessories(F.products.withoutAccessories)).toEqual([]);
    expect(await api.getRelatedProducts(F.products.unknown)).toEqual([]);
  });

  it("surfaces an upstream 500 with its message", async () => {
    const error = await api.getProduct(F.faults.productId).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, message: F.faults.message });
    await expect(api.searchProducts(`camara ${F.faults.searchWord}`)).rejects.toThrow(
      F.faults.message,
    );
  });

  it("searches accent-insensitively and with every word", async () => {
    const accentless = await api.listProducts({ search: F.search.accentless, limit: 5, offset: 0 });
    expect(accentless.products.some((p) => /cámara/i.test(p.title ?? ""))).toBe(true);
    expect((await api.searchProducts(F.search.multiWord)).length).toBeGreaterThan(0);
    expect(await api.searchProducts(F.search.none)).toEqual([]);
  });

  it("pages through a large category", async () => {
    const { id, minProducts } = F.categories.large;
    const first = await api.listProducts({ categoria: id, limit: 60, offset: 0 });
    expect(first.total).toBeGreaterThanOrEqual(minProducts);
    expect(first.hasMore).toBe(true);
    const last = await api.listProducts({
      categoria: id,
      limit: 60,
      offset: (first.total ?? 0) - 10,
    });
    expect(last.products).toHaveLength(10);
    expect(last.hasMore).toBe(false);
  });

  it("skips featured entries that do not exist", async () => {
    const entries = await api.getFeaturedEntries();
    for (const missing of F.featuredMissingIds) expect(entries.map((e) => e.id)).toContain(missing);
    const { groups } = await loadFeatured(api);
    const shown = groups.flatMap((g) => g.products.map((p) => p.id));
    for (const missing of F.featuredMissingIds) expect(shown).not.toContain(missing);
  });
});

describe("datasheets", () => {
  it("answers for the known fixtures", async () => {
    expect(await api.pdfExists(F.products.withPdf.sku)).toBe(true);
    expect(await api.pdfExists(F.products.withoutPdf.sku)).toBe(false);
    await expect(api.fetchDatasheet(F.products.withoutPdf.sku)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("says which products have a PDF and streams it", async () => {
    const withSku = firstPage.filter((p) => p.sku);
    const exists = await Promise.all(withSku.map((p) => api.pdfExists(p.sku as string)));
    const index = exists.indexOf(true);
    expect(index).toBeGreaterThanOrEqual(0);
    const response = await api.fetchDatasheet(withSku[index].sku as string);
    expect(response.headers.get("content-type")).toContain("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(await api.pdfExists("NO-EXISTE-123")).toBe(false);
  });
});

describe("categories and brands", () => {
  it("lists every category, sorted by name in Spanish", async () => {
    const categories = await api.getCategories();
    const ids = new Set(categories.map((c) => c.id));
    for (const top of TOP_CATEGORIES) expect(ids.has(top.id)).toBe(true);
    const names = categories.map((c) => c.name);
    expect(names).toEqual(
      [...names].sort(new Intl.Collator("es", { sensitivity: "base", numeric: true }).compare),
    );
  });

  it("loads a category and its subcategories; unknown ones get a placeholder and []", async () => {
    const category = await api.getCategory("22");
    expect(category.id).toBe("22");
    expect(category.name).not.toBe("Categoría 22");
    const subcategories = await api.getSubcategories("22");
    expect(subcategories.length).toBeGreaterThan(0);
    expect(subcategories.every((c) => c.parentId === "22")).toBe(true);
    const unknown = F.categories.unknown;
    expect(await api.getCategory(unknown)).toMatchObject({
      id: unknown,
      name: `Categoría ${unknown}`,
    });
    expect(await api.getSubcategories(unknown)).toEqual([]);
    const leaf = await api.getCategory(F.categories.leaf.id);
    expect(leaf).toMatchObject({
      name: F.categories.leaf.name,
      level: 3,
      parentId: F.categories.leaf.parentId,
    });
  });

  it("lists brands with logos", async () => {
    const brands = await api.getBrands();
    expect(brands).toHaveLength(F.brands.count);
    expect(brands.find((b) => b.image?.endsWith(`/${F.brands.logoSlug}.svg`))).toBeTruthy();
    expect(brands.every((b) => b.name.length > 0)).toBe(true);
  });
});

describe("featured products", () => {
  it("reads the featured list and builds groups of at most 4", async () => {
    const entries = await api.getFeaturedEntries();
    expect(entries.length).toBeGreaterThan(0);
    const { groups } = await loadFeatured(api);
    expect(groups.length).toBeGreaterThan(0);
    const order = TOP_CATEGORIES.map((c) => c.id);
    const positions = groups.map((g) => order.indexOf(g.category.id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const group of groups) expect(group.products.length).toBeLessThanOrEqual(4);
  });
});
