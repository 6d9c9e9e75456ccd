/** The order e-mails of the payments sandbox and its outbox page. */
import { describe, expect, it } from "vitest";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import {
  app,
  at,
  call,
  decide,
  expectJson4xx,
  newOrderId,
  nextSeq,
  ORIGIN,
  payByCard,
  prepare,
  pse,
  store,
  str,
  TOTAL,
} from "./routes.test-support.ts";

describe("order e-mails", () => {
  /** A paid card order whose completion sent nothing (the lost-notice fault), unless `notified`. */
  async function paidOrder(number: string = PF.cards.approvedVisa.number, notified = false) {
    const sessionId = await prepare();
    const paid = await payByCard(number, {
      sessionId,
      ...(notified ? {} : { customer_email: PF.faults.unsentEmail }),
    });
    expect(paid.status).toBe(200);
    return {
      sessionId,
      chargeId: str(paid.body, "data.id"),
      orderId: str(paid.body, "data.order_id"),
    };
  }
  const outbox = async (orderId: string) =>
    (await call("GET", `/payments/emails?order_id=${encodeURIComponent(orderId)}`)).list;

  it("a PSE approved on the bank page sends one customer and one sales e-mail, with nobody calling confirm", async () => {
    const r = await pse({ customer_email: "marta@example.com" });
    const id = str(r.body, "id");
    const orderId = str(r.body, "order_id");
    expect(await outbox(orderId)).toEqual([]);
    expect((await decide(id, "aprobar")).status).toBe(303);

    const sent = await outbox(orderId);
    expect(sent.map((e) => [e.kind, e.to, e.subject])).toEqual([
      ["aviso-ventas", [PF.salesEmail], expect.stringMatching(/^Nuevo pedido pagado /)],
      ["confirmacion-cliente", ["marta@example.com"], `Confirmación de tu pedido ${orderId}`],
    ]);
    expect(String(sent[1].html)).toContain("PSE – Bancolombia");
    // The shopper's result page later (or a second tab, or a retry) adds nothing.
    for (let i = 0; i < 2; i++) {
      expect((await call("POST", `/api/payments/confirm-success-page/${id}`)).body).toMatchObject({
        success: true,
        status: "completed",
        already_sent: true,
        emails_queued: 0,
      });
    }
    // The bank page posted again does not complete the charge twice.
    await decide(id, "aprobar");
    expect(await outbox(orderId)).toHaveLength(2);
    // The staff tool still re-sends, and says they had gone out.
    expect((await call("POST", `/payments/manual-notification/${orderId}`)).body).toMatchObject({
      success: true,
      already_sent: true,
    });
    expect(await outbox(orderId)).toHaveLength(4);
  });

  it("a PSE left pending at the bank sends nothing until it is approved, then once", async () => {
    const r = await pse();
    const id = str(r.body, "id");
    const orderId = str(r.body, "order_id");
    await decide(id, "pendiente");
    expect(await outbox(orderId)).toEqual([]);
    await decide(id, "aprobar");
    expect((await outbox(orderId)).map((e) => e.kind)).toEqual([
      "aviso-ventas",
      "confirmacion-cliente",
    ]);

    const rejected = await pse();
    await decide(str(rejected.body, "id"), "rechazar");
    expect(await outbox(str(rejected.body, "order_id"))).toEqual([]);
  });

  it("an approved card charge sends one customer and one sales e-mail at once; confirm-success-page adds none", async () => {
    const { chargeId, orderId } = await paidOrder(PF.cards.approvedVisa.number, true);
    const sent = await outbox(orderId);
    expect(sent.map((e) => [e.kind, e.to])).toEqual([
      ["aviso-ventas", [PF.salesEmail]],
      ["confirmacion-cliente", ["ana@example.com"]],
    ]);
    const confirms = await Promise.all(
      [1, 2, 3].map(() => call("POST", `/api/payments/confirm-success-page/${chargeId}`)),
    );
    for (const c of confirms)
      expect(c.body).toMatchObject({ success: true, already_sent: true, emails_queued: 0 });
    expect(await outbox(orderId)).toHaveLength(2);
  });

  it("a declined or pending card charge sends nothing", async () => {
    for (const number of [PF.cards.declined.number, PF.cards.pending.number]) {
      const r = await payByCard(number);
      const orderId = String(r.body.order_id ?? at(r.body, "data.order_id"));
      expect(orderId).toMatch(/^CARD-/);
      expect(await outbox(orderId)).toEqual([]);
    }
  });

  it("completing a charge and writing its e-mails are one transaction", () => {
    const orderId = newOrderId("PSE");
    const charge = store.createBankCharge({
      id: `tr${String(nextSeq()).padStart(18, "0")}`,
      orderId,
      amount: TOTAL,
      description: "Pedido",
      customer: { name: "Ana", email: "ana@example.com" },
      sessionId: null,
      creationDate: "2025-09-07T10:00:00-05:00",
      bank: null,
      redirectUrl: "/checkout/success/pse",
      extra: {},
    });
    if (charge === "duplicate_order") throw new Error("unexpected duplicate");
    const failing = {
      at: "2025-09-07T10:05:00-05:00",
      build: () => {
        throw new Error("disk full");
      },
    };
    expect(() =>
      store.decideBankCharge(charge.id, "completed", failing.at, "123456", failing),
    ).toThrow("disk full");
    // Nothing half-done: still in progress, so the bank's next answer completes and notifies it.
    expect(store.getCharge(charge.id)?.status).toBe("in_progress");
    expect(store.notificationSent(orderId)).toBe(false);
  });

  it("confirm-success-page sends the first e-mails when the gateway's notice was lost, once", async () => {
    const { chargeId, orderId } = await paidOrder();
    expect(await outbox(orderId)).toEqual([]);
    const first = await call("POST", `/api/payments/confirm-success-page/${chargeId}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      charge_id: chargeId,
      order_id: orderId,
      status: "completed",
      already_sent: false,
      emails_queued: 2,
    });
    const again = await Promise.all(
      [1, 2, 3].map(() => call("POST", `/api/payments/confirm-success-page/${chargeId}`)),
    );
    for (const r of again)
      expect(r.body).toMatchObject({ success: true, already_sent: true, emails_queued: 0 });

    const emails = await call("GET", `/payments/emails?order_id=${orderId}`);
    expect(emails.list).toHaveLength(2);
    const [sales, customer] = emails.list;
    expect(customer).toMatchObject({
      kind: "confirmacion-cliente",
      to: ["ana@example.com"],
      subject: `Confirmación de tu pedido ${orderId}`,
    });
    expect(sales).toMatchObject({
      kind: "aviso-ventas",
      to: [PF.salesEmail],
      subject: expect.stringContaining(orderId),
    });
    const html = String(customer.html);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(
      '<th scope="col" style="padding:8px;border-bottom:1px solid #e2e8f0;text-align:left">Producto</th>',
    );
    expect(html).toContain("Cámara IP &lt;b&gt;Bala&lt;/b&gt; 4 MP");
    expect(html).toContain("$\u00a045.000");
    expect(html).toContain("$\u00a090.000");
    expect(html).toContain("$\u00a0121.380");
    expect(html).toContain("IVA (19 %)");
    expect(html).toContain("Gratis");
    // Customer input is escaped; supplied HTML is never used.
    expect(html).toContain("Ana &lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
    expect(String(sales.html)).not.toContain("<img");
    expect(html + String(sales.html)).not.toContain("products_html");
    expect(String(sales.html)).toContain("1020304050");
  });

  it("confirm-success-page sends nothing for a charge that is not completed, 404 for an unknown one", async () => {
    const pending = await payByCard(PF.cards.pending.number);
    const r = await call(
      "POST",
      `/api/payments/confirm-success-page/${str(pending.body, "data.id")}`,
    );
    expectJson4xx(r, 409);
    expect(r.body).toMatchObject({ status: "charge_pending" });
    expect(
      (await call("GET", `/payments/emails?order_id=${str(pending.body, "data.order_id")}`)).list,
    ).toEqual([]);
    expectJson4xx(await call("POST", "/api/payments/confirm-success-page/trnoexiste"), 404);
  });

  it("builds the e-mails of a PSE order without a session from the charge", async () => {
    const r = await pse({
      customer_name: "Luis",
      customer_last_name: "Díaz",
      customer_email: "luis@example.com",
    });
    const id = str(r.body, "id");
    await decide(id, "aprobar");
    const emails = await call("GET", `/payments/emails?order_id=${String(r.body.order_id)}`);
    const customer = emails.list.find((e) => e.kind === "confirmacion-cliente")!;
    expect(customer.to).toEqual(["luis@example.com"]);
    expect(String(customer.html)).toContain("PSE – Bancolombia");
    expect(String(customer.html)).toContain("Cable UTP Cat 6");
  });

  it("manual notification: sends for a paid order, then resends with already_sent", async () => {
    const { orderId, chargeId } = await paidOrder();
    const first = await call("POST", `/payments/manual-notification/${orderId}`, undefined, {
      "Content-Type": "application/json",
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: expect.any(String),
      payment_id: chargeId,
      payment_status: "completed",
      customer_email: "ana@example.com",
      amount: TOTAL,
      order_id: orderId,
      already_sent: false,
    });
    const second = await call("POST", `/payments/manual-notification/${orderId}`);
    expect(second.body).toMatchObject({ success: true, already_sent: true, payment_id: chargeId });
    // The confirmation page after a manual send does not send again.
    expect(
      (await call("POST", `/api/payments/confirm-success-page/${chargeId}`)).body,
    ).toMatchObject({ already_sent: true, emails_queued: 0 });
    const emails = await call("GET", `/payments/emails?order_id=${orderId}`);
    expect(emails.list.map((e) => e.subject)).toEqual([
      expect.stringMatching(/^Reenvío: Nuevo pedido pagado/),
      `Reenvío: Confirmación de tu pedido ${orderId}`,
      expect.stringMatching(/^Nuevo pedido pagado/),
      `Confirmación de tu pedido ${orderId}`,
    ]);
  });

  it("manual notification after confirm-success-page reports already_sent", async () => {
    const { orderId, chargeId } = await paidOrder();
    await call("POST", `/api/payments/confirm-success-page/${chargeId}`);
    expect((await call("POST", `/payments/manual-notification/${orderId}`)).body).toMatchObject({
      success: true,
      already_sent: true,
    });
  });

  it("manual notification: unpaid orders get success false with a suggestion", async () => {
    const declined = await payByCard(PF.cards.declined.number);
    const r = await call("POST", `/payments/manual-notification/${String(declined.body.order_id)}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      success: false,
      payment_status: "failed",
      message: expect.stringContaining("Fallido"),
      suggestion: expect.any(String),
    });

    const pending = str((await pse()).body, "order_id");
    expect((await call("POST", `/payments/manual-notification/${pending}`)).body).toMatchObject({
      success: false,
      payment_status: "in_progress",
      suggestion: expect.stringContaining("24 a 48 horas"),
    });

    await prepare({ order: { total_amount: TOTAL, order_id: "ORDER-1757253600000-SINP" } });
    expect(
      (await call("POST", "/payments/manual-notification/ORDER-1757253600000-SINP")).body,
    ).toMatchObject({
      success: false,
      message: expect.stringContaining("no tiene un pago"),
      suggestion: expect.any(String),
    });
    expect((await call("GET", "/payments/emails?order_id=ORDER-1757253600000-SINP")).list).toEqual(
      [],
    );
  });

  it("manual notification: an unknown order is 404 with message and suggestion", async () => {
    const r = await call("POST", "/payments/manual-notification/ORDER-0000000000000-NADA");
    expectJson4xx(r, 404);
    expect(r.body).toEqual({
      error: "Orden no encontrada",
      success: false,
      message: "No se encontró la orden ORDER-0000000000000-NADA",
      suggestion: expect.any(String),
    });
  });
});

describe("outbox page", () => {
  it("shows every message newest first, each rendered in a sandboxed iframe", async () => {
    const sessionId = await prepare();
    const paid = await payByCard(PF.cards.approvedMastercard.number, { sessionId });
    const orderId = str(paid.body, "data.order_id");
    await call("POST", `/api/payments/confirm-success-page/${str(paid.body, "data.id")}`);

    const res = await app.fetch(new Request(`${ORIGIN}/correos`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain("<title>Correos enviados – Sandbox</title>");
    expect(page).toContain("<h1>Correos enviados</h1>");
    expect(page).toContain('<label for="pedido">Número de pedido</label>');
    const ids = [...page.matchAll(/<h2 id="correo-(\d+)">/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The newest pair is this order's: sales notice, then the customer confirmation before it.
    expect(page.indexOf(`Nuevo pedido pagado ${orderId}`)).toBeLessThan(
      page.indexOf(`Confirmación de tu pedido ${orderId}`),
    );
    expect(page).toMatch(
      /<iframe sandbox="" loading="lazy" title="Contenido del correo: [^"]+" srcdoc="&lt;!DOCTYPE html&gt;/,
    );
    // Inside srcdoc, customer text is escaped twice: no live markup anywhere in the page.
    expect(page).not.toContain("<img");
    expect(page).toContain("Ana &amp;lt;img src=x onerror=alert(1)&amp;gt;");

    const filtered = await (
      await app.fetch(new Request(`${ORIGIN}/correos?pedido=${encodeURIComponent(orderId)}`))
    ).text();
    expect([...filtered.matchAll(/<h2 id="correo-/g)]).toHaveLength(2);
    expect(filtered).toContain(`value="${orderId}"`);
    const none = await (
      await app.fetch(new Request(`${ORIGIN}/correos?pedido=%22%3E%3Cscript%3E`))
    ).text();
    expect(none).toContain("No hay correos de este pedido.");
    expect(none).not.toContain("<script>");

    const single = await app.fetch(new Request(`${ORIGIN}/correos/${ids[0]}`));
    expect(single.status).toBe(200);
    expect(single.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect((await app.fetch(new Request(`${ORIGIN}/correos/999999`))).status).toBe(404);
    expect((await app.fetch(new Request(`${ORIGIN}/correos/abc`))).status).toBe(404);
  });
});
