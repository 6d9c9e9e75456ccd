/**
 * The checkout wizard on the server (spec §2 Checkout, §4, §5, §7, §8): what `/checkout?paso=N`
 * shows and what its forms do. The checkout cookie keeps what the shopper typed and the ids of the
 * prepared payment; every amount is computed here from the cart and current prices.
 *
 * The public face for other parts (the payments part): PreparedOrder, readPreparedOrder,
 * clearCheckoutCookie and restartPaymentCookie.
 */
import { randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { type CartViewLine, loadCartPage } from "~/cart/cart.server";
import { ApiError, apiClient, getProductsBatch, PaymentError } from "~/merchant-api/client.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { PRIVATE_NO_STORE } from "~/platform/http-cache.server";
import { logger } from "~/platform/logger.server";
import { type CartTotals, computeTotals, subtotalOf } from "~/totals";
import {
  BILLING_DEFAULTS,
  billingValuesOf,
  type CartChange,
  cartChanges,
  cartFingerprint,
  changed,
  type CheckoutState,
  cityWithDepartment,
  describeCartChange,
  type FormValues,
  isPrepared,
  parsedBilling,
  parsedShipping,
  reachableStep,
  SHIPPING_FORM_DEFAULTS,
  shippingValuesOf,
  type Step,
  shownStep,
  stepPath,
} from "./checkout-state";
import {
  CheckoutTooLargeError,
  commitCheckoutState,
  destroyCheckoutState,
  readCheckoutState,
} from "./checkout-session.server";
import {
  type OrderCustomer,
  type OrderParties,
  orderParties,
  paymentLines,
  prepareCheckoutPayload,
} from "./order-payload.server";
import { newOrderId } from "./order-id";
import {
  billingSchema,
  CHECKOUT_MESSAGES,
  CLIENT_TYPE_LABELS,
  type PaymentMethod,
  paymentMethodSchema,
  shippingFromBilling,
  shippingSchema,
} from "./schemas";

// ---------------------------------------------------------------------------------------------
// The cart as the checkout shows and charges it

interface PricedCart {
  lines: CartViewLine[];
  totals: CartTotals;
  /** The cart part's notices (products that left the cart, quantities capped to stock). */
  notices: string[];
  /** Set-Cookie of the cart when the cart part rewrote it. */
  headers: Headers;
}

/** The cart re-priced from the API (the cart part's rule); throws when the API fails. */
async function pricedCart(request: Request): Promise<PricedCart> {
  const { page, headers } = await loadCartPage(request);
  // Whole pesos per unit, as paymentLines sends them: the total shown is the total charged.
  return {
    lines: page.lines,
    totals: computeTotals(subtotalOf(page.lines)),
    notices: page.notices,
    headers,
  };
}

// ---------------------------------------------------------------------------------------------
// The public face

/** A checkout whose 'Finalizar compra' succeeded: what the payment forms need. */
export interface PreparedOrder {
  /** CARD-… or PSE-…, minted once per prepared checkout. */
  orderId: string;
  /** From POST /payments/prepare-checkout. */
  sessionId: string;
  /** The checkout's own id, the same for every order it prepares. */
  checkoutId: string;
  method: PaymentMethod;
  clientType: "person" | "company";
  customer: OrderCustomer;
  shipping: {
    receiverName: string;
    address: string;
    city: string;
    instructions: string;
    preferredTime: string;
  };
}

function partiesOf(state: CheckoutState): OrderParties | null {
  const billing = parsedBilling(state);
  const shipping = parsedShipping(state);
  return billing && shipping ? orderParties(billing, shipping) : null;
}

function preparedOrderOf(state: CheckoutState): PreparedOrder | null {
  const order = state.order;
  if (!isPrepared(state) || !order?.session || !state.checkoutId) return null;
  const parties = partiesOf(state);
  if (!parties) return null;
  const { sameAsInvoice: _same, ...shipping } = parties.shipping;
  return {
    orderId: order.id,
    sessionId: order.session,
    checkoutId: state.checkoutId,
    method: order.method,
    clientType: parties.clientType,
    customer: parties.customer,
    shipping,
  };
}

/** The prepared order of this browser's checkout, or null (not prepared yet / expired / tampered). */
export async function readPreparedOrder(request: Request): Promise<PreparedOrder | null> {
  return preparedOrderOf(await readCheckoutState(request));
}

/** Set-Cookie that forgets the checkout (after a settled payment). */
export async function clearCheckoutCookie(_request: Request): Promise<string> {
  return destroyCheckoutState();
}

/**
 * Set-Cookie that keeps the checkout but drops its order id, so the next 'Finalizar compra'
 * mints a new one (retry after a failure). The shopper is back on the payment method step.
 */
export async function restartPaymentCookie(request: Request): Promise<string> {
  const state = await readCheckoutState(request);
  return commitCheckoutState({ ...state, step: 3, order: undefined, at: Date.now() });
}

// ---------------------------------------------------------------------------------------------
// The page

interface SummaryLine {
  productId: string;
  title: string;
  quantity: number;
  lineTotal: number;
  image: string | null;
}

export interface OrderSummaryData {
  lines: SummaryLine[];
  totals: CartTotals;
}

/** One labelled line of the data review ("Correo", "ana@example.co"). */
export type ReviewRow = readonly [label: string, value: string];

interface CartNotice {
  title: string;
  items: string[];
}

export interface WizardView {
  kind: "wizard";
  step: Step;
  /** The furthest step the indicator may link to. */
  reachable: 1 | 2 | 3;
  /** What each step's form shows. */
  values: { billing: FormValues; shipping: FormValues; method: PaymentMethod | null };
  summary: OrderSummaryData;
  /** What changed in the cart since the shopper last saw it. */
  notice: CartNotice | null;
  /** Receiver, address and city copied from billing (step 2), when billing is valid. */
  billingAddress: ReviewRow[] | null;
  /** Billing and shipping as they will be sent (step 3), when both are valid. */
  review: { billing: ReviewRow[]; shipping: ReviewRow[] } | null;
}

export type CheckoutView = { kind: "empty" } | WizardView;

function summaryOf(cart: PricedCart): OrderSummaryData {
  return {
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      lineTotal: Math.round(l.unitPrice) * l.quantity,
      image: l.image,
    })),
    totals: cart.totals,
  };
}

/** Names of products that left the cart, for the notice; best effort. */
async function removedTitles(changes: CartChange[]): Promise<Map<string, string>> {
  const ids = changes.flatMap((c) => (c.kind === "removed" ? [c.productId] : []));
  if (ids.length === 0) return new Map();
  try {
    const products = await getProductsBatch(ids);
    return new Map(products.flatMap((p) => (p.title ? [[p.id, p.title] as const] : [])));
  } catch (error) {
    logger.warn({ err: error }, "checkout: titles of removed products unavailable");
    return new Map();
  }
}

function reviewOf(parties: OrderParties): { billing: ReviewRow[]; shipping: ReviewRow[] } {
  const c = parties.customer;
  const s = parties.shipping;
  const billing: ReviewRow[] =
    parties.clientType === "company"
      ? [
          ["Tipo de cliente", CLIENT_TYPE_LABELS.company],
          ["Empresa", c.company_name],
          ["NIT", c.company_nit],
          ["Contacto", [c.name, c.contact_position].filter(Boolean).join(", ")],
        ]
      : [
          ["Tipo de cliente", CLIENT_TYPE_LABELS.person],
          ["Nombre", `${c.name} ${c.last_name}`],
          ...(c.document ? [["Cédula", c.document] as const] : []),
        ];
  billing.push(
    ["Correo", c.email],
    ["Teléfono", c.phone],
    ["Dirección", `${c.address}, ${c.city}`],
  );
  if (c.additional_info) billing.push(["Información adicional", c.additional_info]);
  const shipping: ReviewRow[] = [
    ["Recibe", s.receiverName],
    ["Dirección", `${s.address}, ${s.city}`],
  ];
  if (s.sameAsInvoice) shipping.unshift(["Envío", "Igual a la facturación"]);
  if (s.instructions) shipping.push(["Indicaciones", s.instructions]);
  if (s.preferredTime) shipping.push(["Horario preferido", s.preferredTime]);
  return { billing, shipping };
}

function billingAddressOf(state: CheckoutState): ReviewRow[] | null {
  const billing = parsedBilling(state);
  if (!billing) return null;
  const copy = shippingFromBilling(billing);
  return [
    ["Recibe", copy.shipping_receiver_name],
    ["Dirección", copy.shipping_address],
    ["Ciudad", cityWithDepartment(billing.city, billing.department)],
  ];
}

const CART_CHANGED = "Tu carrito cambió desde el último paso";
const CART_CHECKED = "Revisamos tu carrito";

/** 303 to `location`, never stored by a cache. */
function seeOther(location: string, headers = new Headers()): Response {
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return redirect(location, { status: 303, headers });
}

/**
 * GET /checkout?paso=N: the step to show with its values, the order summary and what changed in
 * the cart since the shopper last saw it. `headers` carries the checkout and cart cookies when
 * they changed. Throws (the cart part's 503) when the cart cannot be priced; a 303 to the step
 * shown when the URL is not its address (/checkout alone, a step not reachable yet); a 303 to
 * the payment page when 'Finalizar compra' prepared the payment and nothing changed since.
 */
export async function loadCheckout(
  request: Request,
): Promise<{ view: CheckoutView; headers: Headers }> {
  const cart = await pricedCart(request);
  const headers = cart.headers;
  if (cart.lines.length === 0) return { view: { kind: "empty" }, headers };

  const state = await readCheckoutState(request);
  const fingerprint = cartFingerprint(cart.lines);
  const seen = state.seen;
  const cartChanged = seen !== undefined && seen !== fingerprint;
  const requested = new URL(request.url).searchParams.get("paso");
  // A prepared payment was for another amount: the shopper sees step 3 again, not the payment.
  const step = shownStep(
    cartChanged && isPrepared(state) ? changed(state, 3, state.at) : state,
    requested,
  );
  // The URL always names the step shown, so Back returns to it. Nothing is stored yet: the
  // step's own GET says what changed in the cart. Not on the page that answers a refused post
  // (React Router hands its loaders the post's headers): it shows the form posted, wherever
  // it was posted to, with its errors and what was typed.
  const afterPost = request.headers.has("Content-Type");
  if (step !== 4 && requested !== String(step) && !afterPost) throw seeOther(stepPath(step));

  // On the first visit the cart part says what it adjusted; later, what changed since then.
  let notice: CartNotice | null =
    cart.notices.length > 0 ? { title: CART_CHECKED, items: cart.notices } : null;
  let next = state;
  if (seen !== fingerprint) {
    next = { ...next, seen: fingerprint };
    if (cartChanged) {
      const changes = cartChanges(seen, cart.lines);
      const titles = await removedTitles(changes);
      notice = {
        title: CART_CHANGED,
        items: changes.map((change) => describeCartChange(change, titles)),
      };
      // 'Finalizar compra' prepares it again, for the new amount.
      if (isPrepared(state)) next = changed(next, 3, next.at);
    }
  }
  if (next !== state) headers.append("Set-Cookie", await commitCheckoutState(next));

  // A prepared payment is paid on the payments part's page.
  if (step === 4) throw seeOther(stepPath(4), headers);
  const parties = step === 3 ? partiesOf(next) : null;
  const view: WizardView = {
    kind: "wizard",
    step,
    reachable: reachableStep(next),
    values: {
      billing: next.billing ?? BILLING_DEFAULTS,
      shipping: next.shipping ?? SHIPPING_FORM_DEFAULTS,
      method: next.method ?? null,
    },
    summary: summaryOf(cart),
    notice,
    billingAddress: step === 2 ? billingAddressOf(next) : null,
    review: parties ? reviewOf(parties) : null,
  };
  return { view, headers };
}

// ---------------------------------------------------------------------------------------------
// The forms

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

/** The §5 final-submit messages of what is missing or not valid, each with the step to fix it. */
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

/** 'Error de validación' with the API's detail, or 'Error al procesar la orden: {message}'. */
function prepareFailureMessage(error: unknown): string {
  if (error instanceof PaymentError && error.status === 422) {
    return error.detail ? `Error de validación: ${error.detail}` : "Error de validación";
  }
  const message = error instanceof PaymentError || error instanceof ApiError ? error.message : "";
  return `Error al procesar la orden: ${message || "Intente nuevamente"}`;
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

  const parties = partiesOf(chosen) as OrderParties;
  // One order id per cart until the payments part releases it after a failed charge
  // (restartPaymentCookie), whatever method the shopper switches to: the gateway refuses a
  // second charge of one order id, so a pending PSE payment and a card payment can never both
  // take money for this cart (docs/decisions/0430).
  const orderId = chosen.order ? chosen.order.id : newOrderId(method, now);
  const payload = prepareCheckoutPayload({
    parties,
    method,
    orderId,
    lines: paymentLines(cart.lines),
    totals: cart.totals,
    now: new Date(now),
  });
  let sessionId: string;
  try {
    ({ sessionId } = await apiClient().prepareCheckout(payload));
  } catch (error) {
    const status =
      error instanceof PaymentError && error.status === 422 ? 422 : failureStatus(error);
    logger.warn({ err: error, orderId }, "checkout: prepare-checkout failed");
    const result = submission.reply({ formErrors: [prepareFailureMessage(error)] });
    return answer(3, result, status, await withState(chosen, cart.headers));
  }
  const prepared: CheckoutState = {
    ...chosen,
    step: 4,
    order: { id: orderId, method, session: sessionId },
    checkoutId: chosen.checkoutId ?? randomBytes(16).toString("base64url"),
  };
  return seeOther(stepPath(4), await withState(prepared, cart.headers));
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
  const intent = form.get("intent");
  switch (intent) {
    case "billing": {
      const submission = parseWithZod(form, { schema: billingSchema });
      if (submission.status !== "success") return answer(1, submission.reply(), 400);
      const next = { ...changed(state, 2, now), billing: billingValuesOf(form) };
      return saveAndContinue(next, 1, () => submission.reply({ formErrors: [TOO_LARGE_MESSAGE] }));
    }
    case "shipping": {
      const submission = parseWithZod(form, { schema: shippingSchema });
      if (submission.status !== "success") return answer(2, submission.reply(), 400);
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
    default:
      return answer(reachableStep(state), formError(INVALID_REQUEST), 400);
  }
}
