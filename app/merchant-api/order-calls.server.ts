/**
 * The order resource of the merchant API (docs/merchant-api.md): the order 'Finalizar compra'
 * records (lines, totals, parties, method, state), read back by order id on any device, listed by
 * cart, and cancelled while its payment is pending. Never cached here: a caller that can live
 * with a few seconds' delay keeps its own short cache.
 */
import { z } from "zod";
import { PaymentError } from "./payment-calls.server.ts";
import { ApiError, type CallContext } from "./transport.server.ts";

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null));
const count = z.coerce.number().int().nonnegative();
const pesos = z.coerce.number().transform(Math.round);

const lineSchema = z.object({
  product_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  title: text,
  name: text,
  brand: text,
  model: text,
  sku: text,
  quantity: count,
  unit_price: pesos,
  subtotal: pesos.nullish(),
});

const chargeSchema = z
  .object({
    id: z.string().min(1),
    status: z.string().min(1),
    amount: z.coerce.number().nullish(),
    redirect_url: text,
    payment_method: z.object({ url: text, expires_at: text }).nullish(),
  })
  .nullish();

const ORDER_STATES = [
  "prepared",
  "pending",
  "completed",
  "failed",
  "cancelled",
  "expired",
] as const;
type OrderRecordState = (typeof ORDER_STATES)[number];

const orderSchema = z.object({
  order_id: z.string().min(1),
  session_id: text,
  cart_id: text,
  checkout_id: text,
  state: z.enum(ORDER_STATES),
  method: text,
  client_type: text,
  customer: z.record(z.string(), z.unknown()).nullish(),
  shipping: z.record(z.string(), z.unknown()).nullish(),
  lines: z.array(lineSchema),
  totals: z.object({ subtotal: pesos, iva: pesos, shipping: pesos, total: pesos }),
  charge: chargeSchema,
  created_at: text,
  cancelled_at: text,
});

/** A line of a recorded order: what was (or will be) paid for, at the price of that moment. */
interface OrderLine {
  productId: string | null;
  title: string;
  brand: string | null;
  model: string | null;
  quantity: number;
  unitPrice: number;
  subtotal: number;
}

/** The merchant API's record of an order, as the store reads it. */
export interface OrderRecord {
  orderId: string;
  sessionId: string | null;
  cartId: string | null;
  state: OrderRecordState;
  method: string | null;
  clientType: string | null;
  /** The parties as the merchant keeps them (prepare-checkout's `customer` and `shipping`). */
  customer: Record<string, unknown>;
  shipping: Record<string, unknown>;
  lines: OrderLine[];
  totals: { subtotal: number; iva: number; shipping: number; total: number };
  /**
   * The order's charge, when one was made: its id, status, the bank's page while pending, and
   * until when the payer may pay it later (cash), a gateway date.
   */
  charge: { id: string; status: string; bankUrl: string | null; dueAt: string | null } | null;
  createdAt: string | null;
}

function orderFrom(body: unknown): OrderRecord {
  const parsed = orderSchema.safeParse(body);
  if (!parsed.success) throw new ApiError("Respuesta inválida de la plataforma de pagos", 502);
  const o = parsed.data;
  return {
    orderId: o.order_id,
    sessionId: o.session_id,
    cartId: o.cart_id,
    state: o.state,
    method: o.method,
    clientType: o.client_type,
    customer: o.customer ?? {},
    shipping: o.shipping ?? {},
    lines: o.lines.map((line) => ({
      productId: line.product_id,
      title: line.title ?? line.name ?? "Producto",
      brand: line.brand,
      model: line.model,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      subtotal: line.subtotal ?? line.unit_price * line.quantity,
    })),
    totals: o.totals,
    charge: o.charge
      ? {
          id: o.charge.id,
          status: o.charge.status,
          bankUrl: o.charge.payment_method?.url ?? o.charge.redirect_url ?? null,
          dueAt: o.charge.payment_method?.expires_at ?? null,
        }
      : null,
    createdAt: o.created_at,
  };
}

/** The record an upstream refusal carries (409 order_locked, order_completed, order_closed). */
function orderOfRefusal(error: unknown): OrderRecord | null {
  if (!(error instanceof ApiError) || error.kind !== "answered" || error.status !== 409) {
    return null;
  }
  const body = error.body as Record<string, unknown> | null;
  try {
    return body && typeof body === "object" && body.order ? orderFrom(body.order) : null;
  } catch {
    return null;
  }
}

const enc = encodeURIComponent;

export function createOrderCalls({ transport }: CallContext) {
  return {
    /** GET /payments/orders/{orderId}: the order; null when the merchant has none of that id. */
    async getOrder(orderId: string): Promise<OrderRecord | null> {
      try {
        return orderFrom(await transport.getJson(`/payments/orders/${enc(orderId)}`));
      } catch (error) {
        if (error instanceof ApiError && error.kind === "answered" && error.status === 404) {
          return null;
        }
        throw error;
      }
    },

    /** GET /payments/orders?cart_id=…: the cart's orders, newest first. */
    async listCartOrders(cartId: string): Promise<OrderRecord[]> {
      const body = await transport.getJson(`/payments/orders?cart_id=${enc(cartId)}`);
      return Array.isArray(body) ? body.map(orderFrom) : [];
    },

    /**
     * POST /payments/orders/{orderId}/cancel: the order cancelled, its pending charge with it.
     * A completed (or failed) order is refused with 409 and its record: returned as it is.
     */
    async cancelOrder(orderId: string): Promise<OrderRecord> {
      try {
        return orderFrom(await transport.postJson(`/payments/orders/${enc(orderId)}/cancel`));
      } catch (error) {
        const order = orderOfRefusal(error);
        if (order) return order;
        if (error instanceof ApiError && error.kind === "answered" && error.status === 404) {
          throw new PaymentError("Pedido no encontrado", { code: null, status: 404 });
        }
        throw error;
      }
    },
  };
}
