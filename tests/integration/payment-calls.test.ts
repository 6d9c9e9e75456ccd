/**
 * The API client's payment calls against the embedded sandbox, in process, over the same
 * Request/Response path a remote API uses: every payment call of docs/merchant-api.md, refusals
 * parsed into PaymentError, and no card number or CVV in any error.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  createApiClient,
  PaymentError,
  type PrepareCheckoutPayload,
} from "../../app/merchant-api/client.server";
import { PAYMENT_FIXTURES } from "../../sandbox/fixtures.ts";

const C = PAYMENT_FIXTURES.cards;
const api = createApiClient({
  sandboxDataDir: path.resolve(".data/sandbox-client-tests"),
  timeoutMs: 60_000,
});

let sequence = 0;
/** A unique order id per test run and call (the gateway keeps them across runs). */
const orderId = (prefix = "CARD") =>
  `${prefix}-${Date.now().toString().padStart(13, "0")}${String(sequence++).padStart(4, "0")}`;

function payload(email = "cliente@example.com"): PrepareCheckoutPayload {
  const line = {
    title: "Cámara IP",
    name: "Cámara IP",
    quantity: 2,
    unit_price: 60_000,
    product_id: "18433",
    subtotal: 120_000,
  };
  return {
    client_type: "person",
    customer: {
      name: "Ana",
      last_name: "Gómez",
      email,
      phone: "3001234567",
      address: "Calle 1 # 2-3",
      city: "Bogotá",
      document: "",
      document_type: "CC",
      additional_info: "",
      company_name: "",
      company_nit: "",
      contact_position: "",
    },
    shipping: {
      sameAsInvoice: true,
      receiverName: "Ana Gómez",
      address: "Calle 1 # 2-3",
      city: "Bogotá",
      instructions: "",
      preferredTime: "",
    },
    // 120 000 + IVA 22 800, free shipping above 100 000.
    order: {
      total_amount: 142_800,
      payment_method: "openpay",
      timestamp: new Date().toISOString(),
    },
    cart_id: "carrito-integracion",
    checkout_id: "checkout-integracion",
    products: [line],
    cart_items: [line],
    products_html: "",
    email_payload: { to: email, subject: "Pedido", data: {} },
  };
}

const card = (number: string) => ({
  card_number: number,
  holder_name: PAYMENT_FIXTURES.holderName,
  expiration_month: PAYMENT_FIXTURES.expiry.month,
  expiration_year: PAYMENT_FIXTURES.expiry.year,
  cvv2: PAYMENT_FIXTURES.cvv,
});

async function pay(number: string, order = orderId()) {
  const { sessionId } = await api.prepareCheckout(payload());
  const token = await api.createCardToken(card(number));
  const charge = await api.chargeCard({
    token_id: token.id,
    amount: 142_800,
    order_id: order,
    customer_name: "Ana",
    customer_last_name: "Gómez",
    customer_email: "cliente@example.com",
    customer_phone: "3001234567",
    description: `Pedido ${order}`,
    device_session_id: "a".repeat(32),
    sessionId,
  });
  return { sessionId, token, charge, order };
}

describe("checkout sessions", () => {
  it("prepares a checkout and reads it back", async () => {
    const { sessionId } = await api.prepareCheckout(payload());
    expect(sessionId).toMatch(/\S{8,}/);
    const stored = await api.getCheckoutData(sessionId);
    expect(stored).toMatchObject({ session_id: sessionId, client_type: "person" });
  });

  it("answers a payload whose total does not match its lines with 'Error de validación' and the detail", async () => {
    const bad = payload();
    bad.order.total_amount = 1;
    const error = await api.prepareCheckout(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).status).toBe(422);
    expect((error as PaymentError).message).toBe("Error de validación");
    expect((error as PaymentError).detail).toMatch(/total/i);
  });

  it("refuses an unknown session with 404", async () => {
    const error = await api.getCheckoutData("desconocida").catch((e: unknown) => e);
    expect((error as PaymentError).status).toBe(404);
  });
});

describe("card payments", () => {
  it("tokenizes without echoing the number, charges, links and reads the status", async () => {
    const { sessionId, token, charge, order } = await pay(C.approvedVisa.number);
    expect(token.card?.card_number).toBe("411111XXXXXX1111");
    expect(charge).toMatchObject({ status: "completed", order_id: order, amount: 142_800 });
    expect(charge.authorization).toMatch(/^\d{6}$/);
    await api.linkPayment({
      sessionId,
      orderId: order,
      chargeId: charge.id,
      status: charge.status,
    });
    const status = await api.getPaymentStatus(charge.id);
    expect(status).toMatchObject({ id: charge.id, status: "completed", order_id: order });
    expect(status.card?.card_number).toMatch(/1111$/);
    expect(JSON.stringify(status)).not.toContain(C.approvedVisa.number);
  });

  it.each([
    [C.declined.number, 3001],
    [C.insufficientFunds.number, 3003],
    [C.expired.number, 3002],
    [C.stolen.number, 3004],
    [C.fraudRisk.number, 3005],
  ])("a declined card %s is a PaymentError %i naming the charge it left", async (number, code) => {
    const error = await pay(number).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).code).toBe(code);
    expect((error as PaymentError).status).toBe(402);
    expect((error as PaymentError).message.length).toBeGreaterThan(3);
    expect(String((error as Error).message)).not.toContain(number);
  });

  it("refuses a card that fails Luhn at tokenization (2004) without the number in the error", async () => {
    const error = await api.createCardToken(card("4111111111111112")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).code).toBe(2004);
    expect(JSON.stringify(error)).not.toContain("4111111111111112");
  });

  it("refuses a second charge for the same order (1006) and lists the one charge it has", async () => {
    const first = await pay(C.approvedVisa.number);
    const error = await pay(C.approvedVisa2.number, first.order).catch((e: unknown) => e);
    expect((error as PaymentError).code).toBe(1006);
    const charges = await api.listCharges(first.order);
    expect(charges.map((c) => c.id)).toEqual([first.charge.id]);
  });

  it("keeps a pending card pending", async () => {
    const { charge } = await pay(C.pending.number);
    expect(charge.status).toBe("charge_pending");
  });

  it("confirms the success page once and re-sends on a manual notification", async () => {
    const { sessionId, charge, order } = await pay(C.approvedMastercard.number);
    await api.linkPayment({
      sessionId,
      orderId: order,
      chargeId: charge.id,
      status: charge.status,
    });
    await api.confirmSuccessPage(charge.id);
    const first = await api.manualNotification(order);
    expect(first).toMatchObject({
      ok: true,
      result: {
        success: true,
        payment_id: charge.id,
        payment_status: "completed",
        already_sent: true,
      },
    });
    expect(first.ok && first.result.customer_email).toBe("cliente@example.com");
    expect(first.ok && first.result.amount).toBe(142_800);
  });

  it("tells an unpaid and an unknown order apart in manual notifications", async () => {
    const order = orderId();
    const declined = await pay(C.declined.number, order).catch((e: unknown) => e);
    expect((declined as PaymentError).chargeId).toMatch(/^tr/);
    const unpaid = await api.manualNotification(order);
    expect(unpaid).toMatchObject({ ok: true, result: { success: false } });
    expect(unpaid.ok && unpaid.result.suggestion).toBeTruthy();
    const unknown = await api.manualNotification("ORDER-0000000000000-NADA");
    expect(unknown).toMatchObject({ ok: false });
    expect(!unknown.ok && unknown.message).toBeTruthy();
  });
});

describe("PSE", () => {
  it("lists the ACH banks", async () => {
    const banks = await api.getPseBanks();
    expect(banks).toContainEqual({ code: "1007", name: "Bancolombia" });
    expect(banks.length).toBeGreaterThanOrEqual(10);
  });

  it("creates a charge in progress whose redirect_url is the bank page", async () => {
    const { sessionId } = await api.prepareCheckout(payload());
    const order = orderId("PSE");
    const charge = await api.createPseCharge({
      amount: 142_800,
      order_id: order,
      customer_name: "Ana",
      customer_last_name: "Gómez",
      customer_email: "cliente@example.com",
      customer_phone: "3001234567",
      description: `Pedido ${order}`,
      redirect_url: "http://tienda.test/checkout/success/pse",
      sessionId,
      bank_code: "1007",
    });
    expect(charge).toMatchObject({ status: "in_progress", order_id: order });
    expect(charge.redirect_url).toBe(`/sandbox/banco-pse/${charge.id}`);
  });
});

describe("failures", () => {
  it("a deliberate gateway failure is a PaymentError 500 or an ApiError, never a success", async () => {
    const error = await api
      .prepareCheckout(payload("falla500@example.com"))
      .catch((e: unknown) => e);
    expect(error instanceof PaymentError || error instanceof ApiError).toBe(true);
    expect((error as { status: number }).status).toBe(500);
  });

  it("an unreachable payments API is an ApiError of kind 'unreachable'", async () => {
    const offline = createApiClient({ baseUrl: "http://127.0.0.1:9", timeoutMs: 5_000 });
    const error = await offline.getPaymentStatus("tr123").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe("unreachable");
  });
});
