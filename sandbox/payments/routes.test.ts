/** The payments sandbox's faults on purpose, bad input that never answers 500, and storage. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SANDBOX_PUBLIC_KEY } from "./browser-api.ts";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import { isPaymentsPath } from "./index.ts";
import { createPaymentsApp } from "./routes.ts";
import { PAYMENTS_DB_FILE, PaymentsStore } from "./store.ts";
import {
  app,
  at,
  call,
  cardBody,
  chargeBody,
  checkoutPayload,
  expectJson4xx,
  type Json,
  NOW,
  ORIGIN,
  payByCard,
  pse,
  pseBody,
  SLOW_MS,
  str,
  token,
} from "./routes.test-support.ts";

describe("faults on purpose", () => {
  it("the error500 e-mail makes prepare-checkout, pse and card/charge answer 500 and creates nothing", async () => {
    const email = PF.faults.error500Email.toUpperCase();
    const prep = await call(
      "POST",
      "/payments/prepare-checkout",
      checkoutPayload({ customer: { ...(checkoutPayload().customer as Json), email } }),
    );
    expect(prep.status).toBe(500);
    expect(prep.body).toEqual({ error: PF.faults.message, error_code: 1000 });
    const body = pseBody({ customer_email: email });
    expect((await call("POST", "/payments/pse", body)).status).toBe(500);
    expect((await call("GET", `/payments/charges?order_id=${String(body.order_id)}`)).list).toEqual(
      [],
    );
    const card = await payByCard(PF.cards.approvedVisa.number, {
      customer_email: PF.faults.error500Email,
    });
    expect(card.status).toBe(500);
    expect(card.body).toMatchObject({
      success: false,
      error: { error_code: 1000, http_code: 500, description: PF.faults.message },
    });
  });

  it("fixed ids make status, confirm-success-page and manual-notification answer 500", async () => {
    expect((await call("GET", `/payments/status/${PF.faults.error500ChargeId}`)).status).toBe(500);
    expect((await call("GET", `/api/payments/status/${PF.faults.error500ChargeId}`)).status).toBe(
      500,
    );
    expect(
      (await call("POST", `/api/payments/confirm-success-page/${PF.faults.error500ChargeId}`))
        .status,
    ).toBe(500);
    expect(
      (await call("POST", `/payments/manual-notification/${PF.faults.error500OrderId}`)).status,
    ).toBe(500);
  });

  it("the fault header or path prefix applies to any payment call", async () => {
    const h = await call("GET", "/payments/pse-banks", undefined, {
      [PF.faults.header]: "error500",
    });
    expect(h.status).toBe(500);
    expect(h.body).toMatchObject({ error: PF.faults.message });
    const tok = await call("POST", "/payments/card/token", cardBody(PF.cards.approvedVisa.number), {
      [PF.faults.header]: "error500",
    });
    expect(tok.body).toMatchObject({ error_code: 1000, http_code: 500 });
    expect((await call("GET", "/_falla/error500/payments/pse-banks")).status).toBe(500);
    expect((await call("GET", "/sandbox/_falla/error500/payments/status/trx")).status).toBe(500);
  });

  it("an empty bank list by header or path prefix (the store falls back to its 10 banks)", async () => {
    expect(
      (await call("GET", "/payments/pse-banks", undefined, { [PF.faults.header]: "bancos-vacios" }))
        .list,
    ).toEqual([]);
    const r = await call("GET", "/_falla/bancos-vacios/payments/pse-banks");
    expect(r.status).toBe(200);
    expect(r.text).toBe("[]");
    expect((await call("GET", "/_falla/desconocida/payments/pse-banks")).list).toHaveLength(21);
  });

  it("a slow charge is recorded at once and answered after slowChargeMs", async () => {
    const body = chargeBody(await token(), { customer_email: PF.faults.slowEmail });
    const started = Date.now();
    const pending = call("POST", "/payments/card/charge", body);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const recovered = await call("GET", `/payments/charges?order_id=${String(body.order_id)}`);
    expect(recovered.list).toHaveLength(1);
    expect(recovered.list[0].status).toBe("completed");
    const r = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 5);
    expect(r.body).toMatchObject({ success: true, data: { id: recovered.list[0].id } });

    const t0 = Date.now();
    const slowPse = await call(
      "POST",
      "/payments/pse",
      pseBody({ customer_email: PF.faults.slowEmail }),
    );
    expect(slowPse.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SLOW_MS - 5);
    const t1 = Date.now();
    expect(
      (await call("GET", "/payments/pse-banks", undefined, { [PF.faults.header]: "lento" })).list,
    ).toHaveLength(21);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(SLOW_MS - 5);
  });
});

describe("bad input never answers 500", () => {
  const MB = "x".repeat(1024 * 1024);
  const posts = [
    "/payments/prepare-checkout",
    "/payments/link-payment",
    "/payments/pse",
    "/payments/card/token",
    "/payments/card/charge",
  ];

  it.each(posts)(
    "%s: invalid JSON 400, wrong content type 415, 1 MB 413, array 422, empty 4xx",
    async (url) => {
      const invalid = await call("POST", url, "{ nope", { "Content-Type": "application/json" });
      expectJson4xx(invalid, 400);
      const text = await call("POST", url, "a=1", { "Content-Type": "text/plain" });
      expectJson4xx(text, 415);
      const huge = await call("POST", url, JSON.stringify({ x: MB }));
      expectJson4xx(huge, 413);
      const list = await call("POST", url, [1, 2]);
      expectJson4xx(list, 422);
      const empty = await call("POST", url, "", { "Content-Type": "application/json" });
      expectJson4xx(empty, 400);
      const nul = await call("POST", url, "null");
      expectJson4xx(nul, 422);
      const deep = await call("POST", url, "[".repeat(5000) + "]".repeat(5000));
      expect(deep.status).toBeGreaterThanOrEqual(400);
      expect(deep.status).toBeLessThan(500);
    },
  );

  it("1 MB bodies to body-less calls and the bank page are 413", async () => {
    const big = "decision=" + "a".repeat(1024 * 1024);
    const id = str((await pse()).body, "id");
    const res = await app.fetch(
      new Request(`${ORIGIN}/banco-pse/${id}`, {
        method: "POST",
        body: big,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(res.status).toBe(413);
    expectJson4xx(await call("POST", "/payments/manual-notification/X", { x: MB }), 413);
    // Declared too large: refused before reading.
    const declared = await app.fetch(
      new Request(`${ORIGIN}/payments/card/token`, {
        method: "POST",
        body: "{}",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(10 * 1024 * 1024),
          Authorization: `Basic ${btoa(`${SANDBOX_PUBLIC_KEY}:`)}`,
        },
      }),
    );
    expect(declared.status).toBe(413);
  });

  it("wrong types across the contract are 422", async () => {
    const cases: Array<[string, Json]> = [
      ["/payments/link-payment", { session_id: 1, payment_data: "x" }],
      ["/payments/pse", { ...pseBody(), amount: "100", redirect_url: 5 }],
      ["/payments/card/charge", { ...chargeBody("tok_x"), amount: 10.5 }],
      ["/payments/prepare-checkout", { ...checkoutPayload(), products: "muchos" }],
    ];
    for (const [url, body] of cases) expectJson4xx(await call("POST", url, body), 422);
  });

  it("unknown routes 404, wrong methods 405, HEAD works", async () => {
    const unknown = await call("GET", "/payments/nada");
    expectJson4xx(unknown, 404);
    expect(unknown.body).toEqual({ error: "Ruta no encontrada" });
    const wrong = await call("GET", "/payments/card/charge");
    expectJson4xx(wrong, 405);
    expect(wrong.res.headers.get("allow")).toBe("POST");
    expectJson4xx(await call("DELETE", "/payments/status/trx"), 405);
    const head = await app.fetch(new Request(`${ORIGIN}/payments/pse-banks`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("tolerates the /sandbox prefix and trailing slashes", async () => {
    expect((await call("GET", "/sandbox/payments/pse-banks/")).list).toHaveLength(21);
    expect(isPaymentsPath("/sandbox/payments/pse-banks")).toBe(true);
    expect(isPaymentsPath("/api/payments/status/x")).toBe(true);
    expect(isPaymentsPath("/banco-pse/tr1")).toBe(true);
    expect(isPaymentsPath("/correos")).toBe(true);
    expect(isPaymentsPath("/_falla/lento/payments/card/charge")).toBe(true);
    expect(isPaymentsPath("/api/productos")).toBe(false);
    expect(isPaymentsPath("/paymentsx")).toBe(false);
  });

  it("every JSON answer says no-store", async () => {
    const r = await call("GET", "/payments/pse-banks");
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    expect(r.res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("storage", () => {
  it("never writes a card number or CVV to the database or its WAL", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pagos-pan-"));
    const s = new PaymentsStore(own);
    try {
      const a = createPaymentsApp({ store: s, publicBase: "/sandbox", now: () => NOW });
      const number = "378282246310005";
      const cvv = "7291";
      const tok = await call(
        "POST",
        "/payments/card/token",
        cardBody(number, { cvv2: cvv }),
        {},
        a,
      );
      expect(tok.status).toBe(200);
      const paid = await call(
        "POST",
        "/payments/card/charge",
        chargeBody(str(tok.body, "id"), { amount: 5000 }),
        {},
        a,
      );
      expect(paid.status).toBe(200);
      const visa = await call(
        "POST",
        "/payments/card/token",
        cardBody(PF.cards.declined.number),
        {},
        a,
      );
      await call(
        "POST",
        "/payments/card/charge",
        chargeBody(str(visa.body, "id"), { amount: 5000 }),
        {},
        a,
      );

      const file = path.join(own, PAYMENTS_DB_FILE);
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      let bytes = [file, `${file}-wal`]
        .map((f) => fs.readFileSync(f).toString("latin1"))
        .join("\n");
      expect(bytes).toContain("0005"); // the last four are there: the search does see the data
      expect(bytes).not.toContain(number);
      expect(bytes).not.toContain(PF.cards.declined.number);
      expect(bytes).not.toContain("378282");
      // No field by the CVV's name: no column, no JSON key in any page, freed or not. (Not the
      // three letters anywhere: the random ids and the WAL's salts spelled them one run in 200.)
      const schema = s.db.prepare("SELECT group_concat(sql, ';') AS sql FROM sqlite_master").get();
      expect(String(schema?.sql)).toContain("CREATE TABLE");
      expect(String(schema?.sql)).not.toMatch(/cvv/i);
      expect(bytes).not.toMatch(/"cvv2?"/i);
      // The random ids, the fingerprints' secret and the fingerprints are the only other digits
      // written: take them out before looking for the CVV.
      for (const known of [
        str(tok.body, "id"),
        str(visa.body, "id"),
        str(paid.body, "data.id"),
        str(paid.body, "data.authorization"),
      ]) {
        bytes = bytes.split(known).join("");
      }
      for (const query of [
        "SELECT id, authorization FROM charges",
        "SELECT secret FROM card_fingerprint_secret",
        "SELECT token_id, fingerprint FROM card_fingerprints",
      ]) {
        for (const row of s.db.prepare(query).all()) {
          for (const v of Object.values(row))
            if (typeof v === "string") bytes = bytes.split(v).join("");
        }
      }
      expect(bytes).not.toContain(cvv);
    } finally {
      s.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("creates the database on first use, in WAL mode, and keeps it across restarts", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pagos-restart-"));
    try {
      const first = new PaymentsStore(path.join(own, "nuevo"));
      expect(fs.existsSync(path.join(own, "nuevo", PAYMENTS_DB_FILE))).toBe(true);
      expect(first.db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      const a = createPaymentsApp({ store: first, publicBase: "", now: () => NOW });
      const tok = await call(
        "POST",
        "/payments/card/token",
        cardBody(PF.cards.approvedVisa.number),
        {},
        a,
      );
      const paid = await call(
        "POST",
        "/payments/card/charge",
        chargeBody(str(tok.body, "id")),
        {},
        a,
      );
      // A second connection to the same file (another process) sees the charge and its order id.
      const second = new PaymentsStore(path.join(own, "nuevo"));
      const b = createPaymentsApp({ store: second, publicBase: "", now: () => NOW });
      const tok2 = await call(
        "POST",
        "/payments/card/token",
        cardBody(PF.cards.approvedVisa.number),
        {},
        b,
      );
      const dup = await call(
        "POST",
        "/payments/card/charge",
        chargeBody(str(tok2.body, "id"), { order_id: paid.body && at(paid.body, "data.order_id") }),
        {},
        b,
      );
      expect(dup.status).toBe(409);
      second.close();
      first.close();

      const reopened = new PaymentsStore(path.join(own, "nuevo"));
      const c = createPaymentsApp({ store: reopened, publicBase: "", now: () => NOW });
      const status = await call(
        "GET",
        `/payments/status/${str(paid.body, "data.id")}`,
        undefined,
        {},
        c,
      );
      expect(status.body).toMatchObject({
        status: "completed",
        order_id: at(paid.body, "data.order_id"),
      });
      reopened.close();
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
