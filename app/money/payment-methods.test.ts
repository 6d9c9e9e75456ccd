import { describe, expect, it } from "vitest";
import { definePaymentMethods, PAYMENT_METHODS, type PaymentMethodInfo } from "./payment-methods";

const card = PAYMENT_METHODS.byId.openpay;
const pse = PAYMENT_METHODS.byId.pse;

describe("the registry of payment methods", () => {
  it("finds a method by its form's intent and by its result page's key", () => {
    expect(PAYMENT_METHODS.byIntent("pay-card")).toBe(card);
    expect(PAYMENT_METHODS.byIntent("pay-pse")).toBe(pse);
    for (const intent of ["card", "pay-openpay", "pay-", null]) {
      expect(PAYMENT_METHODS.byIntent(intent)).toBeUndefined();
    }
    expect(PAYMENT_METHODS.byKey("pse")).toBe(pse);
    expect(PAYMENT_METHODS.byKey("openpay")).toBeUndefined();
  });

  it("tells a charge's method by its method or payment_method.type; anything else is a card", () => {
    expect(PAYMENT_METHODS.ofCharge({ method: "bank_account" })).toBe(pse);
    expect(
      PAYMENT_METHODS.ofCharge({ method: null, payment_method: { type: "bank_account" } }),
    ).toBe(pse);
    expect(PAYMENT_METHODS.ofCharge({ method: "card" })).toBe(card);
    expect(PAYMENT_METHODS.ofCharge({ method: "store" })).toBe(card);
    expect(PAYMENT_METHODS.ofCharge({})).toBe(card);
  });

  it("names the methods as a sentence offers them, and knows every order prefix", () => {
    expect(PAYMENT_METHODS.names).toBe("tarjeta, PSE o efectivo");
    expect(PAYMENT_METHODS.orderPrefixes).toEqual(["CARD", "PSE", "CASH", "ORDER"]);
  });

  it.each(["id", "key", "orderPrefix", "chargeKind"] as const)(
    "refuses two methods with one %s",
    (field) => {
      const copy: PaymentMethodInfo = {
        id: "copia",
        key: "copia",
        orderPrefix: "COPIA",
        label: "Copia",
        description: "",
        name: "copia",
        chargeKind: "copia",
        toBank: false,
        [field]: card[field],
      };
      expect(() => definePaymentMethods([card, copy])).toThrow(field);
    },
  );

  it("refuses an order prefix that is not upper-case letters (it goes into the id pattern)", () => {
    expect(() => definePaymentMethods([{ ...card, orderPrefix: "C|D" }])).toThrow("order prefix");
  });
});
