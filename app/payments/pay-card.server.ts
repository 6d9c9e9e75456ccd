/**
 * Paying by card (POST /checkout/pago, intent=pay-card): token → charge (the order's id, the
 * server's amount) → link-payment → 303 to the result. With JavaScript the browser tokenized the
 * card itself (docs/decisions/0432). Without it, the card number and CVV live only in this
 * request's memory: they go to the token call and nowhere else (no cookie, log line, error or
 * re-rendered form). Also what the card form needs, and how a card charge is named: the card
 * method's server half (methods.server.ts).
 */
import { randomBytes } from "node:crypto";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { apiClient, type Charge, neverSent, PaymentError } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { clientAddress } from "~/platform/rate-limit.server";
import { countPayment } from "~/platform/metrics.server";
import { logger } from "~/platform/logger.server";
import { cardFormSchema, cardTokenFormSchema, expiryYears, gatewayExpiry } from "./card";
import { type CardAttempt, cardKey, reserveCardAttempt } from "./card-limits.server";
import type { BrowserGateway } from "./card-token";
import { amountToCharge } from "./charge-amount.server";
import { oneAtATime } from "./one-at-a-time.server";
import type { PaymentOrder } from "./order";
import { orderCharge } from "./order-state.server";
import type { PaidOrder } from "./paid-orders.server";
import { logError, type PaymentAnswer, redirectTo, reply } from "./payment-answers.server";
import {
  answerCharged,
  beforePaying,
  refusedRequest,
  customerFields,
  noteSent,
  outcomeUnknown,
  sendCharge,
} from "./paying.server";
import { cardBlockedMessage, cardLabel, PAYMENT_MESSAGES } from "./result";

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

/** The card method's server half, registered in methods.server.ts. */
export const CARD_ACTIONS = {
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
  pay: payByCard,
  /** "Visa terminada en 1111". */
  receiptLabel: (charge: Charge) =>
    cardLabel(
      charge.payment_method?.brand ?? charge.card?.brand,
      charge.payment_method?.last4 ?? charge.card?.card_number,
    ),
};

/** Never echoed: the card number and CVV come back empty on every answer. */
const CARD_SECRET_FIELDS = ["card_number", "cvv2"];

/** A token to charge, and the card-testing limits' key of its card (null when unknown). */
interface ChargeToken {
  tokenId: string;
  deviceSessionId: string;
  card: string | null;
}

/** Declined at the charge (3001 declined, 3003 insufficient funds, …). */
const declined = (error: PaymentError) =>
  error.status === 402 || (error.code !== null && error.code >= 3000 && error.code < 4000);

/**
 * Refused at tokenization for the card itself (2004 number, 2005 expired, 2009 CVV): what a
 * tester's guesses produce. A refused field of the request (1003, a long holder name) is not.
 */
const cardRefused = (error: PaymentError) =>
  error.code !== null && error.code >= 2000 && error.code < 3000;

/**
 * intent=pay-card: with `token_id`, the card the browser tokenized (JavaScript on: the store
 * never sees its number); without it, the card form a browser without JavaScript posted.
 */
export async function payByCard(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  if (order.method !== "openpay") return redirectTo("/checkout/pago");
  return oneAtATime(order.orderId, async () => {
    const known = await beforePaying(request, form, order, false);
    if (known) return known;
    return form.has("token_id")
      ? payWithBrowserToken(request, form, order)
      : payWithCardNumber(request, form, order);
  });
}

/** The browser tokenized the card at the merchant API: the store charges the token. */
async function payWithBrowserToken(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  const submission = parseWithZod(form, { schema: cardTokenFormSchema });
  const fail = (message: string) => submission.reply({ formErrors: [message] });
  // Only the card form's own script posts this: anything else is a tampered post.
  if (submission.status !== "success") return reply("card", 422, fail(PAYMENT_MESSAGES.card));
  const token = submission.value;
  return charge(request, form, order, fail, async () => {
    // The card is the one the gateway says the token is for, never what the browser posted.
    const fingerprint = await apiClient()
      .cardTokenFingerprint(token.token_id)
      .catch(() => null);
    return {
      tokenId: token.token_id,
      deviceSessionId: token.device_session_id,
      card: fingerprint === null ? null : cardKey({ fingerprint }),
    };
  });
}

/** A browser without JavaScript posted the card: tokenized here, in this request's memory only. */
async function payWithCardNumber(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  const submission = parseWithZod(form, { schema: cardFormSchema(new Date()) });
  const fail = (message: string) =>
    submission.reply({ formErrors: [message], hideFields: CARD_SECRET_FIELDS });
  // The operator took the store out of the card data path: the number is never used.
  if (!config().cardFormWithoutJs) {
    return reply("card", 422, fail(PAYMENT_MESSAGES.cardNeedsJavaScript));
  }
  if (submission.status !== "success") {
    return reply("card", 422, submission.reply({ hideFields: CARD_SECRET_FIELDS }));
  }
  const card = submission.value;
  return charge(request, form, order, fail, async (formError, attempt) => {
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
        tokenId: token.id,
        deviceSessionId: randomBytes(16).toString("hex"),
        card: cardKey(fingerprint ? { fingerprint } : { number: card.card_number }),
      };
    } catch (error) {
      logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: card token failed");
      // The gateway's own limit on token calls (docs/decisions/0511).
      if (error instanceof PaymentError && error.status === 429) {
        return formError(429, PAYMENT_MESSAGES.tooManyAttempts);
      }
      if (error instanceof PaymentError && error.status < 500) {
        if (cardRefused(error)) attempt.declined();
        return formError(422, PAYMENT_MESSAGES.card);
      }
      // The payment service failed, not the card: nothing was charged and nothing is counted.
      return formError(503, PAYMENT_MESSAGES.serviceFailed);
    }
  });
}

type Tokenize = (
  formError: (status: number, message: string) => PaymentAnswer,
  attempt: CardAttempt,
) => Promise<ChargeToken | PaymentAnswer>;

/** The answer to an attempt over a card-testing limit: 429 with Retry-After. */
function tooManyAttempts(
  order: PaymentOrder,
  fail: (message: string) => SubmissionResult<string[]>,
  wait: number,
  scope: "card" | "checkout",
): PaymentAnswer {
  logger.warn({ orderId: order.orderId, scope }, "payments: card attempts limit reached");
  countPayment("openpay", "refused");
  return reply(
    "card",
    429,
    fail(cardBlockedMessage(scope, wait)),
    new Headers({ "Retry-After": String(wait) }),
  );
}

/**
 * What both ways share: the card-testing limits, reserved before anything leaves and given back
 * unless the attempt is declined (card-limits.server.ts), then the charge.
 */
async function charge(
  request: Request,
  form: FormData,
  order: PaymentOrder,
  fail: (message: string) => SubmissionResult<string[]>,
  tokenize: Tokenize,
): Promise<PaymentAnswer> {
  const attempt = await reserveCardAttempt(request, order.checkoutId);
  if ("retryAfterSeconds" in attempt)
    return tooManyAttempts(order, fail, attempt.retryAfterSeconds, "checkout");
  try {
    return await chargeReserved(request, form, order, attempt, fail, tokenize);
  } finally {
    await attempt.settle();
  }
}

/**
 * The amount, then the token, its card's own limit, and the charge of the token with the
 * order's id and the server's amount, noted as sent before it leaves.
 */
async function chargeReserved(
  request: Request,
  form: FormData,
  order: PaymentOrder,
  attempt: CardAttempt,
  fail: (message: string) => SubmissionResult<string[]>,
  tokenize: Tokenize,
): Promise<PaymentAnswer> {
  const ready = await amountToCharge(request, form, order, "card", fail);
  if ("answer" in ready) return ready.answer;
  const { amount } = ready;
  const formError = (status: number, message: string) =>
    reply("card", status, fail(message), amount.headers);
  const token = await tokenize(formError, attempt);
  if ("kind" in token) return token;
  const wait = await attempt.reserveCard(token.card);
  if (wait > 0) return tooManyAttempts(order, fail, wait, "card");

  const sent = await noteSent(request, order);
  let made: Charge;
  try {
    made = await sendCharge(order.orderId, () =>
      apiClient().chargeCard({
        token_id: token.tokenId,
        device_session_id: token.deviceSessionId,
        amount: amount.totals.total,
        order_id: order.orderId,
        ...customerFields(order),
        description: `Pedido ${order.orderId}`,
        sessionId: order.sessionId,
      }),
    );
  } catch (error) {
    return cardChargeFailed(error, sent, order, attempt, formError);
  }
  logger.info({ orderId: order.orderId, chargeId: made.id, status: made.status }, "card charge");
  return answerCharged(sent, order, made, false);
}

/**
 * A charge call that did not return a charge. Declined: the failure page. Certainly not sent,
 * or refused for a reason of the request: a form error (nothing was charged). Anything else
 * may have charged: the order's state, or 'Pago en proceso' until it is known.
 */
async function cardChargeFailed(
  error: unknown,
  sent: PaidOrder[],
  order: PaymentOrder,
  attempt: CardAttempt,
  formError: (status: number, message: string) => PaymentAnswer,
): Promise<PaymentAnswer> {
  logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: card charge failed");
  if (neverSent(error)) {
    countPayment("openpay", "failed");
    return formError(503, PAYMENT_MESSAGES.connectNotCharged);
  }
  if (error instanceof PaymentError && declined(error)) {
    attempt.declined();
    const charge = error.chargeId
      ? await apiClient()
          .getPaymentStatus(error.chargeId)
          .catch(() => null)
      : await orderCharge(order.orderId);
    if (charge !== null && charge !== "unknown") return answerCharged(sent, order, charge, false);
    countPayment("openpay", "failed");
    return redirectTo(`/checkout/failure?order_id=${encodeURIComponent(order.orderId)}`);
  }
  if (refusedRequest(error)) {
    countPayment("openpay", "failed");
    return formError(502, PAYMENT_MESSAGES.chargeNotCharged);
  }
  return outcomeUnknown(sent, order, false);
}
