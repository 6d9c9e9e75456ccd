/**
 * Request bodies of the payment calls (docs/merchant-api.md) as zod schemas, with Spanish
 * messages and the totals rule of prepare-checkout.
 */
import { z } from "zod";

/**
 * Spanish messages for the issues the schemas below can raise; passed per parse, never set
 * globally.
 */
export const spanishErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Campo obligatorio";
      return `Tipo incorrecto: se esperaba ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.origin === "string") return `Debe tener al menos ${issue.minimum} caracteres`;
      if (issue.origin === "array") return `Debe tener al menos ${issue.minimum} elemento(s)`;
      return issue.inclusive
        ? `Debe ser mayor o igual a ${issue.minimum}`
        : `Debe ser mayor que ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `Debe tener como máximo ${issue.maximum} caracteres`;
      if (issue.origin === "array") return `Debe tener como máximo ${issue.maximum} elementos`;
      return `Debe ser menor o igual a ${issue.maximum}`;
    case "invalid_format":
      return issue.format === "email"
        ? "El correo electrónico no es válido"
        : "El formato no es válido";
    case "invalid_value":
      return `Valor no permitido; se acepta: ${issue.values.map(String).join(", ")}`;
    case "invalid_union":
      return "Tipo o valor no válido";
    default:
      return undefined;
  }
};

const TYPE_NAMES: Record<string, string> = {
  string: "texto",
  number: "número",
  int: "número entero",
  boolean: "booleano (true/false)",
  object: "objeto",
  array: "lista",
};

export interface FieldIssue {
  field: string;
  message: string;
}

export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.slice(0, 20).map((i) => ({
    field: i.path.map(String).join(".") || "(cuerpo)",
    message: i.message,
  }));
}

/** "customer.email: El correo electrónico no es válido; amount: Campo obligatorio". */
export const describeIssues = (issues: FieldIssue[]) =>
  issues.map((i) => `${i.field}: ${i.message}`).join("; ");

/** Optional text: null, "" and absence all mean "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

export const requiredText = (min: number, max: number) => z.string().trim().min(min).max(max);

/** Integer pesos, above 0. */
export const amount = z.number().int().positive().max(100_000_000_000);

export const email = z.string().trim().max(254).pipe(z.email());

/**
 * Optional +, then at least 7 digits (the strict check of docs/decisions/0421), spaces, dashes and
 * brackets allowed.
 */
export const phone = z
  .string()
  .trim()
  .max(25)
  .refine((v) => /^\+?[\d\s().-]+$/.test(v) && /^\d{7,15}$/.test(v.replace(/\D/g, "")), {
    message: "El teléfono debe tener entre 7 y 15 dígitos (con + opcional)",
  });

/** Openpay order ids: up to 100 characters; kept to URL-safe ones so they can travel in paths. */
const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;
export const orderId = z
  .string()
  .trim()
  .regex(ORDER_ID, "Debe tener de 1 a 100 caracteres: letras, dígitos, '.', '_', ':' o '-'");

const idText = z.string().trim().min(1).max(100);

/** An absolute http(s) URL or a root-relative path: where the bank page sends the shopper back. */
function isSafeRedirect(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (value.length > 2000 || /[\s\\]/.test(value) || /[\u0000-\u001f\u007f]/.test(value))
    return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const redirectUrl = z.string().trim().refine(isSafeRedirect, {
  message: "Debe ser una URL http(s) absoluta o una ruta que empiece por /",
});

const documentType = z.enum(["CC", "CE", "NIT", "PP", "TI"]);

const lineSchema = z
  .object({
    title: optionalText(300),
    name: optionalText(300),
    brand: optionalText(100),
    model: optionalText(100),
    sku: optionalText(100),
    quantity: z.number().int().min(1).max(10_000),
    unit_price: z.number().min(0).max(10_000_000_000),
    product_id: z
      .union([z.string().trim().min(1).max(40), z.number().int().nonnegative()])
      .transform(String),
    subtotal: z.number().min(0).max(100_000_000_000),
  })
  .superRefine((line, ctx) => {
    if (!line.title && !line.name)
      ctx.addIssue({ code: "custom", path: ["title"], message: "La línea necesita title o name" });
    // Unit prices may carry decimals from the catalogue; the store rounds per unit.
    if (Math.abs(line.subtotal - line.quantity * line.unit_price) > line.quantity * 0.5 + 0.01) {
      ctx.addIssue({
        code: "custom",
        path: ["subtotal"],
        message: "No coincide con quantity × unit_price",
      });
    }
  });

export type CheckoutLine = z.output<typeof lineSchema>;

export const lines = z.array(lineSchema).max(200);

/** IVA 19 % half up in whole pesos, as the store's totals (app/money/totals.ts). */
const ivaOf = (subtotal: number) => Math.floor((subtotal * 19 + 50) / 100);
/** 5,000 COP up to 100,000 of subtotal, free above (docs/decisions/0552). */
const shippingOf = (subtotal: number) => (subtotal <= 0 ? 0 : subtotal > 100_000 ? 0 : 5000);

export interface Breakdown {
  subtotal: number;
  /** null when the total does not include it. */
  iva: number | null;
  shipping: number | null;
  total: number;
}

/**
 * Which reading of the total matches the lines: subtotal + IVA + shipping (the
 * store's cart), subtotal + IVA, or the bare subtotal; null when none does.
 * A peso per line of tolerance absorbs rounding of decimal unit prices.
 */
export function breakdownOf(lineList: CheckoutLine[], total: number): Breakdown | null {
  const subtotal = Math.round(lineList.reduce((s, l) => s + l.subtotal, 0));
  const iva = ivaOf(subtotal);
  const shipping = shippingOf(subtotal);
  const tolerance = Math.max(1, lineList.length);
  const candidates: Breakdown[] = [
    { subtotal, iva, shipping, total: subtotal + iva + shipping },
    { subtotal, iva, shipping: null, total: subtotal + iva },
    { subtotal, iva: null, shipping: null, total: subtotal },
  ];
  const match = candidates.find((c) => Math.abs(c.total - total) <= tolerance);
  return match ? { ...match, total } : null;
}

export const prepareCheckoutSchema = z
  .object({
    /** The store's cart and checkout ids: orders are listed by them (GET /payments/orders). */
    cart_id: optionalText(64),
    checkout_id: optionalText(64),
    client_type: z
      .enum(["person", "business", "natural", "persona", "empresa"])
      .transform((v) => (v === "business" || v === "empresa" ? "business" : "person")),
    customer: z.object({
      name: requiredText(2, 100),
      last_name: optionalText(100),
      email,
      phone,
      address: optionalText(200),
      city: optionalText(100),
      document: optionalText(20),
      document_type: documentType.nullish().transform((v) => v ?? undefined),
      additional_info: optionalText(1000),
      company_name: optionalText(200),
      company_nit: optionalText(20),
      contact_position: optionalText(100),
    }),
    shipping: z
      .object({
        sameAsInvoice: z.boolean().default(true),
        receiverName: optionalText(100),
        address: optionalText(200),
        city: optionalText(100),
        instructions: optionalText(1000),
        preferredTime: optionalText(50),
      })
      .nullish()
      .transform(
        (v) =>
          v ?? {
            sameAsInvoice: true,
            receiverName: undefined,
            address: undefined,
            city: undefined,
            instructions: undefined,
            preferredTime: undefined,
          },
      ),
    order: z.object({
      total_amount: amount,
      payment_method: optionalText(30),
      timestamp: z
        .union([z.string().max(40), z.number()])
        .nullish()
        .transform((v) => (v == null ? undefined : String(v))),
      order_id: orderId.nullish().transform((v) => v ?? undefined),
    }),
    products: lines.nullish().transform((v) => v ?? []),
    cart_items: lines.nullish().transform((v) => v ?? []),
    /** Accepted for compatibility and never rendered: the e-mails are built from the lines. */
    products_html: z.string().max(60_000).nullish(),
    email_payload: z
      .object({
        to: optionalText(254),
        subject: optionalText(200),
        data: z.unknown().optional(),
      })
      .nullish(),
  })
  .superRefine((body, ctx) => {
    const c = body.customer;
    if (body.client_type === "person" && (!c.last_name || c.last_name.length < 2)) {
      ctx.addIssue({
        code: "custom",
        path: ["customer", "last_name"],
        message: "El apellido es obligatorio (mínimo 2 caracteres)",
      });
    }
    if (body.client_type === "business") {
      if (!c.company_name)
        ctx.addIssue({
          code: "custom",
          path: ["customer", "company_name"],
          message: "El nombre de la empresa es obligatorio",
        });
      if (!c.company_nit)
        ctx.addIssue({
          code: "custom",
          path: ["customer", "company_nit"],
          message: "El NIT es obligatorio",
        });
    }
    const s = body.shipping;
    if (!s.sameAsInvoice) {
      if (!s.receiverName)
        ctx.addIssue({
          code: "custom",
          path: ["shipping", "receiverName"],
          message: "El nombre del receptor es obligatorio",
        });
      if (!s.address)
        ctx.addIssue({
          code: "custom",
          path: ["shipping", "address"],
          message: "La dirección de envío es obligatoria",
        });
      if (!s.city)
        ctx.addIssue({
          code: "custom",
          path: ["shipping", "city"],
          message: "La ciudad de envío es obligatoria",
        });
    }
    const list = body.products.length > 0 ? body.products : body.cart_items;
    if (list.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["products"],
        message: "Debe haber al menos una línea en products o cart_items",
      });
    } else if (breakdownOf(list, body.order.total_amount) === null) {
      ctx.addIssue({
        code: "custom",
        path: ["order", "total_amount"],
        message: "No coincide con las líneas (subtotal, subtotal + IVA o subtotal + IVA + envío)",
      });
    }
  });

export type CheckoutPayload = z.output<typeof prepareCheckoutSchema>;

export const linkPaymentSchema = z.object({
  session_id: idText,
  payment_data: z.object({
    order_id: orderId,
    charge_id: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    status: optionalText(40),
  }),
});

const twoDigitsOrNumber = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, "Debe ser numérico"),
    z.number().int(),
  ])
  .transform(Number);

export const cardTokenSchema = z.object({
  card_number: z.string().max(40),
  holder_name: requiredText(1, 80),
  expiration_month: twoDigitsOrNumber.refine((m) => m >= 1 && m <= 12, {
    message: "Debe ser un mes entre 1 y 12",
  }),
  expiration_year: twoDigitsOrNumber.refine(
    (y) => (y >= 0 && y <= 99) || (y >= 2000 && y <= 2099),
    {
      message: "Debe ser un año de 2 o 4 dígitos",
    },
  ),
  cvv2: z.string().max(10),
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  address_line3: optionalText(200),
  address_state: optionalText(100),
  address_city: optionalText(100),
  address_postal_code: optionalText(20),
  address_country_code: optionalText(2),
});

export const cardChargeSchema = z.object({
  token_id: z.string().trim().min(1).max(64),
  device_session_id: optionalText(255),
  amount,
  order_id: orderId,
  customer_name: requiredText(1, 100),
  customer_last_name: optionalText(100),
  customer_email: email,
  customer_phone: phone.nullish().transform((v) => v ?? undefined),
  description: optionalText(250),
  sessionId: optionalText(100),
});
