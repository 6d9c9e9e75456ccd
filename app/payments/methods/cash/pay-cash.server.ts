/**
 * Paying in cash at a payment point (POST /checkout/pago, intent=pay-cash): the cash charge with
 * the server's amount, then 303 to its result page, which shows the voucher while the money is
 * awaited (docs/decisions/0570). Also what the cash form shows and how a cash charge is named:
 * the cash method's server half (methods.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { apiClient, type Charge, neverSent } from "~/merchant-api/client.server";
import { overCap } from "~/money/amount-caps";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { countPayment } from "~/platform/metrics.server";
import { amountToCharge } from "../../charge-amount.server";
import type { PaymentOrder } from "../../order";
import { logError, type PaymentAnswer, redirectTo, reply } from "../../payment-answers.server";
import {
  answerCharged,
  beforePaying,
  customerFields,
  noteSent,
  outcomeUnknown,
  refusedRequest,
  sendCharge,
} from "../../paying.server";
import { PAYMENT_MESSAGES } from "../../result";

/** The networks the form names before the gateway gives its own list on the voucher. */
const NETWORKS = ["Efecty", "Baloto", "SuRed", "Gana", "corresponsales bancarios"];
/** How long a reference stays payable: the gateway's default, asked for explicitly. */
const EXPIRY_HOURS = 72;

export interface CashPageData {
  networks: ReadonlyArray<string>;
  hours: number;
}

/** Nothing to fill in: the intent and the order's hidden fields are the whole form. */
const cashFormSchema = z.object({});

/** "Efectivo · referencia 4123 4567 8901 24". */
function cashLabel(charge: Charge): string {
  const reference = charge.payment_method?.reference;
  return reference
    ? `Efectivo · referencia ${reference.replace(/(.{4})(?=.)/g, "$1 ")}`
    : "Efectivo en puntos de pago";
}

/** The cash method's server half, registered in methods.server.ts. */
export const CASH_ACTIONS = {
  pageData: (_order: PaymentOrder): CashPageData => ({ networks: NETWORKS, hours: EXPIRY_HOURS }),
  pay: payByCash,
  receiptLabel: cashLabel,
};

export async function payByCash(
  request: Request,
  form: FormData,
  order: PaymentOrder,
): Promise<PaymentAnswer> {
  const submission = parseWithZod(form, { schema: cashFormSchema });
  const fail = (message: string) => submission.reply({ formErrors: [message] });
  if (order.method !== "cash") return redirectTo("/checkout/pago");

  const known = await beforePaying(request, form, order, false);
  if (known) return known;
  const ready = await amountToCharge(request, form, order, "cash", fail, false);
  if ("answer" in ready) return ready.answer;
  const { amount } = ready;
  // The cap again at paying: the total is the server's, whatever step 3 showed.
  const tooLarge = overCap("cash", amount.totals.total, config().paymentCaps);
  if (tooLarge) return reply("cash", 422, fail(tooLarge), amount.headers);

  const sent = await noteSent(request, order);
  let charge: Charge;
  try {
    charge = await sendCharge(order.orderId, () =>
      apiClient().createCashCharge({
        amount: amount.totals.total,
        order_id: order.orderId,
        ...customerFields(order),
        description: `Pedido ${order.orderId}`,
        sessionId: order.sessionId,
        expires_in_hours: EXPIRY_HOURS,
      }),
    );
  } catch (error) {
    logger.warn({ orderId: order.orderId, err: logError(error) }, "payments: cash charge failed");
    if (neverSent(error) || refusedRequest(error)) countPayment("cash", "failed");
    if (neverSent(error)) return reply("cash", 503, fail(PAYMENT_MESSAGES.connect), amount.headers);
    if (refusedRequest(error)) {
      return reply("cash", 502, fail(PAYMENT_MESSAGES.charge), amount.headers);
    }
    return outcomeUnknown(sent, order, false);
  }
  logger.info({ orderId: order.orderId, chargeId: charge.id }, "cash charge");
  return answerCharged(sent, order, charge, false);
}
