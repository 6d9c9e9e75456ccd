import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PUBLIC_KEY } from "./browser-api.ts";
import { SANDBOX_CLIENT_HEADER } from "./card-tokens.ts";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import { isPaymentsPath } from "./index.ts";
import { createPaymentsApp } from "./routes.ts";
import { PAYMENTS_DB_FILE, PaymentsStore } from "./store.ts";

const NOW = new Date("2025-09-07T15:00:00Z");
const SLOW_MS = 150;
const ORIGIN = "http://tienda.local";

let dir: string;
let store: PaymentsStore;
let app: Hono;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pagos-"));
  store = new PaymentsStore(dir);
  app = createPaymentsApp({ store, publicBase: "/sandbox", now: () => NOW, slowChargeMs: SLOW_MS });
});

afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  res: Response;
  body: Json;
  list: Json[];
  text: string;
}

let calls = 0;

async function call(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  target = app,
): Promise<Answer> {
  // A token call shows the public key, from an address of its own (card-tokens.ts's limits are
  // tested on their own).
  if (url.endsWith("/payments/card/token") && !headers.Origin) {
    headers = {
      Authorization: `Basic ${btoa(`${SANDBOX_PUBLIC_KEY}:`)}`,
      [SANDBOX_CLIENT_HEADER]: `192.0.2.${++calls % 250}`,
      ...headers,
    };
  }
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "Content-Type": "application/json", ...headers };
  }
  const res = await target.fetch(new Request(`${ORIGIN}${url}`, init));
  const text = await res.text();
  const json: unknown =
    (res.headers.get("content-type") ?? "").includes("json") && text ? JSON.parse(text) : null;
  return {
    status: res.status,
    res,
    body: (json && !Array.isArray(json) ? json : {}) as Json,
    list: (Array.isArray(json) ? json : []) as Json[],
    text,
  };
}

/** A value at a dotted path of a JSON body. */
function at(value: unknown, dotted: string): unknown {
  return dotted
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Json)[k] : undefined), value);
}
const str = (value: unknown, dotted: string) => String(at(value, dotted));

let seq = 0;
const newOrderId = (prefix = "CARD") =>
  `${prefix}-${1757253600000 + ++seq}-T${String(seq).padStart(3, "0")}`;

// 2 × 45,000 + 12,000 = 102,000 (free shipping); IVA 19,380; total 121,380.
const LINES = [
  {
    title: "Cámara IP <b>Bala</b> 4 MP",
    name: "Cámara IP",
    quantity: 2,
    unit_price: 45000,
    product_id: "18433",
    subtotal: 90000,
  },
  {
    title: "Cable UTP Cat 6",
    name: "Cable",
    quantity: 1,
    unit_price: 12000,
    product_id: 10031,
    subtotal: 12000,
  },
];
const TOTAL = 121_380;

function checkoutPayload(over: Json = {}): Json {
  return {
    client_type: "person",
    customer: {
      name: "Ana <img src=x onerror=alert(1)>",
      last_name: "Gómez",
      email: "ana@example.com",
      phone: "+57 300 123 4567",
      address: "Calle 10 # 20-30",
      city: "Bogotá",
      document: "1020304050",
      document_type: "CC",
      additional_info: "",
      company_name: "",
      company_nit: "",
      contact_position: "",
    },
    shipping: {
      sameAsInvoice: true,
      receiverName: "",
      address: "",
      city: "",
      instructions: "Dejar en portería",
      preferredTime: "morning",
    },
    order: {
      total_amount: TOTAL,
      payment_method: "openpay",
      timestamp: "2025-09-07T10:00:00-05:00",
    },
    products: LINES,
    cart_items: LINES,
    products_html: "<script>alert('products_html')</script>",
    email_payload: { to: "ana@example.com", subject: "Pedido", data: { x: 1 } },
    ...over,
  };
}

async function prepare(over: Json = {}): Promise<string> {
  const r = await call("POST", "/payments/prepare-checkout", checkoutPayload(over));
  expect(r.status).toBe(200);
  return str(r.body, "session_id");
}

function cardBody(number: string, over: Json = {}): Json {
  return {
    card_number: number,
    holder_name: PF.holderName,
    expiration_month: PF.expiry.month,
    expiration_year: PF.expiry.year,
    cvv2: PF.cvv,
    address_line1: "Calle 10 # 20-30",
    address_city: "Bogotá",
    address_state: "Bogotá D.C.",
    address_postal_code: "110111",
    address_country_code: "CO",
    ...over,
  };
}

async function token(
  number: string = PF.cards.approvedVisa.number,
  over: Json = {},
): Promise<string> {
  const r = await call("POST", "/payments/card/token", cardBody(number, over));
  expect(r.status).toBe(200);
  return str(r.body, "id");
}

function chargeBody(tokenId: string, over: Json = {}): Json {
  return {
    token_id: tokenId,
    device_session_id: "a".repeat(32),
    amount: TOTAL,
    order_id: newOrderId(),
    customer_name: "Ana",
    customer_last_name: "Gómez",
    customer_email: "ana@example.com",
    customer_phone: "3001234567",
    description: "Pedido de prueba",
    ...over,
  };
}

async function payByCard(number: string = PF.cards.approvedVisa.number, over: Json = {}) {
  return call("POST", "/payments/card/charge", chargeBody(await token(number), over));
}

function pseBody(over: Json = {}): Json {
  return {
    amount: TOTAL,
    order_id: newOrderId("PSE"),
    customer_name: "Ana",
    customer_last_name: "Gómez",
    customer_email: "ana@example.com",
    customer_phone: "3001234567",
    description: "Pedido PSE",
    redirect_url: "/checkout/success/pse",
    bank_code: "1007",
    customer_document: "1020304050",
    customer_document_type: "CC",
    cart_items: LINES,
    ...over,
  };
}

async function pse(over: Json = {}) {
  const r = await call("POST", "/payments/pse", pseBody(over));
  expect(r.status).toBe(200);
  return r;
}

const form = (decision: string) => ({
  body: new URLSearchParams({ decision }).toString(),
  type: "application/x-www-form-urlencoded",
});

async function decide(chargeId: string, decision: string) {
  const f = form(decision);
  return app.fetch(
    new Request(`${ORIGIN}/banco-pse/${chargeId}`, {
      method: "POST",
      body: f.body,
      headers: { "Content-Type": f.type },
    }),
  );
}

function expectJson4xx(r: Answer, status: number) {
  expect(r.status).toBe(status);
  expect(r.res.headers.get("content-type")).toMatch(/^application\/json/);
}

describe("checkout sessions", () => {
  it("prepares a session and reads it back without the supplied HTML", async () => {
    const r = await call("POST", "/payments/prepare-checkout", checkoutPayload());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      session_id: expect.stringMatching(/^chk_[a-z0-9]{24}$/),
      total_amount: TOTAL,
      totals: { subtotal: 102_000, iva: 19_380, shipping: 0, total: TOTAL },
    });
    const data = await call("GET", `/payments/checkout-data/${str(r.body, "session_id")}`);
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({
      session_id: str(r.body, "session_id"),
      client_type: "person",
      customer: { email: "ana@example.com", last_name: "Gómez" },
      order: { total_amount: TOTAL },
      products: [{ product_id: "18433", quantity: 2 }, { product_id: "10031" }],
      order_id: null,
      charge_id: null,
      payment_status: null,
    });
    expect(data.text).not.toContain("products_html");
  });

  it("accepts the three readings of the total, a business customer and null optional fields", async () => {
    await prepare({ order: { total_amount: 102_000 } });
    await prepare({ order: { total_amount: 102_000 + 19_380 } });
    const small = [
      { title: "Conector RJ45", quantity: 10, unit_price: 1000, product_id: "1", subtotal: 10000 },
    ];
    await prepare({
      products: small,
      cart_items: null,
      order: { total_amount: 10000 + 1900 + 5000, order_id: "ORDER-1757253600000-AB12" },
    });
    await prepare({
      client_type: "business",
      customer: {
        name: "Carlos",
        last_name: null,
        email: "compras@empresa.co",
        phone: "6015551234",
        company_name: "Seguridad S.A.S.",
        company_nit: "900123456-7",
        contact_position: "Compras",
      },
      shipping: {
        sameAsInvoice: false,
        receiverName: "Portería",
        address: "Cra 7 # 1-1",
        city: "Medellín",
        instructions: null,
        preferredTime: null,
      },
      products: null,
    });
  });

  it("answers 422 'Error de validación' naming every bad field", async () => {
    const r = await call("POST", "/payments/prepare-checkout", {});
    expectJson4xx(r, 422);
    expect(r.body.error).toBe("Error de validación");
    expect(r.body.detail).toEqual(expect.stringContaining("customer"));
    const fields = (r.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["client_type", "customer", "order"]));

    const bad = await call(
      "POST",
      "/payments/prepare-checkout",
      checkoutPayload({
        customer: { name: "A", last_name: "", email: "no-es-correo", phone: "12" },
        order: { total_amount: 0 },
      }),
    );
    expectJson4xx(bad, 422);
    const badFields = (bad.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(badFields).toEqual(
      expect.arrayContaining([
        "customer.name",
        "customer.email",
        "customer.phone",
        "order.total_amount",
      ]),
    );
    expect(String(bad.body.detail)).toContain("El correo electrónico no es válido");
  });

  it.each([
    ["no lines", { products: [], cart_items: [] }, "products"],
    [
      "totals that do not match the lines",
      { order: { total_amount: 99_999 } },
      "order.total_amount",
    ],
    [
      "a line whose subtotal is not quantity × price",
      { products: [{ ...LINES[0], subtotal: 1 }] },
      "products.0.subtotal",
    ],
    [
      "a line without quantity",
      { products: [{ title: "x", unit_price: 1, product_id: "1", subtotal: 1 }] },
      "products.0.quantity",
    ],
    ["a decimal amount", { order: { total_amount: 121_380.5 } }, "order.total_amount"],
    ["an amount as text", { order: { total_amount: "121380" } }, "order.total_amount"],
    ["customer as a list", { customer: ["Ana"] }, "customer"],
    [
      "a business without NIT",
      {
        client_type: "business",
        customer: { name: "Carlos", email: "c@e.co", phone: "3001234567", company_name: "X" },
      },
      "customer.company_nit",
    ],
    [
      "shipping elsewhere without address",
      { shipping: { sameAsInvoice: false } },
      "shipping.address",
    ],
    ["an unknown client type", { client_type: "robot" }, "client_type"],
  ])("rejects %s", async (_label, over, field) => {
    const r = await call("POST", "/payments/prepare-checkout", checkoutPayload(over));
    expectJson4xx(r, 422);
    expect((r.body.fields as Array<{ field: string }>).map((f) => f.field)).toContain(field);
  });

  it("links a session to an order and its charge", async () => {
    const sessionId = await prepare();
    const paid = await payByCard(PF.cards.approvedVisa.number, { sessionId });
    const orderId = str(paid.body, "data.order_id");
    const chargeId = str(paid.body, "data.id");
    const r = await call("POST", "/payments/link-payment", {
      session_id: sessionId,
      payment_data: { order_id: orderId, charge_id: chargeId, status: "completed" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      session_id: sessionId,
      order_id: orderId,
      charge_id: chargeId,
      payment_status: "completed",
    });
    const data = await call("GET", `/payments/checkout-data/${sessionId}`);
    expect(data.body).toMatchObject({
      order_id: orderId,
      charge_id: chargeId,
      payment_status: "completed",
    });
  });

  it("refuses links to unknown sessions or charges, or to another order's charge", async () => {
    const sessionId = await prepare();
    const paid = await payByCard();
    const chargeId = str(paid.body, "data.id");
    expectJson4xx(
      await call("POST", "/payments/link-payment", {
        session_id: "chk_nada",
        payment_data: { order_id: "X-1" },
      }),
      404,
    );
    expectJson4xx(
      await call("POST", "/payments/link-payment", {
        session_id: sessionId,
        payment_data: { order_id: "X-1", charge_id: "trnada" },
      }),
      404,
    );
    const mismatch = await call("POST", "/payments/link-payment", {
      session_id: sessionId,
      payment_data: { order_id: "OTRA-ORDEN", charge_id: chargeId },
    });
    expectJson4xx(mismatch, 422);
    expect(mismatch.body.detail).toContain("payment_data.order_id");
    expectJson4xx(await call("POST", "/payments/link-payment", { session_id: sessionId }), 422);
  });

  it("answers 404 JSON for an unknown session", async () => {
    const r = await call("GET", "/payments/checkout-data/chk_desconocida");
    expectJson4xx(r, 404);
    expect(r.body).toEqual({ error: "Sesión de checkout no encontrada" });
  });
});

describe("PSE", () => {
  it("lists the 21 ACH banks with code and name", async () => {
    const r = await call("GET", "/payments/pse-banks");
    expect(r.status).toBe(200);
    expect(r.list).toHaveLength(21);
    expect(r.list[0]).toEqual({ id: "1001", code: "1001", name: "Banco de Bogotá" });
    expect(r.list.map((b) => b.code)).toEqual(PF.banks.map((b) => b.code));
    expect(r.list).toContainEqual({ id: "1551", code: "1551", name: "Daviplata" });
  });

  it("creates an in_progress charge whose redirect_url is the sandbox's bank page", async () => {
    const body = pseBody();
    const r = await call("POST", "/payments/pse", body);
    expect(r.status).toBe(200);
    const id = str(r.body, "id");
    expect(id).toMatch(/^tr[a-z0-9]{18}$/);
    expect(r.body).toMatchObject({
      status: "in_progress",
      order_id: body.order_id,
      amount: TOTAL,
      currency: "COP",
      authorization: null,
      redirect_url: `/sandbox/banco-pse/${id}`,
      payment_method: {
        type: "bank_account",
        bank_code: "1007",
        bank_name: "Bancolombia",
        url: `/sandbox/banco-pse/${id}`,
      },
      card: null,
    });
  });

  it("shows the bank, amount and order on a page that works without JavaScript", async () => {
    const r = await pse({ description: "Pedido <script>x</script>" });
    const id = str(r.body, "id");
    const page = await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<title>Bancolombia – Pago PSE de prueba<\/title>/);
    expect(html).toContain("<h1>Bancolombia</h1>");
    expect(html).toContain("$\u00a0121.380");
    expect(html).toContain(String(r.body.order_id));
    expect(html).toContain(`<form method="post" action="/sandbox/banco-pse/${id}">`);
    for (const v of ["aprobar", "rechazar", "pendiente"])
      expect(html).toContain(`name="decision" value="${v}"`);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Pedido &lt;script&gt;x&lt;/script&gt;");
  });

  it("approve: completed with an authorization, 303 to the store with ?id=", async () => {
    const r = await pse();
    const id = str(r.body, "id");
    const res = await decide(id, "aprobar");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/success/pse?id=${id}`);
    const s = await call("GET", `/payments/status/${id}`);
    expect(s.body).toMatchObject({
      status: "completed",
      authorization: expect.stringMatching(/^\d{6}$/),
    });
    // A decided charge is final: another answer changes nothing and still goes back.
    const again = await decide(id, "rechazar");
    expect(again.status).toBe(303);
    expect((await call("GET", `/payments/status/${id}`)).body.status).toBe("completed");
    const page = await (await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`))).text();
    expect(page).not.toContain("<form");
    expect(page).toContain(`href="/checkout/success/pse?id=${id}"`);
  });

  it("reject: failed; pending: stays in_progress and can be decided later", async () => {
    const rejected = str((await pse()).body, "id");
    expect((await decide(rejected, "rechazar")).status).toBe(303);
    expect((await call("GET", `/payments/status/${rejected}`)).body).toMatchObject({
      status: "failed",
      authorization: null,
    });

    const pending = str((await pse()).body, "id");
    const res = await decide(pending, "pendiente");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/success/pse?id=${pending}`);
    expect((await call("GET", `/payments/status/${pending}`)).body.status).toBe("in_progress");
    await decide(pending, "aprobar");
    expect((await call("GET", `/payments/status/${pending}`)).body.status).toBe("completed");
  });

  it("keeps the store's query string and replaces a smuggled id", async () => {
    const id = str(
      (
        await pse({
          redirect_url: "https://tienda.example/checkout/success/pse?metodo=pse&id=falso#r",
        })
      ).body,
      "id",
    );
    const res = await decide(id, "aprobar");
    expect(res.headers.get("location")).toBe(
      `https://tienda.example/checkout/success/pse?metodo=pse&id=${id}#r`,
    );
    const page = await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`));
    expect(page.headers.get("content-security-policy")).toContain(
      "form-action 'self' https://tienda.example",
    );
  });

  it.each([
    "javascript:alert(1)",
    "//evil.example/x",
    "/\\evil.example",
    "ftp://tienda.example/",
    "checkout/success",
    "https://",
    "/a b",
  ])("refuses redirect_url %s", async (redirect) => {
    const r = await call("POST", "/payments/pse", pseBody({ redirect_url: redirect }));
    expectJson4xx(r, 422);
    expect((r.body.fields as Array<{ field: string }>)[0].field).toBe("redirect_url");
  });

  it("refuses an unknown bank code and a bad document", async () => {
    const r = await call(
      "POST",
      "/payments/pse",
      pseBody({ bank_code: "9999", customer_document: "12a" }),
    );
    expectJson4xx(r, 422);
    expect((r.body.fields as Array<{ field: string }>).map((f) => f.field)).toEqual([
      "bank_code",
      "customer_document",
    ]);
  });

  it("refuses a second charge with the same order_id (1006) and creates nothing", async () => {
    const body = pseBody();
    await pse(body);
    const again = await call("POST", "/payments/pse", { ...body, amount: 5000 });
    expectJson4xx(again, 409);
    expect(again.body).toMatchObject({
      error: "Ya existe una transacción con ese order_id",
      error_code: 1006,
    });
    const charges = await call("GET", `/payments/charges?order_id=${String(body.order_id)}`);
    expect(charges.list).toHaveLength(1);
    expect(charges.list[0].amount).toBe(TOTAL);
  });

  it("answers bank-page errors as HTML: unknown charge 404, card charge 404, bad decision 400", async () => {
    const unknown = await app.fetch(new Request(`${ORIGIN}/banco-pse/trnoexiste`));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^text\/html/);
    expect((await decide("trnoexiste", "aprobar")).status).toBe(404);
    const card = str((await payByCard()).body, "data.id");
    expect((await app.fetch(new Request(`${ORIGIN}/banco-pse/${card}`))).status).toBe(404);
    const id = str((await pse()).body, "id");
    expect((await decide(id, "hackear")).status).toBe(400);
    expect((await decide(id, "toString")).status).toBe(400);
    const empty = await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`, { method: "POST" }));
    expect(empty.status).toBe(400);
    expect((await call("GET", `/payments/status/${id}`)).body.status).toBe("in_progress");
  });

  it("uses absolute URLs from the request origin when standalone", async () => {
    const standalone = createPaymentsApp({ store, publicBase: "", now: () => NOW });
    const r = await call(
      "POST",
      "/payments/pse",
      pseBody({ redirect_url: "http://127.0.0.1:3000/checkout/success/pse" }),
      {},
      standalone,
    );
    const id = str(r.body, "id");
    expect(r.body.redirect_url).toBe(`${ORIGIN}/banco-pse/${id}`);
  });
});

describe("card tokens", () => {
  it("answers a masked card and a single-use token id", async () => {
    const r = await call("POST", "/payments/card/token", cardBody(PF.cards.approvedVisa.number));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^tok_[a-z0-9]{20}$/),
      card: {
        card_number: "411111XXXXXX1111",
        brand: "visa",
        holder_name: PF.holderName,
        expiration_month: "12",
        expiration_year: "35",
        fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      },
      creation_date: "2025-09-07T10:00:00-05:00",
    });
    expect(r.text).not.toContain(PF.cards.approvedVisa.number);
    expect(r.text).not.toContain(PF.cvv);
  });

  it("accepts numbers or text for the expiry, 4-digit years and spaced numbers", async () => {
    const r = await call(
      "POST",
      "/payments/card/token",
      cardBody("5555 5555 5555 4444", { expiration_month: 1, expiration_year: 2031 }),
    );
    expect(r.status).toBe(200);
    expect(r.body.card).toMatchObject({
      card_number: "555555XXXXXX4444",
      brand: "mastercard",
      expiration_month: "01",
      expiration_year: "31",
    });
  });

  it.each([
    ["2004 (Luhn)", { card_number: PF.invalidCards.luhn }, 2004, 422],
    ["2004 (too short)", { card_number: "4242424242" }, 2004, 422],
    ["2004 (letters)", { card_number: "4111abcd11111111" }, 2004, 422],
    ["2005 (expired)", { expiration_month: "08", expiration_year: "25" }, 2005, 400],
    ["2009 (CVV of 2 digits)", { cvv2: "12" }, 2009, 412],
    ["2009 (CVV of 4 digits on Visa)", { cvv2: "1234" }, 2009, 412],
    ["2009 (CVV with letters)", { cvv2: "1a3" }, 2009, 412],
    ["2009 (CVV of 3 digits on Amex)", { card_number: PF.amex.number, cvv2: "123" }, 2009, 412],
    ["2009 (CVV of 5 digits on Amex)", { card_number: PF.amex.number, cvv2: "12345" }, 2009, 412],
    [
      "2009 (CVV of 4 digits on Mastercard)",
      { card_number: "5555555555554444", cvv2: "1234" },
      2009,
      412,
    ],
  ])("refuses with %s", async (_label, over, code, http) => {
    const r = await call(
      "POST",
      "/payments/card/token",
      cardBody(PF.cards.approvedVisa.number, over),
    );
    expect(r.status).toBe(http);
    expect(r.body).toEqual({
      category: "request",
      error_code: code,
      description: expect.any(String),
      http_code: http,
      request_id: expect.any(String),
    });
  });

  it("takes an American Express card with its 4-digit code, and charges it", async () => {
    const r = await call(
      "POST",
      "/payments/card/token",
      cardBody(PF.amex.number, { cvv2: PF.amex.cvv }),
    );
    expect(r.status).toBe(200);
    expect(r.body.card).toMatchObject({ card_number: "378282XXXXX0005", brand: "amex" });
    const charged = await call("POST", "/payments/card/charge", chargeBody(str(r.body, "id")));
    expect(charged.status).toBe(200);
    expect(charged.body.data).toMatchObject({ status: "completed", card: { brand: "amex" } });
  });

  it("answers wrong types and missing fields as 1003 with the fields named", async () => {
    const r = await call("POST", "/payments/card/token", {
      card_number: 4111111111111111,
      cvv2: 123,
      expiration_month: "13",
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ error_code: 1003, http_code: 422, category: "request" });
    const fields = (r.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "card_number",
        "holder_name",
        "expiration_month",
        "expiration_year",
        "cvv2",
      ]),
    );
  });
});

describe("card charges", () => {
  it("approves with the fields the store reads", async () => {
    const body = chargeBody(await token());
    const r = await call("POST", "/payments/card/charge", body);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      data: expect.objectContaining({
        id: expect.stringMatching(/^tr[a-z0-9]{18}$/),
        status: "completed",
        order_id: body.order_id,
        amount: TOTAL,
        authorization: expect.stringMatching(/^\d{6}$/),
        creation_date: "2025-09-07T10:00:00-05:00",
        description: "Pedido de prueba",
        payment_method: { type: "card", brand: "visa", last4: "1111" },
        card: {
          card_number: "XXXXXXXXXXXX1111",
          brand: "visa",
          holder_name: PF.holderName,
          expiration_month: "12",
          expiration_year: "35",
        },
        customer: {
          name: "Ana",
          last_name: "Gómez",
          email: "ana@example.com",
          phone_number: "3001234567",
        },
      }),
    });
  });

  it.each(Object.entries(PF.cards))("%s ends as its fixture says", async (_name, card) => {
    const r = await payByCard(card.number);
    if (card.outcome.status === "failed") {
      expect(r.status).toBe(402);
      expect(r.body).toMatchObject({
        success: false,
        error: { error_code: card.outcome.errorCode, http_code: 402, category: "gateway" },
        charge_id: expect.stringMatching(/^tr/),
      });
      const s = await call("GET", `/payments/status/${str(r.body, "charge_id")}`);
      expect(s.body).toMatchObject({
        status: "failed",
        error_code: card.outcome.errorCode,
        authorization: null,
      });
    } else {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, data: { status: card.outcome.status } });
      if (card.outcome.status === "charge_pending")
        expect(at(r.body, "data.authorization")).toBeNull();
    }
  });

  it("approves any other Luhn-valid card", async () => {
    const r = await payByCard(PF.invalidCards.otherValid);
    expect(r.body).toMatchObject({
      success: true,
      data: { status: "completed", payment_method: { brand: "discover", last4: "1117" } },
    });
  });

  it("refuses a used token", async () => {
    const tok = await token();
    expect((await call("POST", "/payments/card/charge", chargeBody(tok))).status).toBe(200);
    const again = await call("POST", "/payments/card/charge", chargeBody(tok));
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      success: false,
      error: { error_code: 1003, description: expect.stringContaining("ya fue usado") },
    });
    // A declined charge spends its token too.
    const declined = await token(PF.cards.declined.number);
    expect((await call("POST", "/payments/card/charge", chargeBody(declined))).status).toBe(402);
    expect((await call("POST", "/payments/card/charge", chargeBody(declined))).body).toMatchObject({
      error: { error_code: 1003 },
    });
  });

  it("refuses an unknown token (1005, 404)", async () => {
    const r = await call("POST", "/payments/card/charge", chargeBody("tok_desconocido"));
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, error: { error_code: 1005, http_code: 404 } });
  });

  it("refuses a second charge with the same order_id (1006, 409), creates nothing and leaves the token unused", async () => {
    const first = await payByCard();
    const orderId = str(first.body, "data.order_id");
    const tok = await token(PF.cards.approvedVisa2.number);
    const dup = await call(
      "POST",
      "/payments/card/charge",
      chargeBody(tok, { order_id: orderId, amount: 1000 }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      success: false,
      message: "Ya existe una transacción con ese order_id",
      error: {
        category: "request",
        error_code: 1006,
        description: "Ya existe una transacción con ese order_id",
        http_code: 409,
        request_id: expect.any(String),
      },
    });
    const list = await call("GET", `/payments/charges?order_id=${orderId}`);
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ id: str(first.body, "data.id"), amount: TOTAL });
    expect((await call("POST", "/payments/card/charge", chargeBody(tok))).status).toBe(200);
  });

  it("treats a declined charge's order id as used: the store retries with a new one", async () => {
    const declined = await payByCard(PF.cards.insufficientFunds.number);
    const orderId = String(declined.body.order_id);
    expect((await payByCard(PF.cards.approvedVisa.number, { order_id: orderId })).status).toBe(409);
    expect((await payByCard(PF.cards.approvedVisa.number)).status).toBe(200);
  });

  it("lets only one of many concurrent charges of one order through", async () => {
    const orderId = newOrderId();
    const tokens = await Promise.all(Array.from({ length: 12 }, () => token()));
    const results = await Promise.all(
      tokens.map((t) =>
        call("POST", "/payments/card/charge", chargeBody(t, { order_id: orderId })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    expect((await call("GET", `/payments/charges?order_id=${orderId}`)).list).toHaveLength(1);
  });

  it("validates the charge body as 1003 with the fields named", async () => {
    const r = await call("POST", "/payments/card/charge", {
      token_id: 5,
      amount: -1,
      order_id: "mal id con espacios",
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ success: false, error: { error_code: 1003, http_code: 422 } });
    const fields = (r.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(["token_id", "amount", "order_id", "customer_name", "customer_email"]),
    );
  });
});

describe("status and recovery", () => {
  it("answers the same at /payments/status and /api/payments/status", async () => {
    const paid = await payByCard();
    const id = str(paid.body, "data.id");
    const a = await call("GET", `/payments/status/${id}`);
    const b = await call("GET", `/api/payments/status/${id}`);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({
      status: "completed",
      id,
      order_id: str(paid.body, "data.order_id"),
      amount: TOTAL,
      authorization: at(paid.body, "data.authorization"),
      creation_date: "2025-09-07T10:00:00-05:00",
      description: "Pedido de prueba",
      card: { card_number: "XXXXXXXXXXXX1111", brand: "visa", holder_name: PF.holderName },
    });
  });

  it("answers 404 JSON for unknown or malformed charge ids", async () => {
    for (const id of ["trnoexiste", "%E2%9C%93", "a".repeat(300)]) {
      const r = await call("GET", `/payments/status/${id}`);
      expectJson4xx(r, 404);
      expect(r.body).toEqual({ error: "Cargo no encontrado" });
      expectJson4xx(await call("GET", `/api/payments/status/${id}`), 404);
    }
  });

  it("lists the charges of an order, [] for an unknown one, 400 without order_id", async () => {
    const paid = await payByCard();
    const list = await call(
      "GET",
      `/payments/charges?order_id=${encodeURIComponent(str(paid.body, "data.order_id"))}`,
    );
    expect(list.list).toEqual([
      (await call("GET", `/payments/status/${str(paid.body, "data.id")}`)).body,
    ]);
    expect((await call("GET", "/payments/charges?order_id=NADA")).list).toEqual([]);
    expectJson4xx(await call("GET", "/payments/charges"), 400);
  });
});

describe("order e-mails", () => {
  /** A paid card order whose completion sent nothing (the lost-notice fault), unless `notified`. */
  async function paidOrder(number: string = PF.cards.approvedVisa.number, notified = false) {
    const sessionId = await prepare();
    const paid = await payByCard(number, {
      sessionId,
      ...(notified ? {} : { customer_email: PF.faults.unsentEmail }),
    });
    expect(paid.status).toBe(200);
    return {
      sessionId,
      chargeId: str(paid.body, "data.id"),
      orderId: str(paid.body, "data.order_id"),
    };
  }
  const outbox = async (orderId: string) =>
    (await call("GET", `/payments/emails?order_id=${encodeURIComponent(orderId)}`)).list;

  it("a PSE approved on the bank page sends one customer and one sales e-mail, with nobody calling confirm", async () => {
    const r = await pse({ customer_email: "marta@example.com" });
    const id = str(r.body, "id");
    const orderId = str(r.body, "order_id");
    expect(await outbox(orderId)).toEqual([]);
    expect((await decide(id, "aprobar")).status).toBe(303);

    const sent = await outbox(orderId);
    expect(sent.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ["aviso-ventas", [PF.salesEmail], expect.stringMatching(/^Nuevo pedido pagado /)],
      ["confirmacion-cliente", ["marta@example.com"], `Confirmación de tu pedido ${orderId}`],
    ]);
    expect(String(sent[1].html)).toContain("PSE – Bancolombia");
    // The shopper's result page later (or a second tab, or a retry) adds nothing.
    for (let i = 0; i < 2; i++) {
      expect((await call("POST", `/api/payments/confirm-success-page/${id}`)).body).toMatchObject({
        success: true,
        status: "completed",
        already_sent: true,
        emails_queued: 0,
      });
    }
    // The bank page posted again does not complete the charge twice.
    await decide(id, "aprobar");
    expect(await outbox(orderId)).toHaveLength(2);
    // The staff tool still re-sends, and says they had gone out.
    expect((await call("POST", `/payments/manual-notification/${orderId}`)).body).toMatchObject({
      success: true,
      already_sent: true,
    });
    expect(await outbox(orderId)).toHaveLength(4);
  });

  it("a PSE left pending at the bank sends nothing until it is approved, then once", async () => {
    const r = await pse();
    const id = str(r.body, "id");
    const orderId = str(r.body, "order_id");
    await decide(id, "pendiente");
    expect(await outbox(orderId)).toEqual([]);
    await decide(id, "aprobar");
    expect((await outbox(orderId)).map((e) => e.kind)).toEqual([
      "aviso-ventas",
      "confirmacion-cliente",
    ]);

    const rejected = await pse();
    await decide(str(rejected.body, "id"), "rechazar");
    expect(await outbox(str(rejected.body, "order_id"))).toEqual([]);
  });

  it("an approved card charge sends one customer and one sales e-mail at once; confirm-success-page adds none", async () => {
    const { chargeId, orderId } = await paidOrder(PF.cards.approvedVisa.number, true);
    const sent = await outbox(orderId);
    expect(sent.map((e) => [e.kind, e.to])).toEqual([
      ["aviso-ventas", [PF.salesEmail]],
      ["confirmacion-cliente", ["ana@example.com"]],
    ]);
    const confirms = await Promise.all(
      [1, 2, 3].map(() => call("POST", `/api/payments/confirm-success-page/${chargeId}`)),
    );
    for (const c of confirms)
      expect(c.body).toMatchObject({ success: true, already_sent: true, emails_queued: 0 });
    expect(await outbox(orderId)).toHaveLength(2);
  });

  it("a declined or pending card charge sends nothing", async () => {
    for (const number of [PF.cards.declined.number, PF.cards.pending.number]) {
      const r = await payByCard(number);
      const orderId = String(r.body.order_id ?? at(r.body, "data.order_id"));
      expect(orderId).toMatch(/^CARD-/);
      expect(await outbox(orderId)).toEqual([]);
    }
  });

  it("completing a charge and writing its e-mails are one transaction", () => {
    const orderId = newOrderId("PSE");
    const charge = store.createBankCharge({
      id: `tr${String(++seq).padStart(18, "0")}`,
      orderId,
      amount: TOTAL,
      description: "Pedido",
      customer: { name: "Ana", email: "ana@example.com" },
      sessionId: null,
      creationDate: "2025-09-07T10:00:00-05:00",
      bank: null,
      redirectUrl: "/checkout/success/pse",
      extra: {},
    });
    if (charge === "duplicate_order") throw new Error("unexpected duplicate");
    const failing = {
      at: "2025-09-07T10:05:00-05:00",
      build: () => {
        throw new Error("disk full");
      },
    };
    expect(() =>
      store.decideBankCharge(charge.id, "completed", failing.at, "123456", failing),
    ).toThrow("disk full");
    // Nothing half-done: still in progress, so the bank's next answer completes and notifies it.
    expect(store.getCharge(charge.id)?.status).toBe("in_progress");
    expect(store.notificationSent(orderId)).toBe(false);
  });

  it("confirm-success-page sends the first e-mails when the gateway's notice was lost, once", async () => {
    const { chargeId, orderId } = await paidOrder();
    expect(await outbox(orderId)).toEqual([]);
    const first = await call("POST", `/api/payments/confirm-success-page/${chargeId}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      charge_id: chargeId,
      order_id: orderId,
      status: "completed",
      already_sent: false,
      emails_queued: 2,
    });
    const again = await Promise.all(
      [1, 2, 3].map(() => call("POST", `/api/payments/confirm-success-page/${chargeId}`)),
    );
    for (const r of again)
      expect(r.body).toMatchObject({ success: true, already_sent: true, emails_queued: 0 });

    const emails = await call("GET", `/payments/emails?order_id=${orderId}`);
    expect(emails.list).toHaveLength(2);
    const [sales, customer] = emails.list;
    expect(customer).toMatchObject({
      kind: "confirmacion-cliente",
      to: ["ana@example.com"],
      subject: `Confirmación de tu pedido ${orderId}`,
    });
    expect(sales).toMatchObject({
      kind: "aviso-ventas",
      to: [PF.salesEmail],
      subject: expect.stringContaining(orderId),
    });
    const html = String(customer.html);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(
      '<th scope="col" style="padding:8px;border-bottom:1px solid #e2e8f0;text-align:left">Producto</th>',
    );
    expect(html).toContain("Cámara IP &lt;b&gt;Bala&lt;/b&gt; 4 MP");
    expect(html).toContain("$\u00a045.000");
    expect(html).toContain("$\u00a090.000");
    expect(html).toContain("$\u00a0121.380");
    expect(html).toContain("IVA (19 %)");
    expect(html).toContain("Gratis");
    // Customer input is escaped; supplied HTML is never used.
    expect(html).toContain("Ana &lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
    expect(String(sales.html)).not.toContain("<img");
    expect(html + String(sales.html)).not.toContain("products_html");
    expect(String(sales.html)).toContain("1020304050");
  });

  it("confirm-success-page sends nothing for a charge that is not completed, 404 for an unknown one", async () => {
    const pending = await payByCard(PF.cards.pending.number);
    const r = await call(
      "POST",
      `/api/payments/confirm-success-page/${str(pending.body, "data.id")}`,
    );
    expectJson4xx(r, 409);
    expect(r.body).toMatchObject({ status: "charge_pending" });
    expect(
      (await call("GET", `/payments/emails?order_id=${str(pending.body, "data.order_id")}`)).list,
    ).toEqual([]);
    expectJson4xx(await call("POST", "/api/payments/confirm-success-page/trnoexiste"), 404);
  });

  it("builds the e-mails of a PSE order without a session from the charge", async () => {
    const r = await pse({
      customer_name: "Luis",
      customer_last_name: "Díaz",
      customer_email: "luis@example.com",
    });
    const id = str(r.body, "id");
    await decide(id, "aprobar");
    const emails = await call("GET", `/payments/emails?order_id=${String(r.body.order_id)}`);
    const customer = emails.list.find((e) => e.kind === "confirmacion-cliente")!;
    expect(customer.to).toEqual(["luis@example.com"]);
    expect(String(customer.html)).toContain("PSE – Bancolombia");
    expect(String(customer.html)).toContain("Cable UTP Cat 6");
  });

  it("manual notification: sends for a paid order, then resends with already_sent", async () => {
    const { orderId, chargeId } = await paidOrder();
    const first = await call("POST", `/payments/manual-notification/${orderId}`, undefined, {
      "Content-Type": "application/json",
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: expect.any(String),
      payment_id: chargeId,
      payment_status: "completed",
      customer_email: "ana@example.com",
      amount: TOTAL,
      order_id: orderId,
      already_sent: false,
    });
    const second = await call("POST", `/payments/manual-notification/${orderId}`);
    expect(second.body).toMatchObject({ success: true, already_sent: true, payment_id: chargeId });
    // The confirmation page after a manual send does not send again.
    expect(
      (await call("POST", `/api/payments/confirm-success-page/${chargeId}`)).body,
    ).toMatchObject({ already_sent: true, emails_queued: 0 });
    const emails = await call("GET", `/payments/emails?order_id=${orderId}`);
    expect(emails.list.map((e) => e.subject)).toEqual([
      expect.stringMatching(/^Reenvío: Nuevo pedido pagado/),
      `Reenvío: Confirmación de tu pedido ${orderId}`,
      expect.stringMatching(/^Nuevo pedido pagado/),
      `Confirmación de tu pedido ${orderId}`,
    ]);
  });

  it("manual notification after confirm-success-page reports already_sent", async () => {
    const { orderId, chargeId } = await paidOrder();
    await call("POST", `/api/payments/confirm-success-page/${chargeId}`);
    expect((await call("POST", `/payments/manual-notification/${orderId}`)).body).toMatchObject({
      success: true,
      already_sent: true,
    });
  });

  it("manual notification: unpaid orders get success false with a suggestion", async () => {
    const declined = await payByCard(PF.cards.declined.number);
    const r = await call("POST", `/payments/manual-notification/${String(declined.body.order_id)}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: false,
      payment_status: "failed",
      message: expect.stringContaining("Fallido"),
      suggestion: expect.any(String),
    });

    const pending = str((await pse()).body, "order_id");
    expect((await call("POST", `/payments/manual-notification/${pending}`)).body).toMatchObject({
      success: false,
      payment_status: "in_progress",
      suggestion: expect.stringContaining("24 a 48 horas"),
    });

    await prepare({ order: { total_amount: TOTAL, order_id: "ORDER-1757253600000-SINP" } });
    expect(
      (await call("POST", "/payments/manual-notification/ORDER-1757253600000-SINP")).body,
    ).toMatchObject({
      success: false,
      message: expect.stringContaining("no tiene un pago"),
      suggestion: expect.any(String),
    });
    expect((await call("GET", "/payments/emails?order_id=ORDER-1757253600000-SINP")).list).toEqual(
      [],
    );
  });

  it("manual notification: an unknown order is 404 with message and suggestion", async () => {
    const r = await call("POST", "/payments/manual-notification/ORDER-0000000000000-NADA");
    expectJson4xx(r, 404);
    expect(r.body).toEqual({
      error: "Orden no encontrada",
      success: false,
      message: "No se encontró la orden ORDER-0000000000000-NADA",
      suggestion: expect.any(String),
    });
  });
});

describe("outbox page", () => {
  it("shows every message newest first, each rendered in a sandboxed iframe", async () => {
    const sessionId = await prepare();
    const paid = await payByCard(PF.cards.approvedMastercard.number, { sessionId });
    const orderId = str(paid.body, "data.order_id");
    await call("POST", `/api/payments/confirm-success-page/${str(paid.body, "data.id")}`);

    const res = await app.fetch(new Request(`${ORIGIN}/correos`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<title>Correos enviados – Sandbox</title>");
    expect(page).toContain("<h1>Correos enviados</h1>");
    expect(page).toContain('<label for="pedido">Número de pedido</label>');
    const ids = [...page.matchAll(/<h2 id="correo-(\d+)">/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The newest pair is this order's: sales notice, then the customer confirmation before it.
    expect(page.indexOf(`Nuevo pedido pagado ${orderId}`)).toBeLessThan(
      page.indexOf(`Confirmación de tu pedido ${orderId}`),
    );
    expect(page).toMatch(
      /<iframe sandbox="" loading="lazy" title="Contenido del correo: [^"]+" srcdoc="&lt;!DOCTYPE html&gt;/,
    );
    // Inside srcdoc, customer text is escaped twice: no live markup anywhere in the page.
    expect(page).not.toContain("<img");
    expect(page).toContain("Ana &amp;lt;img src=x onerror=alert(1)&amp;gt;");

    const filtered = await (
      await app.fetch(new Request(`${ORIGIN}/correos?pedido=${encodeURIComponent(orderId)}`))
    ).text();
    expect([...filtered.matchAll(/<h2 id="correo-/g)]).toHaveLength(2);
    expect(filtered).toContain(`value="${orderId}"`);
    const none = await (
      await app.fetch(new Request(`${ORIGIN}/correos?pedido=%22%3E%3Cscript%3E`))
    ).text();
    expect(none).toContain("No hay correos de este pedido.");
    expect(none).not.toContain("<script>");

    const single = await app.fetch(new Request(`${ORIGIN}/correos/${ids[0]}`));
    expect(single.status).toBe(200);
    expect(single.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect((await app.fetch(new Request(`${ORIGIN}/correos/999999`))).status).toBe(404);
    expect((await app.fetch(new Request(`${ORIGIN}/correos/abc`))).status).toBe(404);
  });
});

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
      expect(bytes).not.toMatch(/cvv/i);
      // The random ids are the only other digits written: take them out before looking for the CVV.
      for (const known of [
        str(tok.body, "id"),
        str(visa.body, "id"),
        str(paid.body, "data.id"),
        str(paid.body, "data.authorization"),
      ]) {
        bytes = bytes.split(known).join("");
      }
      for (const row of s.db.prepare("SELECT id, authorization FROM charges").all()) {
        for (const v of Object.values(row))
          if (typeof v === "string") bytes = bytes.split(v).join("");
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
