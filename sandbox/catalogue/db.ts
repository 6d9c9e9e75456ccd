/**
 * The catalogue database, opened read-only (db-build.ts builds it): listings, records, prices,
 * related products, brands and the FTS5 search.
 */
import { DatabaseSync } from "node:sqlite";
import type { StatementSync } from "node:sqlite";
import { LRUCache } from "lru-cache";
import { BRANDS } from "./brands.ts";
import { firstByHash } from "./first-by-hash.ts";
import { ftsWords, toFtsQuery, toTitleQueries } from "./fts-query.ts";
import type { CategoryRef } from "./generator.ts";
import type { Icon } from "./kinds.ts";
import { KINDS } from "./kinds.ts";
import { BM25_WEIGHTS, SearchIndex } from "./search-index.ts";
import type { SearchMatch } from "./search-index.ts";

/** What the drawings and datasheets need, whatever fields the record hides. */
export interface ProductInfo {
  id: string;
  title: string;
  maker: string;
  model: string;
  sku: string;
  icon: Icon;
  categories: CategoryRef[];
  specs: Record<string, string>;
  features: string[];
  imageCount: number;
}

export interface CategoryRecord {
  id: string;
  nombre: string;
  nivel: number;
  padre_id: string | null;
  total_productos: number;
}

const HASH_ORDER = "(p.id * 7919 + ?) % 104729, p.id";

/** A page of a listing: the records in order, and how many the whole listing holds. */
type ListPage = { records: string[]; total: number };

export interface FeaturedRow {
  id: string;
  categoria: string;
}

/** Read-only queries over the catalogue. Records are JSON text with BASE_MARK in URLs. */
export class CatalogueStore {
  readonly db: DatabaseSync;
  readonly categories: CategoryRecord[];
  readonly categoryById: Map<string, CategoryRecord>;
  readonly productCount: number;
  readonly #statements = new Map<string, StatementSync>();
  readonly #searchCache = new LRUCache<string, number[]>({ max: 200 });
  /** Products a shopper can identify and buy: with a title and a positive price. */
  readonly #sellable = new Set<number>();
  /** Product id → [level 1, level 2, level 3] category ids. */
  readonly #categoriesOf = new Map<number, [number, number, number]>();
  /**
   * What the related and accessory lists choose from, held once (docs/decisions/0520): the
   * products of each level-3 category, and the priced products of each kind with their maker.
   * Each list was a query that sorted every candidate row, about 5 ms a product page.
   */
  readonly #inCategory3 = new Map<number, number[]>();
  readonly #pricedOfKind = new Map<string, Array<{ id: number; maker: string }>>();
  readonly #shapeOf = new Map<number, { kind: string; maker: string; hasAccessories: boolean }>();
  /** Every product id in ascending order: where a page of the whole catalogue starts. */
  readonly #ids: number[];
  /** The price call's answers: the file is read-only, so each is read once. */
  readonly #prices = new Map<number, number | null>();
  /** The search's ranking in memory; null (older file, no ln()) leaves every search to FTS5. */
  readonly #index: SearchIndex | null;

  constructor(file: string) {
    this.db = new DatabaseSync(file, { readOnly: true });
    this.categories = (
      this.db
        .prepare("SELECT id, name, level, parent_id, total FROM categories ORDER BY position")
        .all() as Array<{
        id: number;
        name: string;
        level: number;
        parent_id: number | null;
        total: number;
      }>
    ).map((r) => ({
      id: String(r.id),
      nombre: r.name,
      nivel: r.level,
      padre_id: r.parent_id === null ? null : String(r.parent_id),
      total_productos: r.total,
    }));
    this.categoryById = new Map(this.categories.map((c) => [c.id, c]));
    const rows = this.db
      .prepare(
        "SELECT id, cat1, cat2, cat3, kind, maker, has_acc, price > 0 AS priced FROM products",
      )
      .all() as Array<{
      id: number;
      cat1: number;
      cat2: number;
      cat3: number;
      kind: string;
      maker: string;
      has_acc: number;
      priced: number | null;
    }>;
    for (const r of rows) {
      this.#categoriesOf.set(r.id, [r.cat1, r.cat2, r.cat3]);
      this.#shapeOf.set(r.id, { kind: r.kind, maker: r.maker, hasAccessories: r.has_acc === 1 });
      let siblings = this.#inCategory3.get(r.cat3);
      if (!siblings) this.#inCategory3.set(r.cat3, (siblings = []));
      siblings.push(r.id);
      if (r.priced === 1) {
        let ofKind = this.#pricedOfKind.get(r.kind);
        if (!ofKind) this.#pricedOfKind.set(r.kind, (ofKind = []));
        ofKind.push({ id: r.id, maker: r.maker });
      }
    }
    this.productCount = rows.length;
    this.#ids = rows.map((r) => r.id).sort((a, b) => a - b);
    for (const r of this.db
      .prepare("SELECT id FROM products WHERE has_title = 1 AND price > 0")
      .all() as Array<{ id: number }>)
      this.#sellable.add(r.id);
    this.#index = SearchIndex.load(this.db);
  }

  #stmt(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  close(): void {
    this.db.close();
  }

  list(params: {
    search: string | null;
    categoria: string | null;
    limit: number;
    offset: number;
  }): ListPage {
    const fts = params.search === null ? null : toFtsQuery(params.search);
    const category = params.categoria === null ? null : this.categoryById.get(params.categoria);
    if (category === undefined) return { records: [], total: 0 };
    if (fts === null) {
      return category === null
        ? this.#cataloguePage(params.limit, params.offset)
        : this.#categoryPage(category, params.limit, params.offset);
    }
    // Rank the whole match once (bm25 over the FTS table alone is fast; joined it is not),
    // then page and filter by category in memory: the store pages through the same search.
    let ranked = this.#searchCache.get(fts);
    if (!ranked) {
      ranked = this.#rank(fts, params.search ?? "");
      this.#searchCache.set(fts, ranked);
    }
    let ids = ranked;
    if (category !== null) {
      const level = category.nivel - 1;
      const target = Number(category.id);
      ids = ranked.filter((id) => this.#categoriesOf.get(id)?.[level] === target);
    }
    const page = ids.slice(params.offset, params.offset + params.limit);
    return { records: this.#recordsOf(page), total: ids.length };
  }

  /**
   * A page of the whole catalogue, in id order, from the id at the page's position: SQLite reads
   * an OFFSET by walking every row before it, so reading all 22,500 took 600 ms (0645).
   */
  #cataloguePage(limit: number, offset: number): ListPage {
    const from = this.#ids[offset];
    if (from === undefined) return { records: [], total: this.productCount };
    const rows = this.#stmt(
      "SELECT p.record FROM products p WHERE p.id >= ? ORDER BY p.id LIMIT ?",
    ).all(from, limit) as Array<{ record: string }>;
    return { records: rows.map((r) => r.record), total: this.productCount };
  }

  /** A page of a category, in id order: its level's index, whose entries the OFFSET walks. */
  #categoryPage(category: CategoryRecord, limit: number, offset: number): ListPage {
    const rows = this.#stmt(
      `SELECT p.record FROM products p WHERE p.cat${category.nivel} = ? ORDER BY p.id LIMIT ? OFFSET ?`,
    ).all(Number(category.id), limit, offset) as Array<{ record: string }>;
    return { records: rows.map((r) => r.record), total: category.total_productos };
  }

  /**
   * The records of `ids`, in that order (unknown ids left out). One query for the page: in
   * rowid order SQLite reads the rows about twice as fast as one lookup per id.
   */
  #recordsOf(ids: readonly number[]): string[] {
    if (ids.length === 0) return [];
    const rows = this.#stmt(
      "SELECT p.id, p.record FROM json_each(?) AS j JOIN products p ON p.id = j.value",
    ).all(JSON.stringify(ids)) as Array<{ id: number; record: string }>;
    const byId = new Map(rows.map((r) => [r.id, r.record]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * A merchant's search order (docs/decisions/0222): products whose title starts with the
   * product type the shopper typed, then those with every word in the title, then the rest;
   * within each, products with a title and a price before the others; then bm25 (title > model,
   * SKU > brand > description), then id. The in-memory index answers when it can, FTS5 else
   * (docs/decisions/0381); both give the same order.
   */
  #rank(fts: string, text: string): number[] {
    const found = this.#index?.match(ftsWords(text)) ?? this.matchWithFts(fts, text);
    // Six tiers, each in bm25 order: a stable bucket pass, no comparison sort.
    const tiers: number[][] = [[], [], [], [], [], []];
    for (let i = 0; i < found.ids.length; i++) {
      const id = found.ids[i];
      tiers[found.titleTier[i] + (this.#sellable.has(id) ? 0 : 1)].push(id);
    }
    return tiers.flat();
  }

  /** The FTS5 way to what SearchIndex.match answers (exported for the comparison test). */
  matchWithFts(fts: string, text: string): SearchMatch {
    const ids = (
      this.#stmt(
        `SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ? ORDER BY bm25(products_fts, ${BM25_WEIGHTS.map((w) => w.toFixed(1)).join(", ")}), rowid`,
      ).all(fts) as Array<{ id: number }>
    ).map((r) => r.id);
    const title = toTitleQueries(text);
    if (!title) return { ids, titleTier: ids.map(() => 4) };
    const matching = (query: string) =>
      new Set(
        (
          this.#stmt("SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?").all(
            query,
          ) as Array<{ id: number }>
        ).map((r) => r.id),
      );
    const leads = matching(title.leads);
    const inTitle = matching(title.inTitle);
    return { ids, titleTier: ids.map((id) => (leads.has(id) ? 0 : inTitle.has(id) ? 2 : 4)) };
  }

  record(id: string): string | undefined {
    const row = this.#stmt("SELECT record FROM products WHERE id = ?").get(Number(id)) as
      { record: string } | undefined;
    return row?.record;
  }

  /**
   * What the price call answers: the price the merchant charges today, i.e. the discounted
   * price when the record has one, else the base price (decimals as stored). Lists carry the
   * same figures, so a card, the product page and the cart agree (docs/decisions/0221).
   */
  price(id: string): { found: boolean; price: number | null } {
    const key = Number(id);
    if (!this.#shapeOf.has(key)) return { found: false, price: null };
    let price = this.#prices.get(key);
    if (price === undefined) {
      price = this.priceWithSql(id).price;
      this.#prices.set(key, price);
    }
    return { found: true, price };
  }

  /** The price call's query, read once per product by `price`. */
  priceWithSql(id: string): { found: boolean; price: number | null } {
    const row = this.#stmt(
      `SELECT COALESCE(CAST(json_extract(record, '$.precio_descuentos') AS REAL), price) AS price
       FROM products WHERE id = ?`,
    ).get(Number(id)) as { price: number | null } | undefined;
    return row ? { found: true, price: row.price } : { found: false, price: null };
  }

  info(id: string): ProductInfo | undefined {
    const row = this.#stmt("SELECT info FROM products WHERE id = ?").get(Number(id)) as
      { info: string } | undefined;
    return row ? (JSON.parse(row.info) as ProductInfo) : undefined;
  }

  datasheetInfo(sku: string): ProductInfo | undefined {
    const row = this.#stmt("SELECT info FROM products WHERE sku = ? AND has_pdf = 1").get(sku) as
      { info: string } | undefined;
    return row ? (JSON.parse(row.info) as ProductInfo) : undefined;
  }

  /**
   * Up to `limit` products of the product's level-3 category, in the order of HASH_ORDER seeded
   * with its id: the same as `relatedWithSql`, from memory.
   */
  related(id: string, limit: number): string[] | undefined {
    const self = Number(id);
    const own = this.#categoriesOf.get(self);
    if (!own) return undefined;
    const ids = firstByHash(this.#inCategory3.get(own[2]) ?? [], self, limit, () => 0);
    return this.#recordsOf(ids);
  }

  /**
   * Priced products of the kinds that go with the product's, its own maker's first, then in the
   * order of HASH_ORDER seeded with its id: the same as `accessoriesWithSql`, from memory.
   */
  accessories(id: string, limit: number): string[] | undefined {
    const self = Number(id);
    const shape = this.#shapeOf.get(self);
    if (!shape) return undefined;
    const kinds = KINDS[shape.kind]?.accessories ?? [];
    if (!shape.hasAccessories || kinds.length === 0) return [];
    const makerOf = new Map<number, string>();
    const candidates: number[] = [];
    for (const kind of new Set(kinds)) {
      for (const p of this.#pricedOfKind.get(kind) ?? []) {
        candidates.push(p.id);
        makerOf.set(p.id, p.maker);
      }
    }
    const otherMaker = (candidate: number) => (makerOf.get(candidate) === shape.maker ? 0 : 1);
    return this.#recordsOf(firstByHash(candidates, self, limit, otherMaker));
  }

  /** The related products' query (kept to check `related` against). */
  relatedWithSql(id: string, limit: number): string[] | undefined {
    const row = this.#stmt("SELECT cat3 FROM products WHERE id = ?").get(Number(id)) as
      { cat3: number } | undefined;
    if (!row) return undefined;
    const rows = this.#stmt(
      `SELECT p.record FROM products p WHERE p.cat3 = ? AND p.id <> ? ORDER BY ${HASH_ORDER} LIMIT ?`,
    ).all(row.cat3, Number(id), Number(id), limit) as Array<{ record: string }>;
    return rows.map((r) => r.record);
  }

  /** The accessories' query (kept to check `accessories` against). */
  accessoriesWithSql(id: string, limit: number): string[] | undefined {
    const row = this.#stmt("SELECT kind, maker, has_acc FROM products WHERE id = ?").get(
      Number(id),
    ) as { kind: string; maker: string; has_acc: number } | undefined;
    if (!row) return undefined;
    const kinds = KINDS[row.kind]?.accessories ?? [];
    if (!row.has_acc || kinds.length === 0) return [];
    // Same brand first, then any brand: plausible and deterministic.
    const rows = this.#stmt(
      `SELECT p.record FROM products p
       WHERE p.kind IN (${kinds.map(() => "?").join(", ")}) AND p.id <> ? AND p.price > 0
       ORDER BY (p.maker = ?) DESC, ${HASH_ORDER} LIMIT ?`,
    ).all(...kinds, Number(id), row.maker, Number(id), limit) as Array<{ record: string }>;
    return rows.map((r) => r.record);
  }

  batch(ids: string[]): string[] {
    const out: string[] = [];
    for (const id of ids) {
      const r = this.record(id);
      if (r !== undefined) out.push(r);
    }
    return out;
  }

  /** Featured list: uneven counts per group (so the store must redistribute) and two ids that do not exist. */
  featured(): FeaturedRow[] {
    const perGroup: Array<[string, number]> = [
      ["22", 8],
      ["26", 7],
      ["37", 6],
      ["32", 5],
      ["30", 5],
      ["38", 4],
      ["65811", 3],
      ["25", 3],
      ["27", 2],
    ];
    const out: FeaturedRow[] = [];
    for (const [group, count] of perGroup) {
      const rows = this.#stmt(
        `SELECT p.id FROM products p WHERE p.cat1 = ? AND p.price > 0 AND p.stock > 0 AND p.images > 0
         AND p.broken = 0 AND p.has_title = 1 AND p.has_brand = 1 ORDER BY ${HASH_ORDER} LIMIT ?`,
      ).all(Number(group), 7, count) as Array<{ id: number }>;
      for (const r of rows) out.push({ id: String(r.id), categoria: group });
      if (group === "22") out.push({ id: "999999901", categoria: group });
      if (group === "27") out.push({ id: "999999902", categoria: group });
    }
    return out;
  }

  brandsWithProducts(): Array<{ id: string; nombre: string; slug: string }> {
    const makers = new Set(
      (this.#stmt("SELECT DISTINCT maker FROM products").all() as Array<{ maker: string }>).map(
        (r) => r.maker,
      ),
    );
    return BRANDS.map((b, i) => ({ id: String(i + 1), nombre: b.name, slug: b.slug })).filter((b) =>
      makers.has(b.nombre),
    );
  }
}
