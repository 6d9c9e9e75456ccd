/**
 * Payment calls of the merchant API (docs/merchant-api.md): checkout sessions, card tokens and
 * charges, PSE, payment status, confirmations and manual notifications. Never cached and never
 * retried: a payment call happens once, and an answer that never came is looked up (listCharges),
 * not repeated. The card number and CVV go into the token call's body and nowhere else: no log line
 * or error message here carries a request body.
 */
import { z } from "zod";
import { config } from "~/platform/config.server.ts";
import { SANDBOX_CLIENT_HEADER } from "../../sandbox/index.ts";
import { TOKEN_ADDRESS } from "./card-token-address.ts";
import { ApiError, type CallContext } from "./transport.server.ts";

/** A refusal the payment platform explained: an Openpay error code and its description. */
export class PaymentError extends Error {
  readonly code: number | null;
  readonly status: number;
  /** Field-level detail of a 422 ('Error de validación'). */
  readonly detail: string | null;
  /** The charge a declined payment left behind, when the gateway names it. */
  readonly chargeId: string | null;
  constructor(
    description: string,
    options: {
      code: number | null;
      status: number;
      detail?: string | null;
      chargeId?: string | null;
    },
  ) {
    super(description);
    this.name = "PaymentError";
    this.code = options.code;
    this.status = options.status;
    this.detail = options.detail ?? null;
    this.chargeId = options.chargeId ?? null;
  }
}

const text = z.string().nullish();
const money = z.coerce.number().nullish();

const chargeSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  order_id: text,
  amount: money,
  authorization: text,
  creation_date: text,
  description: text,
  redirect_url: text,
  method: text,
  error_code: z.coerce.number().nullish(),
  error_message: text,
  card: z.object({ card_number: text, brand: text, holder_name: text }).nullish(),
  customer: z.object({ name: text, last_name: text, email: text }).nullish(),
  payment_method: z
    .object({
      type: text,
      brand: text,
      last4: text,
      bank_code: text,
      bank_name: text,
      url: text,
      // A cash charge: what the voucher prints (docs/merchant-api.md, "Cash").
      reference: text,
      barcode: text,
      expires_at: text,
      networks: z.array(z.object({ code: text, name: z.string() })).nullish(),
    })
    .nullish(),
});
export type Charge = z.infer<typeof chargeSchema>;

const tokenSchema = z.object({
  id: z.string().min(1),
  card: z
    .object({
      card_number: text,
      brand: text,
      holder_name: text,
      // The gateway's fingerprint of the card (docs/decisions/0511).
      fingerprint: z.string().min(8).max(200).nullish(),
    })
    .nullish(),
});
export type CardToken = z.infer<typeof tokenSchema>;
const fingerprintSchema = z.string().min(8).max(200);

const bankSchema = z.object({
  id: z.union([z.string(), z.number()]).nullish(),
  code: z.union([z.string(), z.number()]).nullish(),
  name: z.string().min(1),
});

const notificationSchema = z.object({
  success: z.boolean(),
  message: text,
  payment_id: text,
  payment_status: text,
  customer_email: text,
  amount: money,
  already_sent: z.boolean().nullish(),
  suggestion: text,
  // Until when a payment the customer makes later (cash) may be paid.
  due_date: text,
});
export type NotificationResult = z.infer<typeof notificationSchema>;

/** The body of POST /payments/prepare-checkout (docs/merchant-api.md). */
export interface PrepareCheckoutPayload {
  /** The API's words: a natural person or a company (`business`). */
  client_type: "person" | "business";
  customer: Record<string, string>;
  shipping: {
    sameAsInvoice: boolean;
    receiverName: string;
    address: string;
    city: string;
    instructions: string;
    preferredTime: string;
  };
  order: { total_amount: number; payment_method: string; timestamp: string; order_id?: string };
  /** The cart and checkout the order belongs to (the cart's orders are listed by it). */
  cart_id: string;
  checkout_id: string;
  products: PaymentLine[];
  cart_items: PaymentLine[];
  products_html: string;
  email_payload: { to: string; subject: string; data: Record<string, unknown> };
}

/** A cart line in payment payloads (docs/merchant-api.md). */
export interface PaymentLine {
  title: string;
  name: string;
  quantity: number;
  unit_price: number;
  product_id: string;
  subtotal: number;
  brand?: string | null;
  model?: string | null;
  sku?: string | null;
}

export interface CardDetails {
  card_number: string;
  holder_name: string;
  expiration_month: string;
  expiration_year: string;
  cvv2: string;
}

const enc = encodeURIComponent;

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ApiError("Respuesta inválida de la plataforma de pagos", 502);
  }
  return result.data;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/**
 * An upstream answer that explains a refusal becomes a PaymentError: the Openpay error object
 * (`error_code`, `description`), `{ success: false, error: {…} }`, or `{ error, detail }` (422).
 * Timeouts, an unreachable API and unexplained failures stay ApiError.
 */
function explain(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.kind !== "answered") return error;
  const body = record(error.body);
  const nested = record(body.error);
  const source = Object.keys(nested).length > 0 ? nested : body;
  const code = Number(source.error_code);
  const description =
    (typeof source.description === "string" && source.description) ||
    (typeof body.message === "string" && body.message) ||
    (typeof body.error === "string" && body.error) ||
    null;
  if (description === null && !Number.isFinite(code)) return error;
  return new PaymentError(description ?? error.message, {
    code: Number.isFinite(code) ? code : null,
    status: error.status,
    detail: typeof body.detail === "string" ? body.detail : null,
    chargeId: typeof body.charge_id === "string" ? body.charge_id : null,
  });
}

export function createPaymentCalls({ transport }: CallContext) {
  const post = async (path: string, body?: unknown, headers?: Record<string, string>) => {
    try {
      return await transport.postJson(path, body, headers);
    } catch (error) {
      throw explain(error);
    }
  };
  const get = async (path: string) => {
    try {
      return await transport.getJson(path);
    } catch (error) {
      throw explain(error);
    }
  };

  return {
    /** POST /payments/prepare-checkout → the session id. 422 → PaymentError with `detail`. */
    async prepareCheckout(payload: PrepareCheckoutPayload): Promise<{ sessionId: string }> {
      const body = record(await post("/payments/prepare-checkout", payload));
      const sessionId = typeof body.session_id === "string" ? body.session_id : "";
      if (!sessionId) throw new ApiError("La plataforma de pagos no devolvió la sesión", 502);
      return { sessionId };
    },

    /** POST /payments/link-payment: ties the checkout session to the order and its charge. */
    async linkPayment(link: {
      sessionId: string;
      orderId: string;
      chargeId: string;
      status: string;
    }): Promise<void> {
      await post("/payments/link-payment", {
        session_id: link.sessionId,
        payment_data: { order_id: link.orderId, charge_id: link.chargeId, status: link.status },
      });
    },

    /** GET /payments/checkout-data/{sessionId}: what the platform keeps of the checkout. */
    async getCheckoutData(sessionId: string): Promise<Record<string, unknown>> {
      return record(await get(`/payments/checkout-data/${enc(sessionId)}`));
    },

    /** GET /payments/pse-banks: the banks the platform offers ([] when it offers none). */
    async getPseBanks(): Promise<Array<{ code: string; name: string }>> {
      const body = await get("/payments/pse-banks");
      const list = Array.isArray(body) ? body : (record(body).banks ?? record(body).data);
      if (!Array.isArray(list)) return [];
      return list.flatMap((item) => {
        const bank = bankSchema.safeParse(item);
        const code = bank.success ? (bank.data.code ?? bank.data.id) : null;
        return bank.success && code !== null && code !== undefined
          ? [{ code: String(code), name: bank.data.name }]
          : [];
      });
    },

    /** POST /payments/pse: a charge in progress whose `redirect_url` is the bank's page. */
    async createPseCharge(body: Record<string, unknown>): Promise<Charge> {
      return parse(chargeSchema, await post("/payments/pse", body));
    },

    /**
     * POST /payments/cash: a cash charge in progress, with the reference, the deadline, the
     * networks and the slip's barcode data in its `payment_method`.
     */
    async createCashCharge(body: Record<string, unknown>): Promise<Charge> {
      return parse(chargeSchema, await post("/payments/cash", body));
    },

    /** POST /payments/card/token: a single-use token for the card (2004, 2005, 2009 refused). */
    async createCardToken(card: CardDetails, shopperAddress?: string): Promise<CardToken> {
      // The token call takes the public key, as the browser's does, and names the shopper's
      // address, which the gateway's limits count on (docs/decisions/0511).
      const headers: Record<string, string> = {
        Authorization: `Basic ${btoa(`${config().paymentsPublicKey}:`)}`,
      };
      if (shopperAddress) headers[SANDBOX_CLIENT_HEADER] = shopperAddress;
      const body = record(
        await post("/payments/card/token", { ...card, ...TOKEN_ADDRESS }, headers),
      );
      // docs/merchant-api.md: the answer is the token itself, or `{ success, data: { id } }`.
      return parse(tokenSchema, record(body.data).id ? body.data : body);
    },

    /**
     * GET /payments/card/token/{id}: the gateway's fingerprint of the token's card; null when
     * the gateway gives none (the card-testing limits then go without a per-card key).
     */
    async cardTokenFingerprint(tokenId: string): Promise<string | null> {
      const body = record(await get(`/payments/card/token/${enc(tokenId)}`));
      const fingerprint = fingerprintSchema.safeParse(
        body.fingerprint ?? record(body.card).fingerprint,
      );
      return fingerprint.success ? fingerprint.data : null;
    },

    /** POST /payments/card/charge: the charge, or PaymentError (3001 declined, 1006 duplicate…). */
    async chargeCard(body: Record<string, unknown>): Promise<Charge> {
      const answer = record(await post("/payments/card/charge", body));
      if (answer.success === false)
        throw explain(new ApiError("Error al procesar el pago.", 402, { body: answer }));
      return parse(chargeSchema, answer.data ?? answer);
    },

    /** GET /payments/status/{chargeId}. */
    async getPaymentStatus(chargeId: string): Promise<Charge> {
      return parse(chargeSchema, await get(`/payments/status/${enc(chargeId)}`));
    },

    /**
     * POST /api/payments/confirm-success-page/{chargeId} (spec: failures are ignored by callers).
     */
    async confirmSuccessPage(chargeId: string): Promise<void> {
      await post(`/api/payments/confirm-success-page/${enc(chargeId)}`);
    },

    /**
     * POST /payments/manual-notification/{orderId}. An answer the platform gave (ok or not) is
     * returned; only an unreachable or silent platform throws.
     */
    async manualNotification(
      orderId: string,
    ): Promise<
      | { ok: true; result: NotificationResult }
      | { ok: false; message: string | null; suggestion: string | null }
    > {
      try {
        const body = await transport.postJson(`/payments/manual-notification/${enc(orderId)}`);
        return { ok: true, result: parse(notificationSchema, body) };
      } catch (error) {
        if (!(error instanceof ApiError) || error.kind !== "answered") throw error;
        const body = record(error.body);
        const message =
          typeof body.message === "string"
            ? body.message
            : typeof body.error === "string"
              ? body.error
              : null;
        return {
          ok: false,
          message,
          suggestion: typeof body.suggestion === "string" ? body.suggestion : null,
        };
      }
    },

    /** GET /payments/charges?order_id=…: the charges of an order, to recover a lost answer. */
    async listCharges(orderId: string): Promise<Charge[]> {
      const body = await get(`/payments/charges?order_id=${enc(orderId)}`);
      const list = Array.isArray(body) ? body : record(body).data;
      return Array.isArray(list) ? list.map((item) => parse(chargeSchema, item)) : [];
    },
  };
}
