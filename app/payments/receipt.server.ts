/**
 * The receipt of a payment: on the success page and as a PDF (/checkout/comprobante/{chargeId}.pdf)
 * for the browser that paid it, and through the order lookup for whoever gives the order's id
 * and e-mail.
 */
import { z } from "zod";
import { apiClient, type Charge, type OrderRecord } from "~/merchant-api/client.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { paymentOf, readPaidOrders } from "./paid-orders.server";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import { METHOD_SERVERS } from "./methods/servers.server";
import type { AnyMethodServer } from "./pay-with.server";
import { CHARGE_ID, logError, upstreamStatus } from "./payment-answers.server";
import { receiptPdf } from "./receipt-pdf.server";
import {
  formatPaymentDate,
  type ReceiptBilling,
  type ReceiptDelivery,
  type ReceiptView,
} from "./result-views";
import { paymentResult } from "./gateway-status";

/** "Visa terminada en 1111" or "PSE · Bancolombia": as the charge's method names it. */
export function methodLabel(charge: Charge): string {
  return METHOD_SERVERS[PAYMENT_METHODS.ofCharge(charge).id].receiptLabel(charge);
}

/** A text field of the merchant's copy: trimmed, "" and anything not text read as absent. */
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null));

const checkoutCustomerSchema = z.object({
  name: text,
  last_name: text,
  address: text,
  city: text,
  document: text,
  document_type: text,
  company_name: text,
  company_nit: text,
  contact_position: text,
});
const checkoutShippingSchema = z.object({
  sameAsInvoice: z
    .unknown()
    .optional()
    .transform((value) => value !== false),
  receiverName: text,
  address: text,
  city: text,
  instructions: text,
  preferredTime: text,
});

/** Billing and delivery from the merchant's record of the order (GET /payments/orders/{id}). */
export function partiesOf(prepared: Record<string, unknown>): {
  billing: ReceiptBilling | null;
  delivery: ReceiptDelivery | null;
} {
  const customer = checkoutCustomerSchema.safeParse(prepared.customer);
  const shipping = checkoutShippingSchema.safeParse(prepared.shipping);
  let billing: ReceiptBilling | null = null;
  if (customer.success) {
    const c = customer.data;
    // The payload calls a company "business"; a NIT-typed document or a company name also tells.
    const company =
      prepared.client_type === "business" ||
      prepared.client_type === "company" ||
      (c.company_name !== null && c.document_type !== "CC");
    billing = {
      clientType: company ? "company" : "person",
      name: [c.name, company ? null : c.last_name].filter(Boolean).join(" ") || null,
      document: company ? null : c.document,
      companyName: company ? c.company_name : null,
      companyNit: company ? (c.company_nit ?? c.document) : null,
      contactPosition: company ? c.contact_position : null,
      address: c.address,
      city: c.city,
    };
  }
  const delivery = shipping.success
    ? {
        sameAsBilling: shipping.data.sameAsInvoice,
        receiverName: shipping.data.receiverName,
        address: shipping.data.address,
        city: shipping.data.city,
        instructions: shipping.data.instructions,
        preferredTime: shipping.data.preferredTime,
      }
    : null;
  return { billing, delivery };
}

/**
 * The receipt of a charge: the charge, and the merchant's record of its order (lines with brand
 * and model, totals, billing and delivery), read by order id on any device (0530). Never the
 * cart: what was paid is what the order recorded.
 */
export async function receiptOf(charge: Charge, orderId: string): Promise<ReceiptView> {
  let order: OrderRecord | null = null;
  try {
    order = await apiClient().getOrder(charge.order_id ?? orderId);
  } catch (error) {
    logger.warn({ orderId, err: logError(error) }, "payments: order record unavailable");
  }
  const parties = order
    ? partiesOf({
        client_type: order.clientType,
        customer: order.customer,
        shipping: order.shipping,
      })
    : { billing: null, delivery: null };
  const customer = order?.customer ?? {};
  const name = [customer.name, customer.last_name]
    .filter((part): part is string => typeof part === "string" && part.trim() !== "")
    .join(" ");
  return {
    orderId: charge.order_id ?? orderId,
    chargeId: charge.id,
    amount: charge.amount ?? null,
    date: formatPaymentDate(charge.creation_date),
    authorization: charge.authorization ?? null,
    method: methodLabel(charge),
    statusLabel: paymentResult(charge.status).label,
    customerName:
      name || [charge.customer?.name, charge.customer?.last_name].filter(Boolean).join(" ") || null,
    ...parties,
    lines: (order?.lines ?? []).map((line) => ({
      title: line.title,
      brand: line.brand,
      model: line.model,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      subtotal: line.subtotal,
    })),
    totals: order?.totals ?? null,
    seller: config().seller,
  };
}

/**
 * The PDF of a successful payment, or of what a pending one's method shows its payer (the cash
 * voucher), only for the browser that paid it; null otherwise (404).
 */
export async function loadReceiptPdf(
  request: Request,
  chargeId: string,
): Promise<{ bytes: Uint8Array; orderId: string } | null> {
  if (!CHARGE_ID.test(chargeId)) return null;
  const paid = await readPaidOrders(request);
  if (!paid.some((entry) => entry.chargeId === chargeId)) return null;
  let charge: Charge;
  try {
    charge = await apiClient().getPaymentStatus(chargeId);
  } catch (error) {
    if (upstreamStatus(error) === 404) return null;
    throw error;
  }
  const entry = paymentOf(paid, { id: charge.id, orderId: charge.order_id ?? null });
  if (!entry) return null;
  const state = paymentResult(charge.status).state;
  if (state === "pending") {
    const { pending }: AnyMethodServer = METHOD_SERVERS[PAYMENT_METHODS.ofCharge(charge).id];
    const bytes = pending ? await pending.pdf(charge) : null;
    return bytes ? { bytes, orderId: charge.order_id ?? entry.orderId } : null;
  }
  if (state !== "success") return null;
  const receipt = await receiptOf(charge, entry.orderId);
  return { bytes: await receiptPdf(receipt), orderId: receipt.orderId };
}
