import { describe, expect, it } from "vitest";
import {
  extractOrderId,
  type OrderIdResult,
  STAFF_ORDER_MESSAGES as M,
  validateOrderIdInput,
} from "./order-id-from-url";

describe("extractOrderId", () => {
  it.each<[string, OrderIdResult]>([
    [
      "https://tienda.example.co/checkout/success/card?id=tr_1&order_id=CARD-1767225600000AB12",
      { ok: true, orderId: "CARD-1767225600000AB12" },
    ],
    [
      "http://localhost:3000/checkout/success/pse?order_id=PSE-1767225600000ZZ99",
      { ok: true, orderId: "PSE-1767225600000ZZ99" },
    ],
    ["  https://x.co/?order_id=ORDER-1  ", { ok: true, orderId: "ORDER-1" }],
    ["https://x.co/?order_id=%20abc_123%20", { ok: true, orderId: "abc_123" }],
    ["https://x.co/?order_id=&order_id=second", { ok: true, orderId: "second" }],
    ["https://x.co/?order_id=CARD-1#order_id=other", { ok: true, orderId: "CARD-1" }],
    ["HTTPS://X.CO/?order_id=a-b", { ok: true, orderId: "a-b" }],
  ])("finds the order id in %s", (input, expected) => {
    expect(extractOrderId(input)).toEqual(expected);
  });

  it.each([
    "",
    "   ",
    "CARD-1767225600000AB12",
    "tienda.example.co/checkout/success?order_id=1",
    "/checkout/success?order_id=1",
    "ftp://x.co/?order_id=1",
    "javascript:alert(1)//?order_id=1",
    "mailto:a@b.co?order_id=1",
    "https://",
    "http://exa mple.co/?order_id=1",
  ])("calls %j an invalid URL", (input) => {
    expect(extractOrderId(input)).toEqual({ ok: false, message: M.invalidUrl });
  });

  it.each([
    "https://x.co/checkout/success/card?id=tr_1",
    "https://x.co/?order_id=",
    "https://x.co/?order_id=%20%20",
    "https://x.co/?orderId=CARD-1",
    "https://x.co/?ORDER_ID=CARD-1",
    "https://x.co/#order_id=CARD-1",
    "https://x.co/order_id/CARD-1",
  ])("finds no order_id in %s", (input) => {
    expect(extractOrderId(input)).toEqual({ ok: false, message: M.noOrderId });
  });

  it.each([
    "https://x.co/?order_id=%3Cscript%3E",
    "https://x.co/?order_id=a%20b",
    `https://x.co/?order_id=${"a".repeat(101)}`,
  ])("refuses an order_id that is not a valid Order ID in %s", (input) => {
    expect(extractOrderId(input)).toEqual({ ok: false, message: M.invalidOrderId });
  });

  it("quotes the spec's messages", () => {
    expect(M.invalidUrl).toBe("URL inválida. Por favor verifica el formato.");
    expect(M.noOrderId).toBe("No se encontró order_id en la URL proporcionada");
  });
});

describe("validateOrderIdInput", () => {
  it.each([
    ["CARD-1767225600000AB12", "CARD-1767225600000AB12"],
    ["  PSE-1767225600000ZZ99\n", "PSE-1767225600000ZZ99"],
    ["order_42", "order_42"],
    ["a", "a"],
    ["a".repeat(100), "a".repeat(100)],
  ])("accepts %j", (input, orderId) => {
    expect(validateOrderIdInput(input)).toEqual({ ok: true, orderId });
  });

  it.each([
    "",
    "   ",
    "\t\n",
    "a".repeat(101),
    "CARD 1",
    "CARD-1;DROP",
    "pedido#1",
    "ñandú",
    "../etc",
    "a/b",
    "%41",
  ])("refuses %j", (input) => {
    expect(validateOrderIdInput(input)).toEqual({
      ok: false,
      message: "Por favor ingresa un Order ID válido",
    });
  });
});
