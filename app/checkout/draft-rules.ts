/**
 * Rules over what the shopper typed, valid or not: the shipping address copied from billing
 * ('Igual a la facturación') and the final submit check of 'Finalizar compra'
 * (docs/decisions/0307).
 */
import { CHECKOUT_MESSAGES, SHIPPING_DEFAULTS } from "./schemas";

type Text = string | null | undefined;

/** Billing fields shippingFromBilling reads; parsed BillingValues fit, so does a stored draft. */
export type BillingSource = {
  client_type?: Text;
  name?: Text;
  last_name?: Text;
  address?: Text;
  city?: Text;
};

export type ShippingAddress = {
  shipping_receiver_name: string;
  shipping_address: string;
  shipping_city: string;
};

const clean = (value: Text) => (typeof value === "string" ? value.trim() : "");

/**
 * The receiver, address and city when shipping goes to the billing address: a person's name
 * and last name, or a company's contact name. Missing parts come out as "".
 */
export function shippingFromBilling(billing: BillingSource): ShippingAddress {
  const receiver =
    billing.client_type === "company"
      ? clean(billing.name)
      : [clean(billing.name), clean(billing.last_name)].filter(Boolean).join(" ");
  return {
    shipping_receiver_name: receiver,
    shipping_address: clean(billing.address),
    shipping_city: clean(billing.city),
  };
}

/** The checkout as kept between steps; parsed step values fit, so does a stored draft. */
export type CheckoutDraft = {
  billing?:
    | (BillingSource & {
        email?: Text;
        phone?: Text;
        company_name?: Text;
        company_nit?: Text;
      })
    | null;
  shipping?: {
    same_as_invoice?: boolean | null;
    shipping_receiver_name?: Text;
    shipping_address?: Text;
    shipping_city?: Text;
  } | null;
};

/**
 * The final 'Finalizar compra' check (0307): the messages of what is still missing, in
 * the order billing, shipping; empty when the order can go on. A draft without a client type
 * is checked as a person's (the wizard's default). Shipping "same as invoice" (the default when
 * step 2 is missing) takes receiver, address and city from billing. Only presence is checked
 * here: the route also re-parses each step with its schema.
 */
export function finalSubmitProblems(state: CheckoutDraft): string[] {
  const problems: string[] = [];
  const billing = state.billing ?? {};
  if (billing.client_type === "company") {
    if (
      ![billing.company_name, billing.company_nit, billing.name, billing.phone].every((v) =>
        clean(v),
      )
    ) {
      problems.push(CHECKOUT_MESSAGES.finalCompany);
    }
  } else if (
    ![billing.name, billing.last_name, billing.email, billing.phone].every((v) => clean(v))
  ) {
    problems.push(CHECKOUT_MESSAGES.finalPerson);
  }
  const shipping = state.shipping ?? {};
  const sameAsInvoice = shipping.same_as_invoice ?? SHIPPING_DEFAULTS.same_as_invoice;
  const destination = sameAsInvoice
    ? shippingFromBilling(billing)
    : {
        shipping_receiver_name: clean(shipping.shipping_receiver_name),
        shipping_address: clean(shipping.shipping_address),
        shipping_city: clean(shipping.shipping_city),
      };
  if (
    !destination.shipping_receiver_name ||
    !destination.shipping_address ||
    !destination.shipping_city
  ) {
    problems.push(CHECKOUT_MESSAGES.finalShipping);
  }
  return problems;
}
