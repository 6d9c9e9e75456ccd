/**
 * The order record: the checkout session prepared with an order id, found by that id, with the
 * charge that carries the same id. The store prepares (and prepares again until it pays) and
 * cancels; the gateway and the bank complete or fail the charge. Its state is derived here
 * only (orderState), from the store's cancel and the charge's status.
 */
import type { StatementSync } from "node:sqlite";
import type { ChargeStatus } from "./gateway.ts";
import type { ChargeRecord, SessionRecord } from "./records.ts";
import type { PaymentsStore } from "./store.ts";

export type OrderState = "prepared" | "pending" | "completed" | "failed" | "cancelled" | "expired";

/**
 * The order state a charge status gives. A refunded charge gave the money back: the sale is
 * undone, as if cancelled. A cash reference whose deadline passed unpaid is expired (a pending
 * PSE never lapses here: it waits for the bank's page).
 */
const STATE_OF_CHARGE: Readonly<Record<ChargeStatus, OrderState>> = {
  completed: "completed",
  in_progress: "pending",
  charge_pending: "pending",
  failed: "failed",
  cancelled: "cancelled",
  refunded: "cancelled",
  expired: "expired",
};

/** What the store may still cancel: a charge the bank or the card network has not decided. */
const PENDING_STATUSES: readonly ChargeStatus[] = ["in_progress", "charge_pending"];

export interface Order {
  orderId: string;
  /** The content: the session the charge names, else the last one prepared with the order id. */
  session: SessionRecord;
  charge: ChargeRecord | null;
  createdAt: string;
  cancelledAt: string | null;
}

function orderState(order: Pick<Order, "charge" | "cancelledAt">): OrderState {
  const { charge, cancelledAt } = order;
  if (cancelledAt !== null && charge?.status !== "completed") return "cancelled";
  return charge ? STATE_OF_CHARGE[charge.status] : "prepared";
}

export type PrepareResult =
  | { kind: "prepared"; session: SessionRecord; order: Order | null }
  | { kind: "locked"; order: Order | null };

export type CancelResult =
  | { kind: "cancelled"; order: Order }
  | { kind: "not_found" }
  | { kind: "completed" | "closed"; order: Order };

type NewSession = Parameters<PaymentsStore["createSession"]>[0];

/** Orders listed per cart or checkout: the most a call answers. */
const ORDER_LIST_LIMIT = 20;

export class OrderBook {
  readonly #store: PaymentsStore;
  readonly #statements = new Map<string, StatementSync>();

  constructor(store: PaymentsStore) {
    this.#store = store;
  }

  #stmt(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.#store.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  get(orderId: string): Order | undefined {
    const charge = this.#store.chargesByOrder(orderId)[0] ?? null;
    const session = this.#store.sessionForOrder(orderId, charge?.sessionId ?? null);
    if (!session) return undefined;
    const meta = this.#stmt(
      `SELECT MIN(created_at) AS created_at, MAX(cancelled_at) AS cancelled_at
       FROM checkout_sessions WHERE order_id = ? OR id = ?`,
    ).get(orderId, session.id);
    return {
      orderId,
      session,
      charge,
      createdAt: typeof meta?.created_at === "string" ? meta.created_at : session.createdAt,
      cancelledAt: typeof meta?.cancelled_at === "string" ? meta.cancelled_at : null,
    };
  }

  /** Newest first (by the order's last preparation): the orders whose content names that cart or checkout. */
  list(filter: { cartId?: string; checkoutId?: string }): Order[] {
    // Only fixed column names go into the SQL; the values are bound. Each filter uses its index.
    const where: string[] = [];
    const args: string[] = [];
    if (filter.cartId !== undefined) {
      where.push("cart_id = ?");
      args.push(filter.cartId);
    }
    if (filter.checkoutId !== undefined) {
      where.push("checkout_id = ?");
      args.push(filter.checkoutId);
    }
    if (where.length === 0) return [];
    const rows = this.#stmt(
      `SELECT order_id, MAX(rowid) AS last FROM checkout_sessions
       WHERE order_id IS NOT NULL AND ${where.join(" AND ")}
       GROUP BY order_id ORDER BY last DESC LIMIT ${ORDER_LIST_LIMIT}`,
    ).all(...args);
    return rows
      .map((r) => this.get(String(r.order_id)))
      .filter(
        (o): o is Order =>
          o !== undefined &&
          (filter.cartId === undefined || o.session.cartId === filter.cartId) &&
          (filter.checkoutId === undefined || o.session.checkoutId === filter.checkoutId),
      );
  }

  /**
   * Records a checkout session. With an order id, it becomes the order's content, unless the
   * order is locked: it has a charge (whatever its status) or the store cancelled it.
   */
  prepare(input: NewSession): PrepareResult {
    return this.#store.transaction((): PrepareResult => {
      const orderId = input.orderId;
      if (orderId !== null) {
        const existing = this.get(orderId);
        const charged = this.#store.chargesByOrder(orderId).length > 0;
        if (charged || (existing && existing.cancelledAt !== null))
          return { kind: "locked", order: existing ?? null };
      }
      const session = this.#store.createSession(input);
      return { kind: "prepared", session, order: orderId === null ? null : this.get(orderId)! };
    });
  }

  /**
   * The store gives up an order: one not paid is marked cancelled, and a charge still pending
   * is cancelled at the gateway in the same transaction, so the bank can no longer approve it.
   * Cancelling again answers the order as it is; a completed, failed or lapsed one is refused.
   */
  cancel(orderId: string, at: string): CancelResult {
    return this.#store.transaction((): CancelResult => {
      const order = this.get(orderId);
      if (!order) return { kind: "not_found" };
      const state = orderState(order);
      if (state === "completed") return { kind: "completed", order };
      if (state === "failed" || state === "expired") return { kind: "closed", order };
      if (state === "cancelled" && order.cancelledAt !== null) return { kind: "cancelled", order };
      const charge = order.charge;
      if (charge && PENDING_STATUSES.includes(charge.status)) {
        this.#stmt(
          `UPDATE charges SET status = 'cancelled', operation_date = ?
           WHERE id = ? AND status IN ('in_progress', 'charge_pending')`,
        ).run(at, charge.id);
      }
      this.#stmt(
        `UPDATE checkout_sessions SET cancelled_at = ?
         WHERE (order_id = ? OR id = ?) AND cancelled_at IS NULL`,
      ).run(at, orderId, order.session.id);
      return { kind: "cancelled", order: this.get(orderId)! };
    });
  }
}

const latest = (...dates: Array<string | null | undefined>) =>
  dates.filter((d): d is string => typeof d === "string").reduce((a, b) => (b > a ? b : a));

/** The order as the API shows it (docs/merchant-api.md); `charge` as GET /payments/status shows it. */
export function orderView<C>(order: Order, chargeView: (charge: ChargeRecord) => C) {
  const { session, charge } = order;
  const d = session.data;
  const c = d.customer;
  const s = d.shipping;
  const lines = d.products.length > 0 ? d.products : d.cart_items;
  return {
    order_id: order.orderId,
    session_id: session.id,
    cart_id: session.cartId,
    checkout_id: session.checkoutId,
    state: orderState(order),
    method: d.order.payment_method ?? null,
    client_type: d.client_type,
    customer: {
      name: c.name,
      last_name: c.last_name ?? null,
      email: c.email,
      phone: c.phone,
      address: c.address ?? null,
      city: c.city ?? null,
      document: c.document ?? null,
      document_type: c.document_type ?? null,
      additional_info: c.additional_info ?? null,
      company_name: c.company_name ?? null,
      company_nit: c.company_nit ?? null,
      contact_position: c.contact_position ?? null,
    },
    shipping: {
      sameAsInvoice: s.sameAsInvoice,
      receiverName: s.receiverName ?? null,
      address: s.address ?? null,
      city: s.city ?? null,
      instructions: s.instructions ?? null,
      preferredTime: s.preferredTime ?? null,
    },
    lines: lines.map((l) => ({
      product_id: l.product_id,
      title: l.title ?? l.name ?? "",
      brand: l.brand ?? null,
      model: l.model ?? null,
      sku: l.sku ?? null,
      quantity: l.quantity,
      unit_price: l.unit_price,
      subtotal: l.subtotal,
    })),
    totals: session.breakdown,
    charge: charge ? chargeView(charge) : null,
    created_at: order.createdAt,
    updated_at: latest(
      session.createdAt,
      session.linkedAt,
      charge?.creationDate,
      charge?.operationDate,
      order.cancelledAt,
    ),
    cancelled_at: order.cancelledAt,
  };
}
