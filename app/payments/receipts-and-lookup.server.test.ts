/**
 * A pending charge, a company's receipt, the receipt PDF and the order lookup, against the
 * embedded sandbox.
 */
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  cardForm,
  chargeIdOf,
  COMPANY,
  expectRedirect,
  inPdf,
  Jar,
  lookupForm,
  ORIGIN,
  outbox,
  payments,
  prepare,
  request,
  RESULT_TEXTS,
  resultPage,
  shopper,
} from "./payment-flows.test-support.server";

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
