/**
 * What the store says of the order a cart waits on (docs/decisions/0530): on the cart page, in
 * the mini cart and on step 3 of the checkout.
 */
import { formatCOP } from "~/money/format";
import type { FlashNotice } from "~/platform/flash.server";

/** What the cart page, the mini cart and step 3 show of the cart's order. */
export interface CartOrder {
  orderId: string;
  state: "pending" | "paid";
  /** The order's total, from the merchant's record. */
  total: number | null;
  /** The bank's page, while a PSE payment waits there. */
  bankUrl: string | null;
  /** Until when the shopper may pay it (cash at a payment point), in Colombian time. */
  deadline: string | null;
  /** The order's result page: its state, and its receipt once paid. */
  statusUrl: string;
  /** Units of cart lines the order does not hold (product id → units): not paid by it. */
  outside: Record<string, number>;
}

/** The bank's page as a link may carry it: a path of this site or an http(s) address. */
export function bankLink(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith("/")) return url.startsWith("//") || url.includes("\\") ? null : url;
  return /^https?:\/\//i.test(url) && URL.canParse(url) ? url : null;
}

export const CART_ORDER_TEXTS = {
  pending: (order: Pick<CartOrder, "orderId" | "total">) =>
    order.total === null
      ? `Tienes un pago pendiente (pedido ${order.orderId})`
      : `Tienes un pago pendiente por ${formatCOP(order.total)} (pedido ${order.orderId})`,
  pendingLead:
    "No pagues este carrito de nuevo mientras tanto: si el banco aprueba el pago, te enviaremos la confirmación por correo. Si prefieres otro medio de pago, cancela primero este pago.",
  /** A payment the shopper makes later (cash): the deadline instead of the bank's answer. */
  waitingLead: (deadline: string) =>
    `Tienes hasta el ${deadline} (hora de Colombia) para pagarlo con la referencia de su comprobante, en 'Ver estado'. No pagues este carrito con otro medio mientras tanto: si lo prefieres, cancela primero este pago; después ya no se podrá pagar.`,
  toBank: "Continuar en el banco",
  status: "Ver estado",
  cancel: "Cancelar y pagar con otro medio",
  paid: (orderId: string) => `Tu pedido ${orderId} está pagado`,
  paidLead: "Los productos que siguen en tu carrito no formaban parte de ese pedido.",
  receipt: "Ver comprobante",
  outside: (units: number) =>
    units === 1
      ? "1 unidad agregada después de finalizar la compra: no forma parte del pedido pendiente."
      : `${units} unidades agregadas después de finalizar la compra: no forman parte del pedido pendiente.`,
  /** Step 3 when 'Finalizar compra' is posted while the cart's order is pending. */
  finalizeRefused:
    "Este carrito ya tiene un pago pendiente. Complétalo, espera su confirmación o cancélalo para pagar con otro medio.",
  finalizeUnknown:
    "No pudimos confirmar el estado del pago pendiente de este carrito, así que no preparamos otro pedido. Intenta de nuevo en unos minutos.",
} as const;

/** The notice on the first page after the cart's order was found paid. */
export function paidNotice(order: Pick<CartOrder, "orderId" | "statusUrl">): FlashNotice {
  return {
    type: "success",
    message: `Recibimos el pago de tu pedido ${order.orderId}.`,
    link: { href: order.statusUrl, label: CART_ORDER_TEXTS.receipt },
  };
}

export const CANCEL_TEXTS = {
  none: "Tu carrito no tiene pagos pendientes.",
  cancelled: (orderId: string) =>
    `Cancelamos el pago pendiente del pedido ${orderId}: no se realizó ningún cobro. Ya puedes pagar con otro medio.`,
  paid: (orderId: string) =>
    `El pedido ${orderId} ya estaba pagado, así que no lo cancelamos. Su comprobante está en tu carrito.`,
  unavailable:
    "No pudimos cancelar el pago en este momento. Intenta de nuevo en unos minutos y no pagues de nuevo mientras tanto.",
} as const;
