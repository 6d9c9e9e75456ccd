/** The order resource: read by order id, list by cart or checkout, cancel (docs/merchant-api.md). */
import type { Hono } from "hono";
import type { RouteContext } from "./context.ts";
import type { Order } from "./orders.ts";
import { HttpError } from "./requests.ts";

const ID_MAX = 64;

const notFound = (orderId: string) =>
  new HttpError(404, {
    error: "order_not_found",
    message: `No existe un pedido con el número ${orderId}.`,
  });

/** A cart or checkout id from the query: trimmed, at most 64 characters; undefined when absent or empty. */
function idParam(value: string | undefined, name: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length > ID_MAX) {
    throw new HttpError(400, {
      error: "invalid_query",
      message: `El parámetro ${name} debe tener como máximo ${ID_MAX} caracteres.`,
    });
  }
  return v;
}

export function orderRoutes(app: Hono, ctx: RouteContext): void {
  const { orders, orderJson, stamp } = ctx;

  app.get("/payments/orders", (c) => {
    const cartId = idParam(c.req.query("cart_id"), "cart_id");
    const checkoutId = idParam(c.req.query("checkout_id"), "checkout_id");
    if (cartId === undefined && checkoutId === undefined) {
      throw new HttpError(400, {
        error: "invalid_query",
        message: "Indica cart_id o checkout_id para listar pedidos.",
      });
    }
    return c.json(orders.list({ cartId, checkoutId }).map((o) => orderJson(c, o)));
  });

  // The order id is matched exactly: the store normalises what a shopper types.
  app.get("/payments/orders/:orderId", (c) => {
    const orderId = c.req.param("orderId");
    const order = orders.get(orderId);
    if (!order) throw notFound(orderId);
    return c.json(orderJson(c, order));
  });

  app.post("/payments/orders/:orderId/cancel", (c) => {
    const orderId = c.req.param("orderId");
    const result = orders.cancel(orderId, stamp());
    if (result.kind === "not_found") throw notFound(orderId);
    const refuse = (error: string, message: string, order: Order) =>
      new HttpError(409, { error, message, order: orderJson(c, order) });
    if (result.kind === "completed") {
      throw refuse(
        "order_completed",
        `El pedido ${orderId} ya está pagado: no se puede cancelar.`,
        result.order,
      );
    }
    if (result.kind === "closed") {
      throw refuse(
        "order_closed",
        `El pago del pedido ${orderId} ya fue rechazado o venció: no hay nada que cancelar.`,
        result.order,
      );
    }
    return c.json(orderJson(c, result.order));
  });
}
