import { getZodConstraint, parseWithZod, type Submission } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  billingSchema,
  CHECKOUT_LIMITS,
  CHECKOUT_MESSAGES as M,
  CLIENT_TYPE_LABELS,
  normalizePhone,
  paymentMethodSchema,
  PREFERRED_TIME_LABELS,
  shippingSchema,
  tooLongMessage,
} from "./schemas";
import { type CheckoutDraft, finalSubmitProblems, shippingFromBilling } from "./draft-rules";
import { NOT_ALLOWED_MESSAGE } from "~/text/control-characters";

type Fields = Record<string, string | undefined>;

/** A form post as the browser sends it: every listed input, "" when left empty. */
function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) data.append(name, value);
  }
  return data;
}

const PERSON: Fields = {
  client_type: "person",
  name: "Ana María",
  last_name: "Gómez Restrepo",
  document: "",
  email: "ana@example.co",
  phone: "3001234567",
  address: "Calle 10 # 43-12",
  department: "05",
  city: "Medellín",
  additional_info: "",
};

const COMPANY: Fields = {
  client_type: "company",
  company_name: "Seguridad Andina S.A.S.",
  company_nit: "890903938-8",
  name: "Carlos Pérez",
  contact_position: "",
  email: "compras@andina.co",
  phone: "+57 601 234 5678",
  address: "Carrera 7 # 71-21",
  department: "11",
  city: "Bogotá",
  additional_info: "",
};

/** The field errors of a failed submission; undefined when it succeeded. */
function errorsOf<Input, Output>(submission: Submission<Input, string[], Output>) {
  return submission.status === "error" ? submission.error : undefined;
}

function parseBilling(fields: Fields) {
  return parseWithZod(formData(fields), { schema: billingSchema });
}

describe("step 1, billing, person", () => {
  it("accepts a complete person and trims every text", () => {
    const submission = parseBilling({ ...PERSON, name: "  Ana María ", city: " Medellín  " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      client_type: "person",
      name: "Ana María",
      last_name: "Gómez Restrepo",
      document: undefined,
      email: "ana@example.co",
      phone: "3001234567",
      address: "Calle 10 # 43-12",
      department: "05",
      city: "Medellín",
      additional_info: undefined,
    });
  });

  it.each<[string, Fields, Record<string, string[]>]>([
    ["an empty name", { name: "" }, { name: [M.name] }],
    ["a blank name", { name: "   " }, { name: [M.name] }],
    ["a missing name", { name: undefined }, { name: [M.name] }],
    ["an empty last name", { last_name: "" }, { last_name: [M.lastName] }],
    ["a cédula with 5 digits", { document: "12345" }, { document: [M.cedula] }],
    ["a cédula with 11 digits", { document: "12345678901" }, { document: [M.cedula] }],
    ["a cédula with letters", { document: "12345A78" }, { document: [M.cedula] }],
    ["an empty e-mail", { email: "" }, { email: [M.email] }],
    ["an e-mail without @", { email: "ana.example.co" }, { email: [M.emailInvalid] }],
    ["an e-mail without a dot after @", { email: "ana@example" }, { email: [M.emailInvalid] }],
    ["an e-mail with a space", { email: "ana maria@example.co" }, { email: [M.emailInvalid] }],
    ["an e-mail with two @", { email: "ana@@example.co" }, { email: [M.emailInvalid] }],
    ["an empty phone", { phone: "" }, { phone: [M.phone] }],
    ["a phone of 8 digits", { phone: "30012345" }, { phone: [M.phoneInvalid] }],
    ["a phone of 16 digits", { phone: "3001234567890123" }, { phone: [M.phoneInvalid] }],
    ["a phone with letters", { phone: "300 ABC 4567" }, { phone: [M.phoneInvalid] }],
    ["a phone with a + in the middle", { phone: "57+3001234567" }, { phone: [M.phoneInvalid] }],
    ["a phone of only separators", { phone: "-- --" }, { phone: [M.phoneInvalid] }],
    ["an empty address", { address: "" }, { address: [M.address] }],
    ["no department chosen", { department: "" }, { department: [M.department] }],
    ["an unknown department code", { department: "12" }, { department: [M.department] }],
    ["a city for a department", { department: "Medellín" }, { department: [M.department] }],
    ["an empty city", { city: " " }, { city: [M.city] }],
    ["a 101-character name", { name: "a".repeat(101) }, { name: [tooLongMessage(100)] }],
    ["a 201-character address", { address: "a".repeat(201) }, { address: [tooLongMessage(200)] }],
    [
      "501 characters of additional info",
      { additional_info: "a".repeat(501) },
      { additional_info: [tooLongMessage(500)] },
    ],
  ])("reports %s", (_label, changes, errors) => {
    const submission = parseBilling({ ...PERSON, ...changes });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toEqual(errors);
  });

  it.each<[string, Fields, Partial<Record<string, string | undefined>>]>([
    ["a cédula with dots", { document: "1.020.304.050" }, { document: "1020304050" }],
    ["a 6-digit cédula", { document: " 123456 " }, { document: "123456" }],
    ["a blank cédula", { document: "   " }, { document: undefined }],
    [
      "a phone with spaces, dashes and parentheses",
      { phone: "(300) 123-45 67" },
      { phone: "3001234567" },
    ],
    ["an international phone", { phone: "+57 300 123 4567" }, { phone: "+573001234567" }],
    ["a 9-digit phone", { phone: "123456789" }, { phone: "123456789" }],
    ["a 15-digit phone", { phone: "+123456789012345" }, { phone: "+123456789012345" }],
    ["a department by name", { department: "Atlántico" }, { department: "08" }],
    ["a department without accents", { department: "bogota d.c." }, { department: "11" }],
    [
      "additional info",
      { additional_info: " Torre 2, apto 301 " },
      { additional_info: "Torre 2, apto 301" },
    ],
    ["a 100-character name", { name: "a".repeat(100) }, { name: "a".repeat(100) }],
  ])("accepts %s", (_label, changes, expected) => {
    const submission = parseBilling({ ...PERSON, ...changes });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject(expected);
  });

  it("reports every missing field of an empty person form at once", () => {
    const empty = Object.fromEntries(Object.keys(PERSON).map((key) => [key, ""]));
    const submission = parseBilling({ ...empty, client_type: "person" });
    expect(errorsOf(submission)).toEqual({
      name: [M.name],
      last_name: [M.lastName],
      email: [M.email],
      phone: [M.phone],
      address: [M.address],
      department: [M.department],
      city: [M.city],
    });
  });
});

describe("step 1, billing, company", () => {
  it("accepts a complete company and keeps the NIT without dots", () => {
    const submission = parseBilling({
      ...COMPANY,
      company_nit: "890.903.938-8",
      contact_position: " Compras ",
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      client_type: "company",
      company_name: "Seguridad Andina S.A.S.",
      company_nit: "890903938-8",
      name: "Carlos Pérez",
      contact_position: "Compras",
      email: "compras@andina.co",
      phone: "+576012345678",
      address: "Carrera 7 # 71-21",
      department: "11",
      city: "Bogotá",
      additional_info: undefined,
    });
  });

  it.each<[string, Fields, Record<string, string[]>]>([
    ["an empty company name", { company_name: "" }, { company_name: [M.companyName] }],
    ["an empty NIT", { company_nit: "" }, { company_nit: [M.companyNit] }],
    [
      "a NIT with a wrong check digit",
      { company_nit: "890903938-7" },
      { company_nit: [M.companyNitInvalid] },
    ],
    ["a NIT too short", { company_nit: "8909039" }, { company_nit: [M.companyNitInvalid] }],
    ["a NIT with letters", { company_nit: "NIT890903938" }, { company_nit: [M.companyNitInvalid] }],
    ["an empty contact name", { name: "" }, { name: [M.contactName] }],
    ["an invalid e-mail", { email: "compras@andina" }, { email: [M.emailInvalid] }],
    ["an empty phone", { phone: "" }, { phone: [M.phone] }],
    ["an empty city", { city: "" }, { city: [M.city] }],
    [
      "a 201-character company name",
      { company_name: "a".repeat(201) },
      { company_name: [tooLongMessage(200)] },
    ],
    [
      "a 101-character position",
      { contact_position: "a".repeat(101) },
      { contact_position: [tooLongMessage(100)] },
    ],
  ])("reports %s", (_label, changes, errors) => {
    const submission = parseBilling({ ...COMPANY, ...changes });
    expect(errorsOf(submission)).toEqual(errors);
  });

  it.each([
    ["890903938", "890903938"],
    ["899999068-1", "899999068-1"],
    [" 800.197.268-4 ", "800197268-4"],
  ])("accepts the NIT %j as %j", (nit, expected) => {
    const submission = parseBilling({ ...COMPANY, company_nit: nit });
    expect(submission.status === "success" && submission.value).toMatchObject({
      company_nit: expected,
    });
  });

  it("ignores person-only fields sent with a company", () => {
    const submission = parseBilling({ ...COMPANY, last_name: "x", document: "abc" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).not.toHaveProperty("last_name");
  });
});

describe("step 1, client type", () => {
  it.each([undefined, "", "persona", "business"])(
    "asks for the client type when it is %j",
    (clientType) => {
      const submission = parseBilling({ ...PERSON, client_type: clientType });
      expect(errorsOf(submission)).toEqual({ client_type: [M.clientType] });
    },
  );

  it("labels both types in Spanish", () => {
    expect(CLIENT_TYPE_LABELS).toEqual({ person: "Persona natural", company: "Empresa" });
  });

  it("gives conform the required constraint of a common field", () => {
    expect(getZodConstraint(billingSchema).email).toMatchObject({ required: true });
  });
});

describe("step 2, shipping", () => {
  const OTHER: Fields = {
    shipping_receiver_name: "Luis Torres",
    shipping_address: "Avenida 3N # 25-40",
    shipping_city: "Cali",
    shipping_instructions: "",
    shipping_preferred_time: "",
  };

  function parseShipping(fields: Fields) {
    return parseWithZod(formData(fields), { schema: shippingSchema });
  }

  it.each<[string, Fields, Record<string, unknown>]>([
    [
      "the box checked, nothing else",
      { same_as_invoice: "on" },
      {
        same_as_invoice: true,
        shipping_receiver_name: undefined,
        shipping_address: undefined,
        shipping_city: undefined,
        shipping_instructions: undefined,
        shipping_preferred_time: undefined,
      },
    ],
    [
      "the box checked drops the hidden address fields",
      { same_as_invoice: "on", ...OTHER, shipping_preferred_time: "morning" },
      {
        same_as_invoice: true,
        shipping_receiver_name: undefined,
        shipping_address: undefined,
        shipping_city: undefined,
        shipping_instructions: undefined,
        shipping_preferred_time: "morning",
      },
    ],
    [
      "the box unchecked (absent) with a full address",
      { ...OTHER, shipping_instructions: " Portería ", shipping_preferred_time: "afternoon" },
      {
        same_as_invoice: false,
        shipping_receiver_name: "Luis Torres",
        shipping_address: "Avenida 3N # 25-40",
        shipping_city: "Cali",
        shipping_instructions: "Portería",
        shipping_preferred_time: "afternoon",
      },
    ],
  ])("accepts %s", (_label, fields, expected) => {
    const submission = parseShipping(fields);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual(expected);
  });

  it.each<[string, Fields, Record<string, string[]>]>([
    [
      "an unchecked box with nothing else",
      {},
      {
        shipping_receiver_name: [M.receiverName],
        shipping_address: [M.shippingAddress],
        shipping_city: [M.shippingCity],
      },
    ],
    [
      "an unchecked box without receiver",
      { ...OTHER, shipping_receiver_name: " " },
      { shipping_receiver_name: [M.receiverName] },
    ],
    [
      "an unchecked box without address",
      { ...OTHER, shipping_address: "" },
      { shipping_address: [M.shippingAddress] },
    ],
    [
      "an unchecked box without city",
      { ...OTHER, shipping_city: "" },
      { shipping_city: [M.shippingCity] },
    ],
    [
      "a missing city and an unknown preferred time together",
      { ...OTHER, shipping_city: "", shipping_preferred_time: "night" },
      { shipping_city: [M.shippingCity], shipping_preferred_time: [M.preferredTime] },
    ],
    [
      "a checkbox value other than on",
      { same_as_invoice: "yes", ...OTHER },
      { same_as_invoice: [M.sameAsInvoice] },
    ],
    [
      "an over-long receiver name",
      { ...OTHER, shipping_receiver_name: "a".repeat(CHECKOUT_LIMITS.receiverName + 1) },
      { shipping_receiver_name: [tooLongMessage(CHECKOUT_LIMITS.receiverName)] },
    ],
  ])("reports %s", (_label, fields, errors) => {
    expect(errorsOf(parseShipping(fields))).toEqual(errors);
  });

  it("labels the delivery times in Spanish", () => {
    expect(PREFERRED_TIME_LABELS).toEqual({
      morning: "Mañana (9:00–13:00)",
      afternoon: "Tarde (13:00–18:00)",
    });
  });

  it("takes a typed receiver name up to the payment service's 100 characters", () => {
    expect(CHECKOUT_LIMITS.receiverName).toBe(100);
    expect(parseShipping({ ...OTHER, shipping_receiver_name: "a".repeat(100) }).status).toBe(
      "success",
    );
  });
});

describe("control characters (issue 23, point 8)", () => {
  /** Characters no single-line field takes: CR/LF, NUL, ESC, tab, DEL, C1, bidi controls. */
  const SAMPLES = [
    "\r\nBcc: evil@example.com",
    "\n",
    "\u0000",
    "\u001b[31m",
    "\t",
    "\u007f",
    "\u0085",
    "\u009b",
    "\u202e",
    "\u202a",
    "\u2066",
    "\u2069",
    "\u200f",
    "\u2028",
  ];

  /** Each single-line field, with a valid value to spoil. */
  const BILLING_TEXT: Array<[Fields, string]> = [
    [PERSON, "name"],
    [PERSON, "last_name"],
    [{ ...PERSON, document: "1020304050" }, "document"],
    [PERSON, "email"],
    [PERSON, "phone"],
    [PERSON, "city"],
    [PERSON, "address"],
    [COMPANY, "company_name"],
    [COMPANY, "company_nit"],
    [COMPANY, "name"],
    [{ ...COMPANY, contact_position: "Compras" }, "contact_position"],
    [COMPANY, "email"],
  ];

  it.each(BILLING_TEXT.map(([base, field]) => [`${base.client_type} ${field}`, base, field]))(
    "step 1 refuses them in %s, with its message alone",
    (_label, base, field) => {
      for (const sample of SAMPLES) {
        for (const value of [`${base[field]}${sample}`, `${sample}${base[field]}`]) {
          const submission = parseBilling({ ...base, [field]: value });
          expect(errorsOf(submission), JSON.stringify(value)).toEqual({
            [field]: [NOT_ALLOWED_MESSAGE],
          });
        }
      }
    },
  );

  it("step 1 refuses them in a department typed by name", () => {
    expect(errorsOf(parseBilling({ ...PERSON, department: "Antio\u202equia" }))).toEqual({
      department: [NOT_ALLOWED_MESSAGE],
    });
  });

  it("step 1 reports each field that holds one", () => {
    const submission = parseBilling({
      ...PERSON,
      name: "Ana\u202e",
      last_name: "\u0000Gómez",
      address: "Calle 10\r\nBcc: x@example.com",
    });
    expect(errorsOf(submission)).toEqual({
      name: [NOT_ALLOWED_MESSAGE],
      last_name: [NOT_ALLOWED_MESSAGE],
      address: [NOT_ALLOWED_MESSAGE],
    });
  });

  it.each(["shipping_receiver_name", "shipping_address", "shipping_city"])(
    "step 2 refuses them in %s",
    (field) => {
      const OTHER = {
        shipping_receiver_name: "Luis Torres",
        shipping_address: "Avenida 3N # 25-40",
        shipping_city: "Cali",
      };
      for (const sample of SAMPLES) {
        const submission = parseWithZod(
          formData({ ...OTHER, [field]: `${OTHER[field as keyof typeof OTHER]}${sample}` }),
          { schema: shippingSchema },
        );
        expect(errorsOf(submission), JSON.stringify(sample)).toEqual({
          [field]: [NOT_ALLOWED_MESSAGE],
        });
      }
    },
  );

  it("keeps the line breaks and tabs of the additional info, as LF, and drops the rest", () => {
    const submission = parseBilling({
      ...PERSON,
      additional_info: "\u202e Torre 2\r\n\tApto 301\u0000\u001b\rTimbre\u2066 ",
    });
    expect(submission.status === "success" && submission.value.additional_info).toBe(
      "Torre 2\n\tApto 301\nTimbre",
    );
  });

  it("keeps the line breaks of the delivery instructions and drops the rest", () => {
    const submission = parseWithZod(
      formData({
        same_as_invoice: "on",
        shipping_instructions: "Portería\r\n\r\nDejar con\u0007 el vigilante\u202c",
      }),
      { schema: shippingSchema },
    );
    expect(submission.status === "success" && submission.value.shipping_instructions).toBe(
      "Portería\n\nDejar con el vigilante",
    );
  });

  it("measures a textarea after its CRLF became LF", () => {
    // 250 lines as a form post sends them: 500 characters once CRLF is LF, 750 before.
    const text = "a\r\n".repeat(249) + "ab";
    const submission = parseBilling({ ...PERSON, additional_info: text });
    expect(submission.status).toBe("success");
    const controlsOnly = parseBilling({ ...PERSON, additional_info: "\u0000\u202e\u001b" });
    expect(controlsOnly.status === "success" && controlsOnly.value.additional_info).toBe(undefined);
  });
});

describe("step 3, payment method", () => {
  it.each(["openpay", "pse"])("accepts %s", (method) => {
    const submission = parseWithZod(formData({ payment_method: method }), {
      schema: paymentMethodSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({ payment_method: method });
  });

  it.each([undefined, "", "transfer", "card", "PSE"])(
    "asks for a method when it is %j",
    (method) => {
      const submission = parseWithZod(formData({ payment_method: method }), {
        schema: paymentMethodSchema,
      });
      expect(errorsOf(submission)).toEqual({ payment_method: [M.paymentMethod] });
    },
  );
});

describe("normalizePhone", () => {
  it.each([
    ["300 123 4567", "3001234567"],
    ["(601) 234-5678", "6012345678"],
    ["+57\t300-123-4567", "+573001234567"],
    ["300.123.4567", "300.123.4567"], // dots are not separators: the pattern then refuses it
  ])("turns %j into %j", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe("shippingFromBilling", () => {
  it.each<
    [string, Parameters<typeof shippingFromBilling>[0], ReturnType<typeof shippingFromBilling>]
  >([
    [
      "a person: name and last name",
      {
        client_type: "person",
        name: "Ana",
        last_name: "Gómez",
        address: "Calle 1",
        city: "Medellín",
      },
      {
        shipping_receiver_name: "Ana Gómez",
        shipping_address: "Calle 1",
        shipping_city: "Medellín",
      },
    ],
    [
      "a company: the contact name",
      {
        client_type: "company",
        name: "Carlos Pérez",
        last_name: "ignored",
        address: "Cra 7",
        city: "Bogotá",
      },
      {
        shipping_receiver_name: "Carlos Pérez",
        shipping_address: "Cra 7",
        shipping_city: "Bogotá",
      },
    ],
    [
      "a person without last name, untrimmed",
      {
        client_type: "person",
        name: " Ana ",
        last_name: null,
        address: " Calle 1 ",
        city: undefined,
      },
      { shipping_receiver_name: "Ana", shipping_address: "Calle 1", shipping_city: "" },
    ],
    ["nothing", {}, { shipping_receiver_name: "", shipping_address: "", shipping_city: "" }],
  ])("copies %s", (_label, billing, expected) => {
    expect(shippingFromBilling(billing)).toEqual(expected);
  });

  it("takes parsed billing values", () => {
    const submission = parseBilling(PERSON);
    if (submission.status !== "success") throw new Error("fixture should parse");
    expect(shippingFromBilling(submission.value)).toEqual({
      shipping_receiver_name: "Ana María Gómez Restrepo",
      shipping_address: "Calle 10 # 43-12",
      shipping_city: "Medellín",
    });
  });
});

describe("finalSubmitProblems", () => {
  const person = {
    client_type: "person",
    name: "Ana",
    last_name: "Gómez",
    email: "a@b.co",
    phone: "3001234567",
    address: "Calle 1",
    city: "Cali",
  };
  const company = {
    client_type: "company",
    company_name: "Andina",
    company_nit: "890903938-8",
    name: "Carlos",
    phone: "6012345678",
    address: "Cra 7",
    city: "Bogotá",
  };
  const other = {
    same_as_invoice: false,
    shipping_receiver_name: "Luis",
    shipping_address: "Av 3N",
    shipping_city: "Cali",
  };

  it.each<[string, CheckoutDraft, string[]]>([
    [
      "a complete person shipping to billing",
      { billing: person, shipping: { same_as_invoice: true } },
      [],
    ],
    ["a complete person with no step 2 yet (same as invoice by default)", { billing: person }, []],
    ["a complete company shipping elsewhere", { billing: company, shipping: other }, []],
    [
      "a company needs no last name or e-mail here",
      { billing: { ...company, email: "" }, shipping: other },
      [],
    ],
    ["a person without last name", { billing: { ...person, last_name: " " } }, [M.finalPerson]],
    ["a person without e-mail", { billing: { ...person, email: null } }, [M.finalPerson]],
    [
      "a person without phone",
      { billing: { ...person, phone: "" }, shipping: other },
      [M.finalPerson],
    ],
    [
      "a person without first name",
      { billing: { ...person, name: undefined }, shipping: other },
      [M.finalPerson],
    ],
    [
      "a company without NIT",
      { billing: { ...company, company_nit: "" }, shipping: other },
      [M.finalCompany],
    ],
    [
      "a company without name",
      { billing: { ...company, company_name: "" }, shipping: other },
      [M.finalCompany],
    ],
    [
      "a company without contact",
      { billing: { ...company, name: "" }, shipping: other },
      [M.finalCompany],
    ],
    [
      "a company without phone",
      { billing: { ...company, phone: "" }, shipping: other },
      [M.finalCompany],
    ],
    [
      "shipping elsewhere without city",
      { billing: person, shipping: { ...other, shipping_city: "" } },
      [M.finalShipping],
    ],
    [
      "shipping elsewhere without receiver",
      { billing: person, shipping: { ...other, shipping_receiver_name: null } },
      [M.finalShipping],
    ],
    [
      "shipping to a billing address that is missing",
      { billing: { ...person, address: "" }, shipping: { same_as_invoice: true } },
      [M.finalShipping],
    ],
    ["no billing at all", { billing: null, shipping: null }, [M.finalPerson, M.finalShipping]],
    ["nothing", {}, [M.finalPerson, M.finalShipping]],
    [
      "a company missing data and shipping",
      { billing: { ...company, company_nit: "", city: "" } },
      [M.finalCompany, M.finalShipping],
    ],
  ])("for %s", (_label, draft, expected) => {
    expect(finalSubmitProblems(draft)).toEqual(expected);
  });

  it("quotes the spec's messages exactly", () => {
    expect(M.finalPerson).toBe(
      "Por favor complete todos los campos obligatorios de datos personales",
    );
    expect(M.finalCompany).toBe(
      "Por favor complete todos los campos obligatorios de datos de la empresa",
    );
    expect(M.finalShipping).toBe("Por favor complete todos los datos de envío");
  });
});
