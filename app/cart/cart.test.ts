import { describe, expect, it } from "vitest";
import {
  addItem,
  applyIntent,
  cartCount,
  clearCart,
  decodeCart,
  decrementItem,
  encodeCart,
  exceedsLineLimit,
  MAX_CART_LINES,
  reconcileWithStock,
  removeLine,
  replaceCart,
  setQuantity,
  type Cart,
} from "./cart";

const cart: Cart = [
  { productId: "101", quantity: 2 },
  { productId: "202", quantity: 1 },
];

describe("cart operations", () => {
  it("adds a new line with quantity 1 by default", () => {
    expect(addItem([], "101")).toEqual([{ productId: "101", quantity: 1 }]);
  });

  it("increments a line that is already there instead of duplicating it", () => {
    expect(addItem(cart, "101", 3)).toEqual([
      { productId: "101", quantity: 5 },
      { productId: "202", quantity: 1 },
    ]);
  });

  it("ignores a non-positive amount", () => {
    expect(addItem(cart, "303", 0)).toBe(cart);
  });

  it("does not add a line past the limit but still increments existing lines", () => {
    const full = replaceCart(
      Array.from({ length: MAX_CART_LINES }, (_, i) => ({ productId: `p${i}`, quantity: 1 })),
    );
    expect(exceedsLineLimit(full, "new")).toBe(true);
    expect(exceedsLineLimit(full, "p0")).toBe(false);
    expect(addItem(full, "new")).toHaveLength(MAX_CART_LINES);
    expect(addItem(full, "p0")[0].quantity).toBe(2);
  });

  it("decrements one unit and deletes the line at 1", () => {
    expect(decrementItem(cart, "101")).toEqual([
      { productId: "101", quantity: 1 },
      { productId: "202", quantity: 1 },
    ]);
    expect(decrementItem(cart, "202")).toEqual([{ productId: "101", quantity: 2 }]);
  });

  it("removes a whole line", () => {
    expect(removeLine(cart, "101")).toEqual([{ productId: "202", quantity: 1 }]);
  });

  it("sets a quantity and removes the line at 0 or less", () => {
    expect(setQuantity(cart, "202", 7)).toEqual([
      { productId: "101", quantity: 2 },
      { productId: "202", quantity: 7 },
    ]);
    expect(setQuantity(cart, "101", 0)).toEqual([{ productId: "202", quantity: 1 }]);
    expect(setQuantity(cart, "101", -3)).toEqual([{ productId: "202", quantity: 1 }]);
    expect(setQuantity(cart, "999", 4)).toEqual(cart);
  });

  it("clears and counts", () => {
    expect(clearCart()).toEqual([]);
    expect(cartCount(cart)).toBe(3);
    expect(cartCount([])).toBe(0);
  });

  it("replaces the whole cart merging duplicates and dropping bad ids", () => {
    expect(
      replaceCart([
        { productId: "1", quantity: 1 },
        { productId: "1", quantity: 2 },
        { productId: "bad id", quantity: 1 },
        { productId: "2", quantity: Number.NaN },
      ]),
    ).toEqual([{ productId: "1", quantity: 3 }]);
  });

  it("caps lines to stock and drops missing or sold-out products", () => {
    const result = reconcileWithStock(
      [
        { productId: "a", quantity: 5 },
        { productId: "b", quantity: 1 },
        { productId: "gone", quantity: 1 },
        { productId: "sold", quantity: 2 },
      ],
      new Map([
        ["a", 3],
        ["b", 10],
        ["sold", 0],
      ]),
    );
    expect(result.cart).toEqual([
      { productId: "a", quantity: 3 },
      { productId: "b", quantity: 1 },
    ]);
    expect(result.removed).toEqual(["gone", "sold"]);
    expect(result.capped).toEqual(["a"]);
  });
});

describe("cookie encoding", () => {
  it("round-trips", () => {
    expect(encodeCart(cart)).toBe("101:2,202:1");
    expect(decodeCart(encodeCart(cart))).toEqual(cart);
  });

  it("reads malformed values as the valid lines only", () => {
    expect(decodeCart(undefined)).toEqual([]);
    expect(decodeCart({ c: 1 })).toEqual([]);
    expect(decodeCart("nonsense")).toEqual([]);
    expect(decodeCart("101:2,<script>:1,202:x,303:0,404:1")).toEqual([
      { productId: "101", quantity: 2 },
      { productId: "404", quantity: 1 },
    ]);
  });

  it("keeps a full cart small", () => {
    const full = replaceCart(
      Array.from({ length: MAX_CART_LINES }, (_, i) => ({
        productId: `producto-${"x".repeat(20)}${i}`,
        quantity: 9999,
      })),
    );
    expect(encodeCart(full).length).toBeLessThan(1500);
  });
});

describe("applyIntent (optimistic view of a posted change)", () => {
  const f = (intent: string, productId: string | null = null, quantity: string | null = null) => ({
    intent,
    productId,
    quantity,
  });
  it("mirrors each intent", () => {
    expect(applyIntent(cart, f("add", "101", "2"))[0].quantity).toBe(4);
    expect(applyIntent(cart, f("add", "303", null))).toContainEqual({
      productId: "303",
      quantity: 1,
    });
    expect(applyIntent(cart, f("decrement", "202"))).toEqual([{ productId: "101", quantity: 2 }]);
    expect(applyIntent(cart, f("remove", "101"))).toEqual([{ productId: "202", quantity: 1 }]);
    expect(applyIntent(cart, f("set", "101", "abc"))[0].quantity).toBe(1);
    expect(applyIntent(cart, f("set", "101", "0"))).toEqual([{ productId: "202", quantity: 1 }]);
    expect(applyIntent(cart, f("clear"))).toEqual([]);
    expect(applyIntent(cart, f("bogus", "101"))).toBe(cart);
  });
});
