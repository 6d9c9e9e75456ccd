/**
 * Paying in cash at a payment point (docs/decisions/0570): the method's texts and how its
 * deadline and reference are written (its amount cap is money/amount-caps.ts). Plain rules, the same on the
 * server and in the browser.
 */
export const CASH_TEXTS = {
  label: "Efectivo en puntos de pago",
  description:
    "Paga en efectivo en Efecty, Baloto, SuRed, Gana u otro punto de la lista antes de que venza el plazo. Confirmamos tu pedido cuando el dinero llegue.",
  name: "efectivo",
  voucherTitle: "Paga en efectivo tu pedido",
  voucherLead:
    "Presenta esta referencia o el código de barras en cualquiera de los puntos de pago de la lista y paga el valor exacto antes de la fecha límite. Confirmaremos tu pedido y te enviaremos un correo cuando recibamos el pago.",
  waiting: "Esperando el pago en efectivo",
  expiredTitle: "La referencia de pago venció",
  expiredLead:
    "No recibimos el pago antes de la fecha límite, así que no se te cobró nada. Puedes pagar el mismo carrito de nuevo con cualquier medio de pago.",
  paidTitle: "Recibimos tu pago en efectivo",
  cancelledTitle: "Cancelaste la referencia de pago",
  barcodeMissing:
    "El código de barras no está disponible: dicta la referencia en el punto de pago.",
} as const;

/** "1234 5678 9012 34": a reference in groups of four, as a cashier reads it back. */
export function groupReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, "$1 ");
}

const DAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** Colombia keeps UTC−5 all year. */
const BOGOTA_OFFSET_MS = 5 * 3_600_000;

export interface Deadline {
  /** "lunes 30 de noviembre de 2026" */
  date: string;
  /** "11:32 a. m." */
  time: string;
  /** "20261130": the due date of the slip's barcode (AI 96). */
  ymd: string;
}

/**
 * A gateway date (any offset) as the deadline in Colombian time, written without the locale
 * data of the runtime so that server and browser print the same; null when unreadable.
 */
export function colombianDeadline(value: string | null | undefined): Deadline | null {
  if (!value) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const local = new Date(time - BOGOTA_OFFSET_MS);
  const day = local.getUTCDate();
  const month = local.getUTCMonth();
  const year = local.getUTCFullYear();
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, "0");
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return {
    date: `${DAYS[local.getUTCDay()]} ${day} de ${MONTHS[month]} de ${year}`,
    time: `${hour12}:${minutes} ${hours < 12 ? "a. m." : "p. m."}`,
    ymd: `${year}${String(month + 1).padStart(2, "0")}${String(day).padStart(2, "0")}`,
  };
}
