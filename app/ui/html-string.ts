/**
 * Markup written as a string where React's render costs too much (the product cards of a page,
 * docs/decisions/0660), escaped as React escapes it, so the browser's render of the same
 * component matches it byte for byte.
 */
const ESCAPED: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

/** Text or an attribute's value, escaped as React escapes them. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/["&'<>]/g, (c) => ESCAPED[c]);
}

/** ` name="value"`, or nothing when the value is undefined, as React writes an attribute. */
export function attribute(name: string, value: string | number | undefined): string {
  return value === undefined ? "" : ` ${name}="${escapeHtml(value)}"`;
}
