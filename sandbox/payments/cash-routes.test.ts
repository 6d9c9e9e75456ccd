/**
 * Cash charges at the gateway (README.md here): created with a reference, the amount, a
 * deadline and the networks; paid at the counter page (once, with the order's e-mails once);
 * expired by the deadline or by the clock page; cancelled by the store, after which the counter
 * refuses the money.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBrowserLoad } from "../browser-paths.ts";
import { BILLER_GLN, CASH_MAX_AMOUNT, CASH_NETWORKS } from "./cash.ts";
import { isPaymentsPath } from "./index.ts";
import { createPaymentsApp } from "./routes.ts";
import { PaymentsStore } from "./store.ts";

const ORIGIN = "http://tienda.local";
let clock = new Date("2026-11-28T15:00:00Z");
let dir: string;
let store: PaymentsStore;
let app: Hono;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-efectivo-"));
  store = new PaymentsStore(dir);
  app = createPaymentsApp({ store, publicBase: "/sandbox", now: () => clock });
});

afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

async function call(method: string, url: string, body?: Json) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json" };
  }
  const res = await app.fetch(new Request(`${ORIGIN}${url}`, init));
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : null;
  return { status: res.status, json: json as Json, text };
}

async function form(url: string, fields: Record<string, string>) {
  const res = await app.fetch(
    new Request(`${ORIGIN}${url}`, { method: "POST", body: new URLSearchParams(fields) }),
  );
  return {
    status: res.status,
    text: await res.text(),
    csp: res.headers.get("content-security-policy"),
  };
}

let seq = 0;
const newOrderId = () => `CASH-1764342000000-E${String(++seq).padStart(3, "0")}`;

// 1 × 200,000: IVA 38,000, free shipping above 100,000: total 238,000.
const TOTAL = 238_000;

/** The order as the store records it at 'Finalizar compra', before the charge. */
async function prepare(orderId: string) {
  const r = await call("POST", "/payments/prepare-checkout", {
    client_type: "person",
    customer: {
      name: "Laura",
      last_name: "Pérez",
      email: "laura@example.com",
      phone: "3001234567",
      address: "Carrera 7 # 71-21",
      city: "Bogotá",
      document: "1020304050",
      document_type: "CC",
    },
    shipping: { sameAsInvoice: true },
    order: { total_amount: TOTAL, payment_method: "cash", order_id: orderId },
    products: [
      {
        product_id: "18433",
        title: "Cámara IP",
        quantity: 1,
        unit_price: 200_000,
        subtotal: 200_000,
      },
    ],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json;
}

async function cashCharge(over: Json = {}) {
  const orderId = newOrderId();
  const session = await prepare(orderId);
  const { status, json } = await call("POST", "/payments/cash", {
    amount: TOTAL,
    order_id: orderId,
    customer_name: "Laura",
    customer_last_name: "Pérez",
    customer_email: "laura@example.com",
    description: `Pedido ${orderId}`,
    sessionId: session.session_id,
    ...over,
  });
  return { status, charge: json, orderId };
}

const referenceOf = (charge: Json) => (charge.payment_method as { reference: string }).reference;

describe("creating a cash charge", () => {
  it("answers a reference, the amount, a 72-hour deadline, the networks and the slip's data", async () => {
    const { status, charge, orderId } = await cashCharge();
    expect(status).toBe(200);
    expect(charge).toMatchObject({
      status: "in_progress",
      method: "cash",
      amount: TOTAL,
      order_id: orderId,
    });
    const method = charge.payment_method as Json;
    expect(method.type).toBe("cash");
    expect(method.reference).toMatch(/^[1-9]\d{13}$/);
    // 15:00 UTC + 72 h = 1 December 10:00 in Bogotá.
    expect(method.expires_at).toBe("2026-12-01T10:00:00-05:00");
    expect(method.networks).toEqual(CASH_NETWORKS.map((n) => ({ ...n })));
    expect(method.barcode).toBe(
      `(415)${BILLER_GLN}(8020)${String(method.reference)}(3900)238000(96)20261201`,
    );
    // The order record shows it pending, and the customer has the voucher by e-mail.
    const order = await call("GET", `/payments/orders/${orderId}`);
    expect(order.json.state).toBe("pending");
    const emails = store.listEmails({ orderId, limit: 10 });
    expect(emails.map((e) => e.kind)).toEqual(["comprobante-efectivo"]);
    expect(emails[0].html).toContain(String(method.reference).replace(/(.{4})(?=.)/g, "$1 "));
    expect(emails[0].html).toContain('src="data:image/png;base64,');
    expect(emails[0].html).toContain('alt="Código de barras GS1-128 del pago"');
  });

  it("takes another deadline when asked, and refuses an amount over the networks' cap", async () => {
    const short = await cashCharge({ expires_in_hours: 2 });
    expect((short.charge.payment_method as Json).expires_at).toBe("2026-11-28T12:00:00-05:00");
    const large = await cashCharge({ amount: CASH_MAX_AMOUNT + 1 });
    expect(large.status).toBe(422);
    expect(JSON.stringify(large.charge)).toContain("amount");
    const capped = await cashCharge({ amount: CASH_MAX_AMOUNT });
    expect(capped.status).toBe(200);
  });

  it("refuses a second charge of the same order id (1006)", async () => {
    const { orderId } = await cashCharge();
    const again = await call("POST", "/payments/cash", {
      amount: TOTAL,
      order_id: orderId,
      customer_name: "Laura",
      customer_email: "laura@example.com",
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.json)).toContain("1006");
  });
});

describe("paying at the counter", () => {
  it("completes a live reference typed with spaces, sends the order e-mails once, and refuses a second payment", async () => {
    const { charge, orderId } = await cashCharge();
    const reference = referenceOf(charge);
    const counter = await app.fetch(new Request(`${ORIGIN}/punto-de-pago`));
    expect(counter.status).toBe(200);
    expect(await counter.text()).toContain('name="referencia"');

    const paid = await form("/punto-de-pago", { referencia: reference.replace(/(.{4})/g, "$1 ") });
    expect(paid.status).toBe(200);
    expect(paid.text).toContain("Pago recibido");
    expect(paid.text).toContain(orderId);
    expect(paid.csp).toContain("form-action 'self'");
    const status = await call("GET", `/payments/status/${String(charge.id)}`);
    expect(status.json.status).toBe("completed");
    expect((await call("GET", `/payments/orders/${orderId}`)).json.state).toBe("completed");
    const kinds = () =>
      store
        .listEmails({ orderId, limit: 10 })
        .map((e) => e.kind)
        .sort();
    expect(kinds()).toEqual(["aviso-ventas", "comprobante-efectivo", "confirmacion-cliente"]);

    const twice = await form("/punto-de-pago", { referencia: reference });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain("Referencia ya pagada");
    expect(kinds()).toHaveLength(3);
  });

  it("answers a mistyped or unknown reference plainly", async () => {
    const bad = await form("/punto-de-pago", { referencia: "1234" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Referencia no válida");
    // A valid check digit, never issued.
    const unknown = await form("/punto-de-pago", { referencia: "10000000000007" });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("Referencia no encontrada");
  });
});

describe("expiry", () => {
  it("lapses a reference when its deadline passes; the counter then refuses the money", async () => {
    const { charge, orderId } = await cashCharge({ expires_in_hours: 1 });
    const before = clock;
    clock = new Date(clock.getTime() + 61 * 60_000);
    try {
      const order = await call("GET", `/payments/orders/${orderId}`);
      expect(order.json.state).toBe("expired");
      expect((order.json.charge as Json).status).toBe("expired");
      const late = await form("/punto-de-pago", { referencia: referenceOf(charge) });
      expect(late.status).toBe(409);
      expect(late.text).toContain("Referencia vencida");
      expect(store.listEmails({ orderId, limit: 10 }).map((e) => e.kind)).toEqual([
        "comprobante-efectivo",
      ]);
    } finally {
      clock = before;
    }
  });

  it("the clock page makes a live reference lapse now, and says when it is not live", async () => {
    const { charge, orderId } = await cashCharge();
    const page = await app.fetch(new Request(`${ORIGIN}/punto-de-pago/vencer`));
    expect(await page.text()).toContain("Vencer una referencia de pago");
    const expired = await form("/punto-de-pago/vencer", { referencia: referenceOf(charge) });
    expect(expired.status).toBe(200);
    expect(expired.text).toContain("Referencia vencida");
    expect((await call("GET", `/payments/orders/${orderId}`)).json.state).toBe("expired");
    const again = await form("/punto-de-pago/vencer", { referencia: referenceOf(charge) });
    expect(again.status).toBe(409);
  });
});

describe("the staff's manual notification", () => {
  it("names a live reference's deadline, and says a lapsed one charged nothing; sends neither", async () => {
    const { charge, orderId } = await cashCharge();
    const live = await call("POST", `/payments/manual-notification/${orderId}`);
    expect(live.json).toMatchObject({
      success: false,
      payment_status: "in_progress",
      due_date: "2026-12-01T10:00:00-05:00",
      suggestion: expect.stringMatching(
        /^El cliente aún no ha pagado: tiene hasta el 1 de diciembre/,
      ),
    });
    await form("/punto-de-pago/vencer", { referencia: referenceOf(charge) });
    const lapsed = await call("POST", `/payments/manual-notification/${orderId}`);
    expect(lapsed.json).toMatchObject({ success: false, payment_status: "expired" });
    expect(lapsed.json.suggestion).toMatch(/no se cobró nada/);
    expect(store.listEmails({ orderId, limit: 10 }).map((e) => e.kind)).toEqual([
      "comprobante-efectivo",
    ]);
  });
});

describe("cancelling", () => {
  it("cancels a live reference; the counter refuses a late payment and nothing is sent", async () => {
    const { charge, orderId } = await cashCharge();
    const cancelled = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.state).toBe("cancelled");
    const late = await form("/punto-de-pago", { referencia: referenceOf(charge) });
    expect(late.status).toBe(409);
    expect(late.text).toContain("Referencia cancelada por el comercio");
    expect((await call("GET", `/payments/status/${String(charge.id)}`)).json.status).toBe(
      "cancelled",
    );
    expect(store.listEmails({ orderId, limit: 10 }).map((e) => e.kind)).toEqual([
      "comprobante-efectivo",
    ]);
  });

  it("an expired reference cannot be cancelled any more (order_closed)", async () => {
    const { charge, orderId } = await cashCharge();
    await form("/punto-de-pago/vencer", { referencia: referenceOf(charge) });
    const cancel = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.json.error).toBe("order_closed");
  });
});

describe("where the pages are", () => {
  it("reach the payments app through the mount, and anyone testing may open and post them", () => {
    for (const path of ["/sandbox/punto-de-pago", "/punto-de-pago/vencer", "/payments/cash"]) {
      expect(isPaymentsPath(path), path).toBe(true);
    }
    expect(isBrowserLoad("POST", "/punto-de-pago")).toBe(true);
    expect(isBrowserLoad("POST", "/punto-de-pago/vencer")).toBe(true);
    // The charge call itself stays the store's, as every other API call.
    expect(isBrowserLoad("POST", "/payments/cash")).toBe(false);
  });
});
