/**
 * The result pages (/checkout/success/card, /checkout/success/pse, /checkout/failure,
 * /checkout/pending): they only read the gateway's state, so a reload, a second tab or the
 * bank's late return finds the same answer; settling a payment (emptying the cart and the
 * checkout, confirming the success page) happens once, for the browser that paid.
 */
import { settleCartOrder } from "~/cart/cart-order.server";
import { type CartCookie, readCartCookie } from "~/cart/cart-session.server";
import { clearCheckoutCookie, restartPaymentCookie } from "~/checkout/checkout.server";
import { apiClient, type Charge } from "~/merchant-api/client.server";
import { deadlineText } from "~/money/deadline";
import { logger } from "~/platform/logger.server";
import { readPaymentOrder } from "./prepared-order.server";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import { GATEWAY_ORDER_ID } from "./order-lookup-form";
import { orderCharge, orderState } from "./order-charge-state.server";
import {
  commitPaidOrders,
  markPayment,
  type PaidOrder,
  paymentOf,
  readPaidOrders,
} from "./paid-orders.server";
import {
  answerWithCharge,
  bankUrlOf,
  bestEffort,
  CHARGE_ID,
  logError,
  resultLocation,
  upstreamStatus,
} from "./payment-answers.server";
import { METHOD_SERVERS } from "./methods/servers.server";
import type { AnyMethodServer } from "./pay-with.server";
import { receiptOf } from "./receipt.server";
import {
  nextRefresh,
  type PageRefresh,
  type ResultKind,
  type ResultView,
  type WaitingView,
} from "./result-views";
import { paymentResult } from "./gateway-status";

/**
 * When `charge` failed for the checkout's prepared order, a Set-Cookie in `headers` that drops
 * that order id: the gateway refuses a second charge of one order, so 'Intentar nuevamente'
 * leads to the payment method step and 'Finalizar compra' prepares a new order.
 */
async function restartAfterFailure(request: Request, charge: Charge, headers: Headers) {
  if (paymentResult(charge.status).state !== "failed" || !charge.order_id) return;
  const prepared = await readPaymentOrder(request);
  if (prepared?.orderId === charge.order_id) {
    headers.append("Set-Cookie", await restartPaymentCookie(request));
  }
}

/**
 * This browser's payment of `charge`: the entry its `pagos` cookie keeps (two hours), or, for the
 * order its cart waits on or was last paid from (as long as the cart lives), a new entry.
 */
function ownPayment(paid: PaidOrder[], charge: Charge, cart: CartCookie): PaidOrder | undefined {
  const kept = paymentOf(paid, { id: charge.id, orderId: charge.order_id ?? null });
  if (kept || !charge.order_id) return kept;
  if (cart.order !== charge.order_id && cart.paid !== charge.order_id) return undefined;
  return {
    orderId: charge.order_id,
    chargeId: charge.id,
    sessionId: "",
    method: PAYMENT_METHODS.ofCharge(charge).id,
    sentAt: null,
    settled: cart.paid === charge.order_id,
    // The success page of an order settled elsewhere was confirmed there (or the gateway sent
    // the e-mails when the charge completed: 0411).
    confirmed: cart.paid === charge.order_id,
  };
}

/**
 * A pending charge its payer pays elsewhere until a deadline (cash, 0570): the deadline, and for
 * the browser that paid, what its method shows (the voucher). Null for any other charge.
 */
async function waitingOf(charge: Charge, owner: boolean): Promise<WaitingView | null> {
  const deadline = deadlineText(charge.payment_method?.expires_at);
  if (!deadline || paymentResult(charge.status).state !== "pending") return null;
  const method = PAYMENT_METHODS.ofCharge(charge).id;
  const { pending }: AnyMethodServer = METHOD_SERVERS[method];
  const data = owner && pending ? await pending.view(charge) : null;
  return { method, deadline, details: data };
}

/**
 * The page; or, right after settling, the same URL again: the header's cart was read from the
 * request before the cart was emptied, and a new request shows it empty.
 */
export type ResultAnswer =
  | { kind: "page"; view: ResultView; status: number; headers: Headers }
  | { kind: "reload"; location: string; headers: Headers };

/**
 * The page's own URL: a client-side navigation asks for `/path.data?…&_routes=…`, and the
 * loader sees that request as it came.
 */
function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

function chargeIdFrom(url: URL): string | null {
  for (const name of ["id", "charge_id", "payment_id", "transaction_id"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/**
 * A result page, from the payment status call (never from the query string alone). For the
 * browser that paid: the details, and on the first successful view the cart and checkout are
 * emptied and the success page is confirmed. Anyone else sees the status alone.
 */
export async function loadPaymentResult(request: Request, kind: ResultKind): Promise<ResultAnswer> {
  const url = pageUrl(request);
  const headers = new Headers();
  const paid = await readPaidOrders(request);
  const cartCookie = await readCartCookie(request);
  let id = chargeIdFrom(url);
  const orderParam = url.searchParams.get("order_id");
  if (!id && orderParam) id = paid.find((entry) => entry.orderId === orderParam)?.chargeId ?? null;
  const missing: ResultAnswer = { kind: "page", view: { state: "missing" }, status: 404, headers };
  if (!id || !CHARGE_ID.test(id)) return missing;

  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(id);
  } catch (error) {
    const status = upstreamStatus(error);
    if (status === 404) return missing;
    logger.warn({ chargeId: id, err: logError(error) }, "payments: status unavailable");
    return { kind: "page", view: { state: "error" }, status, headers };
  }

  const result = paymentResult(charge.status);
  await restartAfterFailure(request, charge, headers);
  const entry = ownPayment(paid, charge, cartCookie);
  let list = entry && !paid.includes(entry) ? [...paid, entry] : paid;
  let emptied = false;
  if (entry) {
    list = markPayment(list, entry.orderId, { chargeId: charge.id });
    if (result.state === "success" && !entry.settled) {
      // The order's own lines leave the cart (what was added after 'Finalizar compra' stays),
      // and the checkout of this order is done; a newer checkout keeps its own (0530).
      const order = await apiClient()
        .getOrder(entry.orderId)
        .catch(() => null);
      const cartCookieSet = order ? await settleCartOrder(request, order) : null;
      if (cartCookieSet) headers.append("Set-Cookie", cartCookieSet);
      const current = await readPaymentOrder(request);
      if (current?.orderId === entry.orderId) {
        headers.append("Set-Cookie", await clearCheckoutCookie(request));
      }
      emptied = cartCookieSet !== null || current?.orderId === entry.orderId;
      // Settled once the order's record says it is paid: a charge still awaiting confirmation
      // keeps its lines in the cart, under the pending notice.
      if (order?.state === "completed") list = markPayment(list, entry.orderId, { settled: true });
      logger.info({ orderId: entry.orderId, chargeId: charge.id }, "payment settled");
    }
    if (result.state === "success" && !entry.confirmed) {
      // Failures are ignored: the gateway sends the e-mails once in any case (docs/decisions/0411).
      await bestEffort("confirm", { chargeId: charge.id }, () =>
        apiClient().confirmSuccessPage(charge.id),
      );
      // A charge still pending confirmation is confirmed again once it completes.
      if (result.label === "Completado") {
        list = markPayment(list, entry.orderId, { confirmed: true });
      }
    }
    if (JSON.stringify(list) !== JSON.stringify(paid)) {
      headers.append("Set-Cookie", await commitPaidOrders(list));
    }
  }
  if (emptied) return { kind: "reload", location: `${url.pathname}${url.search}`, headers };

  const owner = entry !== undefined;
  const waiting = await waitingOf(charge, owner);
  const view: ResultView = {
    state: result.state,
    kind,
    chargeId: charge.id,
    statusLabel: result.label,
    status: result.status,
    receipt: owner && result.state === "success" ? await receiptOf(charge, entry.orderId) : null,
    orderId: owner ? (charge.order_id ?? entry.orderId) : null,
    // Someone else's decline code is theirs: only the browser that paid sees it.
    error:
      owner && result.state === "failed" && (charge.error_code || charge.error_message)
        ? {
            code: charge.error_code ? String(charge.error_code) : null,
            description: charge.error_message ?? null,
          }
        : null,
    bankUrl:
      owner && result.state === "pending" && PAYMENT_METHODS.ofCharge(charge).toBank
        ? bankUrlOf(charge)
        : null,
    // A charge awaiting confirmation is asked again too, as any pending payment; one that
    // waits days for its payer is asked again when the shopper comes back.
    refresh: result.label === "Pendiente" && !waiting ? nextRefresh(url) : null,
    waiting,
  };
  return { kind: "page", view, status: 200, headers };
}

export interface FailureView {
  /** The failure of this browser's payment: its cart and checkout are still here. */
  own: boolean;
  /** The gateway's code and description, for the browser that paid only. */
  code: string | null;
  description: string | null;
}

/**
 * The failure page's code and description, from the gateway's record of the charge (a link
 * cannot make the store say what it likes), shown only to the browser whose payment it was: ids
 * in a link say nothing of someone else's decline. A charge that did not fail goes to its result.
 */
export async function loadPaymentFailure(
  request: Request,
): Promise<
  { kind: "redirect"; location: string } | { kind: "page"; view: FailureView; headers: Headers }
> {
  const url = new URL(request.url);
  const paid = await readPaidOrders(request);
  let id = chargeIdFrom(url);
  const orderParam = url.searchParams.get("order_id");
  const ownOrder = orderParam !== null && paid.some((entry) => entry.orderId === orderParam);
  if (!id && orderParam && GATEWAY_ORDER_ID.test(orderParam) && ownOrder) {
    const charge = await orderCharge(orderParam);
    if (charge !== null && charge !== "unknown") id = charge.id;
  }
  const none = {
    kind: "page" as const,
    view: { own: ownOrder, code: null, description: null },
    headers: new Headers(),
  };
  if (!id || !CHARGE_ID.test(id)) return none;
  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(id);
  } catch (error) {
    logger.warn({ chargeId: id, err: logError(error) }, "payments: failure page status");
    return none;
  }
  // A lapsed payment's own words are on its result page (resultLocation).
  if (paymentResult(charge.status).state !== "failed" || charge.status === "expired") {
    return { kind: "redirect", location: resultLocation(charge, false).location };
  }
  const headers = new Headers();
  await restartAfterFailure(request, charge, headers);
  const own =
    paymentOf(paid, { id: charge.id, orderId: charge.order_id ?? null }) !== undefined ||
    (ownOrder && charge.order_id === orderParam);
  return {
    kind: "page",
    view: {
      own,
      code: own && charge.error_code ? String(charge.error_code) : null,
      description: own ? (charge.error_message ?? null) : null,
    },
    headers,
  };
}

export type PendingView =
  /** Someone else's order, or none: the page says only how pending payments go. */
  | { state: "anonymous" }
  /** This browser's order while the gateway cannot say yet: the page looks again by itself. */
  | { state: "checking"; orderId: string; refresh: PageRefresh | null }
  /** The gateway confirms it has no charge for this browser's order: pay again in one click. */
  | { state: "not-charged"; orderId: string };

/**
 * 'Pago en proceso'. For the browser whose payment answer never came, the order's state is
 * asked again on each (self-refreshing) view: its result as soon as the gateway knows it, and
 * plainly 'nothing was charged' once the gateway still lists no charge after the grace period.
 */
export async function loadPendingPage(
  request: Request,
): Promise<
  { kind: "redirect"; location: string; headers: Headers } | { kind: "page"; view: PendingView }
> {
  const url = pageUrl(request);
  const orderId = url.searchParams.get("order_id");
  const paid = await readPaidOrders(request);
  const entry = orderId ? paid.find((e) => e.orderId === orderId) : undefined;
  if (!entry) return { kind: "page", view: { state: "anonymous" } };
  const state = await orderState(entry.orderId, entry);
  if (state.kind === "charged") {
    const answer = await answerWithCharge(paid, entry, state.charge, false);
    return { kind: "redirect", location: answer.location, headers: answer.headers };
  }
  if (state.kind === "none") {
    return { kind: "page", view: { state: "not-charged", orderId: entry.orderId } };
  }
  return {
    kind: "page",
    view: { state: "checking", orderId: entry.orderId, refresh: nextRefresh(url) },
  };
}
