/**
 * The order record (docs/merchant-api.md): the checkout session prepared with an order id, read
 * back by that id, listed by cart or checkout, cancelled by the store; what the bank and new
 * charges may still do with a cancelled order; the e-mails built from it; the schema migration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PUBLIC_KEY } from "./browser-api.ts";
import { SANDBOX_CLIENT_HEADER } from "./card-tokens.ts";
import { storeOriginOf } from "./context.ts";
import { formatCOP, INVOICE_NOTICE } from "./emails.ts";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import { createPaymentsApp } from "./routes.ts";
import { PAYMENTS_DB_FILE, PaymentsStore } from "./store.ts";

const ORIGIN = "http://tienda.local";
let clock = new Date("2025-09-07T15:00:00Z");
const tick = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

let dir: string;
let store: PaymentsStore;
let app: Hono;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-"));
  store = new PaymentsStore(dir);
  app = createPaymentsApp({ store, publicBase: "/sandbox", now: () => clock });
});

afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

let tokenCalls = 0;

async function call(method: string, url: string, body?: unknown, target = app) {
  const init: RequestInit = { method };
  // A token call shows the public key, from an address of its own (card-tokens.ts's limits are
  // tested on their own).
  const headers: Record<string, string> = url.endsWith("/payments/card/token")
    ? {
        Authorization: `Basic ${btoa(`${SANDBOX_PUBLIC_KEY}:`)}`,
        [SANDBOX_CLIENT_HEADER]: `192.0.2.${++tokenCalls % 250}`,
      }
    : {};
  init.headers = headers;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json", ...headers };
  }
  const res = await target.fetch(new Request(`${ORIGIN}${url}`, init));
  const text = await res.text();
  const json: unknown = (res.headers.get("content-type") ?? "").includes("json")
    ? JSON.parse(text)
    : null;
  return { status: res.status, res, json: json as Json & Json[], text };
}

let seq = 0;
const newOrderId = (prefix: string) => `${prefix}-1757253600000-O${String(++seq).padStart(3, "0")}`;

// 2 × 450,000 + 1 × 80,000 = 980,000; IVA 186,200; free shipping; total 1,166,200.
const LINES = [
  {
    product_id: "18433",
    title: "Cámara IP bala 4 MP",
    brand: "Hikvision",
    model: "DS-2CD1043G0-I",
    sku: "HIK-1043",
    quantity: 2,
    unit_price: 450_000,
    subtotal: 900_000,
  },
  {
    product_id: 10031,
    name: "Grabador NVR 8 canales",
    brand: "Dahua",
    model: "NVR4108HS-8P-4KS2",
    quantity: 1,
    unit_price: 80_000,
    subtotal: 80_000,
  },
];
const TOTAL = 1_166_200;
// 1 × 50,000: IVA 9,500, shipping 5,000, total 64,500.
const SMALL = [
  {
    product_id: "20001",
    title: "Conector RJ45",
    brand: "Nexxt",
    model: "AW-RJ45",
    quantity: 1,
    unit_price: 50_000,
    subtotal: 50_000,
  },
];
const SMALL_TOTAL = 64_500;

function business(orderId: string, over: Json = {}): Json {
  return {
    cart_id: "cart-empresa-1",
    checkout_id: "chk-empresa-1",
    client_type: "business",
    customer: {
      name: "Laura",
      last_name: "Pérez",
      email: "compras@acme.com.co",
      phone: "6015551234",
      address: "Carrera 7 # 71-21",
      city: "Bogotá",
      document: "",
      document_type: "NIT",
      company_name: "ACME Seguridad S.A.S.",
      company_nit: "900.555.123-4",
      contact_position: "Jefe de compras",
    },
    shipping: {
      sameAsInvoice: false,
      receiverName: "Portería ACME",
      address: "Calle 80 # 10-20, bodega 3",
      city: "Bogotá",
      instructions: "Entregar de 8 a 12",
      preferredTime: "morning",
    },
    order: { total_amount: TOTAL, payment_method: "pse", order_id: orderId },
    products: LINES,
    ...over,
  };
}

async function prepare(orderId: string, over: Json = {}) {
  const r = await call("POST", "/payments/prepare-checkout", business(orderId, over));
  expect(r.status).toBe(200);
  return r.json;
}

const order = async (orderId: string) => call("GET", `/payments/orders/${orderId}`);

async function pse(orderId: string, amount = TOTAL, email = "compras@acme.com.co") {
  const r = await call("POST", "/payments/pse", {
    amount,
    order_id: orderId,
    customer_name: "Laura",
    customer_email: email,
    redirect_url: "/checkout/success/pse",
    bank_code: "1007",
  });
  return r;
}

async function bank(chargeId: string, decision?: string) {
  const init: RequestInit = decision
    ? {
        method: "POST",
        body: new URLSearchParams({ decision }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }
    : { method: "GET" };
  const res = await app.fetch(new Request(`${ORIGIN}/banco-pse/${chargeId}`, init));
  return { status: res.status, text: await res.text(), location: res.headers.get("location") };
}

async function cardToken(number: string = PF.cards.approvedVisa.number): Promise<string> {
  const r = await call("POST", "/payments/card/token", {
    card_number: number,
    holder_name: PF.holderName,
    expiration_month: PF.expiry.month,
    expiration_year: PF.expiry.year,
    cvv2: PF.cvv,
  });
  expect(r.status).toBe(200);
  return String(r.json.id);
}

const cardCharge = (tokenId: string, orderId: string, amount = TOTAL) =>
  call("POST", "/payments/card/charge", {
    token_id: tokenId,
    amount,
    order_id: orderId,
    customer_name: "Laura",
    customer_email: "compras@acme.com.co",
  });

describe("the order record", () => {
  it("prepare records the order: lines with brand and model, totals, parties, ids, state prepared", async () => {
    const orderId = newOrderId("PSE");
    const prepared = await prepare(orderId);
    const expected = {
      order_id: orderId,
      session_id: prepared.session_id,
      cart_id: "cart-empresa-1",
      checkout_id: "chk-empresa-1",
      state: "prepared",
      method: "pse",
      client_type: "business",
      customer: {
        name: "Laura",
        last_name: "Pérez",
        email: "compras@acme.com.co",
        phone: "6015551234",
        address: "Carrera 7 # 71-21",
        city: "Bogotá",
        document: null,
        document_type: "NIT",
        additional_info: null,
        company_name: "ACME Seguridad S.A.S.",
        company_nit: "900.555.123-4",
        contact_position: "Jefe de compras",
      },
      shipping: {
        sameAsInvoice: false,
        receiverName: "Portería ACME",
        address: "Calle 80 # 10-20, bodega 3",
        city: "Bogotá",
        instructions: "Entregar de 8 a 12",
        preferredTime: "morning",
      },
      lines: [
        {
          product_id: "18433",
          title: "Cámara IP bala 4 MP",
          brand: "Hikvision",
          model: "DS-2CD1043G0-I",
          sku: "HIK-1043",
          quantity: 2,
          unit_price: 450_000,
          subtotal: 900_000,
        },
        {
          product_id: "10031",
          title: "Grabador NVR 8 canales",
          brand: "Dahua",
          model: "NVR4108HS-8P-4KS2",
          sku: null,
          quantity: 1,
          unit_price: 80_000,
          subtotal: 80_000,
        },
      ],
      totals: { subtotal: 980_000, iva: 186_200, shipping: 0, total: TOTAL },
      charge: null,
      created_at: "2025-09-07T10:00:00-05:00",
      updated_at: "2025-09-07T10:00:00-05:00",
      cancelled_at: null,
    };
    expect(prepared.order).toEqual(expected);
    const read = await order(orderId);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(expected);
  });

  it("answers 404 for an order never prepared, and matches the order id exactly", async () => {
    const orderId = newOrderId("CARD");
    await prepare(orderId);
    for (const id of ["CARD-1-NADA", orderId.toLowerCase()]) {
      const r = await order(id);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "order_not_found", message: expect.stringContaining(id) });
    }
    // A session without an order id is no order: prepare answers order null.
    const bare = await call("POST", "/payments/prepare-checkout", {
      ...business(orderId),
      order: { total_amount: TOTAL, payment_method: "pse" },
    });
    expect(bare.json).toMatchObject({ success: true, order: null });
  });

  it("preparing again before a charge replaces the content; the first preparation dates it", async () => {
    const orderId = newOrderId("PSE");
    const first = await prepare(orderId);
    tick(5);
    const second = await prepare(orderId, {
      order: { total_amount: SMALL_TOTAL, payment_method: "openpay", order_id: orderId },
      products: SMALL,
    });
    const read = (await order(orderId)).json;
    expect(second.session_id).not.toBe(first.session_id);
    expect(read).toMatchObject({
      session_id: second.session_id,
      method: "openpay",
      lines: [expect.objectContaining({ title: "Conector RJ45", brand: "Nexxt" })],
      totals: { subtotal: 50_000, iva: 9_500, shipping: 5_000, total: SMALL_TOTAL },
      created_at: first.order && (first.order as Json).created_at,
      updated_at: second.created_at,
    });
    expect(read.lines).toHaveLength(1);
  });

  it("a PSE charge makes it pending, the bank's approval completed; then preparing again is 409", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    const charge = await pse(orderId);
    expect(charge.status).toBe(200);
    const chargeId = String(charge.json.id);
    const pending = (await order(orderId)).json;
    expect(pending.state).toBe("pending");
    expect(pending.charge).toEqual((await call("GET", `/payments/status/${chargeId}`)).json);

    tick(10);
    expect((await bank(chargeId, "aprobar")).status).toBe(303);
    const paid = (await order(orderId)).json;
    expect(paid).toMatchObject({ state: "completed", charge: { status: "completed" } });
    expect(paid.updated_at).toBe("2025-09-07T10:15:00-05:00");

    const again = await call("POST", "/payments/prepare-checkout", business(orderId));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      error: "order_locked",
      message: expect.stringContaining(orderId),
      order: paid,
    });
    // The refused preparation changed nothing.
    expect((await order(orderId)).json).toEqual(paid);
  });

  it("a failed charge also locks the order and makes it failed", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    const chargeId = String((await pse(orderId)).json.id);
    await bank(chargeId, "rechazar");
    expect((await order(orderId)).json.state).toBe("failed");
    expect((await call("POST", "/payments/prepare-checkout", business(orderId))).status).toBe(409);
  });
});

describe("listing orders by cart or checkout", () => {
  it("answers the cart's orders newest first, by cart or by checkout, at most 20", async () => {
    const ids = [newOrderId("PSE"), newOrderId("PSE"), newOrderId("PSE")];
    for (const id of ids) await prepare(id, { cart_id: "cart-lista", checkout_id: `chk-${id}` });
    await prepare(newOrderId("PSE"), { cart_id: "otro-carrito", checkout_id: "chk-otro" });
    // Preparing the first again makes it the newest.
    await prepare(ids[0], { cart_id: "cart-lista", checkout_id: `chk-${ids[0]}` });

    const byCart = await call("GET", "/payments/orders?cart_id=cart-lista");
    expect(byCart.status).toBe(200);
    expect(byCart.json.map((o: Json) => o.order_id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(byCart.json[1]).toEqual((await order(ids[2])).json);

    const byCheckout = await call("GET", `/payments/orders?checkout_id=%20chk-${ids[1]}%20`);
    expect(byCheckout.json.map((o: Json) => o.order_id)).toEqual([ids[1]]);
    expect((await call("GET", "/payments/orders?cart_id=nadie")).json).toEqual([]);

    for (let i = 0; i < 21; i++) await prepare(newOrderId("PSE"), { cart_id: "cart-grande" });
    expect((await call("GET", "/payments/orders?cart_id=cart-grande")).json).toHaveLength(20);
  });

  it("answers 400 without cart_id or checkout_id, or with one over 64 characters", async () => {
    for (const query of ["", "?cart_id=", "?order_id=X", `?cart_id=${"x".repeat(65)}`]) {
      const r = await call("GET", `/payments/orders${query}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: "invalid_query", message: expect.any(String) });
    }
  });

  it("refuses cart and checkout ids over 64 characters at prepare", async () => {
    const r = await call(
      "POST",
      "/payments/prepare-checkout",
      business(newOrderId("PSE"), { cart_id: "c".repeat(65) }),
    );
    expect(r.status).toBe(422);
    expect(r.json.fields).toEqual([{ field: "cart_id", message: expect.any(String) }]);
  });
});

describe("cancelling an order", () => {
  it("cancels a PSE left pending: the charge is cancelled, the bank refuses a late approval, the order id is spent", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    const chargeId = String((await pse(orderId)).json.id);
    expect((await bank(chargeId, "pendiente")).status).toBe(303);
    tick(30);

    const cancelled = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({
      state: "cancelled",
      cancelled_at: "2025-09-07T10:45:00-05:00",
      updated_at: "2025-09-07T10:45:00-05:00",
      charge: { id: chargeId, status: "cancelled", operation_date: "2025-09-07T10:45:00-05:00" },
    });

    // The bank page neither shows the buttons nor takes a decision.
    const page = await bank(chargeId);
    expect(page.status).toBe(409);
    expect(page.text).toContain("La tienda canceló este pago");
    expect(page.text).toContain("No se debitó ningún valor");
    expect(page.text).not.toContain('value="aprobar"');
    for (const decision of ["aprobar", "rechazar", "pendiente"]) {
      const late = await bank(chargeId, decision);
      expect(late.status).toBe(409);
      expect(late.location).toBeNull();
      expect(late.text).toContain("Pago cancelado por el comercio");
    }
    expect((await call("GET", `/payments/status/${chargeId}`)).json.status).toBe("cancelled");
    expect((await call("GET", `/payments/emails?order_id=${orderId}`)).json).toEqual([]);
    expect((await call("POST", `/payments/manual-notification/${orderId}`)).json).toMatchObject({
      success: false,
      payment_status: "cancelled",
      suggestion: expect.stringContaining("La tienda canceló este pedido"),
    });

    // An order id is used once: no new charge, card or PSE, and no new content.
    const again = await pse(orderId);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error_code: 1006 });
    const tokenId = await cardToken();
    const card = await cardCharge(tokenId, orderId);
    expect(card.status).toBe(409);
    expect(card.json).toMatchObject({ success: false, error: { error_code: 1006 } });
    expect((await cardCharge(tokenId, newOrderId("CARD"))).status).toBe(200);
    expect(
      (await call("POST", "/payments/prepare-checkout", business(orderId))).json,
    ).toMatchObject({ error: "order_locked", order: { state: "cancelled" } });
  });

  it("cancels an order with no charge, and answers a second cancel with the same record", async () => {
    const orderId = newOrderId("CARD");
    await prepare(orderId);
    const first = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ state: "cancelled", charge: null });
    tick(1);
    const second = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect((await cardCharge(await cardToken(), orderId)).status).toBe(409);
  });

  it("cancels a card charge left pending by the card network", async () => {
    const orderId = newOrderId("CARD");
    await prepare(orderId);
    const pending = await cardCharge(await cardToken(PF.cards.pending.number), orderId);
    expect(pending.json).toMatchObject({ success: true, data: { status: "charge_pending" } });
    const cancelled = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(cancelled.json).toMatchObject({ state: "cancelled", charge: { status: "cancelled" } });
  });

  it("refuses to cancel a completed order (order_completed) or a failed one (order_closed)", async () => {
    const paidId = newOrderId("CARD");
    await prepare(paidId);
    expect((await cardCharge(await cardToken(), paidId)).status).toBe(200);
    const paid = await call("POST", `/payments/orders/${paidId}/cancel`);
    expect(paid.status).toBe(409);
    expect(paid.json).toEqual({
      error: "order_completed",
      message: expect.stringContaining(paidId),
      order: (await order(paidId)).json,
    });
    expect(paid.json.order).toMatchObject({ state: "completed", cancelled_at: null });

    const declinedId = newOrderId("CARD");
    await prepare(declinedId);
    expect((await cardCharge(await cardToken(PF.cards.declined.number), declinedId)).status).toBe(
      402,
    );
    const declined = await call("POST", `/payments/orders/${declinedId}/cancel`);
    expect(declined.status).toBe(409);
    expect(declined.json).toMatchObject({ error: "order_closed", order: { state: "failed" } });
  });

  it("answers 404 for an unknown order and 405 for a GET", async () => {
    const r = await call("POST", "/payments/orders/NADA-1/cancel");
    expect(r.status).toBe(404);
    expect(r.json.error).toBe("order_not_found");
    expect((await call("GET", "/payments/orders/NADA-1/cancel")).status).toBe(405);
  });
});

describe("the order e-mails", () => {
  const outbox = async (orderId: string, target = app) =>
    (await call("GET", `/payments/emails?order_id=${orderId}`, undefined, target)).json;

  it("carry the order's lines with brand and model, IVA, the totals, billing, delivery, the seller and the invoice notice", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    await bank(String((await pse(orderId)).json.id), "aprobar");
    const [sales, customer] = await outbox(orderId);
    expect([sales.kind, customer.kind]).toEqual(["aviso-ventas", "confirmacion-cliente"]);
    const seller = `${PF.seller.name} · NIT ${PF.seller.nit} · ${PF.seller.address}, ${PF.seller.city}`;
    for (const e of [customer, sales]) {
      const html = String(e.html);
      expect(html).toContain("Marca: Hikvision · Modelo: DS-2CD1043G0-I");
      expect(html).toContain("Marca: Dahua · Modelo: NVR4108HS-8P-4KS2");
      expect(html).toContain(
        `IVA (19 %)</th><td style="padding:8px;text-align:right;">${formatCOP(186_200)}`,
      );
      expect(html).toContain(formatCOP(980_000));
      expect(html).toContain(
        `Total pagado</th><td style="padding:8px;text-align:right;font-weight:bold;">${formatCOP(TOTAL)}`,
      );
      expect(html).toContain(seller);
      expect(html).toContain("ACME Seguridad S.A.S.");
      expect(html).toContain("900.555.123-4");
      expect(html).toContain("Jefe de compras");
      expect(html).toContain("Calle 80 # 10-20, bodega 3");
    }
    // Subtotal + IVA + shipping (free) is what the bank was asked for.
    expect(980_000 + 186_200 + 0).toBe(TOTAL);
    expect(String(customer.html)).toContain(INVOICE_NOTICE);
    expect(INVOICE_NOTICE).toBe(
      "Recibirás la factura electrónica en este correo dentro de las 48 horas hábiles siguientes a la confirmación del pago.",
    );
    // Without a store origin the link stays root-relative (the store's own outbox resolves it).
    expect(String(customer.html)).toContain('href="/mi-cuenta/pedidos"');
  });

  it("link to Mis pedidos at the address the store sends with the order, whatever origin it runs under", async () => {
    const orderId = newOrderId("CARD");
    const body = business(orderId);
    body.email_payload = {
      to: "compras@acme.com.co",
      subject: "Confirmación",
      data: { orders_url: "https://tienda.example.co/mi-cuenta/pedidos" },
    };
    expect((await call("POST", "/payments/prepare-checkout", body)).status).toBe(200);
    const tokenId = String(
      (
        await call("POST", "/payments/card/token", {
          card_number: PF.cards.approvedVisa.number,
          holder_name: PF.holderName,
          expiration_month: PF.expiry.month,
          expiration_year: PF.expiry.year,
          cvv2: PF.cvv,
        })
      ).json.id,
    );
    const paid = await call("POST", "/payments/card/charge", {
      token_id: tokenId,
      amount: TOTAL,
      order_id: orderId,
      customer_name: "Laura",
      customer_email: "compras@acme.com.co",
    });
    expect(paid.status).toBe(200);
    const [, customer] = await outbox(orderId);
    expect(String(customer.html)).toContain('href="https://tienda.example.co/mi-cuenta/pedidos"');
  });

  it("link to Mis pedidos absolutely when a store origin is given, and name the seller given", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-origen-"));
    const s = new PaymentsStore(own);
    try {
      const seller = {
        name: "Otra S.A.S.",
        nit: "890.903.938-8",
        address: "Calle 1",
        city: "Cali",
      };
      const a = createPaymentsApp({
        store: s,
        publicBase: "",
        now: () => clock,
        storeOrigin: "https://tienda.example.co/",
        seller,
      });
      const orderId = newOrderId("CARD");
      await call("POST", "/payments/prepare-checkout", business(orderId), a);
      const tokenId = String(
        (
          await call(
            "POST",
            "/payments/card/token",
            {
              card_number: PF.cards.approvedVisa.number,
              holder_name: PF.holderName,
              expiration_month: PF.expiry.month,
              expiration_year: PF.expiry.year,
              cvv2: PF.cvv,
            },
            a,
          )
        ).json.id,
      );
      const paid = await call(
        "POST",
        "/payments/card/charge",
        {
          token_id: tokenId,
          amount: TOTAL,
          order_id: orderId,
          customer_name: "Laura",
          customer_email: "compras@acme.com.co",
        },
        a,
      );
      expect(paid.status).toBe(200);
      const [sales, customer] = await outbox(orderId, a);
      expect(String(customer.html)).toContain('href="https://tienda.example.co/mi-cuenta/pedidos"');
      expect(String(sales.html)).toContain("Otra S.A.S. · NIT 890.903.938-8");
    } finally {
      s.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("the store origin must be an absolute http(s) URL", () => {
    expect(storeOriginOf(undefined)).toBe("");
    expect(storeOriginOf(" https://tienda.example.co/ ")).toBe("https://tienda.example.co");
    for (const bad of ["/mi-cuenta", "tienda.example.co", "javascript:alert(1)", "ftp://x.co"]) {
      expect(() => storeOriginOf(bad)).toThrow(/absolute http\(s\) URL/);
    }
  });

  it("the demo seller's NIT carries its DIAN check digit", () => {
    const [digits, check] = PF.seller.nit.replace(/\./g, "").split("-");
    const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
    const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * weights[i], 0);
    const r = sum % 11;
    expect(String(r < 2 ? r : 11 - r)).toBe(check);
  });
});

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
        expect(s.db.prepare("PRAGMA user_version").get()).toEqual({ user_version: 2 });
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
      expect(again.db.prepare("PRAGMA user_version").get()).toEqual({ user_version: 2 });
      again.close();
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
