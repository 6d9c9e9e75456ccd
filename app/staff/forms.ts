/**
 * The staff forms' schemas, shared by the browser (conform's `onValidate`) and the actions
 * (`parseWithZod`). Conform turns an empty input into undefined before the schema runs, so a
 * required field reports its message through the type error of `z.string({ error })`.
 */
import { z } from "zod";
import { isSingleLineText, NOT_ALLOWED } from "~/text/control-characters";
import { extractOrderId, STAFF_ORDER_MESSAGES, validateOrderIdInput } from "./order-id-from-url";

export const SIGN_IN_MESSAGES = {
  user: "Ingresa tu usuario",
  password: "Ingresa tu contraseña",
  tooLong: "El valor es demasiado largo",
  wrong: "Usuario o contraseña incorrectos.",
  tooMany: "Demasiados intentos. Intenta de nuevo más tarde.",
  unavailable: "No pudimos comprobar tu ingreso en este momento. Intenta de nuevo en unos minutos.",
} as const;

/** Longest user name typed (names in STAFF_USERS have at most 64 characters). */
export const USER_INPUT_MAX_LENGTH = 64;
/** Longest password typed: MAX_PASSWORD_LENGTH of password.server.ts (a test keeps them equal). */
export const PASSWORD_INPUT_MAX_LENGTH = 1024;

export const signInSchema = z.object({
  usuario: z
    .string({ error: SIGN_IN_MESSAGES.user })
    .refine(isSingleLineText, NOT_ALLOWED)
    .trim()
    .min(1, SIGN_IN_MESSAGES.user)
    .max(USER_INPUT_MAX_LENGTH, SIGN_IN_MESSAGES.tooLong),
  // Never trimmed, nothing refused: any character may belong to a password, which is only ever
  // compared with its hash (never shown, logged or sent on).
  clave: z
    .string({ error: SIGN_IN_MESSAGES.password })
    .min(1, SIGN_IN_MESSAGES.password)
    .max(PASSWORD_INPUT_MAX_LENGTH, SIGN_IN_MESSAGES.tooLong),
});

/** 'Enviar Notificaciones': the Order ID typed or extracted. */
export const sendSchema = z.object({
  orderId: z
    .string({ error: STAFF_ORDER_MESSAGES.invalidOrderId })
    .refine(isSingleLineText, NOT_ALLOWED)
    .transform((value, ctx) => {
      const checked = validateOrderIdInput(value);
      if (checked.ok) return checked.orderId;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }),
});

/** 'Extraer Order ID': the order_id of a pasted success-page URL. */
export const extractSchema = z.object({
  // The URL parser would drop a tab or line break inside the URL and read on: refused first.
  url: z
    .string({ error: STAFF_ORDER_MESSAGES.invalidUrl })
    .refine(isSingleLineText, NOT_ALLOWED)
    .transform((value, ctx) => {
      const found = extractOrderId(value);
      if (found.ok) return found.orderId;
      ctx.addIssue({ code: "custom", message: found.message });
      return z.NEVER;
    }),
});

/** The `intent` of the tool's two submit buttons. */
export const TOOL_INTENTS = { send: "enviar", extract: "extraer" } as const;
