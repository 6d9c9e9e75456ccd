import { describe, expect, it } from "vitest";
import { TOP_CATEGORIES } from "../../app/merchant-api/product.ts";
import { BRANDS } from "./brands.ts";
import { buildCategoryTree } from "./category-rows.ts";
import { BASE_MARK, generateCatalogue } from "./generator.ts";
import { hash32, rngFor } from "./rng.ts";

describe("rng", () => {
  it("is deterministic per stream and differs between streams", () => {
    const a = rngFor(1, "x", 3);
    const b = rngFor(1, "x", 3);
    const c = rngFor(1, "x", 4);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    expect(hash32("ab", "c")).not.toBe(hash32("a", "bc"));
  });
});

describe("category tree", () => {
  const tree = buildCategoryTree();

  it("has the nine top groups with the store's ids and names", () => {
    const top = tree.filter((c) => c.level === 1);
    expect(top.map((c) => [c.id, c.name])).toEqual(TOP_CATEGORIES.map((c) => [c.id, c.name]));
    expect(top.map((c) => c.id).sort()).toEqual([
      "22",
      "25",
      "26",
      "27",
      "30",
      "32",
      "37",
      "38",
      "65811",
    ]);
  });

  it("has three levels, several hundred unique numeric ids and valid parents", () => {
    expect(tree.length).toBeGreaterThanOrEqual(300);
    const ids = new Set(tree.map((c) => c.id));
    expect(ids.size).toBe(tree.length);
    for (const c of tree) {
      expect(c.id).toMatch(/^\d+$/);
      if (c.level === 1) expect(c.parentId).toBeNull();
      else expect(tree.find((p) => p.id === c.parentId)?.level).toBe(c.level - 1);
    }
    expect(new Set(tree.map((c) => c.level))).toEqual(new Set([1, 2, 3]));
    expect(tree.some((c) => c.name === "Cámaras IP" && c.level === 2)).toBe(true);
    expect(tree.some((c) => c.name === "Switches PoE" && c.level === 3)).toBe(true);
  });
});

describe("generateCatalogue", () => {
  it("gives the same data for the same seed and count", () => {
    const a = generateCatalogue(400, 7);
    const b = generateCatalogue(400, 7);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it("keeps the first products when the count grows, and changes with the seed", () => {
    const small = generateCatalogue(50, 7);
    const large = generateCatalogue(120, 7);
    expect(large.products.slice(0, 50)).toEqual(small.products);
    const other = generateCatalogue(50, 8);
    expect(other.products.map((p) => p.record)).not.toEqual(small.products.map((p) => p.record));
  });

  describe("a sample of 6,000 products", () => {
    const { products } = generateCatalogue(6_000);

    it("has unique numeric ids and unique URL-safe SKUs", () => {
      expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
      expect(new Set(products.map((p) => p.sku.toUpperCase())).size).toBe(products.length);
      for (const p of products) {
        expect(p.id).toMatch(/^\d+$/);
        expect(p.sku).toMatch(/^[A-Za-z0-9+.-]+$/);
      }
    });

    it("covers every edge case the screens handle", () => {
      const count = (f: (p: (typeof products)[number]) => boolean) => products.filter(f).length;
      expect(count((p) => p.price === null)).toBeGreaterThan(0);
      expect(count((p) => p.price === 0)).toBeGreaterThan(0);
      expect(count((p) => p.price !== null && p.price % 1 !== 0)).toBeGreaterThan(0);
      expect(
        count((p) => p.listPrice !== null && p.price !== null && p.listPrice > p.price),
      ).toBeGreaterThan(0);
      expect(count((p) => p.discountPrice !== null)).toBeGreaterThan(0);
      expect(count((p) => p.stock === 0)).toBeGreaterThan(0);
      expect(count((p) => p.stock >= 1 && p.stock <= 3)).toBeGreaterThan(0);
      expect(count((p) => p.stock >= 4 && p.stock <= 5)).toBeGreaterThan(0);
      expect(count((p) => p.stock >= 1000)).toBeGreaterThan(0);
      expect(count((p) => p.imageCount === 0 && !p.brokenImage)).toBeGreaterThan(0);
      expect(count((p) => p.brokenImage)).toBeGreaterThan(0);
      expect(count((p) => p.imageCount >= 2)).toBeGreaterThan(0);
      expect(count((p) => p.title === null)).toBeGreaterThan(0);
      expect(count((p) => p.brand === null)).toBeGreaterThan(0);
      expect(count((p) => p.hostileHtml)).toBeGreaterThan(0);
      const pdfShare = count((p) => p.hasDatasheet) / products.length;
      expect(pdfShare).toBeGreaterThan(0.35);
      expect(pdfShare).toBeLessThan(0.45);
    });

    it("keeps prices in realistic COP and makes hostile HTML only on purpose", () => {
      for (const p of products) {
        if (p.price !== null && p.price !== 0) {
          expect(p.price).toBeGreaterThanOrEqual(20_000);
          expect(p.price).toBeLessThanOrEqual(15_000_000);
        }
        const hostile = /<script|onclick=|onerror=|javascript:/i.test(p.html);
        expect(hostile).toBe(p.hostileHtml);
      }
    });

    it("uses every field variant of the merchant API", () => {
      const keys = new Set(products.flatMap((p) => Object.keys(p.record)));
      for (const key of [
        "id",
        "producto_id",
        "id_producto",
        "titulo",
        "title",
        "marca",
        "marca_nombre",
        "brand_name",
        "imagenes",
        "images",
        "img_portada",
        "imagen",
        "total_existencia",
        "existencia_total",
        "existencia",
        "descripcion_larga",
        "description_html",
        "precio_lista",
        "precio_descuentos",
      ]) {
        expect(keys, key).toContain(key);
      }
      expect(products.some((p) => typeof p.record.precio === "string")).toBe(true);
      expect(products.some((p) => typeof (p.record.features as unknown[])[0] === "object")).toBe(
        true,
      );
    });

    it("writes Spanish titles from the kind and its features, and image URLs under the base mark", () => {
      const camera = products.find((p) => p.title?.startsWith("Cámara IP Bala"));
      expect(camera?.title).toMatch(/^Cámara IP Bala \d+ MP( \(4K\))? con IR \d+ m, lente /);
      const withImage = products.find((p) => p.imageCount > 0 && !p.brokenImage);
      const urls = (withImage?.record.imagenes ?? withImage?.record.images) as Array<{
        url: string;
      }>;
      expect(urls[0].url).toBe(`${BASE_MARK}/img/productos/${withImage?.id}-1.svg`);
    });

    it("dates most products' last change in the past, Bogotá time, and leaves some undated", () => {
      const dated = products.filter((p) => p.updatedAt !== null);
      const share = 1 - dated.length / products.length;
      expect(share).toBeGreaterThan(0.02);
      expect(share).toBeLessThan(0.06);
      for (const p of dated) {
        expect(p.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-05:00$/);
        expect(p.record.fecha_actualizacion).toBe(p.updatedAt);
        const time = Date.parse(p.updatedAt!);
        expect(time).toBeGreaterThanOrEqual(Date.parse("2024-03-01T00:00:00-05:00"));
        expect(time).toBeLessThan(Date.parse("2025-09-06T00:00:00-05:00"));
      }
      for (const p of products.filter((q) => q.updatedAt === null)) {
        expect(p.record).not.toHaveProperty("fecha_actualizacion");
      }
      expect(new Set(dated.map((p) => p.updatedAt!.slice(0, 10))).size).toBeGreaterThan(300);
    });

    it("sells each brand only in groups the tree gives it", () => {
      const tree = buildCategoryTree();
      for (const p of products) {
        const leaf = tree.find((c) => c.id === p.categories[2].id);
        expect(leaf?.brands).toContain(p.maker);
      }
      const makers = new Set(products.map((p) => p.maker));
      expect(BRANDS.length).toBeGreaterThanOrEqual(55);
      expect(makers.size).toBeGreaterThanOrEqual(55);
    });
  });
});
