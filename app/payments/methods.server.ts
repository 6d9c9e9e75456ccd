/**
 * The server half of each payment method of the registry (money/payment-methods.ts), under the same id: what
 * the payment page loads for its form, how it pays through the merchant API, and how the
 * receipt and the order lookup name its charges (docs/decisions/0485).
 */
import type { Charge } from "~/merchant-api/client.server";
import type { PaymentMethodId } from "~/money/payment-methods";
import type { PaymentOrder } from "./order";
import { CASH_ACTIONS } from "./methods/cash/pay-cash.server";
import { CARD_ACTIONS } from "./pay-card.server";
import { PSE_ACTIONS } from "./pay-pse.server";
import type { PaymentAnswer } from "./payment-answers.server";

interface MethodActions {
  /** What the payment page needs to show the method's form (the card gateway, the banks). */
  pageData(order: PaymentOrder): unknown;
  /**
   * intent=pay-{key}: pays the prepared order through the order-state rules (paying.server.ts):
   * a 303 to the charge's result, or the form's reply with errors.
   */
  pay(request: Request, form: FormData, order: PaymentOrder): Promise<PaymentAnswer>;
  /** The payment as the receipt and the order lookup name it: "Visa terminada en 1111". */
  receiptLabel(charge: Charge): string;
}

export const METHOD_ACTIONS = {
  openpay: CARD_ACTIONS,
  pse: PSE_ACTIONS,
  cash: CASH_ACTIONS,
} satisfies Record<PaymentMethodId, MethodActions>;

/** The data the payment page holds for one method's form. */
export type MethodPageData<Id extends PaymentMethodId> = Awaited<
  ReturnType<(typeof METHOD_ACTIONS)[Id]["pageData"]>
>;
