/** The payments database's schema version: an older data folder is brought up to date. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { createPaymentsApp } from "./routes.ts";
import { CHARGE_KIND_NAMES } from "./charge-kinds.ts";
import { CHARGES_TABLE, SCHEMA_VERSION } from "./records.ts";
import { PAYMENTS_DB_FILE, PaymentsStore } from "./store.ts";
import { business, call, clock, type Json, TOTAL } from "./orders.test-support.ts";

describe("schema version", () => {
  // The tables of schema version 1 that changed since, as an installed data folder has them.
  const V1_SESSIONS = `
CREATE TABLE checkout_sessions (
  id TEXT PRIMARY KEY, created_at TEXT NOT NULL, customer_email TEXT NOT NULL,
  total_amount INTEGER NOT NULL, data TEXT NOT NULL, breakdown TEXT NOT NULL,
  order_id TEXT, charge_id TEXT, reported_status TEXT, linked_at TEXT
);
CREATE INDEX checkout_sessions_order ON checkout_sessions (order_id);`;

  it("migrates a version-1 database when it opens: new columns and indexes, old orders readable", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-v1-"));
    try {
      const old = new DatabaseSync(path.join(own, PAYMENTS_DB_FILE));
      old.exec(V1_SESSIONS);
      const data = { ...business("PSE-V1-0001"), products_html: undefined, cart_items: [] };
      delete (data as Json).cart_id;
      delete (data as Json).checkout_id;
      old
        .prepare(
          `INSERT INTO checkout_sessions (id, created_at, customer_email, total_amount, data, breakdown, order_id)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          "chk_v1",
          "2025-08-01T09:00:00-05:00",
          "compras@acme.com.co",
          TOTAL,
          JSON.stringify(data),
          JSON.stringify({ subtotal: 980_000, iva: 186_200, shipping: 0, total: TOTAL }),
          "PSE-V1-0001",
        );
      old.exec("PRAGMA user_version = 1");
      old.close();

      const s = new PaymentsStore(own);
      try {
        expect(s.db.prepare("PRAGMA user_version").get()).toEqual({ user_version: SCHEMA_VERSION });
        const columns = s.db
          .prepare("PRAGMA table_info(checkout_sessions)")
          .all()
          .map((c) => c.name);
        expect(columns).toEqual(expect.arrayContaining(["cart_id", "checkout_id", "cancelled_at"]));
        const indexes = s.db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'checkout_sessions'",
          )
          .all()
          .map((i) => i.name);
        expect(indexes).toEqual(
          expect.arrayContaining(["checkout_sessions_cart", "checkout_sessions_checkout"]),
        );
        const a = createPaymentsApp({ store: s, publicBase: "", now: () => clock });
        const read = await call("GET", "/payments/orders/PSE-V1-0001", undefined, a);
        expect(read.json).toMatchObject({
          session_id: "chk_v1",
          cart_id: null,
          state: "prepared",
          lines: [expect.objectContaining({ brand: "Hikvision" }), expect.anything()],
        });
        expect(
          (await call("POST", "/payments/orders/PSE-V1-0001/cancel", undefined, a)).json,
        ).toMatchObject({
          state: "cancelled",
        });
      } finally {
        s.close();
      }
      // Opened again, it is already current: nothing to redo.
      const again = new PaymentsStore(own);
      expect(again.db.prepare("PRAGMA user_version").get()).toEqual({
        user_version: SCHEMA_VERSION,
      });
      again.close();
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("lets a version-2 database take a kind of charge it was not created with", () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-v2-"));
    try {
      // Version 2 wrote its kinds into the charges table as a CHECK, kept for ever by the file.
      const old = new DatabaseSync(path.join(own, PAYMENTS_DB_FILE));
      old.exec(
        CHARGES_TABLE.replace(
          /REFERENCES charge_kinds \(kind\)/,
          "CHECK (method IN ('card', 'bank_account'))",
        ),
      );
      old
        .prepare(
          `INSERT INTO charges (id, method, order_id, status, amount, currency, description,
             creation_date, customer, card_brand, card_last4, card_holder, card_exp_month, card_exp_year)
           VALUES ('trv2', 'card', 'CARD-V2-0001', 'completed', ?, 'COP', 'Pedido', ?, ?, 'visa', '1111', 'ANA', '12', '30')`,
        )
        .run(TOTAL, "2025-08-01T09:00:00-05:00", JSON.stringify({ name: "Ana", email: "a@b.co" }));
      const insertKind = (db: DatabaseSync, kind: string) =>
        db
          .prepare(
            `INSERT INTO charges (id, method, order_id, status, amount, currency, description, creation_date, customer)
             VALUES (?, ?, ?, 'in_progress', 1000, 'COP', 'Pedido', '2025-09-07', '{}')`,
          )
          .run(`tr-${kind}`, kind, `WALLET-${kind}`);
      expect(() => insertKind(old, "wallet")).toThrow(/CHECK constraint failed/);
      old.exec("PRAGMA user_version = 2");
      old.close();

      const s = new PaymentsStore(own);
      try {
        expect(s.db.prepare("PRAGMA user_version").get()).toEqual({ user_version: 3 });
        expect(s.getCharge("trv2")).toMatchObject({ method: "card", orderId: "CARD-V2-0001" });
        const kinds = s.db.prepare("SELECT kind FROM charge_kinds ORDER BY kind").all();
        expect(kinds.map((k) => k.kind)).toEqual([...CHARGE_KIND_NAMES].sort());
        // A kind nobody described is refused; a line of charge-kinds.ts is what opening adds.
        expect(() => insertKind(s.db, "wallet")).toThrow(/FOREIGN KEY constraint failed/);
        s.db.exec("INSERT INTO charge_kinds (kind) VALUES ('wallet')");
        insertKind(s.db, "wallet");
        expect(s.chargesByOrder("WALLET-wallet")).toHaveLength(1);
      } finally {
        s.close();
      }
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("refuses a database from a newer version instead of guessing", () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-v9-"));
    try {
      const newer = new DatabaseSync(path.join(own, PAYMENTS_DB_FILE));
      newer.exec("PRAGMA user_version = 9");
      newer.close();
      expect(() => new PaymentsStore(own)).toThrow(/schema version 9, newer/);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
