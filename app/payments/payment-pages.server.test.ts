/**
 * The payment page, the result pages, the receipt PDF and the order lookup under a burst,
 * against the embedded sandbox.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  apiClient,
  type ApiClient,
  cardForm,
  chargeIdOf,
  COMPANY,
  decideAtBank,
  expectRedirect,
  FALLBACK_PSE_BANKS,
  Jar,
  lookupForm,
  ORIGIN,
  override,
  payments,
  prepare,
  products,
  pseForm,
  request,
  RESULT_TEXTS,
  resultPage,
  shopper,
  VISA,
} from "./payment-flows.test-support.server";

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
