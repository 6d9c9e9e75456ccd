/** The PSE charge kind's request body (POST /payments/pse), checked as the gateway would. */
import { z } from "zod";
import { PAYMENT_FIXTURES } from "./fixtures.ts";
import {
  amount,
  email,
  lines,
  optionalText,
  orderId,
  phone,
  redirectUrl,
  requiredText,
} from "./schemas.ts";

const bankCodes = new Set<string>(PAYMENT_FIXTURES.banks.map((b) => b.code));

export const pseChargeSchema = z.object({
  amount,
  order_id: orderId,
  customer_name: requiredText(2, 100),
  customer_last_name: optionalText(100),
  customer_email: email,
  customer_phone: phone.nullish().transform((v) => v ?? undefined),
  description: optionalText(250),
  redirect_url: redirectUrl,
  sessionId: optionalText(100),
  bank_code: z
    .union([z.string().trim(), z.number().int()])
    .transform(String)
    .refine((v) => bankCodes.has(v), {
      message: "Banco desconocido: usa un código de GET /payments/pse-banks",
    })
    .nullish()
    .transform((v) => v ?? undefined),
  customer_address: optionalText(200),
  customer_city: optionalText(100),
  customer_document: z
    .string()
    .trim()
    .regex(/^\d{6,12}$/, "El número de documento debe tener entre 6 y 12 dígitos.")
    .nullish()
    .transform((v) => v ?? undefined),
  customer_document_type: z
    .enum(["CC", "CE", "NIT", "PP"])
    .nullish()
    .transform((v) => v ?? undefined),
  company_name: optionalText(200),
  company_nit: optionalText(20),
  contact_position: optionalText(100),
  shipping_same_as_invoice: z.boolean().nullish(),
  shipping_receiver_name: optionalText(100),
  shipping_address: optionalText(200),
  shipping_city: optionalText(100),
  shipping_instructions: optionalText(1000),
  shipping_preferred_time: optionalText(50),
  cart_items: lines.nullish().transform((v) => v ?? []),
});
