/**
 * The order a cart waits on (docs/decisions/0530). 'Finalizar compra' records the order in the
 * merchant API and its id in the cart cookie; from then on the merchant's record, not a cookie
 * that expires in two hours, says what happened to it. Read on the cart page, in the mini cart,
 * on step 3 and at 'Finalizar compra':
 *
 * - pending at the gateway (a PSE payment at the bank): shown with the ways out, and no new
 *   order is minted for the cart;
 * - paid (perhaps while the shopper was away): the paid lines leave the cart, whatever was added
 *   after 'Finalizar compra' stays, and the cart remembers the paid order for its receipt;
 * - failed, cancelled or expired: the cart is released, and the next 'Finalizar compra' records
 *   a new order;
 * - recorded and not charged: the next 'Finalizar compra' records the cart again under that id.
 */
import { apiClient, type OrderRecord, PaymentError } from "~/merchant-api/client.server";
import { deadlineText } from "~/money/deadline";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import type { CookieRequest } from "~/platform/cookie-session.server";
import type { FlashNotice } from "~/platform/flash.server";
import { logger } from "~/platform/logger.server";
import { unitsOutsideOrder, withoutPaidLines } from "./cart";
import { bankLink, CANCEL_TEXTS, type CartOrder } from "./cart-order";
import { type CartCookie, commitCartCookie, readCartCookie } from "./cart-session.server";

export type CartOrderStatus =
  /** No order, or one that failed, was cancelled or expired: a new one may be recorded. */
  | { kind: "none" }
  /** Recorded and not charged: 'Finalizar compra' records the cart again under its id. */
  | { kind: "prepared"; orderId: string }
  | { kind: "pending"; order: CartOrder }
  | { kind: "paid"; order: CartOrder }
  /** The merchant API could not be asked: nothing may be minted or released. */
  | { kind: "unknown"; orderId: string };

// The record is read fresh for every request: a bank decides while the shopper is away, and the
// page they come back to must know. Reads of one order at the same time (the root's and the
// page's loaders of one request) share one call in the API client's transport.
const orderRecord = (orderId: string) => apiClient().getOrder(orderId);

function statusUrl(record: OrderRecord): string {
  const key = PAYMENT_METHODS.byId[record.method as keyof typeof PAYMENT_METHODS.byId]?.key;
  const query = new URLSearchParams({ order_id: record.orderId });
  if (record.charge) query.set("id", record.charge.id);
  return `/checkout/success/${key ?? "pse"}?${query}`;
}

function viewOf(record: OrderRecord, state: CartOrder["state"], cookie: CartCookie): CartOrder {
  return {
    orderId: record.orderId,
    state,
    total: record.totals.total,
    bankUrl: state === "pending" ? bankLink(record.charge?.bankUrl) : null,
    deadline: state === "pending" ? deadlineText(record.charge?.dueAt) : null,
    statusUrl: statusUrl(record),
    outside:
      state === "pending" ? Object.fromEntries(unitsOutsideOrder(cookie.cart, record.lines)) : {},
  };
}

/** The cookie once `record` is paid: its lines gone, the order remembered as paid. */
function settled(cookie: CartCookie, record: OrderRecord): CartCookie {
  return {
    ...cookie,
    cart: withoutPaidLines(cookie.cart, record.lines),
    order: null,
    paid: record.orderId,
  };
}

/**
 * The cart's order as the merchant's record says, and the Set-Cookie that follows it (paid lines
 * out, a released order forgotten), or null when the cookie stays.
 */
export async function readCartOrder(
  request: CookieRequest,
  /** Whether the last order paid from the cart is shown (and so read): not on every page. */
  { paid: showPaid = true }: { paid?: boolean } = {},
): Promise<{ status: CartOrderStatus; setCookie: string | null; cookie: CartCookie }> {
  const cookie = await readCartCookie(request);
  if (!cookie.order) {
    if (!cookie.paid || !showPaid) return { status: { kind: "none" }, setCookie: null, cookie };
    const record = await orderRecord(cookie.paid).catch(() => null);
    return {
      status: record ? { kind: "paid", order: viewOf(record, "paid", cookie) } : { kind: "none" },
      setCookie: null,
      cookie,
    };
  }
  let record: OrderRecord | null;
  try {
    record = await orderRecord(cookie.order);
  } catch (error) {
    logger.warn({ orderId: cookie.order, err: error }, "cart: order record unavailable");
    return { status: { kind: "unknown", orderId: cookie.order }, setCookie: null, cookie };
  }
  if (record?.state === "prepared") {
    return { status: { kind: "prepared", orderId: record.orderId }, setCookie: null, cookie };
  }
  if (record?.state === "pending") {
    const order = viewOf(record, "pending", cookie);
    return { status: { kind: "pending", order }, setCookie: null, cookie };
  }
  if (record?.state === "completed") {
    const next = settled(cookie, record);
    logger.info({ orderId: record.orderId }, "cart: paid order settled");
    return {
      status: { kind: "paid", order: viewOf(record, "paid", next) },
      setCookie: await commitCartCookie(next),
      cookie: next,
    };
  }
  // Failed, cancelled, expired, or unknown to the merchant: the cart is free again.
  const released = { ...cookie, order: null };
  return {
    status: { kind: "none" },
    setCookie: await commitCartCookie(released),
    cookie: released,
  };
}

/**
 * The Set-Cookie that settles a paid order in the cart of the browser that paid: its lines leave
 * the cart, the rest stays. Null when the cart does not wait on that order (settled already).
 */
export async function settleCartOrder(
  request: CookieRequest,
  record: OrderRecord,
): Promise<string | null> {
  const cookie = await readCartCookie(request);
  if (cookie.order !== record.orderId || record.state !== "completed") return null;
  return commitCartCookie(settled(cookie, record));
}

/** The Set-Cookie that records `orderId` as the order the cart (of id `cartId`) waits on. */
export async function recordCartOrder(
  cookie: CartCookie,
  cartId: string,
  orderId: string,
): Promise<string> {
  return commitCartCookie({ ...cookie, id: cartId, order: orderId, paid: null });
}

/**
 * A pending order the merchant lists for the cart, when the cookie names none (an older copy of
 * the cart cookie, replayed): its id, null when none; "unknown" when the merchant could not be
 * asked.
 */
export async function pendingOrderOfCart(
  cartId: string,
): Promise<{ orderId: string } | null | "unknown"> {
  try {
    const orders = await apiClient().listCartOrders(cartId);
    const pending = orders.find((order) => order.state === "pending");
    return pending ? { orderId: pending.orderId } : null;
  } catch (error) {
    logger.warn({ err: error }, "cart: the cart's orders unavailable");
    return "unknown";
  }
}

/** What 'Cancelar y pagar con otro medio' did, for the shopper. */
export interface CancelOutcome {
  status: number;
  notice: FlashNotice;
  setCookie: string | null;
}

/**
 * 'Cancelar y pagar con otro medio': the merchant cancels the cart's pending order (and the
 * gateway its charge, so a late approval at the bank is refused); then the cart is free for a
 * new order. An order that was paid meanwhile is settled instead, and said so.
 */
export async function cancelCartOrder(
  request: CookieRequest,
  postedOrderId: unknown,
): Promise<CancelOutcome> {
  const cookie = await readCartCookie(request);
  // A form of another order (an old tab) never cancels the cart's current one.
  if (!cookie.order || postedOrderId !== cookie.order) {
    return { status: 200, notice: { type: "info", message: CANCEL_TEXTS.none }, setCookie: null };
  }
  let record: OrderRecord;
  try {
    record = await apiClient().cancelOrder(cookie.order);
  } catch (error) {
    logger.warn({ orderId: cookie.order, err: error }, "cart: order cancel failed");
    if (!(error instanceof PaymentError && error.status === 404)) {
      return {
        status: 503,
        notice: { type: "error", message: CANCEL_TEXTS.unavailable },
        setCookie: null,
      };
    }
    // The merchant never recorded it: nothing to cancel, the cart is free.
    return {
      status: 200,
      notice: { type: "success", message: CANCEL_TEXTS.cancelled(cookie.order) },
      setCookie: await commitCartCookie({ ...cookie, order: null }),
    };
  }
  if (record.state === "completed") {
    return {
      status: 409,
      notice: { type: "info", message: CANCEL_TEXTS.paid(record.orderId) },
      setCookie: await commitCartCookie(settled(cookie, record)),
    };
  }
  logger.info({ orderId: record.orderId, state: record.state }, "cart: pending order cancelled");
  return {
    status: 200,
    notice: { type: "success", message: CANCEL_TEXTS.cancelled(record.orderId) },
    setCookie: await commitCartCookie({ ...cookie, order: null }),
  };
}
