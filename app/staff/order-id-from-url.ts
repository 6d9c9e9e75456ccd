/**
 * Manual notification tool input rules (docs/decisions/0324): the Order ID
 * typed by staff, or one taken from a pasted success-page URL.
 */

export const STAFF_ORDER_MESSAGES = {
  invalidOrderId: "Por favor ingresa un Order ID válido",
  invalidUrl: "URL inválida. Por favor verifica el formato.",
  noOrderId: "No se encontró order_id en la URL proporcionada",
} as const;

export type OrderIdResult = { ok: true; orderId: string } | { ok: false; message: string };

export const ORDER_ID_INPUT_MAX_LENGTH = 100;
const ORDER_ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * The Order ID as typed: trimmed, 1 to 100 characters, only letters, digits, "-" and "_".
 * Anything else answers 'Por favor ingresa un Order ID válido'.
 */
export function validateOrderIdInput(text: string): OrderIdResult {
  const orderId = text.trim();
  if (
    !orderId ||
    orderId.length > ORDER_ID_INPUT_MAX_LENGTH ||
    !ORDER_ID_CHARACTERS.test(orderId)
  ) {
    return { ok: false, message: STAFF_ORDER_MESSAGES.invalidOrderId };
  }
  return { ok: true, orderId };
}

/**
 * The order_id query parameter of a pasted absolute http(s) URL (the first non-empty one).
 * Text that is not such a URL answers 'URL inválida. Por favor verifica el formato.'; a URL
 * without a non-empty order_id answers 'No se encontró order_id en la URL proporcionada'; an
 * order_id that validateOrderIdInput refuses answers its message.
 */
export function extractOrderId(input: string): OrderIdResult {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, message: STAFF_ORDER_MESSAGES.invalidUrl };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, message: STAFF_ORDER_MESSAGES.invalidUrl };
  }
  const orderId = url.searchParams.getAll("order_id").find((value) => value.trim() !== "");
  if (orderId === undefined) return { ok: false, message: STAFF_ORDER_MESSAGES.noOrderId };
  return validateOrderIdInput(orderId);
}
