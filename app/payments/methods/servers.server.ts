/**
 * Each payment method's server half, under its id in the registry (money/payment-methods.ts):
 * what its form needs, how it pays through the one pay sequence (pay-with.server.ts) and how
 * the receipt and the order lookup name its charges (docs/decisions/0485, 0545). TypeScript
 * refuses a registry entry until it has its line here.
 */
import type { PaymentMethodId } from "~/money/payment-methods";
import type { AnyMethodServer } from "../pay-with.server";
import { CARD_METHOD } from "./card/card.server";
import { CASH_METHOD } from "./cash/cash.server";
import { PSE_METHOD } from "./pse/pse.server";

export const METHOD_SERVERS = {
  openpay: CARD_METHOD,
  pse: PSE_METHOD,
  cash: CASH_METHOD,
} satisfies { [Id in PaymentMethodId]: AnyMethodServer & { id: Id } };

/** The data the payment page holds for one method's form. */
export type MethodPageData<Id extends PaymentMethodId> = Awaited<
  ReturnType<(typeof METHOD_SERVERS)[Id]["pageData"]>
>;

/** What the result page shows the payer of one method's pending charge (its `pending.view`). */
export type MethodPendingData<Id extends PaymentMethodId> = (typeof METHOD_SERVERS)[Id] extends {
  pending: { view(...args: never[]): Promise<infer Data> };
}
  ? NonNullable<Data>
  : never;
