/**
 * What every route of the payments app shares: the store, the clock, the public URLs, a charge
 * as the API shows it, the HTML pages' headers, the fault triggers and the order e-mails.
 */
import { CHARGE_KINDS } from "./charge-kinds.ts";
import { setTimeout as delay } from "node:timers/promises";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { BrowserAccess } from "./browser-api.ts";
import { orderEmails, orderSummary, type Seller } from "./emails.ts";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import { GATEWAY_ERRORS, gatewayDate, maskFromLast4 } from "./gateway.ts";
import type { GatewayErrorCode } from "./gateway.ts";
import { type Family, gatewayFailure, sameEmail } from "./requests.ts";
import { type Order, OrderBook, orderView } from "./orders.ts";
import type { ChargeRecord, SessionRecord } from "./records.ts";
import type { CompletionNotice, PaymentsStore } from "./store.ts";

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
   * The store's absolute address (http(s), e.g. https://tienda.example.co) for the links in the
   * customer's e-mail (Mis pedidos). Without it the links are root-relative, which only works
   * inside the store's own outbox page (the sandbox mounted in the store).
   */
  storeOrigin?: string;
  /** Who sells, named in the order e-mails; default PAYMENT_FIXTURES.seller. */
  seller?: Seller;
  /** Who may tokenize from a browser; default SANDBOX_PUBLIC_KEY and SANDBOX_ALLOWED_ORIGINS. */
  browser?: BrowserAccess;
}

const FAULTS = PAYMENT_FIXTURES.faults;

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

export type RouteContext = ReturnType<typeof routeContext>;

/** The store's address without a trailing slash, "" when not given; anything but an absolute http(s) URL is refused. */
export function storeOriginOf(value: string | undefined): string {
  const raw = value?.trim() ?? "";
  if (raw === "") return "";
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
    throw new Error(`The store origin must be an absolute http(s) URL: ${raw}`);
  }
  return url.href.replace(/\/+$/, "");
}

/**
 * Where the customer's e-mail links 'Mis pedidos': the store's own address sent with the order
 * (`email_payload.data.orders_url`) when it is an absolute http(s) URL, else the configured store
 * origin's (root-relative without one).
 */
function ordersUrlOf(session: SessionRecord | undefined, storeOrigin: string): string {
  const data = session?.data.email_payload?.data;
  const sent =
    data !== null && typeof data === "object" && "orders_url" in data ? data.orders_url : null;
  const url = typeof sent === "string" && URL.canParse(sent) ? new URL(sent) : null;
  if (url && (url.protocol === "https:" || url.protocol === "http:")) return url.href;
  return `${storeOrigin}/mi-cuenta/pedidos`;
}

export function routeContext(options: PaymentsAppOptions) {
  const { store } = options;
  const publicBase = options.publicBase.replace(/\/+$/, "");
  const now = options.now ?? (() => new Date());
  const slowMs = options.slowChargeMs ?? FAULTS.defaultSlowMs;
  const salesEmail = options.salesEmail ?? PAYMENT_FIXTURES.salesEmail;
  const seller = options.seller ?? PAYMENT_FIXTURES.seller;
  const storeOrigin = storeOriginOf(options.storeOrigin);
  const orders = new OrderBook(store);
  const stamp = () => gatewayDate(now());

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
      payment_method: CHARGE_KINDS[ch.method].paymentMethod(ch, bankUrl(c, ch.id)),
      ...(CHARGE_KINDS[ch.method].goesOn ? { redirect_url: bankUrl(c, ch.id) } : {}),
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

  /** The customer e-mail that makes prepare-checkout, pse and card/charge answer 500. */
  const checkFault500 = (email: string, family: Family) => {
    if (sameEmail(email, FAULTS.error500Email))
      throw gatewayFailure(family, 1000, { description: FAULTS.message });
  };
  const slowIfAsked = async (c: Context, email: string) => {
    if (sameEmail(email, FAULTS.slowEmail))
      await delay(slowMs, undefined, { signal: c.req.raw.signal }).catch(() => {});
  };

  const buildEmails = (charge: ChargeRecord) => (resend: boolean) => {
    const session = store.sessionForOrder(charge.orderId, charge.sessionId);
    const ordersUrl = ordersUrlOf(session, storeOrigin);
    return orderEmails(orderSummary(charge, session), { resend, salesEmail, seller, ordersUrl });
  };
  /**
   * The gateway's notice of a completed charge, which sends the order e-mails at once, whoever
   * watches; none for the lost-notice fault's customer e-mail.
   */
  const completionNotice = (customerEmail: string): CompletionNotice | undefined =>
    sameEmail(customerEmail, FAULTS.unsentEmail)
      ? undefined
      : { at: stamp(), build: (charge) => buildEmails(charge)(false) };

  /** The order record as the API answers it, its charge as the status call shows it. */
  const orderJson = (c: Context, order: Order) => orderView(order, (ch) => chargeView(c, ch));

  return {
    store,
    orders,
    orderJson,
    now,
    slowMs,
    stamp,
    baseOf,
    bankUrl,
    chargeView,
    html,
    checkFault500,
    slowIfAsked,
    buildEmails,
    completionNotice,
    storeOrigin,
  };
}
