/**
 * Payment outcome rules (docs/decisions/0430, 0450): what a gateway status
 * means for the result page, and the error code and description hidden in an error message.
 */

export type PaymentResultState = "success" | "failed" | "pending";
type PaymentStatusLabel = "Completado" | "Pendiente" | "Fallido";

export type PaymentResult = {
  state: PaymentResultState;
  /** The status line shown on the result page. */
  label: PaymentStatusLabel;
  /** The gateway status, trimmed and in lower case ("" when there was none). */
  status: string;
};

const COMPLETED = new Set(["completed", "approved", "paid"]);
const SUCCESS_PENDING = new Set(["charge_pending"]);
const FAILED = new Set(["failed", "cancelled", "declined", "expired"]);

/**
 * completed, approved, paid -> success, 'Completado'; charge_pending -> success, 'Pendiente';
 * failed, cancelled, declined, expired -> failed, 'Fallido'; anything else (in_progress, refunded,
 * unknown, missing) -> pending, 'Pendiente': a status the store cannot read is never shown as
 * a failure or a success, the page asks again later. Case and surrounding spaces are ignored.
 */
export function paymentResult(status: unknown): PaymentResult {
  const normalized = typeof status === "string" ? status.trim().toLowerCase() : "";
  if (COMPLETED.has(normalized))
    return { state: "success", label: "Completado", status: normalized };
  if (SUCCESS_PENDING.has(normalized))
    return { state: "success", label: "Pendiente", status: normalized };
  if (FAILED.has(normalized)) return { state: "failed", label: "Fallido", status: normalized };
  return { state: "pending", label: "Pendiente", status: normalized };
}

/** The result page state alone. */
export function paymentResultState(status: unknown): PaymentResultState {
  return paymentResult(status).state;
}

export type GatewayError = {
  /** The gateway's error code, e.g. "3001"; null when none was found. */
  error_code: string | null;
  /** What went wrong, for the failure page; null when there is nothing to say. */
  description: string | null;
};

/** Longest message looked into, and longest description kept (it travels in a URL). */
const MAX_MESSAGE = 10_000;
const MAX_DESCRIPTION = 300;
const ERROR_CODE = /^[A-Za-z0-9_.-]{1,32}$/;

/**
 * Every outermost balanced {...} block of `text` that parses as a JSON object, with its
 * position. One pass collects the balanced blocks (a stack of open braces), so a message full
 * of braces costs linear time to scan; a block that does not parse leaves its inner blocks in
 * the running.
 */
function jsonObjectsIn(
  text: string,
): Array<{ start: number; end: number; value: Record<string, unknown> }> {
  const blocks: Array<{ start: number; end: number }> = [];
  const open: number[] = [];
  let inString = false;
  for (let j = 0; j < text.length; j++) {
    const char = text[j];
    if (inString) {
      if (char === "\\") j++;
      else if (char === '"') inString = false;
    } else if (char === "{") open.push(j);
    // Quotes outside any block are prose.
    else if (open.length === 0) continue;
    else if (char === '"') inString = true;
    else if (char === "}") blocks.push({ start: open.pop() as number, end: j + 1 });
  }
  // Outer blocks first, so a parsed object hides the blocks inside it.
  blocks.sort((a, b) => a.start - b.start);
  const found: Array<{ start: number; end: number; value: Record<string, unknown> }> = [];
  let parsedUpTo = 0;
  for (const { start, end } of blocks) {
    // A JSON object opens with a key or closes at once: skip the rest without parsing.
    if (start < parsedUpTo || !/^\{\s*["}]/.test(text.slice(start, start + 64))) continue;
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      continue;
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      found.push({ start, end, value: value as Record<string, unknown> });
      parsedUpTo = end;
    }
  }
  return found;
}

type Found = { code: string | null; description: string | null };

/** Looks for error_code and description in an object, its nested objects and JSON strings. */
function search(value: unknown, depth: number): Found {
  const none: Found = { code: null, description: null };
  if (depth > 5) return none;
  if (typeof value === "string") {
    for (const { value: inner } of jsonObjectsIn(value)) {
      const found = search(inner, depth + 1);
      if (found.code !== null || found.description !== null) return found;
    }
    return none;
  }
  if (value === null || typeof value !== "object") return none;
  const record = value as Record<string, unknown>;
  const rawCode = record.error_code;
  const code =
    (typeof rawCode === "number" && Number.isFinite(rawCode)) || typeof rawCode === "string"
      ? String(rawCode).trim()
      : "";
  const description = typeof record.description === "string" ? record.description : null;
  if (ERROR_CODE.test(code) || description !== null) {
    const fallback = typeof record.message === "string" ? record.message : null;
    return { code: ERROR_CODE.test(code) ? code : null, description: description ?? fallback };
  }
  for (const nested of Object.values(record)) {
    const found = search(nested, depth + 1);
    if (found.code !== null || found.description !== null) return found;
  }
  return none;
}

function cleanDescription(text: string | null): string | null {
  if (text === null) return null;
  // Control characters become spaces; then single spaces, and a cap for the URL.
  const clean = text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean ? clean.slice(0, MAX_DESCRIPTION) : null;
}

/**
 * The gateway's error code and description from an error message that may carry the gateway's
 * JSON error, e.g. 'Error en el pago: {"error_code":3001,"description":"The card was declined"}'
 * (also nested, as in {"detail":{...}}, or as a JSON string inside JSON). Without such JSON the
 * message itself, less any JSON it holds, is the description.
 */
export function parseGatewayError(message: string): GatewayError {
  const text = message.slice(0, MAX_MESSAGE);
  const objects = jsonObjectsIn(text);
  for (const { value } of objects) {
    const found = search(value, 0);
    if (found.code !== null || found.description !== null) {
      return { error_code: found.code, description: cleanDescription(found.description) };
    }
  }
  let rest = text;
  for (const { start, end } of [...objects].reverse())
    rest = rest.slice(0, start) + rest.slice(end);
  return { error_code: null, description: cleanDescription(rest.replace(/[\s:\-–]+$/u, "")) };
}
