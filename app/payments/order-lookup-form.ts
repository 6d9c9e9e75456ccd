/**
 * The order lookup form (/mi-cuenta/pedidos): an order id and the buyer's e-mail. Shared by the
 * action (parseWithZod) and the browser (conform's onValidate).
 */
import { z } from "zod";

/** What the gateway accepts as an order id: 1-100 letters, digits, '.', '_', ':', '-'. */
export const GATEWAY_ORDER_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export const LOOKUP_MESSAGES = {
  orderId: "Ingresa el número de pedido",
  orderIdInvalid: "El número de pedido no es válido",
  email: "El correo es obligatorio",
  emailInvalid: "El correo electrónico no es válido",
  notFound:
    "No encontramos un pedido con ese número y correo electrónico. Revisa los datos e intenta de nuevo.",
  tooMany: "Demasiadas consultas. Intenta de nuevo en unos minutos.",
} as const;

export const orderLookupSchema = z.object({
  order_id: z
    .string({ error: LOOKUP_MESSAGES.orderId })
    .trim()
    .min(1, LOOKUP_MESSAGES.orderId)
    .regex(GATEWAY_ORDER_ID, LOOKUP_MESSAGES.orderIdInvalid),
  email: z
    .string({ error: LOOKUP_MESSAGES.email })
    .trim()
    .min(1, LOOKUP_MESSAGES.email)
    .max(254, LOOKUP_MESSAGES.emailInvalid)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, LOOKUP_MESSAGES.emailInvalid),
});
