/** The checkout sessions of the payments sandbox, and a charge's status and recovery. */
import { describe, expect, it } from "vitest";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import {
  at,
  call,
  checkoutPayload,
  expectJson4xx,
  LINES,
  payByCard,
  prepare,
  str,
  TOTAL,
} from "./routes.test-support.ts";

describe("checkout sessions", () => {
  it("prepares a session and reads it back without the supplied HTML", async () => {
    const r = await call("POST", "/payments/prepare-checkout", checkoutPayload());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      session_id: expect.stringMatching(/^chk_[a-z0-9]{24}$/),
      total_amount: TOTAL,
      totals: { subtotal: 102_000, iva: 19_380, shipping: 0, total: TOTAL },
    });
    const data = await call("GET", `/payments/checkout-data/${str(r.body, "session_id")}`);
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({
      session_id: str(r.body, "session_id"),
      client_type: "person",
      customer: { email: "ana@example.com", last_name: "Gómez" },
      order: { total_amount: TOTAL },
      products: [{ product_id: "18433", quantity: 2 }, { product_id: "10031" }],
      order_id: null,
      charge_id: null,
      payment_status: null,
    });
    expect(data.text).not.toContain("products_html");
  });

  it("accepts the three readings of the total, a business customer and null optional fields", async () => {
    await prepare({ order: { total_amount: 102_000 } });
    await prepare({ order: { total_amount: 102_000 + 19_380 } });
    const small = [
      { title: "Conector RJ45", quantity: 10, unit_price: 1000, product_id: "1", subtotal: 10000 },
    ];
    await prepare({
      products: small,
      cart_items: null,
      order: { total_amount: 10000 + 1900 + 5000, order_id: "ORDER-1757253600000-AB12" },
    });
    await prepare({
      client_type: "business",
      customer: {
        name: "Carlos",
        last_name: null,
        email: "compras@empresa.co",
        phone: "6015551234",
        company_name: "Seguridad S.A.S.",
        company_nit: "900123456-7",
        contact_position: "Compras",
      },
      shipping: {
        sameAsInvoice: false,
        receiverName: "Portería",
        address: "Cra 7 # 1-1",
        city: "Medellín",
        instructions: null,
        preferredTime: null,
      },
      products: null,
    });
  });

  it("answers 422 'Error de validación' naming every bad field", async () => {
    const r = await call("POST", "/payments/prepare-checkout", {});
    expectJson4xx(r, 422);
    expect(r.body.error).toBe("Error de validación");
    expect(r.body.detail).toEqual(expect.stringContaining("customer"));
    const fields = (r.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["client_type", "customer", "order"]));

    const bad = await call(
      "POST",
      "/payments/prepare-checkout",
      checkoutPayload({
        customer: { name: "A", last_name: "", email: "no-es-correo", phone: "12" },
        order: { total_amount: 0 },
      }),
    );
    expectJson4xx(bad, 422);
    const badFields = (bad.body.fields as Array<{ field: string }>).map((f) => f.field);
    expect(badFields).toEqual(
      expect.arrayContaining([
        "customer.name",
        "customer.email",
        "customer.phone",
        "order.total_amount",
      ]),
    );
    expect(String(bad.body.detail)).toContain("El correo electrónico no es válido");
  });

  it.each([
    ["no lines", { products: [], cart_items: [] }, "products"],
    [
      "totals that do not match the lines",
      { order: { total_amount: 99_999 } },
      "order.total_amount",
    ],
    [
      "a line whose subtotal is not quantity × price",
      { products: [{ ...LINES[0], subtotal: 1 }] },
      "products.0.subtotal",
    ],
    [
      "a line without quantity",
      { products: [{ title: "x", unit_price: 1, product_id: "1", subtotal: 1 }] },
      "products.0.quantity",
    ],
    ["a decimal amount", { order: { total_amount: 121_380.5 } }, "order.total_amount"],
    ["an amount as text", { order: { total_amount: "121380" } }, "order.total_amount"],
    ["customer as a list", { customer: ["Ana"] }, "customer"],
    [
      "a business without NIT",
      {
        client_type: "business",
        customer: { name: "Carlos", email: "c@e.co", phone: "3001234567", company_name: "X" },
      },
      "customer.company_nit",
    ],
    [
      "shipping elsewhere without address",
      { shipping: { sameAsInvoice: false } },
      "shipping.address",
    ],
    ["an unknown client type", { client_type: "robot" }, "client_type"],
  ])("rejects %s", async (_label, over, field) => {
    const r = await call("POST", "/payments/prepare-checkout", checkoutPayload(over));
    expectJson4xx(r, 422);
    expect((r.body.fields as Array<{ field: string }>).map((f) => f.field)).toContain(field);
  });

  it("links a session to an order and its charge", async () => {
    const sessionId = await prepare();
    const paid = await payByCard(PF.cards.approvedVisa.number, { sessionId });
    const orderId = str(paid.body, "data.order_id");
    const chargeId = str(paid.body, "data.id");
    const r = await call("POST", "/payments/link-payment", {
      session_id: sessionId,
      payment_data: { order_id: orderId, charge_id: chargeId, status: "completed" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      session_id: sessionId,
      order_id: orderId,
      charge_id: chargeId,
      payment_status: "completed",
    });
    const data = await call("GET", `/payments/checkout-data/${sessionId}`);
    expect(data.body).toMatchObject({
      order_id: orderId,
      charge_id: chargeId,
      payment_status: "completed",
    });
  });

  it("refuses links to unknown sessions or charges, or to another order's charge", async () => {
    const sessionId = await prepare();
    const paid = await payByCard();
    const chargeId = str(paid.body, "data.id");
    expectJson4xx(
      await call("POST", "/payments/link-payment", {
        session_id: "chk_nada",
        payment_data: { order_id: "X-1" },
      }),
      404,
    );
    expectJson4xx(
      await call("POST", "/payments/link-payment", {
        session_id: sessionId,
        payment_data: { order_id: "X-1", charge_id: "trnada" },
      }),
      404,
    );
    const mismatch = await call("POST", "/payments/link-payment", {
      session_id: sessionId,
      payment_data: { order_id: "OTRA-ORDEN", charge_id: chargeId },
    });
    expectJson4xx(mismatch, 422);
    expect(mismatch.body.detail).toContain("payment_data.order_id");
    expectJson4xx(await call("POST", "/payments/link-payment", { session_id: sessionId }), 422);
  });

  it("answers 404 JSON for an unknown session", async () => {
    const r = await call("GET", "/payments/checkout-data/chk_desconocida");
    expectJson4xx(r, 404);
    expect(r.body).toEqual({ error: "Sesión de checkout no encontrada" });
  });
});

describe("status and recovery", () => {
  it("answers the same at /payments/status and /api/payments/status", async () => {
    const paid = await payByCard();
    const id = str(paid.body, "data.id");
    const a = await call("GET", `/payments/status/${id}`);
    const b = await call("GET", `/api/payments/status/${id}`);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({
      status: "completed",
      id,
      order_id: str(paid.body, "data.order_id"),
      amount: TOTAL,
      authorization: at(paid.body, "data.authorization"),
      creation_date: "2025-09-07T10:00:00-05:00",
      description: "Pedido de prueba",
      card: { card_number: "XXXXXXXXXXXX1111", brand: "visa", holder_name: PF.holderName },
    });
  });

  it("answers 404 JSON for unknown or malformed charge ids", async () => {
    for (const id of ["trnoexiste", "%E2%9C%93", "a".repeat(300)]) {
      const r = await call("GET", `/payments/status/${id}`);
      expectJson4xx(r, 404);
      expect(r.body).toEqual({ error: "Cargo no encontrado" });
      expectJson4xx(await call("GET", `/api/payments/status/${id}`), 404);
    }
  });

  it("lists the charges of an order, [] for an unknown one, 400 without order_id", async () => {
    const paid = await payByCard();
    const list = await call(
      "GET",
      `/payments/charges?order_id=${encodeURIComponent(str(paid.body, "data.order_id"))}`,
    );
    expect(list.list).toEqual([
      (await call("GET", `/payments/status/${str(paid.body, "data.id")}`)).body,
    ]);
    expect((await call("GET", "/payments/charges?order_id=NADA")).list).toEqual([]);
    expectJson4xx(await call("GET", "/payments/charges"), 400);
  });
});
