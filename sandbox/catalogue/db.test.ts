import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DB_FILE, ensureCatalogueDb } from "./db-build.ts";
import { CatalogueStore } from "./db.ts";
import { toFtsQuery } from "./fts-query.ts";

describe("toFtsQuery", () => {
  it("ANDs every word as a quoted prefix and drops punctuation", () => {
    expect(toFtsQuery("Cámara  bala-4")).toBe('"cámara"* AND "bala"* AND "4"*');
    expect(toFtsQuery('"; DROP TABLE products; --')).toBe('"drop"* AND "table"* AND "products"*');
    expect(toFtsQuery(" -- ")).toBeNull();
  });
});

describe("ensureCatalogueDb", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-db-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("generates once when several callers start together, and leaves no temporary files", async () => {
    const files = await Promise.all([1, 2, 3].map(() => ensureCatalogueDb(dir, { count: 300 })));
    expect(new Set(files)).toEqual(new Set([path.join(dir, DB_FILE)]));
    expect(fs.readdirSync(dir)).toEqual([DB_FILE]);
    const store = new CatalogueStore(files[0]);
    try {
      expect(store.productCount).toBe(300);
      // Read-only: writes are refused.
      expect(() => store.db.exec("DELETE FROM products")).toThrow();
    } finally {
      store.close();
    }
  });

  it("reuses an existing file without regenerating it", async () => {
    const file = path.join(dir, DB_FILE);
    const before = fs.statSync(file).mtimeMs;
    expect(await ensureCatalogueDb(dir, { count: 10 })).toBe(file);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  });

  it("takes over a lock left by a process that no longer exists, and drops older versions", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-lock-"));
    try {
      fs.writeFileSync(path.join(other, `${DB_FILE}.lock`), "999999999");
      fs.writeFileSync(path.join(other, "catalogo-v0.sqlite"), "old");
      const file = await ensureCatalogueDb(other, { count: 20 });
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.readdirSync(other)).toEqual([DB_FILE]);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("related products, accessories and prices from memory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-lists-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("give what their queries give, for every product", async () => {
    const store = new CatalogueStore(await ensureCatalogueDb(dir, { count: 1500 }));
    try {
      let withAccessories = 0;
      const ids = store.db.prepare("SELECT id FROM products").all() as Array<{ id: number }>;
      expect(ids).toHaveLength(1500);
      for (const { id } of ids) {
        const key = String(id);
        for (const limit of [1, 12]) {
          expect(store.related(key, limit)).toEqual(store.relatedWithSql(key, limit));
          expect(store.accessories(key, limit)).toEqual(store.accessoriesWithSql(key, limit));
        }
        if ((store.accessories(key, 12) ?? []).length > 0) withAccessories++;
        expect(store.price(key)).toEqual(store.priceWithSql(key));
        expect(store.price(key)).toEqual(store.priceWithSql(key)); // read again, from memory
      }
      // The comparison covered both kinds of product.
      expect(withAccessories).toBeGreaterThan(100);
      expect(store.related("1", 12)).toBeUndefined();
      expect(store.accessories("1", 12)).toBeUndefined();
    } finally {
      store.close();
    }
  });
});

describe("the whole catalogue's pages", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pages-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("give the rows an OFFSET gives, in id order, to the end and past it", async () => {
    const store = new CatalogueStore(await ensureCatalogueDb(dir, { count: 300 }));
    try {
      const byOffset = store.db.prepare("SELECT record FROM products ORDER BY id LIMIT ? OFFSET ?");
      for (const [limit, offset] of [
        [200, 0],
        [200, 200],
        [7, 13],
        [60, 299],
        [60, 300],
        [60, 450],
      ]) {
        const expected = (byOffset.all(limit, offset) as Array<{ record: string }>).map(
          (row) => row.record,
        );
        const page = store.list({ search: null, categoria: null, limit, offset });
        expect(page, `limit ${limit}, offset ${offset}`).toEqual({ records: expected, total: 300 });
      }
      expect(
        store.list({ search: null, categoria: null, limit: 60, offset: 299 }).records,
      ).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});
