/**
 * Steps 1 and 2 against the payment service's own checks (issue 23, point 9; decision 0421).
 * The service's schemas are the sandbox's (sandbox/payments/schemas.ts), which mirror the real
 * gateway: prepare-checkout (on 'Finalizar compra'), the PSE charge and the card charge. Every
 * value below breaks one of the service's rules on a field the shopper types in step 1 or 2,
 * and must be refused right there, next to that field, not at step 3 as
 * 'customer.name: Debe tener al menos 2 caracteres'.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { pseChargeSchema } from "../../sandbox/payments/pse-schema";
import { cardChargeSchema, prepareCheckoutSchema } from "../../sandbox/payments/schemas";
import { computeTotals, subtotalOf } from "~/money/totals";
import { NOT_ALLOWED_MESSAGE } from "~/text/control-characters";
import {
  type OrderParties,
  orderParties,
  paymentLines,
  prepareCheckoutPayload,
} from "./order-payload.server";
import {
  type BillingValues,
  billingSchema,
  CHECKOUT_MESSAGES as M,
  type ShippingValues,
  shippingSchema,
  tooLongMessage,
} from "./schemas";

type Fields = Record<string, string>;

const PERSON: Fields = {
  client_type: "person",
  name: "Ana María",
  last_name: "Gómez Restrepo",
  document: "1020304050",
  email: "ana@example.co",
  phone: "300 123 4567",
  department: "05",
  city: "Medellín",
  address: "Calle 10 # 43-12",
  additional_info: "Torre 2",
};

const COMPANY: Fields = {
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
};

/** Step 2 with 'Igual a la facturación' unchecked, so that every shipping field counts. */
const ELSEWHERE: Fields = {
  shipping_receiver_name: "Luis Torres",
  shipping_address: "Avenida 3N # 25-40",
  shipping_city: "Cali, Valle del Cauca",
  shipping_instructions: "Portería",
  shipping_preferred_time: "afternoon",
};

function form(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const parseBilling = (fields: Fields) => parseWithZod(form(fields), { schema: billingSchema });
const parseShipping = (fields: Fields) => parseWithZod(form(fields), { schema: shippingSchema });

// ---------------------------------------------------------------------------------------------
// The three calls, as the store makes them from valid steps

const LINES = paymentLines([
  { productId: "18433", title: "Cámara bala", quantity: 2, unitPrice: 41_718 },
]);
const TOTALS = computeTotals(subtotalOf([{ unitPrice: 41_718, quantity: 2 }]));

type Call = "prepare" | "pse" | "card";

/** The bodies of the three calls for these parties (the card and PSE customer as the payments part sends it: methods/card/card.server.ts, methods/pse/pse.server.ts). */
function bodies(parties: OrderParties): Record<Call, Record<string, unknown>> {
  const prepare = prepareCheckoutPayload({
    parties,
    method: "pse",
    orderId: "PSE-1767225600000AB12",
    cartId: "carrito-1",
    checkoutId: "checkout-1",
    lines: LINES,
    totals: TOTALS,
    now: new Date("2026-01-01T00:00:00Z"),
  });
  const { customer, shipping } = parties;
  const blank = (text: string) => (text.trim() ? text : undefined);
  const customerFields = {
    customer_name: blank(customer.name) ?? blank(customer.company_name),
    customer_last_name: blank(customer.last_name),
    customer_email: customer.email.trim(),
    customer_phone: blank(customer.phone),
  };
  const pse = {
    amount: TOTALS.total,
    order_id: "PSE-1767225600000AB12",
    ...customerFields,
    description: "Pedido PSE-1767225600000AB12",
    redirect_url: "http://localhost/checkout/success/pse",
    sessionId: "sess_1",
    bank_code: "1007",
    customer_address: blank(customer.address),
    customer_city: blank(customer.city),
    customer_document: "1020304050",
    customer_document_type: "CC",
    company_name: blank(customer.company_name),
    company_nit: blank(customer.company_nit),
    contact_position: blank(customer.contact_position),
    shipping_receiver_name: blank(shipping.receiverName),
    shipping_address: blank(shipping.address),
    shipping_city: blank(shipping.city),
    shipping_instructions: blank(shipping.instructions),
    shipping_preferred_time: blank(shipping.preferredTime),
    cart_items: LINES,
  };
  const card = {
    token_id: "tok_1",
    amount: TOTALS.total,
    order_id: "CARD-1767225600000AB12",
    ...customerFields,
    description: "Pedido CARD-1767225600000AB12",
  };
  return { prepare: { ...prepare }, pse, card };
}

const SCHEMAS: Record<Call, z.ZodType> = {
  prepare: prepareCheckoutSchema,
  pse: pseChargeSchema,
  card: cardChargeSchema,
};

function parsed<T>(submission: { status?: string; value?: unknown; error?: unknown }): T {
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value as T;
}

const valid = {
  person: parsed<BillingValues>(parseBilling(PERSON)),
  company: parsed<BillingValues>(parseBilling(COMPANY)),
  elsewhere: parsed<ShippingValues>(parseShipping(ELSEWHERE)),
};

// ---------------------------------------------------------------------------------------------
// Where each field the shopper types goes

type StepField =
  | "name"
  | "last_name"
  | "email"
  | "phone"
  | "address"
  | "city"
  | "document"
  | "additional_info"
  | "company_name"
  | "company_nit"
  | "contact_position"
  | "shipping_receiver_name"
  | "shipping_address"
  | "shipping_city"
  | "shipping_instructions"
  | "shipping_preferred_time";

/**
 * Every field of the three calls' customer and shipping data, and the step field it comes from;
 * null for what the shopper does not type in steps 1 and 2.
 */
const GATEWAY_FIELDS: Record<Call, Record<string, StepField | null>> = {
  prepare: {
    "customer.name": "name",
    "customer.last_name": "last_name",
    "customer.email": "email",
    "customer.phone": "phone",
    "customer.address": "address",
    "customer.city": "city",
    // A person's cédula, a company's NIT.
    "customer.document": "document",
    // CC or NIT, set by the store from the client type.
    "customer.document_type": null,
    "customer.additional_info": "additional_info",
    "customer.company_name": "company_name",
    "customer.company_nit": "company_nit",
    "customer.contact_position": "contact_position",
    // The step-2 checkbox.
    "shipping.sameAsInvoice": null,
    "shipping.receiverName": "shipping_receiver_name",
    "shipping.address": "shipping_address",
    "shipping.city": "shipping_city",
    "shipping.instructions": "shipping_instructions",
    "shipping.preferredTime": "shipping_preferred_time",
  },
  pse: {
    customer_name: "name",
    customer_last_name: "last_name",
    customer_email: "email",
    customer_phone: "phone",
    customer_address: "address",
    customer_city: "city",
    // The PSE form's own fields (pse.ts applies the service's 6 to 12 digits, pse.test.ts).
    customer_document: null,
    customer_document_type: null,
    company_name: "company_name",
    company_nit: "company_nit",
    contact_position: "contact_position",
    shipping_same_as_invoice: null,
    shipping_receiver_name: "shipping_receiver_name",
    shipping_address: "shipping_address",
    shipping_city: "shipping_city",
    shipping_instructions: "shipping_instructions",
    shipping_preferred_time: "shipping_preferred_time",
  },
  card: {
    customer_name: "name",
    customer_last_name: "last_name",
    customer_email: "email",
    customer_phone: "phone",
  },
};

/** Fields of the calls that are no one's data: amounts, ids, the store's own values. */
const NOT_CUSTOMER_DATA: Record<Call, ReadonlyArray<string>> = {
  prepare: [
    "client_type",
    "cart_id",
    "checkout_id",
    "order",
    "products",
    "cart_items",
    "products_html",
    "email_payload",
    "customer",
    "shipping",
  ],
  pse: [
    "amount",
    "order_id",
    "description",
    "redirect_url",
    "sessionId",
    "bank_code",
    "cart_items",
  ],
  card: ["token_id", "device_session_id", "amount", "order_id", "description", "sessionId"],
};

/** The field names of a zod object, whatever optional, nullable or pipe wraps it. */
function keysOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown; in?: unknown };
  for (let i = 0; i < 5 && !current.shape; i++) {
    current = (current.in ?? current.unwrap?.()) as typeof current;
  }
  return Object.keys(current.shape ?? {});
}

describe("the payment service's fields", () => {
  it("are each either typed in steps 1 and 2 or no shopper's data", () => {
    const prepareShape = (prepareCheckoutSchema as unknown as { shape: Record<string, unknown> })
      .shape;
    const fields: Record<Call, string[]> = {
      prepare: [
        ...keysOf(prepareCheckoutSchema),
        ...keysOf(prepareShape.customer).map((key) => `customer.${key}`),
        ...keysOf(prepareShape.shipping).map((key) => `shipping.${key}`),
      ],
      pse: keysOf(pseChargeSchema),
      card: keysOf(cardChargeSchema),
    };
    for (const call of ["prepare", "pse", "card"] as const) {
      expect(fields[call].length).toBeGreaterThan(5);
      expect(
        [...fields[call]].sort(),
        `${call}: a new field of the payment service needs a row below`,
      ).toEqual([...Object.keys(GATEWAY_FIELDS[call]), ...NOT_CUSTOMER_DATA[call]].sort());
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The walk: a value breaking each of the service's rules, refused at its step

type Client = "person" | "company";

/** [field, value, client type, the step's message] */
type Row = [field: StepField, value: string, client: Client, message: string];

const long = (n: number) => "a".repeat(n);

const ROWS: Row[] = [
  // name: required, at least 2 characters after trimming, at most 100.
  ["name", "", "person", M.name],
  ["name", "   ", "person", M.name],
  ["name", "A", "person", M.nameTooShort],
  ["name", "  A  ", "person", M.nameTooShort],
  ["name", long(101), "person", tooLongMessage(100)],
  ["name", "C", "company", M.contactNameTooShort],
  ["name", long(101), "company", tooLongMessage(100)],
  // last_name, for a person: required, at least 2 characters, at most 100.
  ["last_name", "", "person", M.lastName],
  ["last_name", "G", "person", M.lastNameTooShort],
  ["last_name", " G ", "person", M.lastNameTooShort],
  ["last_name", long(101), "person", tooLongMessage(100)],
  // email: required, at most 254, zod's e-mail pattern.
  ["email", "", "person", M.email],
  ["email", "ana@example", "person", M.emailInvalid],
  ["email", "ana@example.c", "person", M.emailInvalid],
  ["email", "ana..gomez@example.co", "person", M.emailInvalid],
  ["email", ".ana@example.co", "person", M.emailInvalid],
  ["email", "ana.@example.co", "person", M.emailInvalid],
  ["email", "ana@-example.co", "person", M.emailInvalid],
  ["email", "ana@example_uno.co", "person", M.emailInvalid],
  ["email", "ana@example.c0", "person", M.emailInvalid],
  ["email", "añez@example.co", "person", M.emailInvalid],
  ["email", "ana gomez@example.co", "person", M.emailInvalid],
  ["email", "ana@@example.co", "person", M.emailInvalid],
  ["email", `${long(244)}@example.co`, "person", M.emailInvalid],
  ["email", "compras@andina", "company", M.emailInvalid],
  // phone: required, +, digits, spaces, brackets, dots and dashes only, 7 to 15 digits.
  ["phone", "", "person", M.phone],
  ["phone", "123456", "person", M.phoneInvalid],
  ["phone", "1234567890123456", "person", M.phoneInvalid],
  ["phone", "300 ABC 4567", "person", M.phoneInvalid],
  ["phone", "57+3001234567", "person", M.phoneInvalid],
  ["phone", "300 123 4567 ext 2", "person", M.phoneInvalid],
  ["phone", "300/123/4567", "person", M.phoneInvalid],
  ["phone", "", "company", M.phone],
  // address at most 200, city at most 100, document at most 20, additional info at most 1000.
  ["address", long(201), "person", tooLongMessage(200)],
  ["city", long(101), "person", tooLongMessage(100)],
  ["document", "1".repeat(21), "person", M.cedula],
  ["additional_info", long(1001), "person", tooLongMessage(500)],
  // company_name and company_nit, for a company: required; at most 200 and 20.
  ["company_name", "", "company", M.companyName],
  ["company_name", long(201), "company", tooLongMessage(200)],
  ["company_nit", "", "company", M.companyNit],
  ["company_nit", "1".repeat(21), "company", M.companyNitInvalid],
  ["contact_position", long(101), "company", tooLongMessage(100)],
  // Shipping elsewhere: receiver, address and city required; at most 100, 200, 100; the
  // instructions at most 1000, the preferred time at most 50.
  ["shipping_receiver_name", "", "person", M.receiverName],
  ["shipping_receiver_name", long(101), "person", tooLongMessage(100)],
  ["shipping_address", "", "person", M.shippingAddress],
  ["shipping_address", long(201), "person", tooLongMessage(200)],
  ["shipping_city", "", "person", M.shippingCity],
  ["shipping_city", long(101), "person", tooLongMessage(100)],
  ["shipping_instructions", long(1001), "person", tooLongMessage(500)],
  ["shipping_preferred_time", long(51), "person", M.preferredTime],
];

/** `body` with `value` at `path` ("customer.name" or "customer_name"). */
function withValue(body: Record<string, unknown>, path: string, value: string) {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys[keys.length - 1]] = value;
  return copy;
}

/** The calls that refuse `value` in the field fed by `field`, with an issue on that field. */
function callsRefusing(field: StepField, value: string, client: Client): string[] {
  const valid_ = bodies(orderParties(valid[client], valid.elsewhere));
  const refusing: string[] = [];
  for (const call of ["prepare", "pse", "card"] as const) {
    for (const [path, source] of Object.entries(GATEWAY_FIELDS[call])) {
      if (source !== field) continue;
      const result = SCHEMAS[call].safeParse(withValue(valid_[call], path, value));
      const paths = result.error?.issues.map((issue) => issue.path.join(".")) ?? [];
      if (paths.includes(path)) refusing.push(`${call} ${path}`);
    }
  }
  return refusing;
}

const isShipping = (field: StepField) => field.startsWith("shipping_");

describe("a value the payment service refuses", () => {
  it("gives the three calls valid bodies from the valid steps of this walk", () => {
    for (const client of ["person", "company"] as const) {
      const calls = bodies(orderParties(valid[client], valid.elsewhere));
      for (const call of ["prepare", "pse", "card"] as const) {
        expect(SCHEMAS[call].safeParse(calls[call]).error?.issues, call).toBeUndefined();
      }
    }
  });

  it.each(ROWS.map((row) => [row[0], JSON.stringify(row[1]).slice(0, 40), row[2], row]))(
    "%s %s (%s) is refused at its step",
    (_field, _shown, _client, row) => {
      const [field, value, client, message] = row;
      // The row is one of the service's rules: some call refuses the value on that field.
      expect(callsRefusing(field, value, client), "no call refuses it").not.toEqual([]);
      // And the step that collects the field refuses it, with its own message beside it.
      const submission = isShipping(field)
        ? parseShipping({ ...ELSEWHERE, [field]: value })
        : parseBilling({ ...(client === "person" ? PERSON : COMPANY), [field]: value });
      expect(submission.status).toBe("error");
      expect(submission.status === "error" && submission.error).toEqual({ [field]: [message] });
    },
  );

  it("covers every field the shopper types", () => {
    const walked = new Set(ROWS.map(([field]) => field));
    const typed = new Set(
      Object.values(GATEWAY_FIELDS)
        .flatMap((fields) => Object.values(fields))
        .filter(Boolean),
    );
    expect([...typed].filter((field) => !walked.has(field as StepField))).toEqual([]);
  });
});

describe("what steps 1 and 2 accept", () => {
  /** Values at the edges of the steps' rules, which the service must take as the store sends them. */
  const EDGES: Array<[label: string, billing: Fields, shipping: Fields | "same"]> = [
    ["2-character names", { ...PERSON, name: "Al", last_name: " Li " }, "same"],
    [
      "100-character names, copied to the receiver",
      { ...PERSON, name: `${"Ana ".repeat(24)}Ana`, last_name: `${"Gómez ".repeat(16)}Ruiz` },
      "same",
    ],
    ["a 2-character contact name", { ...COMPANY, name: "Al" }, "same"],
    ["a 254-character e-mail", { ...PERSON, email: `${long(242)}@example.co` }, ELSEWHERE],
    ["a 9-digit phone", { ...PERSON, phone: "601234567" }, ELSEWHERE],
    [
      "a phone of 27 characters with spaces (sent without them)",
      { ...PERSON, phone: "3 0 0 1 2 3 4 5 6 7 8 9 0 1" },
      ELSEWHERE,
    ],
    ["a 15-digit international phone", { ...PERSON, phone: "+(57) 300-123-4567-890" }, ELSEWHERE],
    [
      "a 100-character city with its department (cut to fit)",
      { ...PERSON, city: `${"San ".repeat(24)}José`, department: "05" },
      "same",
    ],
    [
      "the longest of every text",
      {
        ...COMPANY,
        company_name: long(200),
        contact_position: long(100),
        address: long(200),
        additional_info: "ñ\r\n".repeat(166),
      },
      {
        shipping_receiver_name: long(100),
        shipping_address: long(200),
        shipping_city: long(100),
        shipping_instructions: "línea\r\n\u001b\u202e".repeat(70),
        shipping_preferred_time: "morning",
      },
    ],
  ];

  it.each(EDGES)("%s: the three calls accept what the store sends", (_label, billing, shipping) => {
    const parties = orderParties(
      parsed<BillingValues>(parseBilling(billing)),
      shipping === "same"
        ? parsed<ShippingValues>(parseShipping({ same_as_invoice: "on" }))
        : parsed<ShippingValues>(parseShipping(shipping)),
    );
    const calls = bodies(parties);
    for (const call of ["prepare", "pse", "card"] as const) {
      expect(SCHEMAS[call].safeParse(calls[call]).error?.issues, call).toBeUndefined();
    }
  });

  it("a name with a control character never gets that far", () => {
    const submission = parseBilling({ ...PERSON, name: "Ana\r\nBcc: evil@example.com" });
    expect(submission.status === "error" && submission.error).toEqual({
      name: [NOT_ALLOWED_MESSAGE],
    });
  });
});
