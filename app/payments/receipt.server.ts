/**
 * The receipt of a payment, for the browser that paid it: on the success page and as a PDF
 * (/checkout/comprobante/{chargeId}.pdf).
 */
import { z } from "zod";
import { apiClient, type Charge } from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import { type PaidOrder, paymentOf, readPaidOrders } from "./paid-orders.server";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import { METHOD_ACTIONS } from "./methods.server";
import { CHARGE_ID, logError, upstreamStatus } from "./payment-answers.server";
import { receiptPdf } from "./receipt-pdf.server";
import {
  formatPaymentDate,
  type ReceiptBilling,
  type ReceiptDelivery,
  type ReceiptLine,
  type ReceiptView,
} from "./result";
import { paymentResult } from "./status";

/** "Visa terminada en 1111" or "PSE · Bancolombia": as the charge's method names it. */
export function methodLabel(charge: Charge): string {
  return METHOD_ACTIONS[PAYMENT_METHODS.ofCharge(charge).id].receiptLabel(charge);
}

const checkoutLineSchema = z.object({
  title: z.string().nullish(),
  name: z.string().nullish(),
  quantity: z.coerce.number(),
  unit_price: z.coerce.number(),
  subtotal: z.coerce.number().nullish(),
});
const checkoutTotalsSchema = z.object({
  subtotal: z.coerce.number(),
  iva: z.coerce.number(),
  shipping: z.coerce.number(),
  total: z.coerce.number(),
});

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

/** Billing and delivery from the merchant's copy of the order (GET /payments/checkout-data). */
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
 * The receipt of a charge: the charge plus, when the checkout session is known (the browser
 * that paid keeps it in its `pagos` cookie), the merchant's copy of the order.
 */
export async function receiptOf(
  charge: Charge,
  entry: Pick<PaidOrder, "orderId" | "sessionId">,
): Promise<ReceiptView> {
  let lines: ReceiptLine[] = [];
  let totals: ReceiptView["totals"] = null;
  let customerName: string | null = null;
  let parties: ReturnType<typeof partiesOf> = { billing: null, delivery: null };
  if (entry.sessionId) {
    try {
      const prepared = await apiClient().getCheckoutData(entry.sessionId);
      const source = Array.isArray(prepared.products) ? prepared.products : prepared.cart_items;
      const parsedLines = z.array(checkoutLineSchema).safeParse(source);
      if (parsedLines.success) {
        lines = parsedLines.data.map((line) => ({
          title: line.title || line.name || "Producto",
          quantity: line.quantity,
          unitPrice: line.unit_price,
          subtotal: line.subtotal ?? line.quantity * line.unit_price,
        }));
      }
      const parsedTotals = checkoutTotalsSchema.safeParse(prepared.totals);
      if (parsedTotals.success) totals = parsedTotals.data;
      const customer = prepared.customer as Record<string, unknown> | undefined;
      const name = [customer?.name, customer?.last_name]
        .filter((part): part is string => typeof part === "string" && part.trim() !== "")
        .join(" ");
      customerName = name || null;
      parties = partiesOf(prepared);
    } catch (error) {
      logger.warn({ orderId: entry.orderId, err: logError(error) }, "payments: receipt lines");
    }
  }
  customerName ??=
    [charge.customer?.name, charge.customer?.last_name].filter(Boolean).join(" ") || null;
  return {
    orderId: charge.order_id ?? entry.orderId,
    chargeId: charge.id,
    amount: charge.amount ?? null,
    date: formatPaymentDate(charge.creation_date),
    authorization: charge.authorization ?? null,
    method: methodLabel(charge),
    statusLabel: paymentResult(charge.status).label,
    customerName,
    ...parties,
    lines,
    totals,
  };
}

/** The PDF of a successful payment, only for the browser that paid it; null otherwise (404). */
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
  if (!entry || paymentResult(charge.status).state !== "success") return null;
  const receipt = await receiptOf(charge, entry);
  return { bytes: await receiptPdf(receipt), orderId: receipt.orderId };
}
