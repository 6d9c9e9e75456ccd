/**
 * What the payment routes answer, shared by the payment page, the two ways to pay and the
 * result pages: a redirect to the page that tells the truth about a charge, or a form reply.
 */
import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { ApiError, type Charge, PaymentError } from "~/merchant-api/client.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { logger } from "~/platform/logger.server";
import { PAYMENT_METHODS, type PaymentMethodKey } from "~/money/payment-methods";
import { commitPaidOrders, type PaidOrder, rememberPayment } from "./paid-orders.server";
import { paymentResult } from "./gateway-status";

export interface PaymentFormReply {
  /** The key of the method whose form answered (card, pse). */
  form: PaymentMethodKey;
  reply: SubmissionResult<string[]>;
  /** Differs on every answer, so the browser re-creates the card number and CVV inputs empty. */
  attempt: string;
}

/** A 303 to `location`; `document`: a full page load (the bank is not a page of the store). */
export interface RedirectAnswer {
  kind: "redirect";
  location: string;
  document: boolean;
  headers: Headers;
}

export type PaymentAnswer =
  RedirectAnswer | { kind: "reply"; status: number; body: PaymentFormReply; headers: Headers };

export function reply(
  form: PaymentMethodKey,
  status: number,
  result: SubmissionResult<string[]>,
  headers = new Headers(),
): PaymentAnswer {
  return { kind: "reply", status, body: { form, reply: result, attempt: randomUUID() }, headers };
}

export function redirectTo(location: string, headers = new Headers()): RedirectAnswer {
  return { kind: "redirect", location, document: false, headers };
}

export const CHARGE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The bank page of a PSE charge, when it is an http(s) URL or a path of this site. */
export function bankUrlOf(charge: Pick<Charge, "payment_method" | "redirect_url">): string | null {
  const url = charge.payment_method?.url ?? charge.redirect_url ?? null;
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The page that tells the truth about a charge: its method's result page; a payment in progress
 * of a method that goes on at the bank (PSE) may go to its bank.
 */
export function resultLocation(
  charge: Charge,
  toBank: boolean,
): { location: string; document: boolean } {
  const query = new URLSearchParams({ id: charge.id });
  if (charge.order_id) query.set("order_id", charge.order_id);
  const state = paymentResult(charge.status).state;
  // A payment whose deadline passed unpaid is no failure of the payer's: its result page says
  // so (0570).
  if (state === "failed" && charge.status !== "expired") {
    return { location: `/checkout/failure?${query}`, document: false };
  }
  const method = PAYMENT_METHODS.ofCharge(charge);
  const bank = method.toBank ? bankUrlOf(charge) : null;
  if (toBank && state === "pending" && bank) return { location: bank, document: true };
  return { location: `/checkout/success/${method.key}?${query}`, document: false };
}

/** Remembers the charge as this browser's and answers with its result page. */
export async function answerWithCharge(
  paid: PaidOrder[],
  order: Pick<PaidOrder, "orderId" | "sessionId" | "method">,
  charge: Charge,
  toBank: boolean,
): Promise<RedirectAnswer> {
  const list = rememberPayment(paid, {
    orderId: order.orderId,
    chargeId: charge.id,
    sessionId: order.sessionId,
    method: PAYMENT_METHODS.ofCharge(charge).id,
  });
  const headers = new Headers({ "Set-Cookie": await commitPaidOrders(list) });
  return { kind: "redirect", ...resultLocation(charge, toBank), headers };
}

/** 'Pago en proceso' for an order whose outcome is not known yet; its page keeps looking. */
export async function pendingAnswer(
  paid: PaidOrder[],
  order: Pick<PaidOrder, "orderId" | "sessionId" | "method">,
): Promise<RedirectAnswer> {
  const list = rememberPayment(paid, { ...order, chargeId: null });
  return redirectTo(
    `/checkout/pending?order_id=${encodeURIComponent(order.orderId)}`,
    new Headers({ "Set-Cookie": await commitPaidOrders(list) }),
  );
}

/** The failure rule (0260) for payment calls too: a refused id is 404, an outage 503, else 502. */
export const upstreamStatus = (error: unknown) =>
  error instanceof PaymentError ? (error.status === 404 ? 404 : 502) : failureStatus(error);

export const logError = (error: unknown) =>
  error instanceof PaymentError
    ? { code: error.code, status: error.status, message: error.message }
    : error instanceof ApiError
      ? { kind: error.kind, status: error.status, message: error.message }
      : { message: error instanceof Error ? error.message : String(error) };

/** Logs and swallows: for calls whose failure never costs the shopper a payment. */
export async function bestEffort(what: string, ids: object, call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    logger.warn({ ...ids, err: logError(error) }, `payments: ${what} failed`);
  }
}
