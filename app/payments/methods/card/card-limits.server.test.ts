/**
 * The card-testing limits (docs/decisions/0431, 0510, 0511) and a card the browser tokenized,
 * paid through the one pay sequence against the embedded sandbox.
 */
import { describe, expect, it } from "vitest";
import {
  apiClient,
  captureLogs,
  CARD_LIMITS,
  CARD_PAYMENT_MESSAGES,
  cardForm,
  declineEveryCharge,
  declineEveryChargeCounted,
  expectRedirect,
  expectReply,
  ORIGIN,
  override,
  type PaymentOrder,
  payments,
  prepare,
  request,
  shopper,
  VISA,
  withLuhnDigit,
  YEAR,
} from "~/payments/payment-flows.test-support.server";

describe("card payment: the card-testing limits", () => {
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
    expect(answer.body.reply.error).toMatchObject({ "": [CARD_PAYMENT_MESSAGES.card] });
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });
});
