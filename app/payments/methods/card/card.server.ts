/**
 * The card method's server half (docs/decisions/0545): pay-card runs the one pay sequence
 * (pay-with.server.ts) with these steps. With JavaScript the browser tokenized the card itself
 * (docs/decisions/0432). Without it, the card number and CVV live only in this request's memory:
 * they go to the token call and nowhere else (no cookie, log line, error or re-rendered form).
 * The card-testing limits are reserved before any work (card-limits.server.ts, 0510, 0511).
 */
import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { apiClient, type Charge, PaymentError } from "~/merchant-api/client.server";
import { customerFields } from "~/payments/charge-steps.server";
import type { PaymentMethodServer, Parsed, PayStep } from "~/payments/pay-with.server";
import { logError, type PaymentAnswer, reply } from "~/payments/payment-answers.server";
import type { PaymentOrder } from "~/payments/payment-order";
import { PAYMENT_MESSAGES } from "~/payments/result-views";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { clientAddress } from "~/platform/rate-limit.server";
import {
  CARD_PAYMENT_MESSAGES,
  cardBlockedMessage,
  cardFormSchema,
  cardLabel,
  cardTokenFormSchema,
  expiryYears,
  gatewayExpiry,
} from "./card";
import { type CardAttempt, cardKey, reserveCardAttempt } from "./card-limits.server";
import type { BrowserGateway } from "./card-token";

/** What the card form shows and needs. */
export interface CardPageData {
  years: number[];
  holderName: string;
  /** Where and how the browser tokenizes the card (JavaScript on). */
  gateway: BrowserGateway;
  /** Whether the form also works without JavaScript (posting the card to the store). */
  withoutJavaScript: boolean;
  /** The anti-fraud script to load, when the operator set one. */
  antifraudScript: string | null;
}

/** Never echoed: the card number and CVV come back empty on every answer. */
const CARD_SECRET_FIELDS = ["card_number", "cvv2"];

/**
 * The posted card: `token_id`, the card the browser tokenized (JavaScript on: the store never
 * sees its number); without it, the card form a browser without JavaScript posted.
 */
type CardValues =
  | { kind: "token"; token_id: string; device_session_id: string }
  | {
      kind: "number";
      card_number: string;
      holder_name: string;
      expiration_month: string;
      expiration_year: string;
      cvv2: string;
    };

/** A token to charge. */
interface ChargeToken {
  tokenId: string;
  deviceSessionId: string;
}

/** Declined at the charge (3001 declined, 3003 insufficient funds, …). */
const declined = (error: unknown) =>
  error instanceof PaymentError &&
  (error.status === 402 || (error.code !== null && error.code >= 3000 && error.code < 4000));

/**
 * Refused at tokenization for the card itself (2004 number, 2005 expired, 2009 CVV): what a
 * tester's guesses produce. A refused field of the request (1003, a long holder name) is not.
 */
const cardRefused = (error: PaymentError) =>
  error.code !== null && error.code >= 2000 && error.code < 3000;

function parseCard(_request: Request, form: FormData): Parsed<CardValues> {
  if (form.has("token_id")) {
    const submission = parseWithZod(form, { schema: cardTokenFormSchema });
    const fail = (message: string) => submission.reply({ formErrors: [message] });
    // Only the card form's own script posts this: anything else is a tampered post.
    if (submission.status !== "success") {
      return { answer: reply("card", 422, fail(CARD_PAYMENT_MESSAGES.card)) };
    }
    return { values: { kind: "token", ...submission.value }, fail };
  }
  const submission = parseWithZod(form, { schema: cardFormSchema(new Date()) });
  const fail = (message: string) =>
    submission.reply({ formErrors: [message], hideFields: CARD_SECRET_FIELDS });
  // The operator took the store out of the card data path: the number is never used.
  if (!config().cardFormWithoutJs) {
    return { answer: reply("card", 422, fail(CARD_PAYMENT_MESSAGES.cardNeedsJavaScript)) };
  }
  if (submission.status !== "success") {
    return { answer: reply("card", 422, submission.reply({ hideFields: CARD_SECRET_FIELDS })) };
  }
  return { values: { kind: "number", ...submission.value }, fail };
}

/** The browser tokenized the card: its card is the one the gateway says, never the browser. */
async function tokenFromBrowser(
  values: Extract<CardValues, { kind: "token" }>,
): Promise<{ token: ChargeToken; card: string | null }> {
  const fingerprint = await apiClient()
    .cardTokenFingerprint(values.token_id)
    .catch(() => null);
  return {
    token: { tokenId: values.token_id, deviceSessionId: values.device_session_id },
    card: fingerprint === null ? null : cardKey({ fingerprint }),
  };
}

/** A browser without JavaScript posted the card: tokenized here, in this request's memory only. */
async function tokenOfNumber(
  step: PayStep<CardValues, CardAttempt>,
  card: Extract<CardValues, { kind: "number" }>,
): Promise<{ token: ChargeToken; card: string | null } | PaymentAnswer> {
  const { request, order, limits, formError } = step;
  try {
    const token = await apiClient().createCardToken(
      {
        card_number: card.card_number,
        holder_name: card.holder_name,
        ...gatewayExpiry(card),
        cvv2: card.cvv2,
      },
      clientAddress(request),
    );
    const fingerprint = token.card?.fingerprint;
    return {
      token: { tokenId: token.id, deviceSessionId: randomBytes(16).toString("hex") },
      card: cardKey(fingerprint ? { fingerprint } : { number: card.card_number }),
    };
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: card token failed");
    // The gateway's own limit on token calls (docs/decisions/0511).
    if (error instanceof PaymentError && error.status === 429) {
      return formError(429, PAYMENT_MESSAGES.tooManyAttempts);
    }
    if (error instanceof PaymentError && error.status < 500) {
      if (cardRefused(error)) limits.declined();
      return formError(422, CARD_PAYMENT_MESSAGES.card);
    }
    // The payment service failed, not the card: nothing was charged and nothing is counted.
    return formError(503, CARD_PAYMENT_MESSAGES.serviceFailed);
  }
}

/** The card method, as payWith runs it and the registry map holds it. */
export const CARD_METHOD = {
  id: "openpay",
  pageData(order: PaymentOrder): CardPageData {
    const settings = config();
    const { customer } = order;
    return {
      years: expiryYears(new Date()),
      holderName: [customer.name, customer.last_name].filter(Boolean).join(" "),
      gateway: { base: settings.paymentsBrowserUrl, publicKey: settings.paymentsPublicKey },
      withoutJavaScript: settings.cardFormWithoutJs,
      antifraudScript: settings.antifraudScriptUrl ?? null,
    };
  },
  /** "Visa terminada en 1111". */
  receiptLabel: (charge: Charge) =>
    cardLabel(
      charge.payment_method?.brand ?? charge.card?.brand,
      charge.payment_method?.last4 ?? charge.card?.card_number,
    ),
  parse: parseCard,
  /** The checkout's and the address's points, before anything leaves (0510). */
  async reserve(request: Request, order: PaymentOrder) {
    const attempt = await reserveCardAttempt(request, order.checkoutId);
    if (!("retryAfterSeconds" in attempt)) return attempt;
    const wait = attempt.retryAfterSeconds;
    return { retryAfterSeconds: wait, message: cardBlockedMessage("checkout", wait) };
  },
  /** The token, then its card's own point. */
  async prepare(step: PayStep<CardValues, CardAttempt>) {
    const { values } = step;
    const tokenized =
      values.kind === "token" ? await tokenFromBrowser(values) : await tokenOfNumber(step, values);
    if ("kind" in tokenized) return tokenized;
    const wait = await step.limits.reserveCard(tokenized.card);
    if (wait > 0) return { retryAfterSeconds: wait, message: cardBlockedMessage("card", wait) };
    return { ready: tokenized.token };
  },
  charge: ({ order, amount }: PayStep<CardValues, CardAttempt>, token: ChargeToken) =>
    apiClient().chargeCard({
      token_id: token.tokenId,
      device_session_id: token.deviceSessionId,
      amount: amount.totals.total,
      order_id: order.orderId,
      ...customerFields(order),
      description: `Pedido ${order.orderId}`,
      sessionId: order.sessionId,
    }),
  declined,
} satisfies PaymentMethodServer<CardPageData, CardValues, CardAttempt, ChargeToken>;
