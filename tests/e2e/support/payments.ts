/**
 * The sandbox gateway as the tests use it: products that can be bought, the gateway's calls
 * (prepare-checkout, card token and charge, PSE, charges, outbox; made as the signed-in staff,
 * the only visitor the store's /sandbox mount lets at them) and the `pagos` cookie that marks
 * the browser whose checkout made a charge. For the payment, staff and sandbox specs alike.
 */
import { type APIRequestContext, type BrowserContext, expect } from "@playwright/test";
import { createCookie } from "react-router";
import { asStaff } from "./staff-api.ts";

/** The first secret of SESSION_SECRET in playwright.config.ts. */
const SECRET = "e2e-secret-0123456789abcdef";

export interface Sellable {
  id: string;
  title: string;
  price: number;
}

export interface PreparedOrder {
  orderId: string;
  sessionId: string;
  total: number;
  email: string;
}

let seq = 0;
/**
 * An order id of the store's format (docs/decisions/0305): prefix, 13 digits, 4 letters or digits.
 */
function newOrderId(prefix: "CARD" | "PSE") {
  const suffix = (Date.now().toString(36) + (++seq).toString(36)).slice(-4).toUpperCase();
  return `${prefix}-${Date.now()}${suffix.padStart(4, "0")}`;
}

/** Products with a price and at least 5 units, from the sandbox catalogue. */
export async function sellableProducts(request: APIRequestContext, count = 2): Promise<Sellable[]> {
  const list = (await (
    await request.get("/sandbox/api/productos?limit=60&offset=0", {
      headers: await asStaff(),
    })
  ).json()) as {
    productos: Array<{ id: string; titulo: string; total_existencia?: number }>;
  };
  const found: Sellable[] = [];
  for (const product of list.productos) {
    if ((product.total_existencia ?? 0) < 5) continue;
    const price = (await (
      await request.get(`/sandbox/api/precios/simple/${product.id}`, { headers: await asStaff() })
    ).json()) as {
      precio?: number;
    };
    if (typeof price.precio === "number" && price.precio > 0) {
      found.push({
        id: String(product.id),
        title: product.titulo,
        price: Math.round(price.precio),
      });
    }
    if (found.length === count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

const totalsOf = (subtotal: number) => {
  const iva = Math.floor((subtotal * 19 + 50) / 100);
  return { iva, shipping: subtotal > 100_000 ? 0 : 5_000 };
};

/**
 * A checkout session prepared at the sandbox for these lines, as 'Finalizar compra' does, for a
 * customer 'Ana Gómez' (`customerName` replaces her first name).
 */
export async function prepareCheckout(
  request: APIRequestContext,
  lines: Array<{ product: Sellable; quantity: number }>,
  method: "openpay" | "pse",
  email = "ana@example.com",
  customerName = "Ana",
): Promise<PreparedOrder> {
  const items = lines.map(({ product, quantity }) => ({
    title: product.title,
    name: product.title,
    quantity,
    unit_price: product.price,
    product_id: product.id,
    subtotal: product.price * quantity,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const { iva, shipping } = totalsOf(subtotal);
  const total = subtotal + iva + shipping;
  const orderId = newOrderId(method === "pse" ? "PSE" : "CARD");
  const response = await request.post("/sandbox/payments/prepare-checkout", {
    headers: await asStaff(),
    data: {
      client_type: "person",
      customer: {
        name: customerName,
        last_name: "Gómez",
        email,
        phone: "3001234567",
        address: "Calle 10 # 20-30",
        city: "Bogotá",
        document: "1020304050",
        document_type: "CC",
      },
      shipping: {
        sameAsInvoice: true,
        receiverName: "",
        address: "",
        city: "",
        instructions: "",
        preferredTime: "",
      },
      order: {
        total_amount: total,
        payment_method: method,
        timestamp: new Date().toISOString(),
        order_id: orderId,
      },
      products: items,
      cart_items: items,
      products_html: "",
      email_payload: { to: email, subject: "Pedido", data: {} },
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { session_id: string };
  return { orderId, sessionId: body.session_id, total, email };
}

let tokenCalls = 0;

/**
 * A card charge made at the gateway for the order: the charge, or the declined answer.
 * `chargeEmail` is the customer e-mail sent with the charge (the order's unless given).
 */
export async function chargeCard(
  request: APIRequestContext,
  order: PreparedOrder,
  number: string,
  chargeEmail = order.email,
) {
  const token = await request.post("/sandbox/payments/card/token", {
    // The public key, as every token call shows it, from an address of its own (the token
    // call's limits count per address).
    headers: {
      Authorization: `Basic ${btoa("pk_sandbox_tienda:")}`,
      "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 250)}.${++tokenCalls % 250}`,
    },
    data: {
      card_number: number,
      holder_name: "Ana Gómez",
      expiration_month: "12",
      expiration_year: "35",
      cvv2: "123",
    },
  });
  expect(token.status()).toBe(200);
  const response = await request.post("/sandbox/payments/card/charge", {
    headers: await asStaff(),
    data: {
      token_id: ((await token.json()) as { id: string }).id,
      device_session_id: "a".repeat(32),
      amount: order.total,
      order_id: order.orderId,
      customer_name: "Ana",
      customer_last_name: "Gómez",
      customer_email: chargeEmail,
      customer_phone: "3001234567",
      sessionId: order.sessionId,
    },
  });
  const body = (await response.json()) as {
    data?: { id: string; authorization: string };
    charge_id?: string;
  };
  const chargeId = body.data?.id ?? body.charge_id;
  expect(chargeId).toBeTruthy();
  await request.post("/sandbox/payments/link-payment", {
    headers: await asStaff(),
    data: {
      session_id: order.sessionId,
      payment_data: {
        order_id: order.orderId,
        charge_id: chargeId,
        status: response.ok() ? "completed" : "failed",
      },
    },
  });
  return {
    status: response.status(),
    chargeId: chargeId as string,
    authorization: body.data?.authorization,
  };
}

/** A PSE charge for the order, returning to the store's PSE result page. */
export async function chargePse(request: APIRequestContext, order: PreparedOrder, baseURL: string) {
  const response = await request.post("/sandbox/payments/pse", {
    headers: await asStaff(),
    data: {
      amount: order.total,
      order_id: order.orderId,
      customer_name: "Ana",
      customer_last_name: "Gómez",
      customer_email: order.email,
      customer_phone: "3001234567",
      redirect_url: `${baseURL}/checkout/success/pse`,
      sessionId: order.sessionId,
      bank_code: "1007",
      customer_document: "1020304050",
      customer_document_type: "CC",
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: string; redirect_url: string };
}

/**
 * Marks this browser as the one whose checkout made these charges: the store's signed `pagos`
 * cookie, as its payment POST leaves it.
 */
export async function rememberPayments(
  context: BrowserContext,
  baseURL: string,
  payments: Array<{ order: PreparedOrder; chargeId: string; method: "openpay" | "pse" }>,
) {
  const name = "__Host-pagos";
  const cookie = createCookie(name, { secrets: [SECRET], secure: true, path: "/" });
  const serialized = await cookie.serialize({
    paid: payments.map(({ order, chargeId, method }) => ({
      orderId: order.orderId,
      chargeId,
      sessionId: order.sessionId,
      method,
      settled: false,
      confirmed: false,
    })),
  });
  await context.addCookies([
    {
      name,
      value: serialized.split(";")[0].slice(name.length + 1),
      url: baseURL.replace(/^http:/, "https:"),
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** The e-mails the gateway sent for an order (its outbox). */
export async function outbox(request: APIRequestContext, orderId: string) {
  const response = await request.get(
    `/sandbox/payments/emails?order_id=${encodeURIComponent(orderId)}`,
    { headers: await asStaff() },
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as Array<{ kind: string; to: string[]; subject: string }>;
}

/** The gateway's charges of an order. */
export async function chargesOf(request: APIRequestContext, orderId: string) {
  const response = await request.get(
    `/sandbox/payments/charges?order_id=${encodeURIComponent(orderId)}`,
    { headers: await asStaff() },
  );
  return (await response.json()) as Array<{
    id: string;
    status: string;
    amount: number;
    authorization: string | null;
  }>;
}
