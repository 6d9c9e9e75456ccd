/**
 * Brings a payments database up to SCHEMA_VERSION when it opens. The data folder of an existing
 * install keeps its file across upgrades, and `CREATE TABLE IF NOT EXISTS` never adds a column
 * to a table that is already there: each version's changes are applied here, in order, in the
 * same transaction, before the current schema (tables and indexes) is ensured.
 */
import { DatabaseSync } from "node:sqlite";
import { CHARGE_KIND_NAMES } from "./charge-kinds.ts";
import { CHARGES_TABLE, SCHEMA, SCHEMA_VERSION } from "./records.ts";

function hasTable(db: DatabaseSync, table: string): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !==
    undefined
  );
}

/** Adds the columns a table lacks; a column already there (a half-applied step) is left alone. */
function addColumns(db: DatabaseSync, table: string, columns: Record<string, string>): void {
  if (!hasTable(db, table)) return;
  const present = new Set(
    db
      .prepare(`PRAGMA table_info(${table})`)
      .all()
      .map((c) => String(c.name)),
  );
  for (const [name, type] of Object.entries(columns)) {
    if (!present.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
  }
}

/** What each version adds to the one before; version 1 is the first schema. */
const STEPS: ReadonlyArray<{ version: number; apply: (db: DatabaseSync) => void }> = [
  {
    // The checkout session becomes the order record: the store's ids, and the store's cancel.
    version: 2,
    apply: (db) =>
      addColumns(db, "checkout_sessions", {
        cart_id: "TEXT",
        checkout_id: "TEXT",
        cancelled_at: "TEXT",
      }),
  },
  {
    // Charge kinds move from a CHECK written into the charges table, which an existing file
    // kept for ever, to the charge_kinds table filled from charge-kinds.ts at every open.
    version: 3,
    apply: (db) => {
      if (!hasTable(db, "charges")) return;
      db.exec("CREATE TABLE IF NOT EXISTS charge_kinds (kind TEXT PRIMARY KEY)");
      db.exec("INSERT OR IGNORE INTO charge_kinds (kind) SELECT DISTINCT method FROM charges");
      db.exec("ALTER TABLE charges RENAME TO charges_before_v3");
      db.exec(CHARGES_TABLE);
      db.exec("INSERT INTO charges SELECT * FROM charges_before_v3");
      db.exec("DROP TABLE charges_before_v3");
    },
  },
];

/** The kinds of charge-kinds.ts, each time the file opens: a new line there is a new kind here. */
function fillChargeKinds(db: DatabaseSync): void {
  const add = db.prepare("INSERT OR IGNORE INTO charge_kinds (kind) VALUES (?)");
  for (const kind of CHARGE_KIND_NAMES) add.run(kind);
}

function schemaVersion(db: DatabaseSync): number {
  return Number(db.prepare("PRAGMA user_version").get()?.user_version ?? 0);
}

/** Run inside a write transaction: a failed step leaves the file as it was. */
function migrate(db: DatabaseSync): void {
  const from = schemaVersion(db);
  if (from > SCHEMA_VERSION) {
    throw new Error(
      `payments database is at schema version ${from}, newer than this sandbox's ${SCHEMA_VERSION}`,
    );
  }
  for (const step of STEPS) if (step.version > from) step.apply(db);
  db.exec(SCHEMA);
  fillChargeKinds(db);
  db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
}

/**
 * Opens the file and brings it to the current schema in one BEGIN IMMEDIATE transaction (a
 * second process opening the same file waits, then finds it migrated); closed again on failure.
 */
export function openPaymentsDb(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  try {
    // busy_timeout first: switching to WAL needs a lock another process may hold.
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("BEGIN IMMEDIATE");
    try {
      migrate(db);
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
