/**
 * A shopper for the server tests of the payment flows: a cookie jar, requests from a client
 * address, a cart, and the checkout walked through its own forms up to 'Finalizar compra'.
 * Import it after setting the environment (API_URL, secrets): the store's modules read it once.
 */
import { expect } from "vitest";
import { commitCart } from "~/cart/cart.server";
import { performCheckoutAction } from "~/checkout/checkout-actions.server";
import { loadCheckout, readPreparedOrder } from "~/checkout/checkout.server";
import { apiClient, withCurrentPrices } from "~/merchant-api/client.server";
import { METHOD_SERVERS } from "~/payments/methods/servers.server";
import { payWith } from "~/payments/pay-with.server";
import type { PaymentOrder } from "~/payments/payment-order";
import type { PaymentAnswer } from "~/payments/payment-answers.server";
import { CLIENT_ADDRESS_HEADER } from "~/platform/rate-limit.server";
import { personBilling } from "./buyer.ts";

export const ORIGIN = "http://tienda.test";

/** The payment page's action for each method (intent=pay-card, intent=pay-pse, intent=pay-cash). */
export const payActions = {
  payByCard: (request: Request, form: FormData, order: PaymentOrder) =>
    payWith(METHOD_SERVERS.openpay, request, form, order),
  payByPse: (request: Request, form: FormData, order: PaymentOrder) =>
    payWith(METHOD_SERVERS.pse, request, form, order),
  payByCash: (request: Request, form: FormData, order: PaymentOrder) =>
    payWith(METHOD_SERVERS.cash, request, form, order),
};
export const VISA = "4111111111111111";
const YEAR = String(new Date().getFullYear() + 3);

/** A browser's cookies: Set-Cookie answers in, a Cookie header out. */
/**
 * A browser's cookies: each kept until its Max-Age runs out on the clock of the moment (a test
 * may move it with vi.setSystemTime, and the cookies expire as a browser's would).
 */
export class Jar {
  readonly #cookies = new Map<string, { value: string; until: number }>();
  /** The cookies alive now, by name. */
  get values(): Map<string, string> {
    const now = Date.now();
    return new Map(
      [...this.#cookies].filter(([, c]) => c.until > now).map(([name, c]) => [name, c.value]),
    );
  }
  apply(headers: Headers) {
    for (const line of headers.getSetCookie()) this.set(line);
    return this;
  }
  set(line: string) {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const maxAge = attributes.find((a) => /^max-age=/i.test(a));
    const expires = attributes.find((a) => /^expires=/i.test(a));
    const until = maxAge
      ? Date.now() + Number(maxAge.slice(8)) * 1000
      : expires
        ? Date.parse(expires.slice(8))
        : Infinity;
    if (until <= Date.now() || value === "") this.#cookies.delete(name);
    else this.#cookies.set(name, { value, until });
  }
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

let addressSeq = 0;
/** A GET from this browser, from its own client address unless one is given. */
export function request(jar: Jar, url = `${ORIGIN}/checkout/pago`, address?: string) {
  return new Request(url, {
    headers: {
      Cookie: jar.header(),
      [CLIENT_ADDRESS_HEADER]:
        address ?? `10.0.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`,
    },
  });
}

let products: Array<{ id: string; price: number }> | undefined;

/** Products with a price and stock, to put in carts. */
export async function pricedProducts(): Promise<Array<{ id: string; price: number }>> {
  if (products) return products;
  const page = await apiClient().listProducts({ limit: 80, offset: 0 });
  const priced = await withCurrentPrices(page.products);
  products = priced
    .filter((p) => typeof p.price === "number" && p.price > 0 && p.stock >= 5)
    .map((p) => ({ id: p.id, price: p.price as number }));
  expect(products.length).toBeGreaterThanOrEqual(2);
  return products;
}

/** A browser with one product in its cart. */
export async function shopper(quantity = 1, product = 0): Promise<Jar> {
  const list = await pricedProducts();
  const jar = new Jar();
  jar.set(await commitCart([{ productId: list[product].id, quantity }]));
  return jar;
}

/**
 * What 'Finalizar compra' leaves: the shopper goes through the checkout's own forms (billing,
 * shipping as billing, the method), which prepare the checkout at the merchant API; the
 * checkout cookie lands in the jar and its prepared order is returned.
 */
export async function prepare(
  jar: Jar,
  method: PaymentOrder["method"],
  email = "ana@example.com",
  /** Fields that replace the person's billing (a company) or shipping to the billing address. */
  over: { billing?: Record<string, string>; shipping?: Record<string, string> } = {},
): Promise<PaymentOrder> {
  // The checkout remembers the cart it showed: a 'Finalizar compra' for another cart is refused.
  // (?paso=1: always shown, where another address may redirect to a step or the payment page.)
  jar.apply((await loadCheckout(request(jar, `${ORIGIN}/checkout?paso=1`))).headers);
  const steps: Array<Record<string, string>> = [
    { ...personBilling(email), ...over.billing },
    over.shipping
      ? { intent: "shipping", ...over.shipping }
      : { intent: "shipping", same_as_invoice: "on" },
    { intent: "finalize", payment_method: method },
  ];
  for (const fields of steps) {
    // A company's step 1 has no last name or cédula.
    if (fields.client_type === "company") {
      delete fields.last_name;
      delete fields.document;
    }
    const outcome = await performCheckoutAction(request(jar, `${ORIGIN}/checkout`), formOf(fields));
    if (!(outcome instanceof Response)) {
      const why = JSON.stringify(outcome.data.result.error);
      throw new Error(`checkout refused ${fields.intent} (${outcome.status}): ${why}`);
    }
    jar.apply(outcome.headers);
  }
  const order = await readPreparedOrder(request(jar));
  if (!order) throw new Error("the checkout prepared no order");
  return order;
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** One checkout form posted from this browser (its cookies updated), as a step's form does. */
export async function postCheckout(jar: Jar, fields: Record<string, string>) {
  const outcome = await performCheckoutAction(request(jar, `${ORIGIN}/checkout`), formOf(fields));
  if (!(outcome instanceof Response)) throw new Error(`checkout refused ${fields.intent}`);
  jar.apply(outcome.headers);
}

export function cardForm(order: PaymentOrder, over: Record<string, string> = {}) {
  return formOf({
    intent: "pay-card",
    order_id: order.orderId,
    holder_name: "Ana Gómez",
    card_number: "4111 1111 1111 1111",
    expiration_month: "12",
    expiration_year: YEAR,
    cvv2: "123",
    ...over,
  });
}

export function cashForm(order: PaymentOrder) {
  return formOf({ intent: "pay-cash", order_id: order.orderId });
}

export function pseForm(order: PaymentOrder, over: Record<string, string> = {}) {
  return formOf({
    intent: "pay-pse",
    order_id: order.orderId,
    document_type: "CC",
    document: "1020304050",
    full_name: "ana gómez",
    bank: "1007",
    person_type: "natural",
    ...over,
  });
}

/** `digits` with its Luhn check digit appended. */
export function withLuhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits + String((10 - (sum % 10)) % 10);
}

export function expectRedirect(answer: PaymentAnswer) {
  if (answer.kind !== "redirect") {
    throw new Error(`expected a redirect, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

export function expectReply(answer: PaymentAnswer) {
  if (answer.kind !== "reply") throw new Error(`expected a reply, got ${answer.location}`);
  return answer;
}
