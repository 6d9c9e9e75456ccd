/**
 * The order record (docs/merchant-api.md): the checkout session prepared with an order id, read
 * back by that id, listed by cart or checkout.
 */
import { describe, expect, it } from "vitest";
import {
  bank,
  business,
  call,
  type Json,
  newOrderId,
  order,
  prepare,
  pse,
  SMALL,
  SMALL_TOTAL,
  tick,
  TOTAL,
} from "./orders.test-support.ts";

describe("the order record", () => {
  it("prepare records the order: lines with brand and model, totals, parties, ids, state prepared", async () => {
    const orderId = newOrderId("PSE");
    const prepared = await prepare(orderId);
    const expected = {
      order_id: orderId,
      session_id: prepared.session_id,
      cart_id: "cart-empresa-1",
      checkout_id: "chk-empresa-1",
      state: "prepared",
      method: "pse",
      client_type: "business",
      customer: {
        name: "Laura",
        last_name: "Pérez",
        email: "compras@acme.com.co",
        phone: "6015551234",
        address: "Carrera 7 # 71-21",
        city: "Bogotá",
        document: null,
        document_type: "NIT",
        additional_info: null,
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
      lines: [
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
          product_id: "10031",
          title: "Grabador NVR 8 canales",
          brand: "Dahua",
          model: "NVR4108HS-8P-4KS2",
          sku: null,
          quantity: 1,
          unit_price: 80_000,
          subtotal: 80_000,
        },
      ],
      totals: { subtotal: 980_000, iva: 186_200, shipping: 0, total: TOTAL },
      charge: null,
      created_at: "2025-09-07T10:00:00-05:00",
      updated_at: "2025-09-07T10:00:00-05:00",
      cancelled_at: null,
    };
    expect(prepared.order).toEqual(expected);
    const read = await order(orderId);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(expected);
  });

  it("answers 404 for an order never prepared, and matches the order id exactly", async () => {
    const orderId = newOrderId("CARD");
    await prepare(orderId);
    for (const id of ["CARD-1-NADA", orderId.toLowerCase()]) {
      const r = await order(id);
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "order_not_found", message: expect.stringContaining(id) });
    }
    // A session without an order id is no order: prepare answers order null.
    const bare = await call("POST", "/payments/prepare-checkout", {
      ...business(orderId),
      order: { total_amount: TOTAL, payment_method: "pse" },
    });
    expect(bare.json).toMatchObject({ success: true, order: null });
  });

  it("preparing again before a charge replaces the content; the first preparation dates it", async () => {
    const orderId = newOrderId("PSE");
    const first = await prepare(orderId);
    tick(5);
    const second = await prepare(orderId, {
      order: { total_amount: SMALL_TOTAL, payment_method: "openpay", order_id: orderId },
      products: SMALL,
    });
    const read = (await order(orderId)).json;
    expect(second.session_id).not.toBe(first.session_id);
    expect(read).toMatchObject({
      session_id: second.session_id,
      method: "openpay",
      lines: [expect.objectContaining({ title: "Conector RJ45", brand: "Nexxt" })],
      totals: { subtotal: 50_000, iva: 9_500, shipping: 5_000, total: SMALL_TOTAL },
      created_at: first.order && (first.order as Json).created_at,
      updated_at: second.created_at,
    });
    expect(read.lines).toHaveLength(1);
  });

  it("a PSE charge makes it pending, the bank's approval completed; then preparing again is 409", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    const charge = await pse(orderId);
    expect(charge.status).toBe(200);
    const chargeId = String(charge.json.id);
    const pending = (await order(orderId)).json;
    expect(pending.state).toBe("pending");
    expect(pending.charge).toEqual((await call("GET", `/payments/status/${chargeId}`)).json);

    tick(10);
    expect((await bank(chargeId, "aprobar")).status).toBe(303);
    const paid = (await order(orderId)).json;
    expect(paid).toMatchObject({ state: "completed", charge: { status: "completed" } });
    expect(paid.updated_at).toBe("2025-09-07T10:15:00-05:00");

    const again = await call("POST", "/payments/prepare-checkout", business(orderId));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      error: "order_locked",
      message: expect.stringContaining(orderId),
      order: paid,
    });
    // The refused preparation changed nothing.
    expect((await order(orderId)).json).toEqual(paid);
  });

  it("a failed charge also locks the order and makes it failed", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    const chargeId = String((await pse(orderId)).json.id);
    await bank(chargeId, "rechazar");
    expect((await order(orderId)).json.state).toBe("failed");
    expect((await call("POST", "/payments/prepare-checkout", business(orderId))).status).toBe(409);
  });
});

describe("listing orders by cart or checkout", () => {
  it("answers the cart's orders newest first, by cart or by checkout, at most 20", async () => {
    const ids = [newOrderId("PSE"), newOrderId("PSE"), newOrderId("PSE")];
    for (const id of ids) await prepare(id, { cart_id: "cart-lista", checkout_id: `chk-${id}` });
    await prepare(newOrderId("PSE"), { cart_id: "otro-carrito", checkout_id: "chk-otro" });
    // Preparing the first again makes it the newest.
    await prepare(ids[0], { cart_id: "cart-lista", checkout_id: `chk-${ids[0]}` });

    const byCart = await call("GET", "/payments/orders?cart_id=cart-lista");
    expect(byCart.status).toBe(200);
    expect(byCart.json.map((o: Json) => o.order_id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(byCart.json[1]).toEqual((await order(ids[2])).json);

    const byCheckout = await call("GET", `/payments/orders?checkout_id=%20chk-${ids[1]}%20`);
    expect(byCheckout.json.map((o: Json) => o.order_id)).toEqual([ids[1]]);
    expect((await call("GET", "/payments/orders?cart_id=nadie")).json).toEqual([]);

    for (let i = 0; i < 21; i++) await prepare(newOrderId("PSE"), { cart_id: "cart-grande" });
    expect((await call("GET", "/payments/orders?cart_id=cart-grande")).json).toHaveLength(20);
  });

  it("answers 400 without cart_id or checkout_id, or with one over 64 characters", async () => {
    for (const query of ["", "?cart_id=", "?order_id=X", `?cart_id=${"x".repeat(65)}`]) {
      const r = await call("GET", `/payments/orders${query}`);
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: "invalid_query", message: expect.any(String) });
    }
  });

  it("refuses cart and checkout ids over 64 characters at prepare", async () => {
    const r = await call(
      "POST",
      "/payments/prepare-checkout",
      business(newOrderId("PSE"), { cart_id: "c".repeat(65) }),
    );
    expect(r.status).toBe(422);
    expect(r.json.fields).toEqual([{ field: "cart_id", message: expect.any(String) }]);
  });
});
