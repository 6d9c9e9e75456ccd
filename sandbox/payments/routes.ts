/**
 * The payment side of the sandbox merchant API (spec §7) as a Hono app:
 * checkout sessions, PSE with a simulated bank page, card tokens and charges,
 * payment status, order e-mails and the outbox page. See README.md here.
 *
 * Paths are absolute (/payments/…, /api/payments/…, /banco-pse/…, /correos);
 * a leading /sandbox and a fault prefix /_falla/{mode} are tolerated.
 */
import { type BrowserAccess, browserAccessFromEnv, browserTokenAccess } from "./browser-api.ts";
import { setTimeout as delay } from "node:timers/promises";
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { orderEmails, orderSummary, STATUS_LABELS } from "./emails.ts";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import type { FaultMode } from "./fixtures.ts";
import {
  cardOutcome,
  checkCard,
  fullYear,
  GATEWAY_ERRORS,
  gatewayDate,
  gatewayError,
  maskFromLast4,
  newAuthorization,
  newChargeId,
  newSessionId,
  newTokenId,
} from "./gateway.ts";
import type { GatewayErrorCode } from "./gateway.ts";
import { bankPage, messagePage, outboxPage } from "./pages.ts";
import {
  breakdownOf,
  cardChargeSchema,
  cardTokenSchema,
  describeIssues,
  issuesOf,
  linkPaymentSchema,
  prepareCheckoutSchema,
  pseChargeSchema,
  spanishErrors,
} from "./schemas.ts";
import type { FieldIssue } from "./schemas.ts";
import type { ChargeRecord, CompletionNotice, PaymentsStore } from "./store.ts";

export interface PaymentsAppOptions {
  store: PaymentsStore;
  /** "/sandbox" when mounted in the store (root-relative URLs), or "" for URLs absolute from the request origin. */
  publicBase: string;
  /** Clock for dates and the expiry check (tests). */
  now?: () => Date;
  /** How long a slow-fault charge waits before answering; default 20 s (above the store's 15 s timeout). */
  slowChargeMs?: number;
  /** Recipient of the sales notice; default PAYMENT_FIXTURES.salesEmail. */
  salesEmail?: string;
  /**
   * The store's address for the links in the customer's e-mail (Mis pedidos); default "":
   * root-relative, right for the sandbox mounted in the store, whose outbox the store serves.
   */
  storeUrl?: string;
  /** Who may tokenize from a browser; default SANDBOX_PUBLIC_KEY and SANDBOX_ALLOWED_ORIGINS. */
  browser?: BrowserAccess;
}

const MAX_BODY_BYTES = 64 * 1024;

const FAULTS = PAYMENT_FIXTURES.faults;
const BANKS = PAYMENT_FIXTURES.banks;

/** Error shapes: plain `{ error }`, the Openpay error object (token), or `{ success: false, error }` (charge). */
type Family = "plain" | "token" | "charge";

class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: Record<string, unknown>;
  constructor(status: ContentfulStatusCode, body: Record<string, unknown>) {
    super(typeof body.error === "string" ? body.error : "HTTP error");
    this.status = status;
    this.body = body;
  }
}

const plain = (
  status: ContentfulStatusCode,
  message: string,
  extra: Record<string, unknown> = {},
) => new HttpError(status, { error: message, ...extra });

function gatewayFailure(
  family: Family,
  code: GatewayErrorCode,
  opts: {
    description?: string;
    status?: ContentfulStatusCode;
    extra?: Record<string, unknown>;
  } = {},
): HttpError {
  const err = gatewayError(code, opts.description);
  const status = opts.status ?? (err.http_code as ContentfulStatusCode);
  err.http_code = status;
  const extra = opts.extra ?? {};
  if (family === "token") return new HttpError(status, { ...err, ...extra });
  if (family === "charge")
    return new HttpError(status, {
      success: false,
      message: err.description,
      error: err,
      ...extra,
    });
  return new HttpError(status, { error: err.description, error_code: code, ...extra });
}

function validationFailure(family: Family, issues: FieldIssue[]): HttpError {
  const detail = describeIssues(issues);
  if (family === "plain") return plain(422, "Error de validación", { detail, fields: issues });
  return gatewayFailure(family, 1003, {
    description: `Error de validación: ${detail}`,
    extra: { detail, fields: issues },
  });
}

function familyOf(path: string): Family {
  if (path === "/payments/card/token") return "token";
  if (path === "/payments/card/charge") return "charge";
  return "plain";
}

/** Path without the query, the mount prefix, the fault prefix and a trailing slash; plus the fault prefix's mode. */
function splitPath(url: string): { path: string; fault: string | null } {
  const raw = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] || "/";
  const m = /^(?:\/sandbox(?=\/|$))?(?:\/_falla\/([A-Za-z0-9-]{1,40})(?=\/|$))?(.*)$/.exec(raw)!;
  const rest = m[2].replace(/\/+$/, "") || "/";
  return { path: rest, fault: m[1]?.toLowerCase() ?? null };
}

const MODES: readonly string[] = FAULTS.modes;

function faultMode(c: {
  req: { header(name: string): string | undefined; url: string };
}): FaultMode | null {
  const header = c.req.header(FAULTS.header)?.trim().toLowerCase();
  if (header && MODES.includes(header)) return header as FaultMode;
  const fromPath = splitPath(c.req.url).fault;
  return fromPath && MODES.includes(fromPath) ? (fromPath as FaultMode) : null;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  family: Family,
): Promise<z.output<S>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!/^application\/([a-z0-9.+-]*\+)?json$/.test(type)) {
    // Also keeps cross-site HTML forms (no JSON content type without CORS) from creating payments.
    const message = "El cuerpo debe enviarse como JSON (Content-Type: application/json)";
    throw family === "plain"
      ? plain(415, message)
      : gatewayFailure(family, 1001, { description: message, status: 415 });
  }
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    const message = "El cuerpo de la solicitud no es JSON válido";
    throw family === "plain"
      ? plain(400, message)
      : gatewayFailure(family, 1001, { description: message });
  }
  const result = schema.safeParse(value, { error: spanishErrors });
  if (!result.success) throw validationFailure(family, issuesOf(result.error));
  return result.data;
}

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

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

export function createPaymentsApp(options: PaymentsAppOptions): Hono {
  const { store } = options;
  const publicBase = options.publicBase.replace(/\/+$/, "");
  const now = options.now ?? (() => new Date());
  const slowMs = options.slowChargeMs ?? FAULTS.defaultSlowMs;
  const salesEmail = options.salesEmail ?? PAYMENT_FIXTURES.salesEmail;
  const stamp = () => gatewayDate(now());

  const app = new Hono({ getPath: (req) => splitPath(req.url).path });

  const baseOf = (c: Context) => publicBase || new URL(c.req.url).origin;
  const bankUrl = (c: Context, chargeId: string) =>
    `${baseOf(c)}/banco-pse/${encodeURIComponent(chargeId)}`;

  function chargeView(c: Context, ch: ChargeRecord) {
    return {
      id: ch.id,
      status: ch.status,
      order_id: ch.orderId,
      amount: ch.amount,
      currency: ch.currency,
      authorization: ch.authorization,
      creation_date: ch.creationDate,
      operation_date: ch.operationDate,
      description: ch.description,
      method: ch.method,
      error_code: ch.errorCode,
      error_message:
        ch.errorCode === null
          ? null
          : (GATEWAY_ERRORS[ch.errorCode as GatewayErrorCode]?.description ?? null),
      card: ch.card
        ? {
            card_number: maskFromLast4(ch.card.last4),
            brand: ch.card.brand,
            holder_name: ch.card.holderName,
            expiration_month: ch.card.expirationMonth,
            expiration_year: ch.card.expirationYear,
          }
        : null,
      payment_method: ch.card
        ? { type: ch.method, brand: ch.card.brand, last4: ch.card.last4 }
        : {
            type: ch.method,
            bank_code: ch.bank?.code ?? null,
            bank_name: ch.bank?.name ?? null,
            url: bankUrl(c, ch.id),
          },
      ...(ch.method === "bank_account" ? { redirect_url: bankUrl(c, ch.id) } : {}),
      // As Openpay answers a charge made with customer data (the store's order lookup reads it).
      customer: {
        name: ch.customer.name,
        last_name: ch.customer.last_name ?? null,
        email: ch.customer.email,
        phone_number: ch.customer.phone ?? null,
      },
    };
  }

  const html = (
    c: Context,
    body: string,
    status: ContentfulStatusCode = 200,
    formAction = "'none'",
  ) =>
    c.html(body, status, {
      "Content-Security-Policy": `${PAGE_CSP}; form-action ${formAction}`,
      "Cache-Control": "no-store",
    });

  // Headers and faults for every call. A fault mode comes from a header or the /_falla/{mode} prefix.
  app.use("*", async (c, next) => {
    const path = splitPath(c.req.url).path;
    const mode = faultMode(c);
    const isApi = path.startsWith("/payments/") || path.startsWith("/api/payments/");
    if (isApi && mode === "error500") {
      throw gatewayFailure(familyOf(path), 1000, { description: FAULTS.message });
    }
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    if (isApi && mode === "lento")
      await delay(slowMs, undefined, { signal: c.req.raw.signal }).catch(() => {});
  });

  app.use("/payments/card/token", browserTokenAccess(options.browser ?? browserAccessFromEnv()));

  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        const message = "El cuerpo de la solicitud supera el máximo de 64 KB";
        const family = familyOf(splitPath(c.req.url).path);
        throw family === "plain"
          ? plain(413, message)
          : gatewayFailure(family, 1001, { description: message, status: 413 });
      },
    }),
  );

  /** The customer e-mail that makes prepare-checkout, pse and card/charge answer 500. */
  const checkFault500 = (email: string, family: Family) => {
    if (sameEmail(email, FAULTS.error500Email))
      throw gatewayFailure(family, 1000, { description: FAULTS.message });
  };
  const slowIfAsked = async (c: Context, email: string) => {
    if (sameEmail(email, FAULTS.slowEmail))
      await delay(slowMs, undefined, { signal: c.req.raw.signal }).catch(() => {});
  };

  const buildEmails = (charge: ChargeRecord) => (resend: boolean) =>
    orderEmails(orderSummary(charge, store.sessionForOrder(charge.orderId, charge.sessionId)), {
      resend,
      salesEmail,
      storeUrl: options.storeUrl ?? "",
    });
  /**
   * The gateway's notice of a completed charge, which sends the order e-mails at once, whoever
   * watches; none for the lost-notice fault's customer e-mail.
   */
  const completionNotice = (customerEmail: string): CompletionNotice | undefined =>
    sameEmail(customerEmail, FAULTS.unsentEmail)
      ? undefined
      : { at: stamp(), build: (charge) => buildEmails(charge)(false) };

  // Checkout sessions

  app.post("/payments/prepare-checkout", async (c) => {
    const body = await readJson(c, prepareCheckoutSchema, "plain");
    checkFault500(body.customer.email, "plain");
    const { products_html: _ignored, ...data } = body;
    const lines = data.products.length > 0 ? data.products : data.cart_items;
    const breakdown = breakdownOf(lines, data.order.total_amount)!;
    const session = store.createSession({
      id: newSessionId(),
      createdAt: stamp(),
      customerEmail: data.customer.email,
      totalAmount: data.order.total_amount,
      data,
      breakdown,
      orderId: data.order.order_id ?? null,
    });
    return c.json({
      success: true,
      session_id: session.id,
      order_id: session.orderId,
      total_amount: session.totalAmount,
      totals: breakdown,
      created_at: session.createdAt,
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

  app.get("/banco-pse/:chargeId", (c) => {
    const charge = bankCharge(c);
    if (!charge)
      return html(
        c,
        messagePage("Pago no encontrado", "No existe un pago PSE con esa referencia."),
        404,
      );
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
    store.decideBankCharge(
      charge.id,
      DECISIONS[decision as keyof typeof DECISIONS],
      stamp(),
      newAuthorization(),
      completionNotice(charge.customer.email),
    );
    return c.redirect(withChargeId(charge.redirectUrl, charge.id), 303);
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
    return c.json({ id, card, creation_date: createdAt });
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
    const payment = {
      payment_id: charge.id,
      payment_status: charge.status,
      customer_email: customerEmail,
      amount: charge.amount,
      order_id: charge.orderId,
    };
    if (charge.status !== "completed") {
      return c.json({
        success: false,
        message: `El pago de la orden ${orderId} no está completado (estado: ${STATUS_LABELS[charge.status]})`,
        ...payment,
        already_sent: store.notificationSent(orderId),
        suggestion:
          charge.status === "failed" || charge.status === "cancelled"
            ? "El pago fue rechazado: el cliente debe intentar de nuevo con un pedido nuevo."
            : "Espera a que el banco confirme el pago (suele tardar de 24 a 48 horas) y vuelve a intentarlo.",
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

  // Wrong methods on known paths answer 405 with Allow, unknown paths 404, both JSON.
  const allowed: Array<[string, string]> = [
    ["/payments/prepare-checkout", "POST"],
    ["/payments/link-payment", "POST"],
    ["/payments/checkout-data/:sessionId", "GET, HEAD"],
    ["/payments/pse-banks", "GET, HEAD"],
    ["/payments/pse", "POST"],
    ["/banco-pse/:chargeId", "GET, HEAD, POST"],
    ["/payments/card/token", "POST"],
    ["/payments/card/charge", "POST"],
    ["/payments/status/:chargeId", "GET, HEAD"],
    ["/api/payments/status/:chargeId", "GET, HEAD"],
    ["/payments/charges", "GET, HEAD"],
    ["/api/payments/confirm-success-page/:chargeId", "POST"],
    ["/payments/manual-notification/:orderId", "POST"],
    ["/payments/emails", "GET, HEAD"],
    ["/correos", "GET, HEAD"],
    ["/correos/:id", "GET, HEAD"],
  ];
  for (const [path, methods] of allowed) {
    app.all(path, (c) => c.json({ error: "Método no permitido" }, 405, { Allow: methods }));
  }

  app.notFound((c) => c.json({ error: "Ruta no encontrada" }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status);
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || "Solicitud no válida" }, error.status);
    }
    // Bad input is answered above with a 4xx; this is a real fault of the sandbox (disk, bug).
    console.error("sandbox payments: unexpected error", error);
    return c.json({ error: "Error interno del sandbox de pagos" }, 500);
  });

  return app;
}
