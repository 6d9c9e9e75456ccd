/**
 * Paying in cash through the one pay sequence against the embedded sandbox (docs/decisions/0570):
 * the voucher while the money is awaited (page, PDF, lookup, cart), a reference that lapses and
 * the same cart paid again by card, the cap checked again at paying, and the faults: never
 * sent (nothing charged) and a lost answer (one charge per order id).
 */
import { describe, expect, it } from "vitest";
import {
  type ApiClient,
  apiClient,
  atPaymentPoint,
  cardForm,
  cashForm,
  chargeIdOf,
  checkout,
  expectRedirect,
  expectReply,
  inPdf,
  Jar,
  loadCartPage,
  lookupForm,
  ORIGIN,
  override,
  payments,
  prepare,
  request,
  resultPage,
  shopper,
} from "~/payments/payment-flows.test-support.server";
import { ApiError } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { groupReference } from "./cash";
import type { VoucherView } from "./CashVoucher";

/** A shopper's cash order, paid: the voucher's page, its charge and the browser. */
async function cashVoucher() {
  const jar = await shopper();
  const order = await prepare(jar, "cash");
  const answer = expectRedirect(await payments.payByCash(request(jar), cashForm(order), order));
  jar.apply(answer.headers);
  expect(answer.location).toMatch(/^\/checkout\/success\/cash\?id=tr/);
  const page = await resultPage(request(jar, `${ORIGIN}${answer.location}`), "cash");
  jar.apply(page.headers);
  if (page.view.state !== "pending" || !page.view.waiting?.details) {
    throw new Error(`expected the voucher, got ${JSON.stringify(page.view)}`);
  }
  const voucher = page.view.waiting.details as VoucherView;
  return { jar, order, location: answer.location, view: page.view, voucher };
}

describe("cash payment", () => {
  it("answers with the voucher while the money is awaited: page, PDF, lookup and cart say so", async () => {
    const { jar, order, location, view, voucher } = await cashVoucher();
    const [charge] = await apiClient().listCharges(order.orderId);
    expect(charge.status).toBe("in_progress");
    expect(view).toMatchObject({
      statusLabel: "Pendiente",
      refresh: null,
      waiting: { deadline: expect.stringMatching(/ de 20\d\d, \d{1,2}:\d\d [ap]\. m\.$/) },
    });
    expect(voucher).toMatchObject({
      orderId: order.orderId,
      amount: charge.amount,
      networks: expect.arrayContaining(["Efecty", "Baloto"]),
      barcode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    expect(voucher.reference).toMatch(/^\d{14}$/);
    expect(voucher.elementString).toBe(
      `(415)7709998000018(8020)${voucher.reference}(3900)${charge.amount}(96)${voucher.deadline.ymd}`,
    );

    // A second submit: the same voucher, no second charge.
    const again = expectRedirect(await payments.payByCash(request(jar), cashForm(order), order));
    expect(chargeIdOf(again.location)).toBe(chargeIdOf(location));
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);

    // The PDF for this browser; nobody else's.
    const pdf = await payments.loadReceiptPdf(request(jar), charge.id);
    expect(Buffer.from(pdf!.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    expect(inPdf(pdf!.bytes, groupReference(voucher.reference))).toBe(true);
    expect(await payments.loadReceiptPdf(request(new Jar()), charge.id)).toBeNull();
    // Another browser sees the status and the deadline, not the voucher.
    const stranger = await resultPage(request(new Jar(), `${ORIGIN}${location}`), "cash");
    expect(stranger.view).toMatchObject({ waiting: { details: null } });

    // The lookup from any device: waiting for the payment, with its deadline and reference.
    const lookup = await payments.lookupOrder(
      request(new Jar()),
      lookupForm(order.orderId, "ana@example.com"),
    );
    expect(lookup.body.order).toMatchObject({
      statusLabel: "Esperando el pago",
      deadline: view.state === "pending" ? view.waiting?.deadline : "",
      method: `Efectivo · referencia ${groupReference(voucher.reference)}`,
      receipt: false,
    });
    // The cart's one live order: no card order meanwhile, and a card form posted for this order
    // answers with its cash payment; nothing is charged twice.
    await expect(prepare(jar, "openpay")).rejects.toThrow(/\(409\).*pago pendiente/);
    const card = { ...order, method: "openpay" as const };
    const byCard = expectRedirect(await payments.payByCard(request(jar), cardForm(card), card));
    expect(byCard.location).toMatch(/^\/checkout\/success\/cash\?id=/);
    expect((await apiClient().listCharges(order.orderId)).map((c) => c.status)).toEqual([
      "in_progress",
    ]);
    // The cart waits on it, with its deadline.
    const cart = await loadCartPage(request(jar, `${ORIGIN}/carrito`));
    expect(cart.page.order).toMatchObject({
      state: "pending",
      orderId: order.orderId,
      deadline: view.state === "pending" ? view.waiting?.deadline : "",
    });
  });

  it("says plainly when the reference lapses, and lets the same cart be paid by card, once", async () => {
    const { jar, order, location, voucher } = await cashVoucher();
    expect((await atPaymentPoint(voucher.reference, "/punto-de-pago/vencer")).status).toBe(200);
    const lapsed = await resultPage(request(jar, `${ORIGIN}${location}`), "cash");
    expect(lapsed.view).toMatchObject({ state: "failed", status: "expired", waiting: null });
    jar.apply(lapsed.headers);
    // The failure page of a lapsed payment sends to its own words.
    const failure = await payments.loadPaymentFailure(
      request(jar, `${ORIGIN}/checkout/failure?id=${chargeIdOf(location)}`),
    );
    expect(failure).toMatchObject({
      kind: "redirect",
      location: expect.stringMatching(/^\/checkout\/success\/cash\?/),
    });
    // The counter refuses a lapsed reference.
    expect((await atPaymentPoint(voucher.reference)).status).toBe(409);

    const card = await prepare(jar, "openpay");
    expect(card.orderId).not.toBe(order.orderId);
    expectRedirect(await payments.payByCard(request(jar), cardForm(card), card));
    const statuses = [
      ...(await apiClient().listCharges(order.orderId)),
      ...(await apiClient().listCharges(card.orderId)),
    ].map((c) => c.status);
    expect(statuses).toEqual(["expired", "completed"]);
  });

  it("is not offered above the cap: step 3 says why, and 'Finalizar compra' refuses it", async () => {
    const jar = await shopper();
    await prepare(jar, "openpay");
    const settings = config();
    const caps = settings.paymentCaps;
    Object.assign(settings, { paymentCaps: { cash: 1 } });
    try {
      const step3 = await checkout.loadCheckout(request(jar, `${ORIGIN}/checkout?paso=3`));
      const view = step3.view;
      if (view.kind !== "wizard") throw new Error(`expected step 3, got ${view.kind}`);
      expect(view.unavailable).toEqual({
        cash: expect.stringMatching(/^Disponible para pedidos de hasta \$\u00a01; el tuyo suma/),
      });
      await expect(prepare(jar, "cash")).rejects.toThrow(/\(422\).*Disponible para pedidos/);
    } finally {
      Object.assign(settings, { paymentCaps: caps });
    }
  });

  it("checks the cap again at paying: above it, a 422 and nothing charged", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "cash");
    const settings = config();
    const caps = settings.paymentCaps;
    // The cap lowered after step 3 offered cash (a setting changed and the store restarted).
    Object.assign(settings, { paymentCaps: { cash: 1 } });
    try {
      const answer = expectReply(await payments.payByCash(request(jar), cashForm(order), order));
      expect(answer.status).toBe(422);
      expect(answer.body.reply.error?.[""]?.[0]).toMatch(/^Disponible para pedidos de hasta/);
    } finally {
      Object.assign(settings, { paymentCaps: caps });
    }
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });

  it("a charge never sent is a form error; one whose answer was lost is found, never made twice", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "cash");
    override.client = (real) => ({
      ...(real as ApiClient),
      createCashCharge: () => Promise.reject(new ApiError("ocupado", 503, { kind: "busy" })),
    });
    const busy = expectReply(await payments.payByCash(request(jar), cashForm(order), order));
    expect(busy.status).toBe(503);
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);

    // Made, but its answer never came back.
    override.client = (real) => ({
      ...(real as ApiClient),
      createCashCharge: async (body: Record<string, unknown>) => {
        await (real as ApiClient).createCashCharge(body);
        throw new ApiError("sin respuesta", 504, { kind: "timeout" });
      },
    });
    // The sequence asks the gateway for the order's charge: the voucher, not a second one.
    const found = expectRedirect(await payments.payByCash(request(jar), cashForm(order), order));
    jar.apply(found.headers);
    expect(found.location).toMatch(/^\/checkout\/success\/cash\?id=tr/);
    override.client = null;
    const again = expectRedirect(await payments.payByCash(request(jar), cashForm(order), order));
    expect(again.location).toBe(found.location);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);
  });
});
