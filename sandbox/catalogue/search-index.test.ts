/**
 * The in-memory search must give what FTS5 gave: the same products in the same order, for
 * every kind of query, alone or with a category. The reference below is the plain FTS5 way,
 * written out again here: bm25 with the column weights, then the title tiers and sellable
 * products first (docs/decisions/0222, 0381).
 */
import type { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCatalogueDb } from "./db-build.ts";
import { CatalogueStore } from "./db.ts";
import { SearchIndex } from "./search-index.ts";

let store: CatalogueStore;
let index: SearchIndex;

beforeAll(async () => {
  store = new CatalogueStore(await ensureCatalogueDb(".data/sandbox"));
  const loaded = SearchIndex.load(store.db);
  if (!loaded) throw new Error("the catalogue database has no search index");
  index = loaded;
});
afterAll(() => store.close());

const wordsOf = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);

/** Every matching product id, best first, straight from FTS5. */
function reference(db: DatabaseSync, text: string, categoria: string | null = null): number[] {
  const words = wordsOf(text);
  const all = words.map((w) => `"${w}"*`).join(" AND ");
  const ids = (text: string) =>
    (
      db
        .prepare("SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?")
        .all(text) as Array<{
        id: number;
      }>
    ).map((r) => r.id);
  const ranked = (
    db
      .prepare(
        `SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?
         ORDER BY bm25(products_fts, 10.0, 6.0, 6.0, 3.0, 1.0), rowid`,
      )
      .all(all) as Array<{ id: number }>
  ).map((r) => r.id);
  const leads = new Set(ids(`title : ^"${words[0]}"* AND (${all})`));
  const inTitle = new Set(ids(`title : (${all})`));
  const sellable = new Set(
    (
      db.prepare("SELECT id FROM products WHERE has_title = 1 AND price > 0").all() as Array<{
        id: number;
      }>
    ).map((r) => r.id),
  );
  const tier = (id: number) =>
    (leads.has(id) ? 0 : inTitle.has(id) ? 2 : 4) + (sellable.has(id) ? 0 : 1);
  const ordered = ranked
    .map((id, position) => ({ id, position }))
    .sort((a, b) => tier(a.id) - tier(b.id) || a.position - b.position)
    .map((r) => r.id);
  if (categoria === null) return ordered;
  const inCategory = new Set(
    (
      db
        .prepare("SELECT id FROM products WHERE ? IN (cat1, cat2, cat3)")
        .all(Number(categoria)) as Array<{ id: number }>
    ).map((r) => r.id),
  );
  return ordered.filter((id) => inCategory.has(id));
}

/** The ids of one page of the store's search. */
function page(text: string, categoria: string | null, offset: number, limit: number) {
  const { records, total } = store.list({ search: text, categoria, limit, offset });
  const ids = records.map((r) => {
    const record = JSON.parse(r) as Record<string, unknown>;
    return Number(record.id ?? record.producto_id ?? record.id_producto);
  });
  return { ids, total };
}

const QUERIES = [
  // one word: common, brand, short prefixes, a digit
  "camara",
  "hikvision",
  "poe",
  "c",
  "4",
  // two words
  "camara ip",
  "cable utp",
  "switch poe",
  "sensor movimiento",
  "radio portatil",
  "control acceso",
  // accents, case and punctuation
  "Cámara Domo",
  "detección humo",
  "señal",
  "DS-2CD",
  "bala, 4 mp!",
  "ÁÉÍÓÚ ñ ü ç",
  // the same word twice, more words than the 12 that count
  "camara camara",
  "kit de camara ip bala 4 mp con ir de 30 m y poe",
  // no match
  "xyzzy",
  "camara zzzz",
];

describe("SearchIndex.match", () => {
  it.each(QUERIES)("%j: the same products, order and title tiers as FTS5", (text) => {
    const fast = index.match(wordsOf(text));
    expect(fast).not.toBeNull();
    const ranked = store.matchWithFts(
      wordsOf(text)
        .map((w) => `"${w}"*`)
        .join(" AND "),
      text,
    );
    expect(Array.from(fast!.ids)).toEqual(ranked.ids);
    expect(Array.from(fast!.titleTier)).toEqual(Array.from(ranked.titleTier));
  });

  it("leaves words outside the plain letters to FTS5", () => {
    expect(index.match(["straße"])).toBeNull();
    expect(index.match(["camara", "ø"])).toBeNull();
    expect(index.match([])).toBeNull();
  });
});

describe("CatalogueStore.list with a search", () => {
  it.each(QUERIES)("%j: every page as the reference", (text) => {
    const expected = reference(store.db, text);
    const first = page(text, null, 0, 60);
    expect(first.total).toBe(expected.length);
    expect(first.ids).toEqual(expected.slice(0, 60));
    const middle = Math.floor(expected.length / 2);
    expect(page(text, null, middle, 60).ids).toEqual(expected.slice(middle, middle + 60));
    const last = Math.max(0, expected.length - 7);
    expect(page(text, null, last, 60).ids).toEqual(expected.slice(last));
  });

  it.each([
    ["camara ip", "22"],
    ["camara", "200"],
    ["camara bala", "1000"],
    ["Cámara", "65811"],
    ["cable utp", "26"],
    ["sensor movimiento", "32"],
    ["xyzzy", "22"],
  ])("%j in category %s: the reference's products of that category", (text, categoria) => {
    const expected = reference(store.db, text, categoria);
    const { ids, total } = page(text, categoria, 0, 200);
    expect(total).toBe(expected.length);
    expect(ids).toEqual(expected.slice(0, 200));
  });

  it("answers words the index leaves to FTS5 the same way", () => {
    for (const text of ["straße camara", "ø"]) {
      const expected = reference(store.db, text);
      const { ids, total } = page(text, null, 0, 200);
      expect(total).toBe(expected.length);
      expect(ids).toEqual(expected.slice(0, 200));
    }
  });
});
