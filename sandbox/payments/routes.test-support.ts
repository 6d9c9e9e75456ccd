/**
 * What the tests of the payments sandbox's routes share: a fresh store in a temporary folder, the
 * app over it, a call helper, and a checkout, a card and a PSE payment to start from.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, expect } from "vitest";
import { SANDBOX_PUBLIC_KEY } from "./browser-api.ts";
import { SANDBOX_CLIENT_HEADER } from "./card-tokens.ts";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import { createPaymentsApp } from "./routes.ts";
import { PaymentsStore } from "./store.ts";

export const NOW = new Date("2025-09-07T15:00:00Z");
export const SLOW_MS = 150;
export const ORIGIN = "http://tienda.local";

let dir: string;
export let store: PaymentsStore;
export let app: Hono;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pagos-"));
  store = new PaymentsStore(dir);
  app = createPaymentsApp({ store, publicBase: "/sandbox", now: () => NOW, slowChargeMs: SLOW_MS });
});

afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

export type Json = Record<string, unknown>;

export interface Answer {
  status: number;
  res: Response;
  body: Json;
  list: Json[];
  text: string;
}

let calls = 0;

export async function call(
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
export function at(value: unknown, dotted: string): unknown {
  return dotted
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Json)[k] : undefined), value);
}
export const str = (value: unknown, dotted: string) => String(at(value, dotted));

let seq = 0;
/** The next of the file's sequence numbers (order ids, charge ids). */
export const nextSeq = () => ++seq;
export const newOrderId = (prefix = "CARD") =>
  `${prefix}-${1757253600000 + ++seq}-T${String(seq).padStart(3, "0")}`;

// 2 × 45,000 + 12,000 = 102,000 (free shipping); IVA 19,380; total 121,380.
export const LINES = [
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
export const TOTAL = 121_380;

export function checkoutPayload(over: Json = {}): Json {
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

export async function prepare(over: Json = {}): Promise<string> {
  const r = await call("POST", "/payments/prepare-checkout", checkoutPayload(over));
  expect(r.status).toBe(200);
  return str(r.body, "session_id");
}

export function cardBody(number: string, over: Json = {}): Json {
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

export async function token(
  number: string = PF.cards.approvedVisa.number,
  over: Json = {},
): Promise<string> {
  const r = await call("POST", "/payments/card/token", cardBody(number, over));
  expect(r.status).toBe(200);
  return str(r.body, "id");
}

export function chargeBody(tokenId: string, over: Json = {}): Json {
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

export async function payByCard(number: string = PF.cards.approvedVisa.number, over: Json = {}) {
  return call("POST", "/payments/card/charge", chargeBody(await token(number), over));
}

export function pseBody(over: Json = {}): Json {
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

export async function pse(over: Json = {}) {
  const r = await call("POST", "/payments/pse", pseBody(over));
  expect(r.status).toBe(200);
  return r;
}

const form = (decision: string) => ({
  body: new URLSearchParams({ decision }).toString(),
  type: "application/x-www-form-urlencoded",
});

export async function decide(chargeId: string, decision: string) {
  const f = form(decision);
  return app.fetch(
    new Request(`${ORIGIN}/banco-pse/${chargeId}`, {
      method: "POST",
      body: f.body,
      headers: { "Content-Type": f.type },
    }),
  );
}

export function expectJson4xx(r: Answer, status: number) {
  expect(r.status).toBe(status);
  expect(r.res.headers.get("content-type")).toMatch(/^application\/json/);
}
