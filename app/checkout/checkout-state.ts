/**
 * The checkout as its cookie keeps it (docs/decisions/0300, 0302) and the rules read from it:
 * the values each step's form shows, which step the shopper may see, and the fingerprint of the
 * cart that tells what changed since the last step. No I/O: checkout-session.server.ts stores
 * it, checkout.server.ts uses it.
 *
 * Each step is kept as the values its form posted (strings, as typed), never as amounts: the
 * parsed values are derived from them with the step's schema whenever they are needed, so the
 * form shows exactly what the shopper typed and the rules are never stored twice.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { formatCOP } from "~/money/format";
import { type Department, departmentByCode } from "./departments";
import { ORDER_ID_PATTERN } from "./order-id";
import {
  type BillingValues,
  billingSchema,
  CHECKOUT_LIMITS,
  type PaymentMethod,
  paymentMethodSchema,
  SHIPPING_DEFAULTS,
  type ShippingValues,
  shippingSchema,
} from "./schemas";

/** Checkout data older than 2 hours since its last change is discarded. */
export const CHECKOUT_TTL_MS = 2 * 60 * 60 * 1000;

/** 1 billing, 2 shipping, 3 payment method, 4 payment (after 'Finalizar compra'). */
export type Step = 1 | 2 | 3 | 4;

export const STEP_TITLES: Readonly<Record<Step, string>> = {
  1: "Datos de facturación",
  2: "Datos de envío",
  3: "Método de pago",
  4: "Pago",
};

/**
 * How many steps the shopper counts ('Paso N de 4'): the payment page is the fourth, as it is
 * the fourth address Back walks through (docs/decisions/0460).
 */
export const STEP_COUNT = 4;

/**
 * Each step's own address: every step's post answers 303 to the next one's, so the browser's
 * history holds one entry per step and Back and Forward walk them, with or without JavaScript.
 */
export function stepPath(step: Step): string {
  return step === 4 ? "/checkout/pago" : `/checkout?paso=${step}`;
}

/** A step's form values as posted: field name → text. Empty fields are left out. */
export type FormValues = Readonly<Record<string, string>>;

interface CheckoutOrder {
  /** CARD-… or PSE-…, minted once per prepared checkout (order-id.ts). */
  id: string;
  method: PaymentMethod;
  /** prepare-checkout's session id; present only while the payment step is current. */
  session?: string;
}

export interface CheckoutState {
  /** When the shopper last changed something, in ms since the epoch. */
  at: number;
  /** The step the shopper is on. */
  step: Step;
  billing?: FormValues;
  shipping?: FormValues;
  method?: PaymentMethod;
  order?: CheckoutOrder;
  /** cartFingerprint() of the cart the shopper last saw: ids, quantities, unit prices. */
  seen?: string;
  /**
   * A random id of this checkout, kept across its orders (a retry after a failure mints a new
   * order, not a new checkout): the payments part counts card declines per checkout on it.
   */
  checkoutId?: string;
}

export function freshState(now: number): CheckoutState {
  return { at: now, step: 1 };
}

// ---------------------------------------------------------------------------------------------
// Form values

/** Step 1's fields in page order; each client type has all but the other type's own. */
export const BILLING_FIELDS = [
  "client_type",
  "company_name",
  "company_nit",
  "name",
  "last_name",
  "document",
  "contact_position",
  "email",
  "phone",
  "department",
  "city",
  "address",
  "additional_info",
] as const;

const PERSON_ONLY: ReadonlyArray<string> = ["last_name", "document"];
const COMPANY_ONLY: ReadonlyArray<string> = ["company_name", "company_nit", "contact_position"];

/** The step-2 fields in form order. */
export const SHIPPING_FIELDS = [
  "same_as_invoice",
  "shipping_receiver_name",
  "shipping_address",
  "shipping_city",
  "shipping_instructions",
  "shipping_preferred_time",
] as const;

/** The step-1 fields of a client type. */
function billingFieldNames(clientType: string | undefined): ReadonlyArray<string> {
  const others = clientType === "company" ? PERSON_ONLY : COMPANY_ONLY;
  return BILLING_FIELDS.filter((name) => !others.includes(name));
}

/** The longest text any checkout field accepts; a longer posted value is cut when kept. */
const MAX_KEPT = Math.max(...Object.values(CHECKOUT_LIMITS));

/** The named fields of a post as the form sent them (text only, empty ones left out). */
function pick(form: FormData, names: ReadonlyArray<string>): FormValues {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = form.get(name);
    if (typeof value === "string" && value !== "") values[name] = value.slice(0, MAX_KEPT);
  }
  return values;
}

/** Step 1 as posted, keeping only the fields of the chosen client type. */
export function billingValuesOf(form: FormData): FormValues {
  const clientType = form.get("client_type");
  return pick(form, billingFieldNames(typeof clientType === "string" ? clientType : undefined));
}

/** Step 2 as posted. Only a post of the step-2 form itself may be read so (see shippingSchema). */
export function shippingValuesOf(form: FormData): FormValues {
  return pick(form, SHIPPING_FIELDS);
}

/** What step 1 shows before the shopper typed anything. */
export const BILLING_DEFAULTS: FormValues = { client_type: "person" };
/** What step 2 shows before it was ever submitted: 'Igual a la facturación' checked. */
export const SHIPPING_FORM_DEFAULTS: FormValues = SHIPPING_DEFAULTS.same_as_invoice
  ? { same_as_invoice: "on" }
  : {};

function parseValues<S extends z.ZodType>(values: FormValues | undefined, schema: S) {
  if (!values) return null;
  const submission = parseWithZod(new URLSearchParams(values), { schema });
  return submission.status === "success" ? submission.value : null;
}

/** Step 1 parsed with its schema, or null while it is missing or not valid. */
export function parsedBilling(state: CheckoutState): BillingValues | null {
  return parseValues(state.billing, billingSchema);
}

/** Step 2 parsed with its schema, or null while it was not submitted or is not valid. */
export function parsedShipping(state: CheckoutState): ShippingValues | null {
  return parseValues(state.shipping, shippingSchema);
}

// ---------------------------------------------------------------------------------------------
// Steps

/** The furthest of steps 1–3 whose earlier steps are all valid. */
export function reachableStep(state: CheckoutState): 1 | 2 | 3 {
  if (!parsedBilling(state)) return 1;
  return parsedShipping(state) ? 3 : 2;
}

/** True while 'Finalizar compra' has prepared a payment and nothing changed since. */
export function isPrepared(state: CheckoutState): boolean {
  return state.step === 4 && Boolean(state.order?.session) && reachableStep(state) === 3;
}

/**
 * The step to show. `requested` (the `?paso=` query parameter) can go to any step whose earlier
 * steps are valid, never further (the furthest reachable one instead); without it the cookie's
 * step, held back to the furthest reachable one: where the shopper was. The payment step (4)
 * only when prepared, never by `?paso=`: its address is the payment page's.
 */
export function shownStep(state: CheckoutState, requested: string | null): Step {
  const reachable = reachableStep(state);
  const asked = requested === null ? NaN : Number(requested);
  if (Number.isInteger(asked) && asked >= 1 && asked <= 3) {
    return Math.min(asked, reachable) as Step;
  }
  if (isPrepared(state)) return 4;
  return Math.min(state.step, reachable) as Step;
}

/** The state after a change by the shopper: a new step, the time, and no prepared payment. */
export function changed(state: CheckoutState, step: Step, now: number): CheckoutState {
  const order = state.order ? { id: state.order.id, method: state.order.method } : undefined;
  return { ...state, step, at: now, order };
}

// ---------------------------------------------------------------------------------------------
// Reading the cookie

/** Instances behind a load balancer may disagree on the time by a little; not by more. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const valuesSchema = z
  .record(z.string().max(40), z.string().max(MAX_KEPT))
  .refine((values) => Object.keys(values).length <= 20);

const stateSchema = z.object({
  at: z.number().int().nonnegative(),
  step: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  billing: valuesSchema.optional(),
  shipping: valuesSchema.optional(),
  method: paymentMethodSchema.shape.payment_method.optional(),
  order: z
    .object({
      id: z.string().regex(ORDER_ID_PATTERN),
      method: paymentMethodSchema.shape.payment_method,
      session: z.string().min(1).max(100).optional(),
    })
    .optional(),
  seen: z.string().max(2000).optional(),
  checkoutId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

/**
 * The state kept in a verified cookie; anything malformed, or older than two hours since its
 * last change, reads as a fresh checkout.
 */
export function stateFromCookie(value: unknown, now: number): CheckoutState {
  const parsed = stateSchema.safeParse(value);
  if (!parsed.success) return freshState(now);
  const state = parsed.data;
  if (state.at - now > CLOCK_SKEW_MS || now - state.at > CHECKOUT_TTL_MS) return freshState(now);
  return state;
}

// ---------------------------------------------------------------------------------------------
// The cart the shopper saw

export interface PricedLine {
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  stock: number;
}

/**
 * A compact fingerprint of the cart as shown: `id:quantity:unitPrice` per line, numbers in
 * base 36. It is only ever compared, never read back as an amount.
 */
export function cartFingerprint(
  lines: ReadonlyArray<Pick<PricedLine, "productId" | "quantity" | "unitPrice">>,
): string {
  return lines
    .map((l) => `${l.productId}:${l.quantity.toString(36)}:${Math.round(l.unitPrice).toString(36)}`)
    .join(",");
}

function readFingerprint(fingerprint: string): Map<string, { quantity: string; price: string }> {
  const lines = new Map<string, { quantity: string; price: string }>();
  for (const part of fingerprint.split(",")) {
    const [id, quantity, price] = part.split(":");
    if (id && quantity && price) lines.set(id, { quantity, price });
  }
  return lines;
}

export type CartChange =
  | { kind: "removed"; productId: string }
  | { kind: "added"; line: PricedLine }
  | { kind: "quantity"; line: PricedLine }
  | { kind: "price"; line: PricedLine };

/** What changed between the cart the shopper saw and the cart now, line by line. */
export function cartChanges(seen: string, lines: ReadonlyArray<PricedLine>): CartChange[] {
  const before = readFingerprint(seen);
  const changes: CartChange[] = [];
  for (const line of lines) {
    const was = before.get(line.productId);
    if (!was) {
      changes.push({ kind: "added", line });
      continue;
    }
    if (was.quantity !== line.quantity.toString(36)) changes.push({ kind: "quantity", line });
    if (was.price !== Math.round(line.unitPrice).toString(36))
      changes.push({ kind: "price", line });
  }
  const now = new Set(lines.map((l) => l.productId));
  for (const id of before.keys()) {
    if (!now.has(id)) changes.push({ kind: "removed", productId: id });
  }
  return changes;
}

const units = (n: number) => (n === 1 ? "1 unidad" : `${n} unidades`);

/** The shopper's sentence for a change; `titles` names products no longer in the cart. */
export function describeCartChange(
  change: CartChange,
  titles: ReadonlyMap<string, string> = new Map(),
): string {
  switch (change.kind) {
    case "removed": {
      const title = titles.get(change.productId);
      return title ? `${title} ya no está en tu carrito.` : "Un producto ya no está en tu carrito.";
    }
    case "added":
      return `${change.line.title} se agregó a tu carrito (${units(change.line.quantity)}).`;
    case "quantity":
      return change.line.quantity === change.line.stock
        ? `La cantidad de ${change.line.title} cambió a ${change.line.quantity}: es todo el stock disponible.`
        : `La cantidad de ${change.line.title} cambió a ${change.line.quantity}.`;
    case "price":
      return `El precio de ${change.line.title} cambió: ahora ${formatCOP(change.line.unitPrice)} por unidad.`;
  }
}

// ---------------------------------------------------------------------------------------------
// What the later steps show of the earlier ones

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/**
 * "Medellín, Antioquia": the city with its department, as addresses are written; a city the
 * department is named after is not repeated ("Bogotá" in Bogotá D.C. gives "Bogotá D.C.").
 */
export function cityWithDepartment(city: string, departmentCode: string | undefined): string {
  const department: Department | undefined = departmentCode
    ? departmentByCode(departmentCode)
    : undefined;
  if (!department) return city;
  if (fold(department.name).startsWith(fold(city))) return department.name;
  return `${city}, ${department.name}`;
}
