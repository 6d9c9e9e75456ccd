/**
 * The order record (docs/merchant-api.md): the checkout session prepared with an order id, read
 * back by that id, listed by cart or checkout, cancelled by the store; what the bank and new
 * charges may still do with a cancelled order; the e-mails built from it; the schema migration.
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

const ORIGIN = "http://tienda.local";
export let clock = new Date("2025-09-07T15:00:00Z");
export const tick = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

let dir: string;
let store: PaymentsStore;
export let app: Hono;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-"));
  store = new PaymentsStore(dir);
  app = createPaymentsApp({ store, publicBase: "/sandbox", now: () => clock });
});

afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

export type Json = Record<string, unknown>;

let tokenCalls = 0;

export async function call(method: string, url: string, body?: unknown, target = app) {
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
export const newOrderId = (prefix: string) =>
  `${prefix}-1757253600000-O${String(++seq).padStart(3, "0")}`;

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
export const TOTAL = 1_166_200;
// 1 × 50,000: IVA 9,500, shipping 5,000, total 64,500.
export const SMALL = [
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
export const SMALL_TOTAL = 64_500;

export function business(orderId: string, over: Json = {}): Json {
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

export async function prepare(orderId: string, over: Json = {}) {
  const r = await call("POST", "/payments/prepare-checkout", business(orderId, over));
  expect(r.status).toBe(200);
  return r.json;
}

export const order = async (orderId: string) => call("GET", `/payments/orders/${orderId}`);

export async function pse(orderId: string, amount = TOTAL, email = "compras@acme.com.co") {
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

export async function bank(chargeId: string, decision?: string) {
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

export async function cardToken(number: string = PF.cards.approvedVisa.number): Promise<string> {
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

export const cardCharge = (tokenId: string, orderId: string, amount = TOTAL) =>
  call("POST", "/payments/card/charge", {
    token_id: tokenId,
    amount,
    order_id: orderId,
    customer_name: "Laura",
    customer_email: "compras@acme.com.co",
  });
