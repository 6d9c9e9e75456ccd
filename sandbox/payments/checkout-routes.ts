/** Checkout sessions, card tokens and charges, and payment status (README.md here). */
import type { Context, Hono } from "hono";
import { rememberFingerprint } from "./card-tokens.ts";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import {
  cardOutcome,
  checkCard,
  fullYear,
  newAuthorization,
  newChargeId,
  newSessionId,
  newTokenId,
} from "./gateway.ts";
import type { GatewayErrorCode } from "./gateway.ts";
import {
  breakdownOf,
  cardChargeSchema,
  cardTokenSchema,
  linkPaymentSchema,
  prepareCheckoutSchema,
} from "./schemas.ts";
import type { RouteContext } from "./context.ts";
import { gatewayFailure, HttpError, plain, readJson, validationFailure } from "./requests.ts";
import type { ChargeRecord } from "./records.ts";

const FAULTS = PAYMENT_FIXTURES.faults;

export function checkoutRoutes(app: Hono, ctx: RouteContext): void {
  const { store, orders, orderJson, now, stamp, chargeView, checkFault500, slowIfAsked } = ctx;
  const { completionNotice } = ctx;

  // Checkout sessions

  app.post("/payments/prepare-checkout", async (c) => {
    const body = await readJson(c, prepareCheckoutSchema, "plain");
    checkFault500(body.customer.email, "plain");
    const { products_html: _ignored, ...data } = body;
    const lines = data.products.length > 0 ? data.products : data.cart_items;
    const breakdown = breakdownOf(lines, data.order.total_amount)!;
    const result = orders.prepare({
      id: newSessionId(),
      createdAt: stamp(),
      customerEmail: data.customer.email,
      totalAmount: data.order.total_amount,
      data,
      breakdown,
      orderId: data.order.order_id ?? null,
      cartId: data.cart_id ?? null,
      checkoutId: data.checkout_id ?? null,
    });
    if (result.kind === "locked") {
      // What was charged (or given up) stays as it was: the store starts a new order to change it.
      throw new HttpError(409, {
        error: "order_locked",
        message: `El pedido ${data.order.order_id} ya tiene un pago o fue cancelado: su contenido no se puede cambiar. Crea un pedido nuevo.`,
        order: result.order ? orderJson(c, result.order) : null,
      });
    }
    const { session } = result;
    return c.json({
      success: true,
      session_id: session.id,
      order_id: session.orderId,
      total_amount: session.totalAmount,
      totals: breakdown,
      created_at: session.createdAt,
      order: result.order ? orderJson(c, result.order) : null,
    });
  });

  app.post("/payments/link-payment", async (c) => {
    const body = await readJson(c, linkPaymentSchema, "plain");
    const session = store.getSession(body.session_id);
    if (!session) throw plain(404, "Sesión de checkout no encontrada");
    const orderId = body.payment_data.order_id;
    let charge: ChargeRecord | undefined;
    if (body.payment_data.charge_id) {
      charge = store.getCharge(body.payment_data.charge_id);
      if (!charge) throw plain(404, "Cargo no encontrado");
      if (charge.orderId !== orderId) {
        throw validationFailure("plain", [
          { field: "payment_data.order_id", message: "No coincide con el order_id del cargo" },
        ]);
      }
    } else {
      charge = store.chargesByOrder(orderId)[0];
    }
    const linked = store.linkSession(session.id, {
      orderId,
      chargeId: charge?.id ?? null,
      reportedStatus: body.payment_data.status ?? null,
      at: stamp(),
    });
    if (!linked) throw plain(404, "Sesión de checkout no encontrada");
    return c.json({
      success: true,
      session_id: linked.id,
      order_id: linked.orderId,
      charge_id: linked.chargeId,
      // The charge's own status: what the caller reported is kept, never trusted.
      payment_status: charge?.status ?? null,
    });
  });

  app.get("/payments/checkout-data/:sessionId", (c) => {
    const session = store.getSession(c.req.param("sessionId"));
    if (!session) throw plain(404, "Sesión de checkout no encontrada");
    const charge = session.chargeId ? store.getCharge(session.chargeId) : undefined;
    return c.json({
      session_id: session.id,
      created_at: session.createdAt,
      ...session.data,
      totals: session.breakdown,
      order_id: session.orderId,
      charge_id: session.chargeId,
      payment_status: charge?.status ?? null,
      linked_at: session.linkedAt,
    });
  });

  // Cards

  app.post("/payments/card/token", async (c) => {
    const body = await readJson(c, cardTokenSchema, "token");
    const check = checkCard(
      {
        number: body.card_number,
        month: body.expiration_month,
        year: body.expiration_year,
        cvv: body.cvv2,
      },
      now(),
    );
    if (!check.ok) throw gatewayFailure("token", check.code);
    const card = {
      card_number: check.card.masked,
      brand: check.card.brand,
      holder_name: body.holder_name,
      expiration_month: String(body.expiration_month).padStart(2, "0"),
      expiration_year: String(fullYear(body.expiration_year) % 100).padStart(2, "0"),
    };
    const id = newTokenId();
    const createdAt = stamp();
    store.createToken({
      id,
      createdAt,
      brand: card.brand,
      last4: check.card.last4,
      holderName: card.holder_name,
      expirationMonth: card.expiration_month,
      expirationYear: card.expiration_year,
      outcome: cardOutcome(check.card.digits),
    });
    // As real gateways do: what the merchant counts a card's attempts on (card-tokens.ts).
    const fingerprint = rememberFingerprint(store, id, check.card.digits);
    return c.json({ id, card: { ...card, fingerprint }, creation_date: createdAt });
  });

  app.post("/payments/card/charge", async (c) => {
    const body = await readJson(c, cardChargeSchema, "charge");
    checkFault500(body.customer_email, "charge");
    const result = store.createCardCharge(
      {
        id: newChargeId(),
        tokenId: body.token_id,
        orderId: body.order_id,
        amount: body.amount,
        description: body.description ?? `Pedido ${body.order_id}`,
        customer: {
          name: body.customer_name,
          last_name: body.customer_last_name,
          email: body.customer_email,
          phone: body.customer_phone,
        },
        sessionId: body.sessionId ?? null,
        creationDate: stamp(),
        authorization: newAuthorization(),
      },
      completionNotice(body.customer_email),
    );
    if (result.kind === "duplicate_order") throw gatewayFailure("charge", 1006);
    if (result.kind === "token_unknown")
      throw gatewayFailure("charge", 1005, { description: "El token de la tarjeta no existe" });
    if (result.kind === "token_used") {
      throw gatewayFailure("charge", 1003, {
        description: "El token de la tarjeta ya fue usado: genera uno nuevo",
      });
    }
    const charge = result.charge;
    await slowIfAsked(c, body.customer_email);
    if (charge.status === "failed" && charge.errorCode !== null) {
      throw gatewayFailure("charge", charge.errorCode as GatewayErrorCode, {
        extra: { charge_id: charge.id, order_id: charge.orderId },
      });
    }
    return c.json({ success: true, data: chargeView(c, charge) });
  });

  // Status and recovery

  const status = (c: Context) => {
    const id = c.req.param("chargeId") ?? "";
    if (id === FAULTS.error500ChargeId) throw plain(500, FAULTS.message);
    const charge = store.getCharge(id);
    if (!charge) throw plain(404, "Cargo no encontrado");
    return c.json(chargeView(c, charge));
  };
  app.get("/payments/status/:chargeId", status);
  app.get("/api/payments/status/:chargeId", status);

  app.get("/payments/charges", (c) => {
    const orderId = c.req.query("order_id")?.trim();
    if (!orderId) throw plain(400, "El parámetro order_id es obligatorio");
    return c.json(store.chargesByOrder(orderId).map((ch) => chargeView(c, ch)));
  });
}
