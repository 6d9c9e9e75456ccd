/**
 * The checkout wizard's rules (docs/decisions/0307, 0421, 0552): one schema per
 * step and the final submit check. No I/O: the route and the form component share them.
 *
 * The schemas are written for conform: `parseWithZod(formData, { schema })` in the action and
 * `useForm({ onValidate: ({ formData }) => parseWithZod(formData, { schema }) })` in the
 * browser. Conform turns an empty input ("") into undefined before the schema runs, so a
 * required field reports its "obligatorio" message through the type error of
 * `z.string({ error })`; a field of only spaces is trimmed to "" and reports the same message.
 * Every string is trimmed; optional text left blank comes out as undefined.
 *
 * Two rules hold for every text field (docs/decisions/0420, 0421):
 * - A single-line field refuses control characters and bidirectional controls (~/text), before
 *   any other check; a multi-line one (additional info, delivery instructions) keeps its line
 *   breaks as LF and its tabs and drops the rest.
 * - What steps 1 and 2 accept, the payment service accepts too (its prepare-checkout, pse and
 *   card charge checks, sandbox/payments/schemas.ts): a name or last name of at least 2
 *   characters, its e-mail pattern, its lengths. payment-service-rules.test.ts walks both.
 */
import { z } from "zod";
import {
  PAYMENT_METHODS,
  type PaymentMethodId,
  type PaymentMethods,
} from "~/money/payment-methods";
import { cleanMultilineText, isSingleLineText, NOT_ALLOWED } from "~/text/control-characters";
import { departmentCode } from "./departments";
import { isValidNit, normalizeNit } from "./nit";

export const CHECKOUT_MESSAGES = {
  clientType: "Selecciona el tipo de cliente",
  name: "El nombre es obligatorio",
  nameTooShort: "El nombre debe tener al menos 2 caracteres",
  lastName: "El apellido es obligatorio",
  lastNameTooShort: "El apellido debe tener al menos 2 caracteres",
  cedula: "La cédula debe tener entre 6 y 10 dígitos",
  email: "El correo es obligatorio",
  emailInvalid: "El correo electrónico no es válido",
  phone: "El teléfono es obligatorio",
  phoneInvalid: "El formato del teléfono no es válido",
  address: "La dirección es obligatoria",
  department: "Selecciona el departamento",
  city: "La ciudad es obligatoria",
  companyName: "El nombre de la empresa es obligatorio",
  companyNit: "El NIT es obligatorio",
  companyNitInvalid: "El NIT no es válido",
  contactName: "El nombre de contacto es obligatorio",
  contactNameTooShort: "El nombre de contacto debe tener al menos 2 caracteres",
  sameAsInvoice: "Valor no válido",
  sameAsInvoiceWithOther:
    "Marcaste «Igual a la facturación» y también escribiste otra dirección de envío. Para enviar a esa dirección, desmarca la casilla; para enviar a la de facturación, borra la otra dirección.",
  receiverName: "El nombre del receptor es obligatorio",
  shippingAddress: "La dirección de envío es obligatoria",
  shippingCity: "La ciudad de envío es obligatoria",
  preferredTime: "Selecciona un horario de entrega válido",
  paymentMethod: "Selecciona un método de pago",
  finalPerson: "Por favor complete todos los campos obligatorios de datos personales",
  finalCompany: "Por favor complete todos los campos obligatorios de datos de la empresa",
  finalShipping: "Por favor complete todos los datos de envío",
} as const;

/** The message of a field longer than its cap. */
export function tooLongMessage(max: number): string {
  return `Máximo ${max} caracteres`;
}

/**
 * Length caps, in characters after trimming: the payment service's own caps or less (its city
 * and receiver name get the department or a last name added, then are cut to fit by
 * order-payload.server.tsx).
 */
export const CHECKOUT_LIMITS = {
  personName: 100,
  companyName: 200,
  contactPosition: 100,
  email: 254,
  phone: 30,
  address: 200,
  city: 100,
  additionalInfo: 500,
  // The payment service's cap. A person's name and last name copied from billing (same as
  // invoice) may be longer together: order-payload.server.tsx cuts them at a word.
  receiverName: 100,
  shippingInstructions: 500,
} as const;

/** @public For the forms of issue 9 (the checkout and payment screens). */
export const CLIENT_TYPES = ["person", "company"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_TYPE_LABELS: Readonly<Record<ClientType, string>> = {
  person: "Persona natural",
  company: "Empresa",
};

export const PREFERRED_TIMES = ["morning", "afternoon"] as const;
export type PreferredTime = (typeof PREFERRED_TIMES)[number];
export const PREFERRED_TIME_LABELS: Readonly<Record<PreferredTime, string>> = {
  morning: "Mañana (9:00–13:00)",
  afternoon: "Tarde (13:00–18:00)",
};

/** A method of the payments part's registry (its ids are the merchant API's names). */
export type PaymentMethod = PaymentMethodId;

// ---------------------------------------------------------------------------------------------
// Field builders

/** The payment service's shortest name and last name (its strict check: docs/decisions/0421). */
const PAYMENT_SERVICE_NAME_MIN = 2;

/**
 * A required, trimmed, single-line text: missing, empty and blank all give `required`; with
 * `tooShort`, fewer than PAYMENT_SERVICE_NAME_MIN characters give that message.
 */
function requiredText(required: string, max: number, tooShort?: string) {
  const present = z
    .string({ error: required })
    .refine(isSingleLineText, NOT_ALLOWED)
    .trim()
    .min(1, { message: required, abort: true });
  return (tooShort ? present.min(PAYMENT_SERVICE_NAME_MIN, tooShort) : present).max(
    max,
    tooLongMessage(max),
  );
}

/** An optional, trimmed, single-line text: blank becomes undefined. */
function optionalText(max: number) {
  return z
    .string()
    .refine(isSingleLineText, NOT_ALLOWED)
    .trim()
    .max(max, tooLongMessage(max))
    .optional()
    .transform((value) => (value ? value : undefined));
}

/**
 * An optional, trimmed text of several lines (a textarea): line breaks become LF, tabs stay,
 * other control characters go; blank becomes undefined. Measured after that cleaning.
 */
function optionalMultilineText(max: number) {
  return z
    .string()
    .overwrite(cleanMultilineText)
    .trim()
    .max(max, tooLongMessage(max))
    .optional()
    .transform((value) => (value ? value : undefined));
}

/**
 * The e-mail pattern is the payment service's (zod's `z.email()`, as in
 * sandbox/payments/schemas.ts): the spec's "simple pattern" (something, @, something, a dot,
 * something) would let through addresses the service refuses, such as "ana@example.c" or
 * "ana..gomez@example.co".
 */
const email = z
  .string({ error: CHECKOUT_MESSAGES.email })
  .refine(isSingleLineText, NOT_ALLOWED)
  .trim()
  .min(1, { message: CHECKOUT_MESSAGES.email, abort: true })
  .max(CHECKOUT_LIMITS.email, CHECKOUT_MESSAGES.emailInvalid)
  .pipe(z.email({ error: CHECKOUT_MESSAGES.emailInvalid }));

/**
 * A phone as typed with its spaces, dashes and parentheses removed ("+57 (300) 123-4567" ->
 * "+573001234567"); the spec's rule is then an optional "+" and 9 to 15 digits.
 */
export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, "");
}
const PHONE_PATTERN = /^\+?\d{9,15}$/;

const phone = z
  .string({ error: CHECKOUT_MESSAGES.phone })
  .refine(isSingleLineText, NOT_ALLOWED)
  .trim()
  .min(1, { message: CHECKOUT_MESSAGES.phone, abort: true })
  .max(CHECKOUT_LIMITS.phone, CHECKOUT_MESSAGES.phoneInvalid)
  .transform(normalizePhone)
  // A phone of only separators ("--") ends up "", which conform would read as missing.
  .pipe(
    z
      .string({ error: CHECKOUT_MESSAGES.phoneInvalid })
      .regex(PHONE_PATTERN, CHECKOUT_MESSAGES.phoneInvalid),
  );

/**
 * Cédula: optional; dots and spaces as typed in "1.020.304.050" are removed, then 6 to 10 digits.
 */
const cedula = z
  .string()
  .refine(isSingleLineText, NOT_ALLOWED)
  .max(40, CHECKOUT_MESSAGES.cedula)
  .optional()
  .transform((value) => (value ? value.replace(/[\s.]/g, "") : "") || undefined)
  .pipe(
    z
      .string()
      .regex(/^\d{6,10}$/, CHECKOUT_MESSAGES.cedula)
      .optional(),
  );

/** A department given by DANE code (the select's value) or name; comes out as the DANE code. */
const department = z
  .string({ error: CHECKOUT_MESSAGES.department })
  .refine(isSingleLineText, NOT_ALLOWED)
  .trim()
  .max(100, CHECKOUT_MESSAGES.department)
  .transform((value, ctx) => {
    const code = departmentCode(value);
    if (code === null) {
      ctx.issues.push({ code: "custom", message: CHECKOUT_MESSAGES.department, input: value });
      return z.NEVER;
    }
    return code;
  });

/** A NIT; comes out without dots, as "890903938-8" or, with no check digit given, "890903938". */
const companyNit = z
  .string({ error: CHECKOUT_MESSAGES.companyNit })
  .refine(isSingleLineText, NOT_ALLOWED)
  .trim()
  .min(1, { message: CHECKOUT_MESSAGES.companyNit, abort: true })
  .max(40, CHECKOUT_MESSAGES.companyNitInvalid)
  .refine(isValidNit, CHECKOUT_MESSAGES.companyNitInvalid)
  .transform((value) => normalizeNit(value) ?? value);

/** Fields both client types share. */
const contactAndAddress = {
  email,
  phone,
  address: requiredText(CHECKOUT_MESSAGES.address, CHECKOUT_LIMITS.address),
  department,
  city: requiredText(CHECKOUT_MESSAGES.city, CHECKOUT_LIMITS.city),
  additional_info: optionalMultilineText(CHECKOUT_LIMITS.additionalInfo),
};

// ---------------------------------------------------------------------------------------------
// Step 1: billing

const personBillingSchema = z.object({
  client_type: z.literal("person"),
  name: requiredText(
    CHECKOUT_MESSAGES.name,
    CHECKOUT_LIMITS.personName,
    CHECKOUT_MESSAGES.nameTooShort,
  ),
  last_name: requiredText(
    CHECKOUT_MESSAGES.lastName,
    CHECKOUT_LIMITS.personName,
    CHECKOUT_MESSAGES.lastNameTooShort,
  ),
  document: cedula,
  ...contactAndAddress,
});

const companyBillingSchema = z.object({
  client_type: z.literal("company"),
  company_name: requiredText(CHECKOUT_MESSAGES.companyName, CHECKOUT_LIMITS.companyName),
  company_nit: companyNit,
  /** The contact person's name. */
  name: requiredText(
    CHECKOUT_MESSAGES.contactName,
    CHECKOUT_LIMITS.personName,
    CHECKOUT_MESSAGES.contactNameTooShort,
  ),
  contact_position: optionalText(CHECKOUT_LIMITS.contactPosition),
  ...contactAndAddress,
});

/** Step 1. Without a valid `client_type` only that field is reported. */
export const billingSchema = z.discriminatedUnion(
  "client_type",
  [personBillingSchema, companyBillingSchema],
  {
    error: CHECKOUT_MESSAGES.clientType,
  },
);

/** @public For the forms of issue 9 (the checkout and payment screens). */
export type PersonBilling = z.output<typeof personBillingSchema>;
/** @public For the forms of issue 9 (the checkout and payment screens). */
export type CompanyBilling = z.output<typeof companyBillingSchema>;
/** @public For the forms of issue 9 (the checkout and payment screens). */
export type BillingValues = z.output<typeof billingSchema>;

// ---------------------------------------------------------------------------------------------
// Step 2: shipping

/**
 * What the step-2 form shows before the shopper has submitted it: "same as invoice" checked.
 * Render the checkbox with `defaultChecked={SHIPPING_DEFAULTS.same_as_invoice}`.
 */
export const SHIPPING_DEFAULTS = { same_as_invoice: true } as const;

/**
 * Step 2. `same_as_invoice` is a checkbox (value "on"): in a form post an unchecked box is
 * simply absent, so this schema reads absent as false. The route must therefore parse it only
 * with a POST of the step-2 form itself (the route knows the step from the submit button,
 * e.g. `intent=shipping`), where absence can only mean "unchecked"; a shopper who has not yet
 * submitted step 2 is shown SHIPPING_DEFAULTS, never the result of parsing an empty form.
 *
 * When the box is checked the receiver name, address and city typed in the (hidden) fields are
 * dropped: the route fills them with `shippingFromBilling(billing)`. When it is not checked
 * they are required.
 */
export const shippingSchema = z
  .object({
    same_as_invoice: z
      .boolean({ error: CHECKOUT_MESSAGES.sameAsInvoice })
      .optional()
      .transform((value) => value === true),
    shipping_receiver_name: optionalText(CHECKOUT_LIMITS.receiverName),
    shipping_address: optionalText(CHECKOUT_LIMITS.address),
    shipping_city: optionalText(CHECKOUT_LIMITS.city),
    shipping_instructions: optionalMultilineText(CHECKOUT_LIMITS.shippingInstructions),
    shipping_preferred_time: z
      .enum(PREFERRED_TIMES, { error: CHECKOUT_MESSAGES.preferredTime })
      .optional(),
  })
  .superRefine(
    (value, ctx) => {
      if (value.same_as_invoice) return;
      const required = [
        ["shipping_receiver_name", CHECKOUT_MESSAGES.receiverName],
        ["shipping_address", CHECKOUT_MESSAGES.shippingAddress],
        ["shipping_city", CHECKOUT_MESSAGES.shippingCity],
      ] as const;
      for (const [field, message] of required) {
        // Only a missing value is reported here; an over-long one already has its own message.
        if (value[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
      }
    },
    // Run even when another field (say the preferred time) failed, so every message shows at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform((value) =>
    value.same_as_invoice
      ? {
          ...value,
          shipping_receiver_name: undefined,
          shipping_address: undefined,
          shipping_city: undefined,
        }
      : value,
  );

/** @public For the forms of issue 9 (the checkout and payment screens). */
export type ShippingValues = z.output<typeof shippingSchema>;

// ---------------------------------------------------------------------------------------------
// Step 3: payment method

/** Step 3's schema for a registry of methods: the store's, or a test's own. */
export function methodStepSchema<Id extends string>(methods: { ids: readonly [Id, ...Id[]] }) {
  return z.object({
    payment_method: z.enum(methods.ids, { error: CHECKOUT_MESSAGES.paymentMethod }),
  });
}

export const paymentMethodSchema = methodStepSchema(PAYMENT_METHODS);

/** What step 3 offers: every method of the registry, in its order, with its line of help. */
export function methodStepOptions(methods: PaymentMethods = PAYMENT_METHODS) {
  return methods.list.map(({ id, label, description }) => ({ value: id, label, description }));
}

/** @public For the forms of issue 9 (the checkout and payment screens). */
export type PaymentMethodValues = z.output<typeof paymentMethodSchema>;
