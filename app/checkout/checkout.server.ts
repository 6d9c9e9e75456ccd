/**
 * The checkout wizard's page on the server (docs/decisions/0302, 0460): what
 * `/checkout?paso=N` shows. The checkout cookie keeps what the shopper typed and the ids of the
 * prepared payment; every amount is computed from the cart and current prices. Its forms are
 * checkout-actions.server.ts.
 *
 * The public face for other parts (the payments part): PreparedOrder, readPreparedOrder,
 * clearCheckoutCookie and restartPaymentCookie.
 */
import type { CartOrder } from "~/cart/cart-order";
import { type PricedCart, pricedCart, seeOther } from "./checkout-common.server";
import { getProductsBatch } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { methodsOverCap } from "~/money/amount-caps";
import type { CartTotals } from "~/money/totals";
import {
  BILLING_DEFAULTS,
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
  reachableStep,
  SHIPPING_FORM_DEFAULTS,
  type Step,
  shownStep,
  stepPath,
} from "./checkout-state";
import {
  commitCheckoutState,
  destroyCheckoutState,
  readCheckoutState,
} from "./checkout-session.server";
import { type OrderCustomer, type OrderParties, partiesOf } from "./order-payload.server";
import { CLIENT_TYPE_LABELS, type PaymentMethod } from "./schemas";
import { shippingFromBilling } from "./draft-rules";

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

/**
 * The prepared order of this browser's checkout, or null (not prepared yet / expired / tampered).
 */
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
  /** The cart's order while its payment is pending, or the one just paid (0530). */
  order: CartOrder | null;
  /** Methods step 3 shows but does not offer for this total, each with why (0570). */
  unavailable: Readonly<Partial<Record<string, string>>>;
}

export type CheckoutView =
  /** 'Carrito Vacío', or the order just paid from it (Back after paying). */
  { kind: "empty"; paid: CartOrder | null } | WizardView;

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
  if (cart.lines.length === 0) {
    return {
      view: { kind: "empty", paid: cart.order?.state === "paid" ? cart.order : null },
      headers,
    };
  }

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
    order: cart.order,
    unavailable: methodsOverCap(cart.totals.total, config().paymentCaps),
  };
  return { view, headers };
}
