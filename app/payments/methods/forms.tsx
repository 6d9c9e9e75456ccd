/**
 * Each payment method's form, under its id in the registry (money/payment-methods.ts,
 * docs/decisions/0485, 0545), and the view of a pending charge's details for a method that has
 * them. TypeScript refuses a registry entry until it has its line here.
 */
import type { ReactNode } from "react";
import type { MethodKey, PaymentMethodId } from "~/money/payment-methods";
import type { PaymentFormReply } from "../payment-answers.server";
import type { PaymentPageData } from "../payment-page.server";
import type { MethodPendingData } from "./servers.server";
import { CardForm } from "./card/CardForm";
import { CashForm } from "./cash/CashForm";
import { CashVoucher } from "./cash/CashVoucher";
import { PseForm } from "./pse/PseForm";

/** What the payment page gives a method's form. */
export interface MethodFormProps<Id extends PaymentMethodId> {
  page: PaymentPageData;
  data: NonNullable<PaymentPageData[MethodKey<Id>]>;
  /** The last answer to this method's form. */
  result: PaymentFormReply | undefined;
  title: string;
}

export const PAYMENT_FORMS: {
  [Id in PaymentMethodId]: (props: MethodFormProps<Id>) => ReactNode;
} = {
  openpay: ({ data, ...props }) => <CardForm card={data} {...props} />,
  pse: ({ data, ...props }) => <PseForm pse={data} {...props} />,
  cash: ({ data, ...props }) => <CashForm cash={data} {...props} />,
};

/**
 * What the result page shows the payer of a pending charge, for each method whose server half
 * has `pending` (pay-with.server.ts): its data, drawn here. TypeScript refuses a `pending`
 * without its line.
 */
export const PENDING_VIEWS: {
  [Id in PaymentMethodId as [MethodPendingData<Id>] extends [never] ? never : Id]: (props: {
    data: MethodPendingData<Id>;
  }) => ReactNode;
} = {
  cash: ({ data }) => <CashVoucher view={data} />,
};
