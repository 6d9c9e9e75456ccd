/**
 * The order as a record in the merchant API (docs/decisions/0530), against the embedded sandbox
 * in-process: a pending PSE payment outlives the two-hour cookies and still blocks a second
 * order; receipts list the order, never the cart as it is later; a pending payment can be
 * cancelled and the cart paid another way; any device sees the paying browser's receipt.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.SANDBOX_DATA_DIR = ".data/sandbox-payments-tests";
  process.env.SESSION_SECRET = "order-record-tests-secret-0123456789";
});

const { apiClient } = await import("~/merchant-api/client.server");
const { commitCart, loadCartPage } = await import("~/cart/cart.server");
const { readCartCookie } = await import("~/cart/cart-session.server");
const { readPersonalParts } = await import("~/layout/personal-parts.server");
const { performCheckoutAction } = await import("~/checkout/checkout-actions.server");
const { getSandbox } = await import("../../sandbox/index.ts");
const payments = {
  ...(await import("../support/shopper")).payActions,
  ...(await import("~/payments/result-pages.server")),
  ...(await import("~/payments/lookup.server")),
  ...(await import("~/payments/receipt.server")),
};
const { cardForm, expectRedirect, Jar, ORIGIN, prepare, pricedProducts, pseForm, request } =
  await import("../support/shopper");
type Jar = InstanceType<typeof Jar>;
type PaymentOrder = import("~/payments/payment-order").PaymentOrder;

let products: Array<{ id: string; price: number }> = [];
beforeAll(async () => {
  products = await pricedProducts();
}, 240_000);

afterEach(() => {
  vi.useRealTimers();
});

const sandbox = getSandbox({ dataDir: ".data/sandbox-payments-tests", publicBase: "/sandbox" });

/** The bank's answer to a decision on its page (303 back to the store, 409 when refused). */
async function atBank(bankPath: string, decision: "aprobar" | "pendiente") {
  return sandbox.fetch(
    new Request(`http://sandbox.internal${bankPath}`, {
      method: "POST",
      body: new URLSearchParams({ decision }),
    }),
  );
}

/** A cart of two products (2 + 1 units), paid by PSE and left pending at the bank. */
async function pendingPse(email = "ana@example.com") {
  const jar = new Jar();
  jar.set(
    await commitCart([
      { productId: products[0].id, quantity: 2 },
      { productId: products[1].id, quantity: 1 },
    ]),
  );
  const order = await prepare(jar, "pse", email);
  // The cart cookie as it was before 'Finalizar compra' (it names no order yet).
  const before = jar.values.get("carrito") ?? "";
  const toBank = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
  jar.apply(toBank.headers);
  expect((await atBank(toBank.location, "pendiente")).status).toBe(303);
  return { jar, order, bank: toBank.location, before };
}

/** The cart as the cart page shows it (and the cookie it leaves). */
async function cartPage(jar: Jar) {
  const answer = await loadCartPage(request(jar, `${ORIGIN}/carrito`));
  jar.apply(answer.headers);
  return answer.page;
}

function checkoutPost(jar: Jar, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return performCheckoutAction(request(jar, `${ORIGIN}/checkout`), form);
}

describe("a pending PSE payment outlives the two-hour cookies", () => {
  it("blocks a new order two hours later, and settles the cart when the bank approves", async () => {
    const { jar, order, bank, before } = await pendingPse();
    const total = (await apiClient().getOrder(order.orderId))?.totals.total;

    // Two hours and a minute later: the checkout and payments cookies are gone, the cart is not.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000 + 60_000);
    expect(jar.values.has("checkout")).toBe(false);
    expect(jar.values.has("pagos")).toBe(false);
    expect(jar.values.has("carrito")).toBe(true);

    // The cart says so, with the ways out.
    const page = await cartPage(jar);
    expect(page.order).toMatchObject({
      state: "pending",
      orderId: order.orderId,
      total,
      bankUrl: bank,
      statusUrl: expect.stringContaining(`order_id=${order.orderId}`),
    });
    // 'Finalizar compra' again, by card this time: refused, no new order anywhere; nor with an
    // older copy of the cart cookie, which names no order (the merchant lists the cart's).
    await expect(prepare(jar, "openpay")).rejects.toThrow(/\(409\).*pago pendiente/);
    const older = new Jar();
    older.set(`carrito=${before}`);
    await expect(prepare(older, "openpay")).rejects.toThrow(/\(409\).*pago pendiente/);
    const ofCart = await apiClient().listCartOrders((await readCartCookie(request(jar))).id!);
    expect(ofCart.map((o) => o.orderId)).toEqual([order.orderId]);

    // The bank approves while the shopper is away; their next page settles the cart and says
    // so, with the receipt.
    expect((await atBank(bank, "aprobar")).status).toBe(303);
    const { parts, headers } = await readPersonalParts(request(jar, `${ORIGIN}/productos`));
    expect(parts.notice).toMatchObject({
      message: `Recibimos el pago de tu pedido ${order.orderId}.`,
      link: { label: "Ver comprobante" },
    });
    jar.apply(headers);
    expect(await readCartCookie(request(jar))).toMatchObject({
      cart: [],
      order: null,
      paid: order.orderId,
    });
    // Its receipt, for this browser (its cart names the order), from the record.
    const link = parts.notice?.link?.href ?? "";
    const result = await payments.loadPaymentResult(request(jar, `${ORIGIN}${link}`), "pse");
    expect(result.kind === "page" && result.view).toMatchObject({
      state: "success",
      receipt: { orderId: order.orderId, amount: total },
    });
    const charges = await apiClient().listCharges(order.orderId);
    expect(charges.map((c) => c.status)).toEqual(["completed"]);
  });
});

describe("receipts come from the order, never from the cart", () => {
  it("lists what was paid when the cart changed under a pending PSE, and keeps what was added", async () => {
    const { jar, order, bank } = await pendingPse();
    // Under the pending payment: one unit more of the first product, the second removed, a
    // third product added.
    const cookie = await readCartCookie(request(jar));
    jar.set(
      await commitCart(
        [
          { productId: products[0].id, quantity: 3 },
          { productId: products[2].id, quantity: 1 },
        ],
        request(jar),
      ),
    );
    expect((await readCartCookie(request(jar))).order).toBe(cookie.order);
    const page = await cartPage(jar);
    // What the pending order does not hold is marked on the cart page.
    expect(page.order?.outside).toEqual({ [products[0].id]: 1, [products[2].id]: 1 });

    expect((await atBank(bank, "aprobar")).status).toBe(303);
    const back = `${ORIGIN}/checkout/success/pse?order_id=${order.orderId}`;
    const settling = await payments.loadPaymentResult(request(jar, back), "pse");
    expect(settling.kind).toBe("reload");
    jar.apply(settling.headers);
    // Only the paid quantities left the cart.
    expect((await readCartCookie(request(jar))).cart).toEqual([
      { productId: products[0].id, quantity: 1 },
      { productId: products[2].id, quantity: 1 },
    ]);

    const result = await payments.loadPaymentResult(request(jar, back), "pse");
    if (result.kind !== "page" || result.view.state !== "success") throw new Error("no receipt");
    const receipt = result.view.receipt!;
    expect(receipt.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([
      [2, products[0].price],
      [1, products[1].price],
    ]);
    const subtotal = receipt.lines.reduce((n, l) => n + l.subtotal, 0);
    expect(receipt.totals?.subtotal).toBe(subtotal);
    const [charge] = await apiClient().listCharges(order.orderId);
    expect(receipt.totals?.total).toBe(charge.amount);
    expect(receipt.amount).toBe(charge.amount);
  });
});

describe("a pending payment can be left", () => {
  it("cancels the PSE payment, refuses the bank's late approval, and pays the cart by card once", async () => {
    const { jar, order, bank } = await pendingPse();
    // A form of another order never cancels this one.
    const stale = await checkoutPost(jar, { intent: "cancel-order", order_id: "PSE-0" });
    expect(stale instanceof Response && stale.status).toBe(303);
    expect((await apiClient().getOrder(order.orderId))?.state).toBe("pending");

    const cancelled = await checkoutPost(jar, { intent: "cancel-order", order_id: order.orderId });
    if (!(cancelled instanceof Response)) throw new Error("expected a redirect");
    expect(cancelled.headers.get("Location")).toBe("/checkout?paso=3");
    jar.apply(cancelled.headers);
    expect((await readCartCookie(request(jar))).order).toBeNull();
    expect((await apiClient().getOrder(order.orderId))?.state).toBe("cancelled");
    // The bank's late approval is refused.
    expect((await atBank(bank, "aprobar")).status).toBe(409);

    const card: PaymentOrder = await prepare(jar, "openpay");
    expect(card.orderId).not.toBe(order.orderId);
    expectRedirect(await payments.payByCard(request(jar), cardForm(card), card));
    const statuses = [
      ...(await apiClient().listCharges(order.orderId)),
      ...(await apiClient().listCharges(card.orderId)),
    ].map((c) => c.status);
    expect(statuses).toEqual(["cancelled", "completed"]);
  });
});

describe("any device", () => {
  it("shows a fresh browser the paying browser's receipt, order number in lower case", async () => {
    const { jar, order, bank } = await pendingPse("otro.dispositivo@example.com");
    expect((await atBank(bank, "aprobar")).status).toBe(303);
    const back = `${ORIGIN}/checkout/success/pse?order_id=${order.orderId}`;
    jar.apply((await payments.loadPaymentResult(request(jar, back), "pse")).headers);
    const paying = await payments.loadPaymentResult(request(jar, back), "pse");
    if (paying.kind !== "page" || paying.view.state !== "success") throw new Error("no receipt");

    const form = new FormData();
    form.set("order_id", order.orderId.toLowerCase());
    form.set("email", "Otro.Dispositivo@example.com");
    const fresh = request(new Jar());
    const lookup = await payments.lookupOrder(fresh, form);
    expect(lookup.status).toBe(200);
    expect(lookup.body.order?.details).toEqual(paying.view.receipt);
    const pdf = await payments.lookupReceiptPdf(request(new Jar()), form);
    expect(pdf).toMatchObject({ kind: "pdf", orderId: order.orderId });
  });
});
