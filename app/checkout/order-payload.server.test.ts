import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { breakdownOf, prepareCheckoutSchema } from "../../sandbox/payments/schemas";
import { computeTotals, subtotalOf } from "~/money/totals";
import {
  type OrderLine,
  orderParties,
  paymentLines,
  prepareCheckoutPayload,
} from "./order-payload.server";
import { billingSchema, type BillingValues, type ShippingValues, shippingSchema } from "./schemas";

function parsed<T>(schema: Parameters<typeof parseWithZod>[1]["schema"], fields: object): T {
  const submission = parseWithZod(new URLSearchParams(fields as Record<string, string>), {
    schema,
  });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value as T;
}

const person = parsed<BillingValues>(billingSchema, {
  client_type: "person",
  name: "Ana María",
  last_name: "Gómez Restrepo",
  document: "1.020.304.050",
  email: "ana@example.co",
  phone: "300 123 4567",
  department: "05",
  city: "Medellín",
  address: "Calle 10 # 43-12",
  additional_info: "Torre 2",
});

const company = parsed<BillingValues>(billingSchema, {
  client_type: "company",
  company_name: "Seguridad Andina S.A.S.",
  company_nit: "890.903.938-8",
  name: "Carlos Pérez",
  contact_position: "Compras",
  email: "compras@andina.co",
  phone: "+57 601 234 5678",
  department: "11",
  city: "Bogotá",
  address: "Carrera 7 # 71-21",
});

const same = parsed<ShippingValues>(shippingSchema, { same_as_invoice: "on" });
const elsewhere = parsed<ShippingValues>(shippingSchema, {
  shipping_receiver_name: "Luis Torres",
  shipping_address: "Avenida 3N # 25-40",
  shipping_city: "Cali, Valle del Cauca",
  shipping_instructions: "Portería",
  shipping_preferred_time: "afternoon",
});

const LINES: OrderLine[] = [
  { productId: "18433", title: "Cámara <b>Bala</b> & más", quantity: 2, unitPrice: 41_718.1 },
  { productId: "10052", title: "NVR 8 canales", quantity: 1, unitPrice: 15_000 },
];

describe("orderParties", () => {
  it("a person shipping to the billing address", () => {
    expect(orderParties(person, same)).toEqual({
      clientType: "person",
      customer: {
        name: "Ana María",
        last_name: "Gómez Restrepo",
        email: "ana@example.co",
        phone: "3001234567",
        address: "Calle 10 # 43-12",
        city: "Medellín, Antioquia",
        document: "1020304050",
        document_type: "CC",
        additional_info: "Torre 2",
        company_name: "",
        company_nit: "",
        contact_position: "",
      },
      shipping: {
        sameAsInvoice: true,
        receiverName: "Ana María Gómez Restrepo",
        address: "Calle 10 # 43-12",
        city: "Medellín, Antioquia",
        instructions: "",
        preferredTime: "",
      },
    });
  });

  it("a company shipping elsewhere in the afternoon", () => {
    expect(orderParties(company, elsewhere)).toEqual({
      clientType: "company",
      customer: {
        name: "Carlos Pérez",
        last_name: "",
        email: "compras@andina.co",
        phone: "+576012345678",
        address: "Carrera 7 # 71-21",
        city: "Bogotá D.C.",
        document: "890903938-8",
        document_type: "NIT",
        additional_info: "",
        company_name: "Seguridad Andina S.A.S.",
        company_nit: "890903938-8",
        contact_position: "Compras",
      },
      shipping: {
        sameAsInvoice: false,
        receiverName: "Luis Torres",
        address: "Avenida 3N # 25-40",
        city: "Cali, Valle del Cauca",
        instructions: "Portería",
        preferredTime: "Tarde (13:00–18:00)",
      },
    });
  });

  it("cuts a receiver name to the API's 100 characters at a word", () => {
    const long = {
      ...person,
      name: "Ana ".repeat(20).trim(),
      last_name: "Gómez ".repeat(10).trim(),
    };
    const receiver = orderParties(long, same).shipping.receiverName;
    expect(receiver.length).toBeLessThanOrEqual(100);
    expect(receiver.endsWith("Gómez")).toBe(true);
  });
});

describe("prepareCheckoutPayload", () => {
  const lines = paymentLines(LINES);
  const totals = computeTotals(subtotalOf(LINES));

  it("prices lines in whole pesos, as the totals count them", () => {
    expect(lines).toEqual([
      {
        title: "Cámara <b>Bala</b> & más",
        name: "Cámara <b>Bala</b> & más",
        quantity: 2,
        unit_price: 41_718,
        product_id: "18433",
        subtotal: 83_436,
        brand: null,
        model: null,
        sku: null,
      },
      {
        title: "NVR 8 canales",
        name: "NVR 8 canales",
        quantity: 1,
        unit_price: 15_000,
        product_id: "10052",
        subtotal: 15_000,
        brand: null,
        model: null,
        sku: null,
      },
    ]);
    // 98,436 + 18,703 IVA + 5,000 shipping.
    expect(totals.total).toBe(122_139);
  });

  it.each([
    ["a person", person, same, "person"],
    ["a company", company, elsewhere, "business"],
  ] as const)("gives the sandbox a payload it accepts for %s", (_l, billing, shipping, type) => {
    const payload = prepareCheckoutPayload({
      parties: orderParties(billing, shipping),
      method: "pse",
      orderId: "PSE-1767225600000AB12",
      cartId: "carrito-1",
      checkoutId: "checkout-1",
      lines,
      totals,
      now: new Date("2026-01-01T00:00:00Z"),
    });
    expect(payload.client_type).toBe(type);
    expect(payload.order).toEqual({
      total_amount: 122_139,
      payment_method: "pse",
      timestamp: "2026-01-01T00:00:00.000Z",
      order_id: "PSE-1767225600000AB12",
    });
    expect(payload.products).toEqual(lines);
    expect(payload.cart_items).toEqual(lines);
    expect(payload.email_payload).toMatchObject({
      to: billing.email,
      subject: "Confirmación de tu pedido PSE-1767225600000AB12",
      data: { order_id: "PSE-1767225600000AB12", total_amount: 122_139 },
    });
    // The e-mails' link to Mis pedidos is absolute, from the store's configured origin.
    expect((payload.email_payload?.data as { orders_url?: string }).orders_url).toMatch(
      /^https?:\/\/[^/]+\/mi-cuenta\/pedidos$/,
    );
    const accepted = prepareCheckoutSchema.safeParse(payload);
    expect(accepted.error?.issues).toBeUndefined();
    // The total is read as lines + IVA + shipping, not a looser reading.
    expect(breakdownOf(accepted.data!.products, payload.order.total_amount)).toEqual({
      subtotal: 98_436,
      iva: 18_703,
      shipping: 5_000,
      total: 122_139,
    });
  });

  it("escapes the product names in products_html", () => {
    const payload = prepareCheckoutPayload({
      parties: orderParties(person, same),
      method: "openpay",
      orderId: "CARD-1767225600000AB12",
      cartId: "carrito-1",
      checkoutId: "checkout-1",
      lines,
      totals,
      now: new Date(),
    });
    expect(payload.products_html).toContain("<td>Cámara &lt;b&gt;Bala&lt;/b&gt; &amp; más</td>");
    expect(payload.products_html).toContain(`<td colSpan="3">Total</td><td>$\u00a0122.139</td>`);
    expect(payload.products_html).not.toContain("<b>");
  });
});
