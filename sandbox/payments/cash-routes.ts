/**
 * Cash charges (README.md here, "Cash at a payment point"): the charge call, and the two pages
 * a tester uses on them, the payment point's counter and the clock that makes a reference lapse.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  CASH_EXPIRY_HOURS,
  CASH_EXPIRY_RANGE,
  CASH_MAX_AMOUNT,
  cashBarcode,
  cashDetailsOf,
  newCashReference,
  normalizeReference,
} from "./cash.ts";
import { barcodePng, cashVoucherEmail } from "./cash-email.ts";
import { type CashOutcome, type CashSlip, counterPage, expirePage } from "./cash-pages.ts";
import { CashCharges } from "./cash-store.ts";
import type { RouteContext } from "./context.ts";
import { newAuthorization, newChargeId } from "./gateway.ts";
import type { ChargeRecord } from "./records.ts";
import { gatewayFailure, readJson } from "./requests.ts";
import { amount, email, optionalText, orderId, phone, requiredText } from "./schemas.ts";

const cashChargeSchema = z.object({
  amount: amount.max(CASH_MAX_AMOUNT, {
    message: `El pago en efectivo admite hasta ${CASH_MAX_AMOUNT} pesos`,
  }),
  order_id: orderId,
  customer_name: requiredText(2, 100),
  customer_last_name: optionalText(100),
  customer_email: email,
  customer_phone: phone.nullish().transform((v) => v ?? undefined),
  description: optionalText(250),
  sessionId: optionalText(100),
  expires_in_hours: z
    .number()
    .int()
    .min(CASH_EXPIRY_RANGE.min)
    .max(CASH_EXPIRY_RANGE.max)
    .nullish()
    .transform((v) => v ?? CASH_EXPIRY_HOURS),
});

/** Gateway dates are written at −05:00: this instant as one. */
const HOUR_MS = 3_600_000;

function slipOf(charge: ChargeRecord): CashSlip | undefined {
  const cash = cashDetailsOf(charge.extra);
  return cash
    ? {
        reference: cash.reference,
        orderId: charge.orderId,
        amount: charge.amount,
        expiresAt: cash.expires_at,
        status: charge.status,
      }
    : undefined;
}

/** Why a reference that is not live cannot be paid (or expired). */
function notLive(charge: ChargeRecord, slip: CashSlip): CashOutcome {
  const why = {
    completed: [
      "Referencia ya pagada",
      "Esta referencia ya fue pagada: no recibas el dinero otra vez.",
    ],
    expired: [
      "Referencia vencida",
      "La fecha límite de esta referencia ya pasó: no recibas el dinero.",
    ],
    cancelled: [
      "Referencia cancelada por el comercio",
      "La tienda canceló esta referencia antes del pago: no recibas el dinero.",
    ],
  } as const;
  const [title, text] = why[charge.status as keyof typeof why] ?? [
    "Referencia no disponible",
    "Esta referencia no se puede pagar.",
  ];
  return { kind: "refused", title, text, slip };
}

export function cashRoutes(app: Hono, ctx: RouteContext): void {
  const {
    store,
    stamp,
    now,
    html,
    chargeView,
    checkFault500,
    slowIfAsked,
    completionNotice,
    baseOf,
  } = ctx;
  const cash = new CashCharges(store);

  // The gateway lets unpaid references lapse at their deadline: applied before any answer.
  app.use("*", async (_c, next) => {
    cash.lapse(stamp());
    await next();
  });

  app.post("/payments/cash", async (c) => {
    const body = await readJson(c, cashChargeSchema, "plain");
    checkFault500(body.customer_email, "plain");
    const expiresAt = new Date(now().getTime() + body.expires_in_hours * HOUR_MS);
    const expires = new Date(Math.floor(expiresAt.getTime() / 1000) * 1000);
    const expiresText = `${new Date(expires.getTime() - 5 * HOUR_MS).toISOString().slice(0, 19)}-05:00`;
    let result: ReturnType<CashCharges["create"]> = "reference_taken";
    for (let attempt = 0; attempt < 3 && result === "reference_taken"; attempt++) {
      const reference = newCashReference();
      const barcode = cashBarcode({ reference, amount: body.amount, expiresAt: expires });
      const png = await barcodePng(barcode);
      const details = { reference, expires_at: expiresText, barcode };
      result = cash.create(
        {
          id: newChargeId(),
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
          cash: details,
        },
        (charge) => [cashVoucherEmail(charge, details, { png, storeOrigin: ctx.storeOrigin })],
      );
    }
    if (result === "duplicate_order") throw gatewayFailure("plain", 1006);
    if (result === "reference_taken") throw gatewayFailure("plain", 1000);
    await slowIfAsked(c, body.customer_email);
    return c.json(chargeView(c, result));
  });

  const counterUrl = (c: Context) => `${baseOf(c)}/punto-de-pago`;
  const expireUrl = (c: Context) => `${baseOf(c)}/punto-de-pago/vencer`;

  /** The reference typed in the form: the charge it names, or why there is none. */
  async function typedCharge(c: Context) {
    let typed = "";
    try {
      const value = (await c.req.parseBody()).referencia;
      typed = typeof value === "string" ? value.slice(0, 64) : "";
    } catch {
      typed = "";
    }
    const reference = normalizeReference(typed);
    if (!reference) {
      return {
        ok: false as const,
        typed,
        status: 400 as const,
        outcome: {
          kind: "refused",
          title: "Referencia no válida",
          text: "Una referencia de pago tiene 14 dígitos; revisa que estén todos y en orden.",
        } satisfies CashOutcome,
      };
    }
    const charge = cash.byReference(reference, stamp());
    const slip = charge && slipOf(charge);
    if (!charge || !slip) {
      return {
        ok: false as const,
        typed,
        status: 404 as const,
        outcome: {
          kind: "refused",
          title: "Referencia no encontrada",
          text: "No existe un pago en efectivo con esa referencia.",
        } satisfies CashOutcome,
      };
    }
    return { ok: true as const, typed, charge, slip };
  }

  const pageCsp = "'self'";

  app.get("/punto-de-pago", (c) =>
    html(c, counterPage({ action: counterUrl(c), expireUrl: expireUrl(c) }), 200, pageCsp),
  );

  app.post("/punto-de-pago", async (c) => {
    const found = await typedCharge(c);
    const page = (outcome: CashOutcome) =>
      counterPage({ action: counterUrl(c), expireUrl: expireUrl(c), typed: found.typed, outcome });
    if (!found.ok) return html(c, page(found.outcome), found.status, pageCsp);
    const paid = cash.pay(
      found.charge.id,
      stamp(),
      newAuthorization(),
      completionNotice(found.charge.customer.email),
    );
    if (paid?.status === "completed" && found.charge.status === "in_progress") {
      return html(c, page({ kind: "paid", slip: slipOf(paid)! }), 200, pageCsp);
    }
    const now = paid ?? found.charge;
    return html(c, page(notLive(now, slipOf(now)!)), 409, pageCsp);
  });

  app.get("/punto-de-pago/vencer", (c) =>
    html(c, expirePage({ action: expireUrl(c), counterUrl: counterUrl(c) }), 200, pageCsp),
  );

  app.post("/punto-de-pago/vencer", async (c) => {
    const found = await typedCharge(c);
    const page = (outcome: CashOutcome) =>
      expirePage({ action: expireUrl(c), counterUrl: counterUrl(c), typed: found.typed, outcome });
    if (!found.ok) return html(c, page(found.outcome), found.status, pageCsp);
    const expired = cash.expire(found.charge.id, stamp()) ?? found.charge;
    if (expired.status === "expired" && found.charge.status === "in_progress") {
      return html(c, page({ kind: "expired", slip: slipOf(expired)! }), 200, pageCsp);
    }
    return html(c, page(notLive(expired, slipOf(expired)!)), 409, pageCsp);
  });
}
