/**
 * Cash at a payment point (docs/decisions/0570) against the embedded sandbox in-process, from
 * the counter's side: the money taken confirms the order once and settles the cart, and the
 * money-safety rule, one cart one live order: a live reference blocks a second order until it is
 * cancelled, and then the counter refuses it, so cash then card on one cart gives one completed
 * charge. (The voucher, a lapsed reference and the faults: methods/cash/cash.server.test.ts.)
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.SANDBOX_DATA_DIR = ".data/sandbox-payments-tests";
  process.env.SESSION_SECRET = "cash-payment-tests-secret-0123456789";
});

const { apiClient } = await import("~/merchant-api/client.server");
const { commitCart } = await import("~/cart/cart.server");
const { readCartCookie } = await import("~/cart/cart-session.server");
const { performCheckoutAction } = await import("~/checkout/checkout-actions.server");
const { getSandbox } = await import("../../sandbox/index.ts");
const { loadPaymentResult } = await import("~/payments/result-pages.server");
const {
  cardForm,
  cashForm,
  expectRedirect,
  Jar,
  ORIGIN,
  payActions,
  prepare,
  pricedProducts,
  request,
} = await import("../support/shopper");
const { payByCard, payByCash } = payActions;
type Jar = InstanceType<typeof Jar>;

let products: Array<{ id: string; price: number }> = [];
beforeAll(async () => {
  products = await pricedProducts();
}, 240_000);

const sandbox = getSandbox({ dataDir: ".data/sandbox-payments-tests", publicBase: "/sandbox" });

/** The payment point's counter or its clock, posting a reference. */
async function atCounter(reference: string, path = "/punto-de-pago") {
  const res = await sandbox.fetch(
    new Request(`http://sandbox.internal${path}`, {
      method: "POST",
      body: new URLSearchParams({ referencia: reference }),
    }),
  );
  return { status: res.status, text: await res.text() };
}

/** A one-product cart paid in cash: the voucher's page and the reference. */
async function cashVoucher() {
  const jar = new Jar();
  jar.set(await commitCart([{ productId: products[0].id, quantity: 1 }]));
  const order = await prepare(jar, "cash");
  const answer = expectRedirect(await payByCash(request(jar), cashForm(order), order));
  jar.apply(answer.headers);
  expect(answer.location).toMatch(/^\/checkout\/success\/cash\?id=/);
  const page = await loadPaymentResult(request(jar, `${ORIGIN}${answer.location}`), "cash");
  const details =
    page.kind === "page" && page.view.state === "pending" && page.view.waiting?.details;
  if (!details) throw new Error(`expected the voucher, got ${JSON.stringify(page)}`);
  return { jar, order, location: answer.location, voucher: details as { reference: string } };
}

function checkoutPost(jar: Jar, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return performCheckoutAction(request(jar, `${ORIGIN}/checkout`), form);
}

describe("paying at the counter", () => {
  it("completes the order once; the result page then shows it paid and settles the cart", async () => {
    const { jar, order, location, voucher } = await cashVoucher();
    expect((await atCounter(voucher.reference)).status).toBe(200);
    expect((await apiClient().getOrder(order.orderId))?.state).toBe("completed");
    const page = await loadPaymentResult(request(jar, `${ORIGIN}${location}`), "cash");
    if (page.kind === "reload") jar.apply(page.headers);
    const again = await loadPaymentResult(request(jar, `${ORIGIN}${location}`), "cash");
    expect(again.kind === "page" && again.view.state).toBe("success");
    // Settled: the cart names the order as the one last paid, and waits on none.
    const cart = await readCartCookie(request(jar));
    expect([cart.order, cart.paid]).toEqual([null, order.orderId]);
    expect((await atCounter(voucher.reference)).status).toBe(409);
    // The voucher's e-mail, then the confirmation once, whoever watched (0411).
    await loadPaymentResult(request(jar, `${ORIGIN}${location}`), "cash");
    const outbox = await sandbox.fetch(
      new Request(`http://sandbox.internal/payments/emails?order_id=${order.orderId}`),
    );
    const kinds = ((await outbox.json()) as Array<{ kind: string }>).map((e) => e.kind).sort();
    expect(kinds).toEqual(["aviso-ventas", "comprobante-efectivo", "confirmacion-cliente"]);
  });
});

describe("one cart, one live order", () => {
  it("refuses a second order while the reference is live; cancelled, the counter refuses the cash and card pays once", async () => {
    const { jar, order, voucher } = await cashVoucher();
    const refused = await checkoutPost(jar, { intent: "finalize", payment_method: "openpay" });
    expect(refused instanceof Response ? refused.status : refused.status).toBe(409);

    const cancelled = await checkoutPost(jar, { intent: "cancel-order", order_id: order.orderId });
    if (!(cancelled instanceof Response)) throw new Error("expected a redirect");
    jar.apply(cancelled.headers);
    expect((await apiClient().getOrder(order.orderId))?.state).toBe("cancelled");
    const late = await atCounter(voucher.reference);
    expect(late.status).toBe(409);
    expect(late.text).toContain("Referencia cancelada por el comercio");

    const card = await prepare(jar, "openpay");
    expectRedirect(await payByCard(request(jar), cardForm(card), card));
    const statuses = [
      ...(await apiClient().listCharges(order.orderId)),
      ...(await apiClient().listCharges(card.orderId)),
    ].map((c) => c.status);
    expect(statuses).toEqual(["cancelled", "completed"]);
  });
});
