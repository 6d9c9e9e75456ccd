/**
 * The PSE method's server half (docs/decisions/0545): pay-pse runs the one pay sequence
 * (pay-with.server.ts) with these steps: the form with a bank of the offered list, then the PSE
 * charge with the store's return address; its answer is the bank's page. Also what the PSE form
 * needs (the banks, the billing data as PSE wants it).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { apiClient, type Charge, type PaymentLine } from "~/merchant-api/client.server";
import { blank, customerFields } from "~/payments/charge-steps.server";
import type { PaymentMethodServer, Parsed, PayStep, Reservation } from "~/payments/pay-with.server";
import { logError, reply } from "~/payments/payment-answers.server";
import type { PaymentOrder } from "~/payments/payment-order";
import { logger } from "~/platform/logger.server";
import {
  bankLabel,
  FALLBACK_PSE_BANKS,
  PSE_MESSAGES,
  type PseBank,
  type PseFormValues,
  pseBanksFrom,
  pseFormSchema,
} from "./pse";

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

type PseValues = PseFormValues;

async function parsePse(_request: Request, form: FormData): Promise<Parsed<PseValues>> {
  const submission = parseWithZod(form, { schema: pseFormSchema });
  const fail = (message: string) => submission.reply({ formErrors: [message] });
  if (submission.status !== "success") return { answer: reply("pse", 422, submission.reply()) };
  const values = submission.value;
  // Only a bank of the list the page offers: anything else is the shopper's form to fix.
  if (!(await pseBanks()).some((bank) => bank.code === values.bank)) {
    const answer = reply(
      "pse",
      422,
      submission.reply({ fieldErrors: { bank: [PSE_MESSAGES.bank] } }),
    );
    return { answer };
  }
  return { values, fail };
}

/** The PSE charge: the bank, the billing and delivery data, the lines, the way back. */
function chargePse({ request, order, values, amount }: PayStep<PseValues, Reservation>) {
  const { customer, shipping } = order;
  const lines: PaymentLine[] = amount.lines.map((line) => ({
    title: line.title,
    name: line.title,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    product_id: line.productId,
    subtotal: line.lineTotal,
  }));
  return apiClient().createPseCharge({
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
  });
}

/** The PSE method, as payWith runs it and the registry map holds it. */
export const PSE_METHOD = {
  id: "pse",
  pageData: async (order: PaymentOrder): Promise<PsePageData> => ({
    banks: await pseBanks(),
    defaults: pseDefaults(order),
  }),
  /** "PSE · Bancolombia". */
  receiptLabel: (charge: Charge) => bankLabel(charge.payment_method?.bank_name),
  parse: parsePse,
  charge: chargePse,
  noBankPage: PSE_MESSAGES.noBankPage,
} satisfies PaymentMethodServer<PsePageData, PseValues, Reservation, undefined>;
