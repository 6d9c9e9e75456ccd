import { describe, expect, it } from "vitest";
import { definePaymentMethods, PAYMENT_METHODS } from "~/money/payment-methods";
import { methodStepOptions, methodStepSchema, paymentMethodSchema } from "./schemas";

/** The store's registry and one more method, as a new method's line would add it. */
const withWallet = definePaymentMethods([
  ...PAYMENT_METHODS.list,
  {
    id: "billetera",
    key: "billetera",
    orderPrefix: "BILL",
    label: "Billetera de prueba",
    description: "Un método que solo existe en esta prueba.",
    name: "billetera",
    chargeKind: "wallet",
    toBank: false,
  },
]);

describe("the payment method step", () => {
  it("offers the store's methods, in the registry's order, with the spec's texts", () => {
    expect(methodStepOptions()).toEqual([
      {
        value: "openpay",
        label: "Tarjeta de crédito o débito",
        description: "Visa, Mastercard, American Express y Diners, procesado por Openpay.",
      },
      {
        value: "pse",
        label: "PSE",
        description: "Débito desde tu cuenta de ahorros o corriente en un banco colombiano.",
      },
      {
        value: "cash",
        label: "Efectivo en puntos de pago",
        description:
          "Paga en efectivo en Efecty, Baloto, SuRed, Gana u otro punto de la lista antes de que venza el plazo. Confirmamos tu pedido cuando el dinero llegue.",
      },
    ]);
  });

  it("offers and accepts a method registered beside them, without a change of its own", () => {
    expect(methodStepOptions(withWallet).map((option) => option.value)).toEqual([
      "openpay",
      "pse",
      "cash",
      "billetera",
    ]);
    expect(methodStepOptions(withWallet).at(-1)).toEqual({
      value: "billetera",
      label: "Billetera de prueba",
      description: "Un método que solo existe en esta prueba.",
    });
    const schema = methodStepSchema(withWallet);
    expect(schema.safeParse({ payment_method: "billetera" }).success).toBe(true);
    expect(schema.safeParse({ payment_method: "nequi" }).success).toBe(false);
  });

  it("keeps the store's own step to the store's methods", () => {
    expect(paymentMethodSchema.safeParse({ payment_method: "billetera" }).success).toBe(false);
    expect(paymentMethodSchema.safeParse({ payment_method: "pse" }).success).toBe(true);
  });
});
