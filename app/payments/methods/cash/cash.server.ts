/**
 * The cash method's server half (docs/decisions/0545, 0570): pay-cash runs the one pay sequence
 * (pay-with.server.ts) with a form that has nothing to fill in and the cash charge, which the
 * gateway answers in progress with a payment reference; the result page then shows the voucher
 * (and its PDF) while the money is awaited. The amount cap is the sequence's (money/amount-caps.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { apiClient, type Charge } from "~/merchant-api/client.server";
import { customerFields } from "~/payments/charge-steps.server";
import type { PaymentMethodServer, Parsed, PayStep, Reservation } from "~/payments/pay-with.server";
import { reply } from "~/payments/payment-answers.server";
import { groupReference } from "./cash";
import type { VoucherView } from "./CashVoucher";
import { cashVoucher, cashVoucherPdf } from "./voucher.server";

/** The networks the form names before the gateway gives its own list on the voucher. */
const NETWORKS = ["Efecty", "Baloto", "SuRed", "Gana", "corresponsales bancarios"];
/** How long a reference stays payable: the gateway's default, asked for explicitly. */
const EXPIRY_HOURS = 72;

/** What the cash form says: where and within how long to pay. */
export interface CashPageData {
  networks: ReadonlyArray<string>;
  hours: number;
}

/** Nothing to fill in: the intent and the order's hidden fields are the whole form. */
const cashFormSchema = z.object({});

function parseCash(_request: Request, form: FormData): Parsed<undefined> {
  const submission = parseWithZod(form, { schema: cashFormSchema });
  if (submission.status !== "success") return { answer: reply("cash", 422, submission.reply()) };
  return { values: undefined, fail: (message) => submission.reply({ formErrors: [message] }) };
}

/** The cash charge: the server's amount, the customer, and how long the reference lives. */
function chargeCash({ order, amount }: PayStep<undefined, Reservation>): Promise<Charge> {
  return apiClient().createCashCharge({
    amount: amount.totals.total,
    order_id: order.orderId,
    ...customerFields(order),
    description: `Pedido ${order.orderId}`,
    sessionId: order.sessionId,
    expires_in_hours: EXPIRY_HOURS,
  });
}

/** The cash method, as payWith runs it and the registry map holds it. */
export const CASH_METHOD = {
  id: "cash",
  pageData: (): CashPageData => ({ networks: NETWORKS, hours: EXPIRY_HOURS }),
  /** "Efectivo · referencia 4123 4567 8901 24". */
  receiptLabel: (charge: Charge) => {
    const reference = charge.payment_method?.reference;
    return reference
      ? `Efectivo · referencia ${groupReference(reference)}`
      : "Efectivo en puntos de pago";
  },
  parse: parseCash,
  charge: chargeCash,
  pending: { view: cashVoucher, pdf: cashVoucherPdf },
} satisfies PaymentMethodServer<CashPageData, undefined, Reservation, undefined, VoucherView>;
