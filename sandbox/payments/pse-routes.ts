/** PSE charges and the simulated bank page the shopper is sent to (README.md here). */
import type { Context, Hono } from "hono";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import { newAuthorization, newChargeId } from "./gateway.ts";
import { bankPage, cancelledBankPage, messagePage } from "./pages.ts";
import { pseChargeSchema } from "./pse-schema.ts";
import type { RouteContext } from "./context.ts";
import { faultMode, gatewayFailure, readJson } from "./requests.ts";

const BANKS = PAYMENT_FIXTURES.banks;

/** An http(s) redirect target with `id={chargeId}` set, root-relative targets kept root-relative. */
function withChargeId(target: string, chargeId: string): string {
  if (target.startsWith("/")) {
    const url = new URL(target, "http://store.invalid");
    url.searchParams.set("id", chargeId);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  const url = new URL(target);
  url.searchParams.set("id", chargeId);
  return url.href;
}

export function pseRoutes(app: Hono, ctx: RouteContext): void {
  const { store, stamp, bankUrl, chargeView, html, checkFault500, slowIfAsked, completionNotice } =
    ctx;

  // PSE

  app.get("/payments/pse-banks", (c) => {
    if (faultMode(c) === "bancos-vacios") return c.json([]);
    return c.json(BANKS.map((b) => ({ id: b.code, code: b.code, name: b.name })));
  });

  app.post("/payments/pse", async (c) => {
    const body = await readJson(c, pseChargeSchema, "plain");
    checkFault500(body.customer_email, "plain");
    const {
      amount,
      order_id,
      customer_name,
      customer_last_name,
      customer_email,
      customer_phone,
      description,
      redirect_url,
      sessionId,
      bank_code,
      ...extra
    } = body;
    const bank = bank_code ? BANKS.find((b) => b.code === bank_code) : undefined;
    const result = store.createBankCharge({
      id: newChargeId(),
      orderId: order_id,
      amount,
      description: description ?? `Pedido ${order_id}`,
      customer: {
        name: customer_name,
        last_name: customer_last_name,
        email: customer_email,
        phone: customer_phone,
      },
      sessionId: sessionId ?? null,
      creationDate: stamp(),
      bank: bank ? { code: bank.code, name: bank.name } : null,
      redirectUrl: redirect_url,
      extra,
    });
    if (result === "duplicate_order") throw gatewayFailure("plain", 1006);
    await slowIfAsked(c, customer_email);
    return c.json(chargeView(c, result));
  });

  const DECISIONS = { aprobar: "completed", rechazar: "failed", pendiente: "in_progress" } as const;

  const bankCharge = (c: Context) => {
    const charge = store.getCharge(c.req.param("chargeId") ?? "");
    return charge && charge.method === "bank_account" && charge.redirectUrl
      ? { ...charge, redirectUrl: charge.redirectUrl }
      : undefined;
  };

  const redirectOrigin = (target: string) =>
    target.startsWith("/") ? "" : ` ${new URL(target).origin}`;

  /**
   * A PSE the store cancelled is closed at the bank too: nothing can approve, reject or leave
   * it pending any more, as a real bank refuses a payment its merchant withdrew.
   */
  const cancelledPage = (c: Context, charge: { id: string; redirectUrl: string }) =>
    html(
      c,
      cancelledBankPage(withChargeId(charge.redirectUrl, charge.id)),
      409,
      `'self'${redirectOrigin(charge.redirectUrl)}`,
    );

  app.get("/banco-pse/:chargeId", (c) => {
    const charge = bankCharge(c);
    if (!charge)
      return html(
        c,
        messagePage("Pago no encontrado", "No existe un pago PSE con esa referencia."),
        404,
      );
    if (charge.status === "cancelled") return cancelledPage(c, charge);
    const page = bankPage(charge, {
      action: bankUrl(c, charge.id),
      returnUrl: withChargeId(charge.redirectUrl, charge.id),
    });
    // The form posts here and is then redirected to the store: both must be allowed form targets.
    return html(c, page, 200, `'self'${redirectOrigin(charge.redirectUrl)}`);
  });

  app.post("/banco-pse/:chargeId", async (c) => {
    const charge = bankCharge(c);
    if (!charge)
      return html(
        c,
        messagePage("Pago no encontrado", "No existe un pago PSE con esa referencia."),
        404,
      );
    let decision: unknown;
    try {
      decision = (await c.req.parseBody()).decision;
    } catch {
      decision = undefined;
    }
    if (typeof decision !== "string" || !Object.hasOwn(DECISIONS, decision)) {
      return html(
        c,
        messagePage("Decisión no válida", "Elige aprobar, rechazar o dejar pendiente el pago."),
        400,
      );
    }
    const decided = store.decideBankCharge(
      charge.id,
      DECISIONS[decision as keyof typeof DECISIONS],
      stamp(),
      newAuthorization(),
      completionNotice(charge.customer.email),
    );
    // Checked after the decision, which changes only a charge still in progress: a cancel that
    // landed between reading the charge and deciding it is refused too.
    if (decided?.status === "cancelled") return cancelledPage(c, charge);
    return c.redirect(withChargeId(charge.redirectUrl, charge.id), 303);
  });
}
