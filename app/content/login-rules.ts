/**
 * The placeholder sign-in (docs/decisions/0165): there are no accounts, so
 * every submission ends in a message. Nothing is stored or logged.
 */
import { z } from "zod";

export const LOGIN_MESSAGES = {
  missingFields: "Por favor complete todos los campos",
  invalidEmail: "El correo electrónico no es válido",
  loginUnavailable: "Función en desarrollo. La autenticación será implementada próximamente.",
  registerUnavailable: "La funcionalidad de registro estará disponible próximamente...",
} as const;

const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, LOGIN_MESSAGES.missingFields)
    .pipe(z.email(LOGIN_MESSAGES.invalidEmail)),
  password: z.string().min(1, LOGIN_MESSAGES.missingFields),
});

export type LoginOutcome = {
  /** HTTP status for the answer: 400 for bad input, 200 otherwise. */
  status: 200 | 400;
  tone: "error" | "info";
  message: string;
  /** The e-mail as typed, to refill the field. Never the password. */
  email: string;
};

type FieldValue = FormDataEntryValue | null | undefined;
const text = (value: FieldValue) => (typeof value === "string" ? value : "");

/** What the login form's submission (intent login or register) answers. */
export function evaluateLogin(fields: {
  intent: FieldValue;
  email: FieldValue;
  password: FieldValue;
}): LoginOutcome {
  const email = text(fields.email).slice(0, 254);
  if (text(fields.intent) === "register") {
    return { status: 200, tone: "info", message: LOGIN_MESSAGES.registerUnavailable, email };
  }
  const parsed = loginSchema.safeParse({ email, password: text(fields.password) });
  if (!parsed.success) {
    // An empty field wins over a malformed e-mail: the spec's message comes first.
    const messages = parsed.error.issues.map((issue) => issue.message);
    const message = messages.includes(LOGIN_MESSAGES.missingFields)
      ? LOGIN_MESSAGES.missingFields
      : LOGIN_MESSAGES.invalidEmail;
    return { status: 400, tone: "error", message, email };
  }
  return {
    status: 200,
    tone: "info",
    message: LOGIN_MESSAGES.loginUnavailable,
    email: parsed.data.email,
  };
}
