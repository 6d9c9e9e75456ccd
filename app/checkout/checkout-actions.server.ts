/**
 * The checkout's forms (POST /checkout?paso=N, by `intent`): billing, shipping, the two
 * 'Volver', and 'Finalizar compra', which re-validates every step, re-prices the cart and
 * prepares the payment at the merchant API. A good post answers 303 to the next step's address
 * (PRG); a refused one the step's form result, with its status.
 */
import { randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ApiError, apiClient, PaymentError } from "~/merchant-api/client.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { CART_ORDER_TEXTS } from "~/cart/cart-order";
import { cancelCartOrder, pendingOrderOfCart, recordCartOrder } from "~/cart/cart-order.server";
import { overCap } from "~/money/amount-caps";
import { config } from "~/platform/config.server";
import { redirectWithFlash } from "~/platform/flash.server";
import { PRIVATE_NO_STORE } from "~/platform/http-cache.server";
import { logger } from "~/platform/logger.server";
import { type PricedCart, pricedCart, seeOther } from "./checkout-common.server";
import {
  billingValuesOf,
  cartFingerprint,
  changed,
  type CheckoutState,
  parsedBilling,
  parsedShipping,
  reachableStep,
  shippingValuesOf,
  type Step,
  stepPath,
} from "./checkout-state";
import {
  CheckoutTooLargeError,
  commitCheckoutState,
  readCheckoutState,
} from "./checkout-session.server";
import { newOrderId } from "./order-id";
import {
  type OrderParties,
  partiesOf,
  paymentLines,
  prepareCheckoutPayload,
} from "./order-payload.server";
import { billingSchema, CHECKOUT_MESSAGES, paymentMethodSchema, shippingSchema } from "./schemas";

export interface CheckoutActionData {
  /** The step whose form was posted. */
  step: Step;
  result: SubmissionResult<string[]>;
  /** Form-level messages that point to another step (the final check's). */
  links?: Array<{ message: string; href: string }>;
}

export type CheckoutActionOutcome =
  Response | { status: number; data: CheckoutActionData; headers: Headers };

const TOO_LARGE_MESSAGE =
  "No pudimos guardar tantos datos. Acorta la información adicional o las indicaciones de entrega.";
const INVALID_REQUEST = "No pudimos procesar la solicitud. Intenta de nuevo.";

/** A form-level answer for a post without its own submission. */
function formError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

function answer(
  step: Step,
  result: SubmissionResult<string[]>,
  status: number,
  headers = new Headers(),
  links?: CheckoutActionData["links"],
): CheckoutActionOutcome {
  return { status, data: links ? { step, result, links } : { step, result }, headers };
}

/** `base` (the cart part's Set-Cookie, when it rewrote the cart) and the checkout's cookie. */
async function withState(state: CheckoutState, base?: Headers): Promise<Headers> {
  const headers = new Headers(base);
  headers.append("Set-Cookie", await commitCheckoutState(state));
  return headers;
}

/**
 * 303 to the address of `next`'s step with `next` stored (PRG); a state too large for its
 * cookie is refused on `step`, the step posted.
 */
async function saveAndContinue(
  next: CheckoutState,
  step: Step,
  result: () => SubmissionResult<string[]>,
): Promise<CheckoutActionOutcome> {
  try {
    return seeOther(stepPath(next.step), await withState(next));
  } catch (error) {
    if (!(error instanceof CheckoutTooLargeError)) throw error;
    return answer(step, result(), 400);
  }
}

/**
 * The final-submit messages (docs/decisions/0307) of what is missing or not valid, each with the
 * step to fix it.
 */
function finalProblems(state: CheckoutState): Array<{ message: string; href: string }> {
  const billing = parsedBilling(state);
  const company = state.billing?.client_type === "company";
  const problems: Array<{ message: string; href: string }> = [];
  if (!billing) {
    problems.push({
      message: company ? CHECKOUT_MESSAGES.finalCompany : CHECKOUT_MESSAGES.finalPerson,
      href: stepPath(1),
    });
  }
  if (!parsedShipping(state)) {
    problems.push({ message: CHECKOUT_MESSAGES.finalShipping, href: stepPath(2) });
  }
  return problems;
}

/**
 * What the shopper reads when the payment could not be prepared (docs/decisions/0307, 0560: 'Error
 * de validación', 'Error al procesar la orden: {message or Intente nuevamente}'), in the store's own
 * words: the merchant API's text (English, internal field names, a test's 'Falla simulada') is
 * logged, never shown. Preparing never charges, so each one says so and what to do.
 */
export const PREPARE_FAILURE = {
  refused:
    "Error de validación: la plataforma de pagos no aceptó los datos del pedido. No se realizó ningún cobro. Revisa tus datos de facturación y envío y vuelve a finalizar la compra.",
  timeout:
    "Error al procesar la orden: la plataforma de pagos tardó demasiado en responder. No se realizó ningún cobro. Intenta de nuevo en unos minutos.",
  unreachable:
    "Error al procesar la orden: no pudimos conectar con la plataforma de pagos. No se realizó ningún cobro. Intenta de nuevo en unos minutos.",
  busy: "Error al procesar la orden: hay muchas compras en curso en este momento. No se realizó ningún cobro. Intenta de nuevo en unos minutos.",
  failed:
    "Error al procesar la orden: la plataforma de pagos falló. No se realizó ningún cobro. Intenta de nuevo en unos minutos.",
  unexpected: "Error al procesar la orden: Intente nuevamente. No se realizó ningún cobro.",
} as const;

function prepareFailureMessage(error: unknown): string {
  if (error instanceof PaymentError) {
    return error.status === 422 ? PREPARE_FAILURE.refused : PREPARE_FAILURE.failed;
  }
  if (error instanceof ApiError) {
    if (error.kind === "timeout") return PREPARE_FAILURE.timeout;
    if (error.kind === "unreachable") return PREPARE_FAILURE.unreachable;
    if (error.kind === "busy") return PREPARE_FAILURE.busy;
    return PREPARE_FAILURE.failed;
  }
  return PREPARE_FAILURE.unexpected;
}

/** 'Finalizar compra': re-validate every step, re-price the cart, prepare the payment. */
async function finalize(
  request: Request,
  form: FormData,
  state: CheckoutState,
  now: number,
): Promise<CheckoutActionOutcome> {
  const submission = parseWithZod(form, { schema: paymentMethodSchema });
  if (submission.status !== "success") return answer(3, submission.reply(), 400);
  const method = submission.value.payment_method;
  const chosen: CheckoutState = { ...changed(state, 3, now), method };

  const problems = finalProblems(chosen);
  if (problems.length > 0) {
    const result = submission.reply({ formErrors: problems.map((p) => p.message) });
    return answer(3, result, 400, await withState(chosen), problems);
  }

  let cart: PricedCart;
  try {
    cart = await pricedCart(request);
  } catch (error) {
    logger.warn({ err: error }, "checkout: cart unavailable at 'Finalizar compra'");
    const result = submission.reply({ formErrors: [prepareFailureMessage(null)] });
    return answer(3, result, 503, await withState(chosen));
  }
  // An emptied or changed cart is shown to the shopper before any payment is prepared.
  if (cart.lines.length === 0 || cartFingerprint(cart.lines) !== state.seen) {
    return seeOther(stepPath(3), await withState(chosen, cart.headers));
  }
  // A method with a cap under this total is not offered (0570): the step says why.
  const overCapReason = overCap(method, cart.totals.total, config().paymentCaps);
  if (overCapReason) {
    const result = submission.reply({ fieldErrors: { payment_method: [overCapReason] } });
    return answer(3, result, 422, await withState({ ...chosen, method: undefined }, cart.headers));
  }

  // One live order per cart, for as long as the cart lives (docs/decisions/0530): the cart
  // cookie names the order it waits on and the merchant's record says where it stands. A
  // pending payment blocks a new order whatever cookies expired; a recorded order nothing was
  // charged for is recorded again under its id; only a failed, cancelled or expired one (the
  // cart part has released it) lets a new id be minted.
  const status = cart.orderStatus;
  // A cart cookie that names no order may be an older copy: the merchant's list of the cart's
  // orders has the last word, and a pending one found there is named in the cookie again.
  const listed =
    status.kind === "none" && cart.cookie.id ? await pendingOrderOfCart(cart.cookie.id) : null;
  if (status.kind === "pending" || status.kind === "unknown" || listed !== null) {
    const unknown = status.kind === "unknown" || listed === "unknown";
    const message = unknown ? CART_ORDER_TEXTS.finalizeUnknown : CART_ORDER_TEXTS.finalizeRefused;
    const result = submission.reply({ formErrors: [message] });
    const headers = await withState(chosen, cart.headers);
    if (listed && listed !== "unknown" && cart.cookie.id) {
      const named = await recordCartOrder(cart.cookie, cart.cookie.id, listed.orderId);
      headers.append("Set-Cookie", named);
    }
    return answer(3, result, unknown ? 503 : 409, headers);
  }
  const parties = partiesOf(chosen) as OrderParties;
  const orderId = status.kind === "prepared" ? status.orderId : newOrderId(method, now);
  const checkoutId = chosen.checkoutId ?? randomBytes(16).toString("base64url");
  const cartId = cart.cookie.id ?? randomBytes(12).toString("base64url");
  const payload = prepareCheckoutPayload({
    parties,
    method,
    orderId,
    cartId,
    checkoutId,
    lines: paymentLines(cart.lines),
    totals: cart.totals,
    now: new Date(now),
  });
  let sessionId: string;
  try {
    ({ sessionId } = await apiClient().prepareCheckout(payload));
  } catch (error) {
    // 409: the order got a charge since it was read (a payment whose answer never came).
    const locked = error instanceof PaymentError && error.status === 409;
    const status =
      error instanceof PaymentError && (error.status === 422 || locked)
        ? error.status
        : failureStatus(error);
    logger.warn({ err: error, orderId }, "checkout: prepare-checkout failed");
    const message = locked ? CART_ORDER_TEXTS.finalizeRefused : prepareFailureMessage(error);
    const result = submission.reply({ formErrors: [message] });
    return answer(3, result, status, await withState(chosen, cart.headers));
  }
  const prepared: CheckoutState = {
    ...chosen,
    step: 4,
    order: { id: orderId, method, session: sessionId },
    checkoutId,
  };
  const headers = await withState(prepared);
  headers.append("Set-Cookie", await recordCartOrder(cart.cookie, cartId, orderId));
  return seeOther(stepPath(4), headers);
}

/**
 * 'Cancelar y pagar con otro medio' (from the cart page, the mini cart or step 3): the merchant
 * cancels the cart's pending order, then the shopper chooses a method again on step 3.
 */
async function cancelOrder(request: Request, form: FormData, state: CheckoutState, now: number) {
  const outcome = await cancelCartOrder(request, form.get("order_id"));
  const headers = new Headers();
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  if (state.order) {
    const next: CheckoutState = { ...changed(state, 3, now), order: undefined };
    headers.append("Set-Cookie", await commitCheckoutState(next));
  }
  const to = outcome.status === 409 ? "/carrito" : stepPath(3);
  const response = await redirectWithFlash(request, to, outcome.notice, { headers });
  response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return response;
}

/**
 * What a post asks for: its `intent`, or with the step's 'Volver' pressed (a button named
 * `volver` beside the form's hidden intent, so no text browser shows an internal value), the way
 * back from that step.
 */
function intentOf(form: FormData): FormDataEntryValue | null {
  const intent = form.get("intent");
  if (!form.has("volver")) return intent;
  if (intent === "shipping") return "back-to-billing";
  if (intent === "finalize") return "back-to-shipping";
  return intent;
}

const OTHER_ADDRESS_FIELDS = ["shipping_receiver_name", "shipping_address", "shipping_city"];

/**
 * With 'Igual a la facturación' checked, another address typed in this post: the three fields
 * show beside the checked box in a browser without CSS, and what was typed there would be
 * dropped without a word. What the checkout already kept (hidden by CSS once the box is checked
 * again) is not new, and the box wins over it.
 */
function typedOtherAddress(form: FormData, state: CheckoutState): boolean {
  return OTHER_ADDRESS_FIELDS.some((name) => {
    const typed = form.get(name);
    const value = typeof typed === "string" ? typed.trim() : "";
    return value !== "" && value !== (state.shipping?.[name] ?? "").trim();
  });
}

/**
 * POST /checkout (every step's form, by `intent`): billing, shipping, back-to-billing,
 * back-to-shipping, finalize. A good post answers 303 to the address of the step it leads to
 * (PRG), 'Finalizar compra' to the payment page; a refused one the step's form result, with its
 * status.
 */
export async function performCheckoutAction(
  request: Request,
  form: FormData,
  now: number = Date.now(),
): Promise<CheckoutActionOutcome> {
  const state = await readCheckoutState(request, now);
  switch (intentOf(form)) {
    case "billing": {
      const submission = parseWithZod(form, { schema: billingSchema });
      if (submission.status !== "success") return answer(1, submission.reply(), 400);
      const next = { ...changed(state, 2, now), billing: billingValuesOf(form) };
      return saveAndContinue(next, 1, () => submission.reply({ formErrors: [TOO_LARGE_MESSAGE] }));
    }
    case "shipping": {
      const submission = parseWithZod(form, { schema: shippingSchema });
      if (submission.status !== "success") return answer(2, submission.reply(), 400);
      if (submission.value.same_as_invoice && typedOtherAddress(form, state)) {
        const message = CHECKOUT_MESSAGES.sameAsInvoiceWithOther;
        return answer(2, submission.reply({ fieldErrors: { same_as_invoice: [message] } }), 400);
      }
      const next = { ...changed(state, 3, now), shipping: shippingValuesOf(form) };
      return saveAndContinue(next, 2, () => submission.reply({ formErrors: [TOO_LARGE_MESSAGE] }));
    }
    case "back-to-billing": {
      // 'Volver' keeps what step 2 holds, valid or not, for when the shopper comes back.
      const next = { ...changed(state, 1, now), shipping: shippingValuesOf(form) };
      return saveAndContinue(next, 2, () => formError(TOO_LARGE_MESSAGE));
    }
    case "back-to-shipping": {
      const method = paymentMethodSchema.safeParse({ payment_method: form.get("payment_method") });
      const next = {
        ...changed(state, 2, now),
        method: method.success ? method.data.payment_method : state.method,
      };
      return saveAndContinue(next, 3, () => formError(TOO_LARGE_MESSAGE));
    }
    case "finalize":
      return finalize(request, form, state, now);
    case "cancel-order":
      return cancelOrder(request, form, state, now);
    default:
      return answer(reachableStep(state), formError(INVALID_REQUEST), 400);
  }
}
