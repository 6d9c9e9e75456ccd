/**
 * Each payment method's form, under its id in the registry (money/payment-methods.ts,
 * docs/decisions/0485, 0545). TypeScript refuses a registry entry until it has its line here.
 */
import type { ReactNode } from "react";
import type { MethodKey, PaymentMethodId } from "~/money/payment-methods";
import type { PaymentFormReply } from "../payment-answers.server";
import type { PaymentPageData } from "../payment-page.server";
import { CardForm } from "./card/CardForm";
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
};
