/**
 * Paying by PSE (POST /checkout/pago, intent=pay-pse): the PSE charge with the store's return
 * address, then 303 to the bank's page. Also what the PSE form needs (the banks, the billing
 * data) and how a PSE charge is named: the PSE method's server half (methods.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { apiClient, type Charge, neverSent, type PaymentLine } from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import { countPayment } from "~/platform/metrics.server";
import { amountToCharge } from "./charge-amount.server";
import type { PaymentOrder } from "./order";
import { commitPaidOrders, rememberPayment } from "./paid-orders.server";
import {
  bankUrlOf,
  logError,
  type PaymentAnswer,
  redirectTo,
  reply,
} from "./payment-answers.server";
import {
  answerCharged,
  beforePaying,
  blank,
  customerFields,
  link,
  noteSent,
  outcomeUnknown,
  refusedRequest,
  sendCharge,
} from "./paying.server";
import { FALLBACK_PSE_BANKS, PSE_MESSAGES, type PseBank, pseBanksFrom, pseFormSchema } from "./pse";
import { bankLabel, PAYMENT_MESSAGES } from "./result";
import { paymentResult } from "./status";

/** What the PSE form shows: the banks, and the billing data as PSE wants it. */
export interface PsePageData {
  banks: ReadonlyArray<PseBank>;
  defaults: { document_type: string; document: string; full_name: string; person_type: string };
}

/** The banks the gateway offers, or the fallback list when it offers none or fails. */
async function pseBanks(): Promise<ReadonlyArray<PseBank>> {
  try {
    return pseBanksFrom(await apiClient().getPseBanks());
  } catch (error) {
    logger.warn({ err: logError(error) }, "payments: pse-banks unavailable, fallback list");
    return FALLBACK_PSE_BANKS;
  }
}

function pseDefaults(order: PaymentOrder): PsePageData["defaults"] {
  const { customer } = order;
  if (customer.company_name) {
    // The account is the company's: its name, and its NIT as PSE asks for it, without the
    // check digit, which the checkout keeps after a dash (890903938-8 -> 890903938).
    return {
      document_type: "NIT",
      document: customer.company_nit.split("-")[0].replace(/\D/g, ""),
      full_name: customer.company_name.toLocaleUpperCase("es-CO"),
      person_type: "juridica",
    };
  }
  const documentType = ["CC", "CE", "NIT", "PP"].includes(customer.document_type)
    ? customer.document_type
    : "CC";
  return {
    document_type: documentType,
    document: (customer.document || "").replace(/\D/g, ""),
    full_name: [customer.name, customer.last_name].filter(Boolean).join(" ").toUpperCase(),
    person_type: "natural",
  };
}

/** The PSE method's server half, registered in methods.server.ts. */
export const PSE_ACTIONS = {
  pageData: async (order: PaymentOrder): Promise<PsePageData> => ({
    banks: await pseBanks(),
    defaults: pseDefaults(order),
  }),
  pay: payByPse,
  /** "PSE · Bancolombia". */
  receiptLabel: (charge: Charge) => bankLabel(charge.payment_method?.bank_name),
};

export async function payByPse(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  const submission = parseWithZod(form, { schema: pseFormSchema });
  const fail = (message: string) => submission.reply({ formErrors: [message] });
  if (order.method !== "pse") return redirectTo("/checkout/pago");

  const known = await beforePaying(request, form, order, true);
  if (known) return known;
  if (submission.status !== "success") return reply("pse", 422, submission.reply());
  const values = submission.value;
  // Only a bank of the list the page offers: anything else is the shopper's form to fix.
  if (!(await pseBanks()).some((bank) => bank.code === values.bank)) {
    return reply("pse", 422, submission.reply({ fieldErrors: { bank: [PSE_MESSAGES.bank] } }));
  }
  const ready = await amountToCharge(request, form, order, "pse", fail, true);
  if ("answer" in ready) return ready.answer;
  const { amount } = ready;

  const { customer, shipping } = order;
  const lines: PaymentLine[] = amount.lines.map((line) => ({
    title: line.title,
    name: line.title,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    product_id: line.productId,
    subtotal: line.lineTotal,
  }));
  const sent = await noteSent(request, order);
  let charge: Charge;
  try {
    charge = await sendCharge(order.orderId, () =>
      apiClient().createPseCharge({
        amount: amount.totals.total,
        order_id: order.orderId,
        ...customerFields(order),
        description: `Pedido ${order.orderId}`,
        redirect_url: `${new URL(request.url).origin}/checkout/success/pse`,
        sessionId: order.sessionId,
        bank_code: values.bank,
        customer_address: blank(customer.address),
        customer_city: blank(customer.city),
        customer_document: values.document,
        customer_document_type: values.document_type,
        holder_name: values.full_name,
        person_type: values.person_type,
        company_name: blank(customer.company_name),
        company_nit: blank(customer.company_nit),
        contact_position: blank(customer.contact_position),
        shipping_receiver_name: blank(shipping.receiverName),
        shipping_address: blank(shipping.address),
        shipping_city: blank(shipping.city),
        shipping_instructions: blank(shipping.instructions),
        shipping_preferred_time: blank(shipping.preferredTime),
        cart_items: lines,
      }),
    );
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: pse charge failed");
    if (neverSent(error) || refusedRequest(error)) countPayment("pse", "failed");
    if (neverSent(error))
      return reply("pse", 503, fail(PAYMENT_MESSAGES.connectNotCharged), amount.headers);
    if (refusedRequest(error)) {
      return reply("pse", 502, fail(PAYMENT_MESSAGES.chargeNotCharged), amount.headers);
    }
    return outcomeUnknown(sent, order, true);
  }
  logger.info({ orderId: order.orderId, chargeId: charge.id }, "pse charge");
  if (!bankUrlOf(charge) && paymentResult(charge.status).state === "pending") {
    await link(order, charge);
    countPayment("pse", "pending");
    const list = rememberPayment(sent, {
      orderId: order.orderId,
      chargeId: charge.id,
      sessionId: order.sessionId,
      method: "pse",
    });
    return reply(
      "pse",
      502,
      fail(PAYMENT_MESSAGES.pseRedirect),
      new Headers({ "Set-Cookie": await commitPaidOrders(list) }),
    );
  }
  return answerCharged(sent, order, charge, true);
}
