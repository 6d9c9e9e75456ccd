/**
 * Paying by card through the one pay sequence against the embedded sandbox: exactly-once,
 * declines, faults, form errors; card data never leaves the request.
 */
import { describe, expect, it, vi } from "vitest";
import {
  apiClient,
  type ApiClient,
  captureLogs,
  CARD_LIMITS,
  CARD_PAYMENT_MESSAGES,
  cardForm,
  chargeIdOf,
  checkout,
  commitCart,
  createApiClient,
  expectRedirect,
  expectReply,
  Jar,
  loadCartPage,
  ORIGIN,
  outbox,
  override,
  PAYMENT_MESSAGES,
  PaymentError,
  payments,
  prepare,
  products,
  readCartCookie,
  request,
  resultPage,
  shopper,
  VISA,
  YEAR,
} from "~/payments/payment-flows.test-support.server";

describe("card payment", () => {
  it("charges once with the server's amount, links the session, and settles the result page once", async () => {
    const logs = captureLogs();
    const jar = await shopper(2);
    const order = await prepare(jar, "openpay");
    const { page } = await loadCartPage(request(jar));

    const answer = expectRedirect(
      await payments.payByCard(
        request(jar),
        cardForm(order, { expected_total: String(page.totals.total) }),
        order,
      ),
    );
    expect(answer.location).toMatch(
      new RegExp(`^/checkout/success/card\\?id=tr[a-z0-9]+&order_id=${order.orderId}$`),
    );
    jar.apply(answer.headers);
    const chargeId = chargeIdOf(answer.location);

    const charges = await apiClient().listCharges(order.orderId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      id: chargeId,
      status: "completed",
      amount: page.totals.total,
    });
    expect(await apiClient().getCheckoutData(order.sessionId)).toMatchObject({
      charge_id: chargeId,
      order_id: order.orderId,
    });

    // The checkout of this order is still there until the payment settles.
    expect(jar.values.has("checkout")).toBe(true);

    // The payer's first view settles: the order's lines leave the cart, the checkout is done,
    // then the same page again (so the header's cart is read from a request without them).
    const url = `${ORIGIN}${answer.location}`;
    const settling = await payments.loadPaymentResult(request(jar, url), "card");
    expect(settling).toMatchObject({ kind: "reload", location: answer.location });
    const cleared = settling.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith("checkout=;"))).toBe(true);
    jar.apply(settling.headers);
    // The cart keeps no line, and remembers the paid order for its receipt.
    expect(await readCartCookie(request(jar))).toMatchObject({
      cart: [],
      order: null,
      paid: order.orderId,
    });
    expect(jar.values.has("checkout")).toBe(false);
    expect(await outbox(order.orderId)).toHaveLength(2);

    const first = await resultPage(request(jar, url), "card");
    expect(first.status).toBe(200);
    expect(first.view).toMatchObject({
      state: "success",
      statusLabel: "Completado",
      orderId: order.orderId,
      receipt: {
        orderId: order.orderId,
        chargeId,
        amount: page.totals.total,
        method: "Visa terminada en 1111",
        authorization: expect.stringMatching(/^\d{6}$/),
        customerName: "Ana Gómez",
        lines: [expect.objectContaining({ quantity: 2, unitPrice: products[0].price })],
      },
    });
    expect(first.headers.getSetCookie()).toEqual([]);

    // A reload after the shopper filled a new cart: shown again, nothing emptied, nothing re-sent.
    jar.set(await commitCart([{ productId: products[1].id, quantity: 1 }]));
    const again = await resultPage(request(jar, `${ORIGIN}${answer.location}`), "card");
    expect(again.view).toMatchObject({ state: "success", orderId: order.orderId });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await outbox(order.orderId)).toHaveLength(2);

    // Anyone else with the URL: the status alone.
    const stranger = await resultPage(request(new Jar(), `${ORIGIN}${answer.location}`), "card");
    expect(stranger.view).toMatchObject({ state: "success", receipt: null, orderId: null });
    expect(JSON.stringify(stranger.view)).not.toContain(order.orderId);
    expect(stranger.headers.getSetCookie()).toEqual([]);

    // The card number and CVV are nowhere: not in logs, cookies, or what the pages render.
    const everything = [
      ...logs,
      jar.header(),
      ...answer.headers.getSetCookie(),
      JSON.stringify(first.view),
      decodeURIComponent(jar.header()),
    ].join("\n");
    expect(everything).not.toContain(VISA);
    expect(everything).not.toContain("4111 1111");
    expect(everything).not.toMatch(/cvv2?\W+123/i);
    expect(logs.some((line) => line.includes("card charge"))).toBe(true);
  });

  it("comes back with the holder and expiry kept, the number and CVV empty, on a form error", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const answer = expectReply(
      await payments.payByCard(
        request(jar),
        cardForm(order, { card_number: "4111 1111 1111 1112", cvv2: "12" }),
        order,
      ),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.form).toBe("card");
    expect(answer.body.reply.error).toMatchObject({
      card_number: ["Número de tarjeta inválido"],
      cvv2: ["El CVV debe tener exactamente 3 dígitos"],
    });
    expect(answer.body.reply.initialValue).toMatchObject({
      holder_name: "Ana Gómez",
      expiration_month: "12",
      expiration_year: YEAR,
    });
    expect(answer.body.reply.initialValue).not.toHaveProperty("card_number");
    expect(answer.body.reply.initialValue).not.toHaveProperty("cvv2");
    expect(JSON.stringify(answer.body)).not.toContain("4111");
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });

  it.each([
    ["4000000000000002", "3001", "Tarjeta declinada"],
    ["4000000000000069", "3002", "Tarjeta expirada"],
    ["4444444444444448", "3003", "Fondos insuficientes"],
    ["4000000000000119", "3004", "Tarjeta reportada como robada"],
    ["4000000000000127", "3005", "Rechazada por riesgo de fraude"],
  ])(
    "sends a decline of %s to /checkout/failure with %s '%s'",
    async (number, code, description) => {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      const answer = expectRedirect(
        await payments.payByCard(request(jar), cardForm(order, { card_number: number }), order),
      );
      expect(answer.location).toMatch(/^\/checkout\/failure\?id=tr[a-z0-9]+&order_id=/);
      jar.apply(answer.headers);
      const failure = await payments.loadPaymentFailure(
        request(jar, `${ORIGIN}${answer.location}`),
      );
      expect(failure).toMatchObject({ kind: "page", view: { own: true, code, description } });
      // The same link in a fresh browser: someone else's decline, no code, no promise.
      expect(
        await payments.loadPaymentFailure(request(new Jar(), `${ORIGIN}${answer.location}`)),
      ).toMatchObject({ kind: "page", view: { own: false, code: null, description: null } });
      // The cart and the checkout are kept for another try, under a new order id: the gateway
      // refuses a second charge of one order.
      expect(jar.values.has("carrito")).toBe(true);
      expect(await checkout.readPreparedOrder(request(jar))).toMatchObject({
        orderId: order.orderId,
      });
      if (failure.kind === "page") jar.apply(failure.headers);
      expect(jar.values.has("checkout")).toBe(true);
      expect(await checkout.readPreparedOrder(request(jar))).toBeNull();
      // A result page for it says 'Pago fallido' with the same code.
      const result = await resultPage(
        request(jar, `${ORIGIN}/checkout/success/card?id=${chargeIdOf(answer.location)}`),
        "card",
      );
      expect(result.view).toMatchObject({ state: "failed", error: { code, description } });
    },
  );

  it("shows the tokenization message when the gateway refuses the card data, charging nothing", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    // A number the card network does not know (2004), though it passes the form's checks.
    override.client = (real) => ({
      ...(real as ApiClient),
      createCardToken: () =>
        Promise.reject(new PaymentError("Número inválido", { code: 2004, status: 422 })),
    });
    const answer = expectReply(await payments.payByCard(request(jar), cardForm(order), order));
    expect(answer.status).toBe(422);
    expect(answer.body.reply.error).toEqual({ "": [CARD_PAYMENT_MESSAGES.card] });
    expect(answer.body.reply.initialValue).not.toHaveProperty("card_number");
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });

  it("never charges twice: a double submit, a replayed POST and a POST after settling show the one charge", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const [a, b] = await Promise.all([
      payments.payByCard(request(jar), cardForm(order), order),
      payments.payByCard(request(jar), cardForm(order, { card_number: "5555555555554444" }), order),
    ]);
    const first = expectRedirect(a);
    const second = expectRedirect(b);
    expect(chargeIdOf(first.location)).toBe(chargeIdOf(second.location));
    jar.apply(second.headers);

    const replay = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    expect(replay.location).toBe(first.location);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);

    // Settled: the checkout is gone, the old form posted again still shows its result.
    const other = expectRedirect(
      await payments.paymentForOtherOrder(request(jar), cardForm(order), null),
    );
    expect(other.location).toBe(first.location);
    // An order this browser never paid is not looked up for it.
    const stranger = expectRedirect(
      await payments.paymentForOtherOrder(request(new Jar()), cardForm(order), null),
    );
    expect(stranger.location).toBe("/checkout");
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);
  });

  it("keeps the cart and checkout when the payments API cannot be reached, and pays on the retry", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const down = createApiClient({ baseUrl: "http://127.0.0.1:9", timeoutMs: 2_000 });
    // The card is tokenized, then the gateway is gone before the charge.
    override.client = (real) => ({
      ...(real as ApiClient),
      chargeCard: (body: Record<string, unknown>) => down.chargeCard(body),
      listCharges: (orderId: string) => down.listCharges(orderId),
    });
    const answer = expectReply(await payments.payByCard(request(jar), cardForm(order), order));
    expect(answer.status).toBe(503);
    expect(answer.body.reply.error).toEqual({ "": [PAYMENT_MESSAGES.connectNotCharged] });
    expect(answer.body.reply.initialValue).not.toHaveProperty("card_number");
    expect(answer.headers.getSetCookie()).toEqual([]);

    // Everything down: the page says so before any card data is sent.
    override.client = () => down;
    const page = await payments.loadPaymentPage(request(jar), order);
    expect(page).toMatchObject({ kind: "page", page: { state: "unavailable" } });

    override.client = null;
    const retry = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    expect(retry.location).toMatch(/^\/checkout\/success\/card\?id=/);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);
  });

  it("finds the charge whose answer never came (timeout) instead of charging again", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay", "lento@example.com");
    const answer = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    expect(answer.location).toMatch(/^\/checkout\/success\/card\?id=tr/);
    const charges = await apiClient().listCharges(order.orderId);
    expect(charges).toHaveLength(1);
    expect(chargeIdOf(answer.location)).toBe(charges[0].id);
  });

  it("shows a gateway 500 after the charge was sent as pending, then plainly as not charged", async () => {
    const jar = await shopper();
    // The gateway answers 500 to charges for this customer (prepare-checkout too, so the order
    // is prepared for someone else and paid with it as the customer).
    const base = await prepare(jar, "openpay");
    const failing = { ...base, customer: { ...base.customer, email: "falla500@example.com" } };
    const answer = expectRedirect(
      await payments.payByCard(request(jar), cardForm(failing), failing),
    );
    // The outcome is unknown: never an error page.
    expect(answer.location).toBe(`/checkout/pending?order_id=${failing.orderId}`);
    jar.apply(answer.headers);
    const pendingUrl = `${ORIGIN}${answer.location}`;
    const checking = await payments.loadPendingPage(request(jar, pendingUrl));
    expect(checking).toMatchObject({ kind: "page", view: { state: "checking" } });
    // The payment page and a resubmit show the same while the order is being checked.
    const page = await payments.loadPaymentPage(request(jar), failing);
    expect(page).toMatchObject({ kind: "redirect", location: answer.location });
    // After the grace period the gateway still lists no charge: nothing was charged.
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61_000);
    const settled = await payments.loadPendingPage(request(jar, pendingUrl));
    expect(settled).toEqual({
      kind: "page",
      view: { state: "not-charged", orderId: failing.orderId },
    });
    // One click pays again: the form of the same order.
    expect(await payments.loadPaymentPage(request(jar), base)).toMatchObject({ kind: "page" });
    expect(await apiClient().listCharges(failing.orderId)).toEqual([]);
  });

  it("says the payment service failed, charging and counting nothing, when tokenization gets a 500", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    override.client = (real) => ({
      ...(real as ApiClient),
      createCardToken: () =>
        Promise.reject(new PaymentError("Falla simulada", { code: 1000, status: 500 })),
    });
    const address = "192.0.2.90";
    for (let attempt = 1; attempt <= CARD_LIMITS.checkout.declines + 1; attempt++) {
      const answer = expectReply(
        await payments.payByCard(request(jar, undefined, address), cardForm(order), order),
      );
      expect(answer.status).toBe(503);
      expect(answer.body.reply.error).toEqual({ "": [CARD_PAYMENT_MESSAGES.serviceFailed] });
    }
    override.client = null;
    expectRedirect(
      await payments.payByCard(request(jar, undefined, address), cardForm(order), order),
    );
  });

  it("keeps one checkout id when a cookie saved before 'Finalizar compra' is replayed", async () => {
    const { personBilling } = await import("../../../../tests/support/buyer");
    const { postCheckout: post } = await import("../../../../tests/support/shopper");
    const jar = await shopper();
    jar.apply((await checkout.loadCheckout(request(jar, `${ORIGIN}/checkout?paso=1`))).headers);
    await post(jar, personBilling());
    await post(jar, { intent: "shipping", same_as_invoice: "on" });
    // The cookies as they were at step 3, replayed for each 'Finalizar compra'.
    const saved = [...jar.values];
    const ids: Array<string | undefined> = [];
    for (let replay = 0; replay < 3; replay++) {
      const again = new Jar();
      for (const [name, value] of saved) again.set(`${name}=${value}`);
      await post(again, { intent: "finalize", payment_method: "openpay" });
      ids.push((await checkout.readPreparedOrder(request(again)))?.checkoutId);
    }
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(new Set(ids).size).toBe(1);
  });

  it("refuses to charge when the cart changed after 'Finalizar compra'", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    jar.set(
      await commitCart([
        { productId: products[0].id, quantity: 1 },
        { productId: products[1].id, quantity: 1 },
      ]),
    );
    const page = await payments.loadPaymentPage(request(jar), order);
    expect(page).toMatchObject({ kind: "page", page: { state: "changed" } });
    const answer = expectReply(await payments.payByCard(request(jar), cardForm(order), order));
    expect(answer.status).toBe(409);
    expect(answer.body.reply.error).toEqual({ "": [PAYMENT_MESSAGES.cartChanged] });
    // And when the amount the shopper saw is not the amount now.
    const fresh = await shopper();
    const freshOrder = await prepare(fresh, "openpay");
    const stale = expectReply(
      await payments.payByCard(
        request(fresh),
        cardForm(freshOrder, { expected_total: "1" }),
        freshOrder,
      ),
    );
    expect(stale.body.reply.error).toEqual({ "": [PAYMENT_MESSAGES.amountChanged] });
    expect(await apiClient().listCharges(freshOrder.orderId)).toEqual([]);
  });
});
