/**
 * An order the store cancelled: what the bank and new charges may still do with it; and the
 * e-mails built from the order record.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { storeOriginOf } from "./context.ts";
import { formatCOP, INVOICE_NOTICE } from "./emails.ts";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import { createPaymentsApp } from "./routes.ts";
import { PaymentsStore } from "./store.ts";
import {
  app,
  bank,
  business,
  call,
  cardCharge,
  cardToken,
  clock,
  newOrderId,
  order,
  prepare,
  pse,
  tick,
  TOTAL,
} from "./orders.test-support.ts";

// These tests' times follow the order record's (orders.test.ts), which take a quarter hour.
beforeAll(() => tick(15));

describe("cancelling an order", () => {
  it("cancels a PSE left pending: the charge is cancelled, the bank refuses a late approval, the order id is spent", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    const chargeId = String((await pse(orderId)).json.id);
    expect((await bank(chargeId, "pendiente")).status).toBe(303);
    tick(30);

    const cancelled = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({
      state: "cancelled",
      cancelled_at: "2025-09-07T10:45:00-05:00",
      updated_at: "2025-09-07T10:45:00-05:00",
      charge: { id: chargeId, status: "cancelled", operation_date: "2025-09-07T10:45:00-05:00" },
    });

    // The bank page neither shows the buttons nor takes a decision.
    const page = await bank(chargeId);
    expect(page.status).toBe(409);
    expect(page.text).toContain("La tienda canceló este pago");
    expect(page.text).toContain("No se debitó ningún valor");
    expect(page.text).not.toContain('value="aprobar"');
    for (const decision of ["aprobar", "rechazar", "pendiente"]) {
      const late = await bank(chargeId, decision);
      expect(late.status).toBe(409);
      expect(late.location).toBeNull();
      expect(late.text).toContain("Pago cancelado por el comercio");
    }
    expect((await call("GET", `/payments/status/${chargeId}`)).json.status).toBe("cancelled");
    expect((await call("GET", `/payments/emails?order_id=${orderId}`)).json).toEqual([]);
    expect((await call("POST", `/payments/manual-notification/${orderId}`)).json).toMatchObject({
      success: false,
      payment_status: "cancelled",
      suggestion: expect.stringContaining("La tienda canceló este pedido"),
    });

    // An order id is used once: no new charge, card or PSE, and no new content.
    const again = await pse(orderId);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error_code: 1006 });
    const tokenId = await cardToken();
    const card = await cardCharge(tokenId, orderId);
    expect(card.status).toBe(409);
    expect(card.json).toMatchObject({ success: false, error: { error_code: 1006 } });
    expect((await cardCharge(tokenId, newOrderId("CARD"))).status).toBe(200);
    expect(
      (await call("POST", "/payments/prepare-checkout", business(orderId))).json,
    ).toMatchObject({ error: "order_locked", order: { state: "cancelled" } });
  });

  it("cancels an order with no charge, and answers a second cancel with the same record", async () => {
    const orderId = newOrderId("CARD");
    await prepare(orderId);
    const first = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ state: "cancelled", charge: null });
    tick(1);
    const second = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect((await cardCharge(await cardToken(), orderId)).status).toBe(409);
  });

  it("cancels a card charge left pending by the card network", async () => {
    const orderId = newOrderId("CARD");
    await prepare(orderId);
    const pending = await cardCharge(await cardToken(PF.cards.pending.number), orderId);
    expect(pending.json).toMatchObject({ success: true, data: { status: "charge_pending" } });
    const cancelled = await call("POST", `/payments/orders/${orderId}/cancel`);
    expect(cancelled.json).toMatchObject({ state: "cancelled", charge: { status: "cancelled" } });
  });

  it("refuses to cancel a completed order (order_completed) or a failed one (order_closed)", async () => {
    const paidId = newOrderId("CARD");
    await prepare(paidId);
    expect((await cardCharge(await cardToken(), paidId)).status).toBe(200);
    const paid = await call("POST", `/payments/orders/${paidId}/cancel`);
    expect(paid.status).toBe(409);
    expect(paid.json).toEqual({
      error: "order_completed",
      message: expect.stringContaining(paidId),
      order: (await order(paidId)).json,
    });
    expect(paid.json.order).toMatchObject({ state: "completed", cancelled_at: null });

    const declinedId = newOrderId("CARD");
    await prepare(declinedId);
    expect((await cardCharge(await cardToken(PF.cards.declined.number), declinedId)).status).toBe(
      402,
    );
    const declined = await call("POST", `/payments/orders/${declinedId}/cancel`);
    expect(declined.status).toBe(409);
    expect(declined.json).toMatchObject({ error: "order_closed", order: { state: "failed" } });
  });

  it("answers 404 for an unknown order and 405 for a GET", async () => {
    const r = await call("POST", "/payments/orders/NADA-1/cancel");
    expect(r.status).toBe(404);
    expect(r.json.error).toBe("order_not_found");
    expect((await call("GET", "/payments/orders/NADA-1/cancel")).status).toBe(405);
  });
});

describe("the order e-mails", () => {
  const outbox = async (orderId: string, target = app) =>
    (await call("GET", `/payments/emails?order_id=${orderId}`, undefined, target)).json;

  it("carry the order's lines with brand and model, IVA, the totals, billing, delivery, the seller and the invoice notice", async () => {
    const orderId = newOrderId("PSE");
    await prepare(orderId);
    await bank(String((await pse(orderId)).json.id), "aprobar");
    const [sales, customer] = await outbox(orderId);
    expect([sales.kind, customer.kind]).toEqual(["aviso-ventas", "confirmacion-cliente"]);
    const seller = `${PF.seller.name} · NIT ${PF.seller.nit} · ${PF.seller.address}, ${PF.seller.city}`;
    for (const e of [customer, sales]) {
      const html = String(e.html);
      expect(html).toContain("Marca: Hikvision · Modelo: DS-2CD1043G0-I");
      expect(html).toContain("Marca: Dahua · Modelo: NVR4108HS-8P-4KS2");
      expect(html).toContain(
        `IVA (19 %)</th><td style="padding:8px;text-align:right;">${formatCOP(186_200)}`,
      );
      expect(html).toContain(formatCOP(980_000));
      expect(html).toContain(
        `Total pagado</th><td style="padding:8px;text-align:right;font-weight:bold;">${formatCOP(TOTAL)}`,
      );
      expect(html).toContain(seller);
      expect(html).toContain("ACME Seguridad S.A.S.");
      expect(html).toContain("900.555.123-4");
      expect(html).toContain("Jefe de compras");
      expect(html).toContain("Calle 80 # 10-20, bodega 3");
    }
    // Subtotal + IVA + shipping (free) is what the bank was asked for.
    expect(980_000 + 186_200 + 0).toBe(TOTAL);
    expect(String(customer.html)).toContain(INVOICE_NOTICE);
    expect(INVOICE_NOTICE).toBe(
      "Recibirás la factura electrónica en este correo dentro de las 48 horas hábiles siguientes a la confirmación del pago.",
    );
    // Without a store origin the link stays root-relative (the store's own outbox resolves it).
    expect(String(customer.html)).toContain('href="/mi-cuenta/pedidos"');
  });

  it("link to Mis pedidos at the address the store sends with the order, whatever origin it runs under", async () => {
    const orderId = newOrderId("CARD");
    const body = business(orderId);
    body.email_payload = {
      to: "compras@acme.com.co",
      subject: "Confirmación",
      data: { orders_url: "https://tienda.example.co/mi-cuenta/pedidos" },
    };
    expect((await call("POST", "/payments/prepare-checkout", body)).status).toBe(200);
    const tokenId = String(
      (
        await call("POST", "/payments/card/token", {
          card_number: PF.cards.approvedVisa.number,
          holder_name: PF.holderName,
          expiration_month: PF.expiry.month,
          expiration_year: PF.expiry.year,
          cvv2: PF.cvv,
        })
      ).json.id,
    );
    const paid = await call("POST", "/payments/card/charge", {
      token_id: tokenId,
      amount: TOTAL,
      order_id: orderId,
      customer_name: "Laura",
      customer_email: "compras@acme.com.co",
    });
    expect(paid.status).toBe(200);
    const [, customer] = await outbox(orderId);
    expect(String(customer.html)).toContain('href="https://tienda.example.co/mi-cuenta/pedidos"');
  });

  it("link to Mis pedidos absolutely when a store origin is given, and name the seller given", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pedidos-origen-"));
    const s = new PaymentsStore(own);
    try {
      const seller = {
        name: "Otra S.A.S.",
        nit: "890.903.938-8",
        address: "Calle 1",
        city: "Cali",
      };
      const a = createPaymentsApp({
        store: s,
        publicBase: "",
        now: () => clock,
        storeOrigin: "https://tienda.example.co/",
        seller,
      });
      const orderId = newOrderId("CARD");
      await call("POST", "/payments/prepare-checkout", business(orderId), a);
      const tokenId = String(
        (
          await call(
            "POST",
            "/payments/card/token",
            {
              card_number: PF.cards.approvedVisa.number,
              holder_name: PF.holderName,
              expiration_month: PF.expiry.month,
              expiration_year: PF.expiry.year,
              cvv2: PF.cvv,
            },
            a,
          )
        ).json.id,
      );
      const paid = await call(
        "POST",
        "/payments/card/charge",
        {
          token_id: tokenId,
          amount: TOTAL,
          order_id: orderId,
          customer_name: "Laura",
          customer_email: "compras@acme.com.co",
        },
        a,
      );
      expect(paid.status).toBe(200);
      const [sales, customer] = await outbox(orderId, a);
      expect(String(customer.html)).toContain('href="https://tienda.example.co/mi-cuenta/pedidos"');
      expect(String(sales.html)).toContain("Otra S.A.S. · NIT 890.903.938-8");
    } finally {
      s.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("the store origin must be an absolute http(s) URL", () => {
    expect(storeOriginOf(undefined)).toBe("");
    expect(storeOriginOf(" https://tienda.example.co/ ")).toBe("https://tienda.example.co");
    for (const bad of ["/mi-cuenta", "tienda.example.co", "javascript:alert(1)", "ftp://x.co"]) {
      expect(() => storeOriginOf(bad)).toThrow(/absolute http\(s\) URL/);
    }
  });

  it("the demo seller's NIT carries its DIAN check digit", () => {
    const [digits, check] = PF.seller.nit.replace(/\./g, "").split("-");
    const weights = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
    const sum = [...digits].reverse().reduce((s, d, i) => s + Number(d) * weights[i], 0);
    const r = sum % 11;
    expect(String(r < 2 ? r : 11 - r)).toBe(check);
  });
});
