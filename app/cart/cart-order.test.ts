import { describe, expect, it } from "vitest";
import { formatCOP } from "~/money/format";
import { withoutPaidLines, unitsOutsideOrder } from "./cart";
import { bankLink, CART_ORDER_TEXTS } from "./cart-order";

describe("a paid order and the cart (0530)", () => {
  const cart = [
    { productId: "10", quantity: 3 },
    { productId: "20", quantity: 1 },
  ];
  it("takes out only the paid quantities and keeps what was added after 'Finalizar compra'", () => {
    const paid = [
      { productId: "10", quantity: 2 },
      { productId: "30", quantity: 1 },
    ];
    expect(withoutPaidLines(cart, paid)).toEqual([
      { productId: "10", quantity: 1 },
      { productId: "20", quantity: 1 },
    ]);
    expect(withoutPaidLines(cart, [...cart, { productId: null, quantity: 5 }])).toEqual([]);
  });

  it("counts the units a pending order does not hold", () => {
    expect(unitsOutsideOrder(cart, [{ productId: "10", quantity: 2 }])).toEqual(
      new Map([
        ["10", 1],
        ["20", 1],
      ]),
    );
    expect(unitsOutsideOrder(cart, cart).size).toBe(0);
  });
});

describe("what the pending order says", () => {
  it("names the amount in pesos and the order", () => {
    expect(CART_ORDER_TEXTS.pending({ orderId: "PSE-1", total: 1_712_648 })).toBe(
      `Tienes un pago pendiente por ${formatCOP(1_712_648)} (pedido PSE-1)`,
    );
    expect(formatCOP(1_712_648)).toMatch(/^\$\s1\.712\.648$/);
  });

  it("links the bank's page only as a path of this site or an http(s) address", () => {
    expect(bankLink("/sandbox/banco-pse/tr1")).toBe("/sandbox/banco-pse/tr1");
    expect(bankLink("https://banco.example/pse?id=1")).toBe("https://banco.example/pse?id=1");
    for (const bad of ["javascript:alert(1)", "//evil.example", "/\\evil.example", "data:x", ""]) {
      expect(bankLink(bad), bad).toBeNull();
    }
  });
});
