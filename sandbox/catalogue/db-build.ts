/**
 * Building the catalogue database: once per generator version into the data folder (temporary
 * file + atomic rename, under a lock file so parallel processes wait instead of all
 * generating). db.ts opens the result read-only.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { ProductInfo } from "./db.ts";
import {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  GENERATOR_VERSION,
  generateCatalogue,
} from "./generator.ts";
import type { Catalogue } from "./generator.ts";
import { SEARCH_INDEX_SCHEMA, writeSearchIndex } from "./search-index.ts";

export const DB_FILE = `catalogo-v${GENERATOR_VERSION}.sqlite`;
const LOCK_STALE_MS = 120_000;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE categories (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, level INTEGER NOT NULL,
  parent_id INTEGER, position INTEGER NOT NULL, total INTEGER NOT NULL
);
CREATE TABLE products (
  id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE COLLATE NOCASE, kind TEXT NOT NULL,
  maker TEXT NOT NULL, cat1 INTEGER NOT NULL, cat2 INTEGER NOT NULL, cat3 INTEGER NOT NULL,
  price REAL, stock INTEGER NOT NULL, images INTEGER NOT NULL, broken INTEGER NOT NULL,
  has_pdf INTEGER NOT NULL, has_acc INTEGER NOT NULL, hostile INTEGER NOT NULL,
  has_title INTEGER NOT NULL, has_brand INTEGER NOT NULL, list_price REAL,
  record TEXT NOT NULL, info TEXT NOT NULL
);
CREATE INDEX products_cat1 ON products (cat1);
CREATE INDEX products_cat2 ON products (cat2);
CREATE INDEX products_cat3 ON products (cat3);
CREATE INDEX products_kind ON products (kind);
CREATE VIRTUAL TABLE products_fts USING fts5 (
  title, model, sku, brand, description,
  content = '', prefix = '2 3', tokenize = "unicode61 remove_diacritics 2"
);
${SEARCH_INDEX_SCHEMA}
`;

/** Writes a complete catalogue database to `file` (which must not exist). */
function writeCatalogueDb(file: string, catalogue: Catalogue): void {
  const db = new DatabaseSync(file);
  try {
    // Large pages keep a product row (about 2.5 kB) out of overflow chains: half the file size.
    db.exec("PRAGMA page_size = 16384; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    db.exec(SCHEMA);
    db.exec("BEGIN");
    const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    meta.run("generator_version", String(GENERATOR_VERSION));
    meta.run("seed", String(catalogue.seed));
    meta.run("products", String(catalogue.products.length));

    const totals = new Map<string, number>();
    for (const p of catalogue.products) {
      for (const c of p.categories) totals.set(c.id, (totals.get(c.id) ?? 0) + 1);
    }
    const cat = db.prepare(
      "INSERT INTO categories (id, name, level, parent_id, position, total) VALUES (?, ?, ?, ?, ?, ?)",
    );
    for (const c of catalogue.categories) {
      cat.run(
        Number(c.id),
        c.name,
        c.level,
        c.parentId === null ? null : Number(c.parentId),
        c.position,
        totals.get(c.id) ?? 0,
      );
    }

    const product = db.prepare(`INSERT INTO products
      (id, sku, kind, maker, cat1, cat2, cat3, price, stock, images, broken, has_pdf, has_acc, hostile,
       has_title, has_brand, list_price, record, info)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const fts = db.prepare(
      "INSERT INTO products_fts (rowid, title, model, sku, brand, description) VALUES (?, ?, ?, ?, ?, ?)",
    );
    for (const p of catalogue.products) {
      const info: ProductInfo = {
        id: p.id,
        title: p.title ?? `${p.categories[2].nombre} ${p.model}`,
        maker: p.maker,
        model: p.model,
        sku: p.sku,
        icon: p.icon,
        categories: p.categories,
        specs: p.specs,
        features: p.features,
        imageCount: p.imageCount,
      };
      product.run(
        Number(p.id),
        p.sku,
        p.kind,
        p.maker,
        Number(p.categories[0].id),
        Number(p.categories[1].id),
        Number(p.categories[2].id),
        p.price,
        p.stock,
        p.imageCount,
        p.brokenImage ? 1 : 0,
        p.hasDatasheet ? 1 : 0,
        p.hasAccessories ? 1 : 0,
        p.hostileHtml ? 1 : 0,
        p.title === null ? 0 : 1,
        p.brand === null ? 0 : 1,
        p.listPrice,
        JSON.stringify(p.record),
        JSON.stringify(info),
      );
      fts.run(
        Number(p.id),
        p.title ?? "",
        p.model,
        p.sku,
        p.brand ?? "",
        `${p.description} ${p.features.join(". ")} ${p.categories.map((c) => c.nombre).join(" ")}`,
      );
    }
    db.exec("COMMIT");
    db.exec("INSERT INTO products_fts (products_fts) VALUES ('optimize')");
    db.exec("BEGIN");
    writeSearchIndex(db);
    db.exec("COMMIT");
    db.exec("ANALYZE");
  } finally {
    db.close();
  }
}

/** Older catalogue files are dead weight once a new version exists (open handles keep working). */
function removeOtherVersions(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (/^catalogo-v\d+\.sqlite$/.test(name) && name !== DB_FILE)
      fs.rmSync(path.join(dataDir, name), { force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lockIsStale(lock: string): boolean {
  try {
    const stat = fs.statSync(lock);
    if (Date.now() - stat.mtimeMs > LOCK_STALE_MS) return true;
    const pid = Number(fs.readFileSync(lock, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === "ESRCH";
      }
    }
    return false;
  } catch {
    return false; // vanished meanwhile: the next loop sees the final file or takes the lock
  }
}

/**
 * Returns the path of the catalogue database in `dataDir`, generating it when
 * missing. Safe when several processes start together on the same folder.
 */
export async function ensureCatalogueDb(
  dataDir: string,
  opts: { count?: number; seed?: number } = {},
): Promise<string> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE);
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return file;
    let fd: number;
    try {
      fd = fs.openSync(lock, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (lockIsStale(lock)) fs.rmSync(lock, { force: true });
      else await sleep(250);
      continue;
    }
    try {
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      if (fs.existsSync(file)) return file;
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        writeCatalogueDb(
          tmp,
          generateCatalogue(opts.count ?? DEFAULT_PRODUCT_COUNT, opts.seed ?? DEFAULT_SEED),
        );
        fs.renameSync(tmp, file);
        removeOtherVersions(dataDir);
      } finally {
        fs.rmSync(tmp, { force: true });
      }
      return file;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}
