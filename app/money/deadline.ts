/**
 * A payment's deadline (a cash reference's, docs/decisions/0570) as the shopper and staff read
 * it: the date and hour in Colombian time. Written without the runtime's locale data, so the
 * server, any browser and the PDF print the same words. Shared by the cart's notice, the
 * payment pages, the order lookup and the staff tool.
 */

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
  /** "20261130": the due date as a payment slip's barcode carries it (AI 96). */
  ymd: string;
}

/** A gateway date (any offset) as the deadline in Colombian time; null when unreadable. */
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

/** "lunes 30 de noviembre de 2026, 11:32 a. m.": the deadline in one phrase; null when unreadable. */
export function deadlineText(value: string | null | undefined): string | null {
  const deadline = colombianDeadline(value);
  return deadline ? `${deadline.date}, ${deadline.time}` : null;
}
