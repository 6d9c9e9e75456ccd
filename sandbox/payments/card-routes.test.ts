/** The card charge kind of the payments sandbox: single-use tokens and charges. */
import { describe, expect, it } from "vitest";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import {
  at,
  call,
  cardBody,
  chargeBody,
  newOrderId,
  payByCard,
  str,
  token,
  TOTAL,
} from "./routes.test-support.ts";

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
