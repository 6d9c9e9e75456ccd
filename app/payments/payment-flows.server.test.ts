/**
 * The payment flows (issue 10) against the embedded sandbox merchant API, in-process: card and
 * PSE payment, exactly-once, declines, faults, the card-testing limit, result pages with their
 * settle-once rule, the receipt PDF and the order lookup. Card data never leaves the request.
 */
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const override = vi.hoisted(() => {
  process.env.SANDBOX_DATA_DIR = ".data/sandbox-payments-tests";
  // The slow fault outlasts the store's timeout quickly.
  process.env.SANDBOX_SLOW_CHARGE_MS = "2500";
  process.env.API_TIMEOUT_MS = "1500";
  process.env.SESSION_SECRET = "payments-tests-secret-0123456789";
  return { client: null as null | ((real: unknown) => unknown) };
});

vi.mock("~/merchant-api/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/merchant-api/client.server")>();
  return {
    ...original,
    apiClient: () =>
      override.client ? override.client(original.apiClient()) : original.apiClient(),
  };
});

const { apiClient, createApiClient, PaymentError } = await import("~/merchant-api/client.server");
const { commitCart, loadCartPage } = await import("~/cart/cart.server");
const { readCartCookie } = await import("~/cart/cart-session.server");
const { logger } = await import("~/platform/logger.server");
const { getSandbox } = await import("../../sandbox/index.ts");
// Every screen's server module, as the routes use them.
const payments = {
  ...(await import("./pay-card.server")),
  ...(await import("./pay-pse.server")),
  ...(await import("./payment-page.server")),
  ...(await import("./paying.server")),
  ...(await import("./result-pages.server")),
  ...(await import("./receipt.server")),
  ...(await import("./lookup.server")),
};
const {
  cardForm,
  expectRedirect,
  expectReply,
  Jar,
  ORIGIN,
  prepare,
  pricedProducts,
  pseForm,
  request,
  shopper,
  VISA,
  withLuhnDigit,
} = await import("../../tests/support/shopper");
const checkout = await import("~/checkout/checkout.server");
type PaymentOrder = import("./order").PaymentOrder;
const { PAYMENT_MESSAGES, RESULT_TEXTS } = await import("./result");
const { FALLBACK_PSE_BANKS } = await import("./pse");
const { CARD_LIMITS } = await import("./card-limits.server");
type ApiClient = import("~/merchant-api/client.server").ApiClient;

const YEAR = String(new Date().getFullYear() + 3);

afterEach(() => {
  override.client = null;
  vi.restoreAllMocks();
});

let products: Array<{ id: string; price: number }> = [];

beforeAll(async () => {
  products = await pricedProducts();
}, 240_000);

/** From now on the gateway declines every charge (3001), whatever the card. */
function declineEveryCharge() {
  override.client = (real) => ({
    ...(real as ApiClient),
    chargeCard: () =>
      Promise.reject(new PaymentError("Tarjeta declinada", { code: 3001, status: 402 })),
  });
}

/** Like declineEveryCharge(), counting the charge calls that reach the gateway. */
function declineEveryChargeCounted() {
  const charges = { count: 0 };
  override.client = (real) => ({
    ...(real as ApiClient),
    chargeCard: async () => {
      charges.count++;
      // Slow enough that every request of a burst is in flight at once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new PaymentError("Tarjeta declinada", { code: 3001, status: 402 });
    },
  });
  return charges;
}

const sandbox = () =>
  getSandbox({ dataDir: path.resolve(".data/sandbox-payments-tests"), publicBase: "/sandbox" });

async function outbox(orderId: string): Promise<Array<{ kind: string; to: string[] }>> {
  const response = await sandbox().fetch(
    new Request(`http://sandbox.internal/payments/emails?order_id=${orderId}`),
  );
  return (await response.json()) as Array<{ kind: string; to: string[] }>;
}

async function decideAtBank(bankPath: string, decision: "aprobar" | "rechazar" | "pendiente") {
  const response = await sandbox().fetch(
    new Request(`http://sandbox.internal${bankPath}`, {
      method: "POST",
      body: new URLSearchParams({ decision }),
    }),
  );
  expect(response.status).toBe(303);
  return response.headers.get("Location") ?? "";
}

/** Every log call's arguments, as text. */
function captureLogs() {
  const lines: string[] = [];
  for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
      lines.push(JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? v.message : v)));
    });
  }
  return lines;
}

/** A result page that must render (not reload itself). */
async function resultPage(req: Request, kind: "card" | "pse") {
  const answer = await payments.loadPaymentResult(req, kind);
  if (answer.kind !== "page")
    throw new Error(`expected the page, got a reload to ${answer.location}`);
  return answer;
}

const chargeIdOf = (location: string) => new URL(location, ORIGIN).searchParams.get("id") ?? "";

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
    expect(answer.body.reply.error).toEqual({ "": [PAYMENT_MESSAGES.card] });
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
      expect(answer.body.reply.error).toEqual({ "": [PAYMENT_MESSAGES.serviceFailed] });
    }
    override.client = null;
    expectRedirect(
      await payments.payByCard(request(jar, undefined, address), cardForm(order), order),
    );
  });

  it("stops a card tester per checkout whatever the address or order, with Retry-After", async () => {
    const jar = await shopper();
    let order = await prepare(jar, "openpay");
    // A decline card of the sandbox first, then declines of the tester's other cards.
    let declines = 0;
    const first = expectRedirect(
      await payments.payByCard(
        request(jar, undefined, "198.51.100.1"),
        cardForm(order, { card_number: "4444444444444448" }),
        order,
      ),
    );
    expect(first.location).toMatch(/^\/checkout\/failure\?id=/);
    declines++;
    // The failure page frees the cart for a new order; the tester starts one.
    const failure = await payments.loadPaymentFailure(request(jar, `${ORIGIN}${first.location}`));
    if (failure.kind === "page") jar.apply(failure.headers);
    const next = await prepare(jar, "openpay");
    expect(next.orderId).not.toBe(order.orderId);
    order = next;
    declineEveryCharge();
    for (; declines < CARD_LIMITS.checkout.declines; declines++) {
      const answer = expectRedirect(
        await payments.payByCard(
          request(jar, undefined, `198.51.100.${declines + 1}`),
          cardForm(order, { card_number: withLuhnDigit(`41000000000${declines}000`) }),
          order,
        ),
      );
      expect(answer.location).toMatch(/^\/checkout\/failure/);
    }
    const refused = expectReply(
      await payments.payByCard(
        request(jar, undefined, "203.0.113.9"),
        cardForm(order, { card_number: withLuhnDigit("410000000009999") }),
        order,
      ),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Thirty minutes for the checkout: every card of it, so PSE is the way to pay now.
    expect(refused.body.reply.error).toEqual({
      "": [
        expect.stringMatching(
          /tarjetas durante 30 minutos\. No se realizó ningún cobro\. .*con PSE/,
        ),
      ],
    });
    expect(refused.body.reply.initialValue).not.toHaveProperty("card_number");
  });

  it("stops one card declined again and again, across checkouts and addresses", async () => {
    const card = withLuhnDigit("420000000000001");
    const attempt = async (address: string, number = card) => {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      return payments.payByCard(
        request(jar, undefined, address),
        cardForm(order, { card_number: number }),
        order,
      );
    };
    declineEveryCharge();
    for (let n = 0; n < CARD_LIMITS.card.declines; n++) {
      expect(expectRedirect(await attempt(`198.51.101.${n}`)).location).toMatch(/failure/);
    }
    const refused = expectReply(await attempt("198.51.101.50"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Blocked for an hour, said as an hour, with the ways to pay now.
    expect(refused.body.reply.error?.[""]?.[0]).toMatch(
      /con esta tarjeta: .* durante una hora\. No se realizó ningún cobro\. Puedes pagar ahora con otra tarjeta, o con PSE/,
    );
    // Another card of the same shopper is not refused.
    override.client = null;
    expectRedirect(await attempt("198.51.101.51", VISA));
  });

  it("lets shoppers behind one address pay, whatever one of them declined", async () => {
    const office = "192.0.2.200";
    const unlucky = await shopper();
    const order = await prepare(unlucky, "openpay");
    declineEveryCharge();
    for (let n = 0; n < CARD_LIMITS.checkout.declines; n++) {
      const card = withLuhnDigit(`43000000000${n}000`);
      expectRedirect(
        await payments.payByCard(
          request(unlucky, undefined, office),
          cardForm(order, { card_number: card }),
          order,
        ),
      );
    }
    // That shopper is stopped; seven colleagues on the same address, with good cards, all pay.
    const stopped = await payments.payByCard(
      request(unlucky, undefined, office),
      cardForm(order, { card_number: VISA }),
      order,
    );
    expect(stopped).toMatchObject({ kind: "reply", status: 429 });
    override.client = null;
    for (let colleague = 0; colleague < 7; colleague++) {
      const jar = await shopper();
      const theirs = await prepare(jar, "openpay");
      const paid = expectRedirect(
        await payments.payByCard(request(jar, undefined, office), cardForm(theirs), theirs),
      );
      expect(paid.location).toMatch(/^\/checkout\/success\/card\?id=/);
    }
  });

  it("stops an address only at a much higher count of declines", async () => {
    const address = "192.0.2.222";
    // Every charge declined, each from its own checkout with its own card.
    declineEveryCharge();
    const attempt = async (n: number) => {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      const card = withLuhnDigit(`4000000000${String(n).padStart(5, "0")}`);
      return payments.payByCard(
        request(jar, undefined, address),
        cardForm(order, { card_number: card }),
        order,
      );
    };
    for (let n = 0; n < CARD_LIMITS.address.declines; n++) {
      expect(expectRedirect(await attempt(n)).location).toMatch(/^\/checkout\/failure/);
    }
    const refused = expectReply(await attempt(CARD_LIMITS.address.declines));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("lets at most the card's limit of a burst of parallel attempts of one declined card reach the gateway", async () => {
    const charges = declineEveryChargeCounted();
    const number = withLuhnDigit("433333000000777");
    // 40 testers' requests at once from one address, each with its own checkout.
    const carts = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const jar = await shopper();
        return { jar, order: await prepare(jar, "openpay") };
      }),
    );
    const answers = await Promise.all(
      carts.map(({ jar, order }) =>
        payments.payByCard(
          request(jar, undefined, "198.51.103.1"),
          cardForm(order, { card_number: number }),
          order,
        ),
      ),
    );
    expect(charges.count).toBe(CARD_LIMITS.card.declines);
    const refused = answers.filter((a) => a.kind === "reply" && a.status === 429);
    expect(refused).toHaveLength(40 - CARD_LIMITS.card.declines);
  });

  it("lets at most the address's limit of a burst of different declined cards reach the gateway", async () => {
    const charges = declineEveryChargeCounted();
    const carts = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const jar = await shopper();
        return { jar, order: await prepare(jar, "openpay") };
      }),
    );
    await Promise.all(
      carts.map(({ jar, order }, n) =>
        payments.payByCard(
          request(jar, undefined, "198.51.103.2"),
          cardForm(order, {
            card_number: withLuhnDigit(`4340000000${String(n).padStart(5, "0")}`),
          }),
          order,
        ),
      ),
    );
    expect(charges.count).toBe(CARD_LIMITS.address.declines);
  });

  it("gives the points back when the charge is approved: more good payments from one address than its limit all pay", async () => {
    const total = CARD_LIMITS.address.declines + 10;
    const carts = await Promise.all(
      Array.from({ length: total }, async () => {
        const jar = await shopper();
        return { jar, order: await prepare(jar, "openpay") };
      }),
    );
    // In bursts of 10 (each under the limit), each shopper with a card of their own.
    for (let from = 0; from < total; from += 10) {
      const answers = await Promise.all(
        carts.slice(from, from + 10).map(({ jar, order }, n) =>
          payments.payByCard(
            request(jar, undefined, "198.51.103.3"),
            cardForm(order, {
              card_number: withLuhnDigit(`4377000000${String(from + n).padStart(5, "0")}`),
            }),
            order,
          ),
        ),
      );
      for (const answer of answers) {
        expect(expectRedirect(answer).location).toMatch(/^\/checkout\/success\/card/);
      }
    }
  });

  it("counts one number as one card whatever its expiry", async () => {
    declineEveryCharge();
    const number = withLuhnDigit("435555000000111");
    const attempt = async (n: number) => {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      return payments.payByCard(
        request(jar, undefined, `198.51.104.${n}`),
        cardForm(order, {
          card_number: number,
          expiration_month: String(1 + n),
          expiration_year: String(Number(YEAR) + n),
        }),
        order,
      );
    };
    for (let n = 0; n < CARD_LIMITS.card.declines; n++) {
      expect(expectRedirect(await attempt(n)).location).toMatch(/failure/);
    }
    expect(expectReply(await attempt(CARD_LIMITS.card.declines)).status).toBe(429);
  });

  it("counts every address of one IPv6 /64 as one address", async () => {
    declineEveryCharge();
    const attempt = async (n: number) => {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      return payments.payByCard(
        request(jar, undefined, `2001:db8:35:64:${n.toString(16)}::${n + 1}`),
        cardForm(order, { card_number: withLuhnDigit(`4366000000${String(n).padStart(5, "0")}`) }),
        order,
      );
    };
    for (let n = 0; n < CARD_LIMITS.address.declines; n++) {
      expect(expectRedirect(await attempt(n)).location).toMatch(/failure/);
    }
    expect(expectReply(await attempt(40)).status).toBe(429);
  });

  it("keeps one checkout id when a cookie saved before 'Finalizar compra' is replayed", async () => {
    const { personBilling } = await import("../../tests/support/buyer");
    const { postCheckout: post } = await import("../../tests/support/shopper");
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

describe("a card the browser tokenized", () => {
  let tokenCalls = 0;
  /** What the card form's script posts after the gateway tokenized `number` in the browser. */
  async function tokenForm(
    order: PaymentOrder,
    number = VISA,
    over: Record<string, string> = {},
    tokenYear = YEAR,
  ) {
    const token = await apiClient().createCardToken(
      {
        card_number: number,
        holder_name: "Ana Gómez",
        expiration_month: "12",
        expiration_year: tokenYear.slice(-2),
        cvv2: "123",
      },
      `203.0.113.${++tokenCalls % 250}`,
    );
    const form = new FormData();
    const fields = {
      intent: "pay-card",
      order_id: order.orderId,
      token_id: token.id,
      device_session_id: "0123456789abcdef0123456789abcdef",
      card_mask: token.card?.card_number ?? "",
      card_brand: token.card?.brand ?? "",
      holder_name: "Ana Gómez",
      expiration_month: "12",
      expiration_year: YEAR,
      ...over,
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  }

  it("charges the token once with the server's amount; the store never sees the number", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const logs = captureLogs();
    const form = await tokenForm(order);
    const paid = expectRedirect(await payments.payByCard(request(jar), form, order));
    expect(paid.location).toMatch(/^\/checkout\/success\/card\?id=tr/);
    const again = expectRedirect(await payments.payByCard(request(jar), form, order));
    expect(again.location).toBe(paid.location);
    const charges = await apiClient().listCharges(order.orderId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: "completed", payment_method: { last4: "1111" } });
    expect(logs.join("\n")).not.toContain(VISA);
  });

  it("counts a declined token for its card as the gateway knows it: another expiry or a false mask is the same card", async () => {
    const number = withLuhnDigit("455555000012345");
    declineEveryCharge();
    // The masks and expiries a tester's script posts are whatever it likes.
    const tampered = (n: number) => ({
      card_mask: `4${String(n).padStart(5, "0")}XXXXXX${String(1000 + n)}`,
      expiration_year: String(Number(YEAR) + n),
    });
    for (let attempt = 0; attempt < CARD_LIMITS.card.declines; attempt++) {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      const answer = expectRedirect(
        await payments.payByCard(
          request(jar, undefined, `198.51.102.${attempt}`),
          await tokenForm(order, number, tampered(attempt), String(Number(YEAR) + attempt)),
          order,
        ),
      );
      expect(answer.location).toMatch(/^\/checkout\/failure/);
    }
    // The same number, tokenized again with yet another expiry and mask: refused before charging.
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const refused = expectReply(
      await payments.payByCard(
        request(jar),
        await tokenForm(order, number, tampered(7), String(Number(YEAR) + 5)),
        order,
      ),
    );
    expect(refused.status).toBe(429);
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });

  it("refuses a tampered token post with the card message, charging nothing", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const answer = expectReply(
      await payments.payByCard(
        request(jar),
        await tokenForm(order, VISA, { card_mask: "4111111111111111" }),
        order,
      ),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.reply.error).toMatchObject({ "": [PAYMENT_MESSAGES.card] });
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });
});

describe("the payment page", () => {
  it("shows the card form data: lines, totals, years, the billing name as holder", async () => {
    const jar = await shopper(3);
    const order = await prepare(jar, "openpay");
    const answer = await payments.loadPaymentPage(request(jar), order);
    if (answer.kind !== "page") throw new Error("expected the page");
    expect(answer.page).toMatchObject({
      orderId: order.orderId,
      method: "openpay",
      state: "ready",
      lines: [{ productId: products[0].id, quantity: 3, lineTotal: products[0].price * 3 }],
      card: { holderName: "Ana Gómez" },
      pse: null,
    });
    expect(answer.page.card?.years).toHaveLength(10);
    expect(answer.page.totals.subtotal).toBe(products[0].price * 3);
  });

  it("offers the gateway's banks, or the 10 fallback banks when the list fails or is empty", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = await payments.loadPaymentPage(request(jar), order);
    if (answer.kind !== "page") throw new Error("expected the page");
    expect(answer.page.pse?.banks.length).toBe(21);
    expect(answer.page.pse?.defaults).toEqual({
      document_type: "CC",
      document: "1020304050",
      full_name: "ANA GÓMEZ",
      person_type: "natural",
    });
    override.client = (real) => ({ ...(real as ApiClient), getPseBanks: async () => [] });
    const empty = await payments.loadPaymentPage(request(jar), order);
    expect(empty.kind === "page" && empty.page.pse?.banks).toEqual(FALLBACK_PSE_BANKS);
    override.client = (real) => ({
      ...(real as ApiClient),
      getPseBanks: () => Promise.reject(new Error("down")),
    });
    const failed = await payments.loadPaymentPage(request(jar), order);
    expect(failed.kind === "page" && failed.page.pse?.banks).toEqual(FALLBACK_PSE_BANKS);
  });

  it("prefills a company's PSE form with its NIT without the check digit and its name as holder", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse", "compras@andina.co", { billing: COMPANY.billing });
    const answer = await payments.loadPaymentPage(request(jar), order);
    if (answer.kind !== "page") throw new Error("expected the page");
    expect(answer.page.pse?.defaults).toEqual({
      document_type: "NIT",
      document: "890903938",
      full_name: "SEGURIDAD ANDINA S.A.S.",
      person_type: "juridica",
    });
  });

  it("sends an empty cart to /carrito and a paid order to its result", async () => {
    const empty = new Jar();
    const order = await prepare(await shopper(), "openpay");
    expect(await payments.loadPaymentPage(request(empty), order)).toMatchObject({
      kind: "redirect",
      location: "/carrito",
    });
    const jar = await shopper();
    const paidOrder = await prepare(jar, "openpay");
    const paid = expectRedirect(
      await payments.payByCard(request(jar), cardForm(paidOrder), paidOrder),
    );
    expect(await payments.loadPaymentPage(request(jar), paidOrder)).toMatchObject({
      kind: "redirect",
      location: paid.location,
    });
  });
});

describe("PSE payment", () => {
  it("creates the charge with the store's return address and sends the shopper to the bank", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    expect(answer.document).toBe(true);
    expect(answer.location).toMatch(/^\/sandbox\/banco-pse\/tr[a-z0-9]+$/);
    jar.apply(answer.headers);

    // A second submit while at the bank: the same bank page, no second charge.
    const again = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    expect(again.location).toBe(answer.location);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);

    const back = await decideAtBank(answer.location, "pendiente");
    expect(back).toMatch(new RegExp(`^${ORIGIN}/checkout/success/pse\\?id=tr`));
    const pending = await resultPage(request(jar, back), "pse");
    expect(pending.view).toMatchObject({
      state: "pending",
      statusLabel: "Pendiente",
      bankUrl: answer.location,
      refresh: { url: expect.stringContaining("intento=1"), seconds: 10 },
    });
    expect(jar.values.has("carrito")).toBe(true);

    const approved = await decideAtBank(answer.location, "aprobar");
    const settling = await payments.loadPaymentResult(request(jar, approved), "pse");
    expect(settling.kind).toBe("reload");
    jar.apply(settling.headers);
    expect((await readCartCookie(request(jar))).cart).toEqual([]);
    const done = await resultPage(request(jar, approved), "pse");
    expect(done.view).toMatchObject({
      state: "success",
      receipt: { method: "PSE · Bancolombia", orderId: order.orderId },
      refresh: null,
    });
    expect(await outbox(order.orderId)).toHaveLength(2);
  });

  it("keeps a PSE payment left pending at the bank as the cart's one order, whatever method follows", async () => {
    const jar = await shopper();
    const pse = await prepare(jar, "pse");
    const toBank = expectRedirect(await payments.payByPse(request(jar), pseForm(pse), pse));
    jar.apply(toBank.headers);
    const back = await decideAtBank(toBank.location, "pendiente");
    jar.apply((await payments.loadPaymentResult(request(jar, back), "pse")).headers);

    // Back to the method step, card this time: no new order while the PSE payment is pending.
    await expect(prepare(jar, "openpay")).rejects.toThrow(/\(409\).*pago pendiente/);
    const page = await payments.loadPaymentPage(request(jar), pse);
    expect(page.kind === "redirect" && page.location).toMatch(/^\/checkout\/success\/pse\?id=/);
    // A card form posted for the same order answers with its pending PSE payment.
    const card = { ...pse, method: "openpay" as const };
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(card), card));
    expect(paid.location).toMatch(/^\/checkout\/success\/pse\?id=/);

    // The bank approves later: one completed charge for the cart.
    await decideAtBank(toBank.location, "aprobar");
    const charges = await apiClient().listCharges(pse.orderId);
    expect(charges.map((c) => c.status)).toEqual(["completed"]);
  });

  it("shows a rejected PSE payment as 'Pago fallido'", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    jar.apply(answer.headers);
    const back = await decideAtBank(answer.location, "rechazar");
    const result = await resultPage(request(jar, back), "pse");
    expect(result.view).toMatchObject({ state: "failed", statusLabel: "Fallido", receipt: null });
    jar.apply(result.headers);
    expect(jar.values.has("carrito")).toBe(true);
  });

  it("checks the PSE form: document of 6-12 digits, name and last name, a bank", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectReply(
      await payments.payByPse(
        request(jar),
        pseForm(order, { document: "12a", full_name: "ana", bank: "" }),
        order,
      ),
    );
    expect(answer.body.reply.error).toMatchObject({
      document: ["El número de documento debe tener entre 6 y 12 dígitos."],
      full_name: ["Por favor, ingrese su nombre y apellido completos."],
      bank: ["Selecciona tu banco"],
    });
    expect(answer.body.reply.initialValue).toMatchObject({ document: "12a", full_name: "ana" });
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });

  it("says 'No se recibió URL de redirección para PSE.' when the gateway gives no bank URL", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    override.client = (real) => ({
      ...(real as ApiClient),
      createPseCharge: async (body: Record<string, unknown>) => {
        const charge = await (real as ApiClient).createPseCharge(body);
        return { ...charge, redirect_url: null, payment_method: null };
      },
    });
    const answer = expectReply(await payments.payByPse(request(jar), pseForm(order), order));
    expect(answer.body.reply.error).toEqual({ "": [PAYMENT_MESSAGES.pseRedirect] });
    expect(PAYMENT_MESSAGES.pseRedirect).toMatch(/^No se recibió URL de redirección para PSE\. /);
  });
});

describe("result pages", () => {
  it("answers a missing or unknown id with the missing message, a failing status call with the error", async () => {
    const jar = new Jar();
    const missing = await resultPage(request(jar, `${ORIGIN}/checkout/success/card`), "card");
    expect(missing).toMatchObject({ status: 404, view: { state: "missing" } });
    const unknown = await resultPage(
      request(jar, `${ORIGIN}/checkout/success/card?id=trnoexiste000000000`),
      "card",
    );
    expect(unknown).toMatchObject({ status: 404, view: { state: "missing" } });
    const failing = await resultPage(
      request(jar, `${ORIGIN}/checkout/success/pse?id=trfalla500`),
      "pse",
    );
    expect(failing).toMatchObject({ status: 502, view: { state: "error" } });
    expect(RESULT_TEXTS.error).toBe(
      "Error al verificar el estado del pago. Por favor, contacta con soporte si el problema persiste.",
    );
  });

  it("reloads a pending page at its own URL, also when asked by a client-side navigation, and stops after the last time", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    jar.apply(answer.headers);
    const id = (await apiClient().listCharges(order.orderId))[0].id;
    // A client-side navigation asks for /path.data with a _routes parameter.
    const data = await resultPage(
      request(jar, `${ORIGIN}/checkout/success/pse.data?id=${id}&intento=3&_routes=routes%2Fx`),
      "pse",
    );
    expect(data.view).toMatchObject({
      state: "pending",
      refresh: {
        url: `/checkout/success/pse?id=${id}&intento=4`,
        stopUrl: `/checkout/success/pse?id=${id}&actualizar=no`,
      },
    });
    const stopped = await resultPage(
      request(jar, `${ORIGIN}/checkout/success/pse?id=${id}&actualizar=no`),
      "pse",
    );
    expect(stopped.view).toMatchObject({ state: "pending", refresh: null });
    const last = await resultPage(
      request(jar, `${ORIGIN}/checkout/success/pse?id=${id}&intento=30`),
      "pse",
    );
    expect(last.view).toMatchObject({ state: "pending", refresh: null });
    // Settling from a client-side navigation reloads the page's URL, not the data URL.
    await decideAtBank(answer.location, "aprobar");
    const settling = await payments.loadPaymentResult(
      request(jar, `${ORIGIN}/checkout/success/pse.data?id=${id}&intento=4&_routes=routes%2Fx`),
      "pse",
    );
    expect(settling).toMatchObject({
      kind: "reload",
      location: `/checkout/success/pse?id=${id}&intento=4`,
    });
  });

  it("sends a failure URL of a charge that did not fail to its result page", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    const failure = await payments.loadPaymentFailure(
      request(new Jar(), `${ORIGIN}/checkout/failure?id=${chargeIdOf(paid.location)}`),
    );
    expect(failure).toEqual({ kind: "redirect", location: paid.location });
    expect(
      await payments.loadPaymentFailure(
        request(new Jar(), `${ORIGIN}/checkout/failure?code=9&description=Llame`),
      ),
    ).toMatchObject({ kind: "page", view: { code: null, description: null } });
  });
});

describe("receipt PDF", () => {
  it("is a real PDF for the browser that paid, and nothing for anyone else", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    jar.apply(paid.headers);
    const chargeId = chargeIdOf(paid.location);
    const pdf = await payments.loadReceiptPdf(request(jar), chargeId);
    expect(pdf).not.toBeNull();
    expect(Buffer.from(pdf!.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(pdf!.bytes);
    expect(doc.getTitle()).toBe(`Comprobante de pago ${order.orderId}`);
    expect(doc.getPageCount()).toBe(1);
    expect(Buffer.from(pdf!.bytes).toString("latin1")).not.toContain(VISA);
    expect(await payments.loadReceiptPdf(request(new Jar()), chargeId)).toBeNull();

    const declinedJar = await shopper();
    const declinedOrder = await prepare(declinedJar, "openpay");
    const declined = expectRedirect(
      await payments.payByCard(
        request(declinedJar),
        cardForm(declinedOrder, { card_number: "4000000000000002" }),
        declinedOrder,
      ),
    );
    declinedJar.apply(declined.headers);
    expect(
      await payments.loadReceiptPdf(request(declinedJar), chargeIdOf(declined.location)),
    ).toBeNull();
  });
});

/** Whether the PDF draws `text`: pdf-lib deflates its streams and writes standard-font text in hex. */
function inPdf(bytes: Uint8Array, text: string): boolean {
  const raw = Buffer.from(bytes);
  const hex = `<${Buffer.from(text, "latin1").toString("hex").toUpperCase()}>`;
  let at = 0;
  for (;;) {
    const start = raw.indexOf("\nstream\n", at);
    const end = start < 0 ? -1 : raw.indexOf("\nendstream", start);
    if (end < 0) return false;
    try {
      if (
        inflateSync(raw.subarray(start + 8, end))
          .toString("latin1")
          .includes(hex)
      )
        return true;
    } catch {
      // not a deflated stream
    }
    at = end + 1;
  }
}

const COMPANY = {
  billing: {
    client_type: "company",
    company_name: "Seguridad Andina S.A.S.",
    company_nit: "890903938-8",
    name: "Carlos Pérez",
    contact_position: "Jefe de compras",
    address: "Carrera 7 # 71-21",
  },
  shipping: {
    shipping_receiver_name: "Bodega Norte",
    shipping_address: "Calle 80 # 45-10",
    shipping_city: "Medellín",
    shipping_preferred_time: "morning",
  },
};

function lookupForm(orderId: string, email: string) {
  const form = new FormData();
  form.set("order_id", orderId);
  form.set("email", email);
  return form;
}

describe("order lookup under a burst", () => {
  it("answers at most 20 of 60 parallel lookups from one address (an IPv6 /64), the rest 429", async () => {
    const jar = new Jar();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        payments.lookupOrder(
          request(jar, `${ORIGIN}/mi-cuenta/pedidos`, `2001:db8:35:7::${i.toString(16)}`),
          lookupForm("CARD-1767225600000K7Q2", "nadie@example.com"),
        ),
      ),
    );
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(20);
    expect(answers.find((a) => a.status === 429)?.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("issue 27", () => {
  it("shows a pending card charge as pending on the result page, the receipt and the lookup, and sends no e-mail", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay", "pendiente27@example.com");
    const paid = expectRedirect(
      await payments.payByCard(
        request(jar),
        cardForm(order, { card_number: "4000 0000 0000 0101" }),
        order,
      ),
    );
    jar.apply(paid.headers);
    const url = `${ORIGIN}${paid.location}`;
    let answer = await payments.loadPaymentResult(request(jar, url), "card");
    if (answer.kind === "reload") {
      jar.apply(answer.headers);
      answer = await payments.loadPaymentResult(request(jar, url), "card");
    }
    expect(answer).toMatchObject({
      kind: "page",
      view: {
        statusLabel: "Pendiente",
        status: "charge_pending",
        receipt: { statusLabel: "Pendiente" },
        // It asks again by itself, as any pending payment.
        refresh: { seconds: 10 },
      },
    });
    // charge_pending never completes in the sandbox: no confirmation went out.
    expect(await outbox(order.orderId)).toHaveLength(0);

    const pdf = await payments.loadReceiptPdf(request(jar), chargeIdOf(paid.location));
    expect(inPdf(pdf!.bytes, "Total del pedido")).toBe(true);
    expect(inPdf(pdf!.bytes, "Pendiente de confirmación")).toBe(true);
    expect(inPdf(pdf!.bytes, "Total pagado")).toBe(false);
    expect(inPdf(pdf!.bytes, RESULT_TEXTS.processing)).toBe(false);

    const found = await payments.lookupOrder(
      request(new Jar()),
      lookupForm(order.orderId, "pendiente27@example.com"),
    );
    expect(found.body.order).toMatchObject({ statusLabel: "Pendiente", receipt: true });
  });

  it("puts a company's name, NIT and both addresses on the receipt, the PDF and the payer's lookup", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay", "compras@andina.example", COMPANY);
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    jar.apply(paid.headers);
    const chargeId = chargeIdOf(paid.location);
    const url = `${ORIGIN}${paid.location}`;
    const settling = await payments.loadPaymentResult(request(jar, url), "card");
    jar.apply(settling.headers);
    const page = await resultPage(request(jar, url), "card");
    const parties = {
      billing: {
        clientType: "company",
        companyName: "Seguridad Andina S.A.S.",
        companyNit: "890903938-8",
        name: "Carlos Pérez",
        contactPosition: "Jefe de compras",
        address: "Carrera 7 # 71-21",
        city: "Bogotá D.C.",
      },
      delivery: {
        sameAsBilling: false,
        receiverName: "Bodega Norte",
        address: "Calle 80 # 45-10",
        city: "Medellín",
        preferredTime: "Mañana (9:00–13:00)",
      },
    };
    expect(page.view).toMatchObject({ receipt: parties });

    const pdf = await payments.loadReceiptPdf(request(jar), chargeId);
    for (const text of [
      "Seguridad Andina S.A.S.",
      "890903938-8",
      "Carrera 7 # 71-21",
      "Bodega Norte",
    ]) {
      expect(inPdf(pdf!.bytes, text), text).toBe(true);
    }

    // The lookup reads the merchant's record of the order: from the browser that paid and from
    // any other (the order number in lower case too), the same receipt as the result page's.
    const here = await payments.lookupOrder(
      request(jar),
      lookupForm(order.orderId, "compras@andina.example"),
    );
    expect(here.body.order?.details).toEqual(page.view.state === "success" && page.view.receipt);
    const elsewhere = await payments.lookupOrder(
      request(new Jar()),
      lookupForm(order.orderId.toLowerCase(), "compras@andina.example"),
    );
    expect(elsewhere.body.order).toMatchObject({ orderId: order.orderId, receipt: true });
    expect(elsewhere.body.order?.details).toEqual(here.body.order?.details);

    // The confirmation e-mail: billing facts and the way to the lookup.
    const mails = (await outbox(order.orderId)) as unknown as Array<{ kind: string; html: string }>;
    const customer = mails.find((mail) => mail.kind === "confirmacion-cliente");
    expect(customer?.html).toContain("890903938-8");
    expect(customer?.html).toMatch(/href="http:\/\/localhost:\d+\/mi-cuenta\/pedidos"/);
  });

  it("gives the receipt PDF to whoever gives the order id and its e-mail, and to no one else", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay", "pdf27@example.com");
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    const stranger = request(new Jar());
    const pdf = await payments.lookupReceiptPdf(
      stranger,
      lookupForm(order.orderId, "PDF27@example.com"),
    );
    expect(pdf).toMatchObject({ kind: "pdf", orderId: order.orderId });
    if (pdf.kind !== "pdf") throw new Error("no pdf");
    expect((await PDFDocument.load(pdf.bytes)).getTitle()).toBe(
      `Comprobante de pago ${order.orderId}`,
    );
    expect(
      await payments.lookupReceiptPdf(
        request(new Jar()),
        lookupForm(order.orderId, "otra@example.com"),
      ),
    ).toEqual({ kind: "refused", status: 404 });
    // A charge id is no proof.
    expect(
      await payments.lookupReceiptPdf(
        request(new Jar()),
        lookupForm(chargeIdOf(paid.location), "pdf27@example.com"),
      ),
    ).toMatchObject({ kind: "refused", status: 404 });

    // A failed payment has no receipt.
    const declinedJar = await shopper();
    const declined = await prepare(declinedJar, "openpay", "rechazo27@example.com");
    await payments.payByCard(
      request(declinedJar),
      cardForm(declined, { card_number: "4000000000000002" }),
      declined,
    );
    expect(
      await payments.lookupReceiptPdf(
        request(new Jar()),
        lookupForm(declined.orderId, "rechazo27@example.com"),
      ),
    ).toEqual({ kind: "refused", status: 404 });
  });
});

describe("order lookup", () => {
  it("answers an order's status only when its id and e-mail both match", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay", "Luis.Perez@example.com");
    await payments.payByCard(request(jar), cardForm(order), order);
    const found = await payments.lookupOrder(
      request(new Jar()),
      lookupForm(order.orderId, " luis.perez@EXAMPLE.com "),
    );
    expect(found).toMatchObject({
      status: 200,
      body: {
        order: {
          orderId: order.orderId,
          statusLabel: "Completado",
          method: "Visa terminada en 1111",
        },
      },
    });
    const wrong = await payments.lookupOrder(
      request(new Jar()),
      lookupForm(order.orderId, "otra@example.com"),
    );
    expect(wrong).toMatchObject({
      status: 404,
      body: { order: null, reply: { error: { "": [expect.stringContaining("No encontramos")] } } },
    });
    const unknown = await payments.lookupOrder(
      request(new Jar()),
      lookupForm("CARD-0000000000000XXXX", "luis.perez@example.com"),
    );
    expect(unknown.body.reply.error).toEqual(wrong.body.reply.error);
    const invalid = await payments.lookupOrder(request(new Jar()), lookupForm("", "no-es-correo"));
    expect(invalid).toMatchObject({
      status: 422,
      body: {
        reply: {
          error: {
            order_id: ["Ingresa el número de pedido"],
            email: ["El correo electrónico no es válido"],
          },
        },
      },
    });
  });
});
