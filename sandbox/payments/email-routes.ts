/** The order e-mails (after the success page, from the staff tool) and the outbox (README.md here). */
import type { Hono } from "hono";
import { CHARGE_KINDS } from "./charge-kinds.ts";
import { formatDate, STATUS_LABELS } from "./emails.ts";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import { messagePage, outboxPage } from "./pages.ts";
import type { RouteContext } from "./context.ts";
import { plain } from "./requests.ts";

const FAULTS = PAYMENT_FIXTURES.faults;

export function emailRoutes(app: Hono, ctx: RouteContext): void {
  const { store, stamp, baseOf, html, buildEmails } = ctx;

  // Order e-mails

  app.post("/api/payments/confirm-success-page/:chargeId", (c) => {
    const id = c.req.param("chargeId");
    if (id === FAULTS.error500ChargeId) throw plain(500, FAULTS.message);
    const charge = store.getCharge(id);
    if (!charge) throw plain(404, "Cargo no encontrado");
    if (charge.status !== "completed") {
      throw plain(409, "El pago no está completado: no se envían correos de confirmación", {
        charge_id: charge.id,
        order_id: charge.orderId,
        status: charge.status,
      });
    }
    const sent = store.sendOrderEmails({
      orderId: charge.orderId,
      chargeId: charge.id,
      at: stamp(),
      source: "confirm-success-page",
      mode: "once",
      build: buildEmails(charge),
    });
    return c.json({
      success: true,
      charge_id: charge.id,
      order_id: charge.orderId,
      status: charge.status,
      already_sent: sent.alreadySent,
      emails_queued: sent.queued,
    });
  });

  app.post("/payments/manual-notification/:orderId", (c) => {
    const orderId = c.req.param("orderId").trim();
    if (orderId === FAULTS.error500OrderId) throw plain(500, FAULTS.message);
    const charge = store.chargesByOrder(orderId)[0];
    if (!charge) {
      const session = store.sessionForOrder(orderId, null);
      if (!session) {
        throw plain(404, "Orden no encontrada", {
          success: false,
          message: `No se encontró la orden ${orderId}`,
          suggestion:
            "Verifica el Order ID: está en la URL de la página de confirmación del pago (order_id=…).",
        });
      }
      return c.json({
        success: false,
        message: `La orden ${orderId} no tiene un pago registrado`,
        customer_email: session.customerEmail,
        amount: session.totalAmount,
        suggestion:
          "El cliente no completó el pago: confirma con él antes de enviar notificaciones.",
      });
    }
    const session = store.sessionForOrder(charge.orderId, charge.sessionId);
    const customerEmail = session?.data.customer.email ?? charge.customer.email;
    // A charge the payer pays later (cash) has a deadline.
    const due = CHARGE_KINDS[charge.method].dueDate(charge);
    const payment = {
      payment_id: charge.id,
      payment_status: charge.status,
      customer_email: customerEmail,
      amount: charge.amount,
      order_id: charge.orderId,
      ...(due ? { due_date: due } : {}),
    };
    if (charge.status !== "completed") {
      const suggestion =
        charge.status === "cancelled"
          ? "La tienda canceló este pedido antes de que se confirmara el pago: no se cobró nada."
          : charge.status === "failed"
            ? "El pago fue rechazado: el cliente debe intentar de nuevo con un pedido nuevo."
            : charge.status === "expired"
              ? "La fecha límite pasó sin el pago: no se cobró nada. El cliente puede pagar su carrito de nuevo con otro pedido."
              : due
                ? `El cliente aún no ha pagado: tiene hasta el ${formatDate(due)} (hora de Colombia). Cuando pague, las notificaciones se envían solas.`
                : "Espera a que el banco confirme el pago (suele tardar de 24 a 48 horas) y vuelve a intentarlo.";
      return c.json({
        success: false,
        message: `El pago de la orden ${orderId} no está completado (estado: ${STATUS_LABELS[charge.status]})`,
        ...payment,
        already_sent: store.notificationSent(orderId),
        suggestion,
      });
    }
    const sent = store.sendOrderEmails({
      orderId: charge.orderId,
      chargeId: charge.id,
      at: stamp(),
      source: "manual-notification",
      mode: "always",
      build: buildEmails(charge),
    });
    return c.json({
      success: true,
      message: sent.alreadySent
        ? "Las notificaciones ya se habían enviado; se reenviaron al cliente y a ventas."
        : "Notificaciones enviadas al cliente y a ventas.",
      ...payment,
      already_sent: sent.alreadySent,
    });
  });

  // Outbox

  app.get("/payments/emails", (c) => {
    const orderId = c.req.query("order_id")?.trim() || undefined;
    const limitRaw = c.req.query("limit") ?? "50";
    if (!/^\d{1,3}$/.test(limitRaw) || Number(limitRaw) < 1 || Number(limitRaw) > 200) {
      throw plain(400, "El parámetro limit debe ser un número entero entre 1 y 200");
    }
    return c.json(
      store.listEmails({ orderId, limit: Number(limitRaw) }).map((e) => ({
        id: e.id,
        created_at: e.createdAt,
        order_id: e.orderId,
        kind: e.kind,
        to: e.recipients,
        subject: e.subject,
        html: e.html,
      })),
    );
  });

  app.get("/correos", (c) => {
    const orderId = c.req.query("pedido")?.trim().slice(0, 100) || null;
    const limit = 100;
    const emails = store.listEmails({ orderId: orderId ?? undefined, limit });
    return html(c, outboxPage(emails, { base: baseOf(c), orderId, limit }), 200, "'self'");
  });

  app.get("/correos/:id", (c) => {
    const raw = c.req.param("id");
    const email = /^\d{1,12}$/.test(raw) ? store.getEmail(Number(raw)) : undefined;
    if (!email)
      return html(
        c,
        messagePage("Correo no encontrado", "No existe un correo con ese número."),
        404,
      );
    return c.html(email.html, 200, {
      // Its own sandbox: no scripts, no forms, no same-origin access.
      "Content-Security-Policy":
        "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      "Cache-Control": "no-store",
    });
  });
}
