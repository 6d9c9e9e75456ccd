/**
 * Characters no typed text may carry on to the merchant API, its e-mails or the logs
 * (docs/decisions/0420): the one rule every form schema applies, in the browser (conform's
 * onValidate) and on the server (parseWithZod). Pure, no imports.
 *
 * - A single-line field (a name, an address, a document, an Order ID) refuses them with
 *   NOT_ALLOWED_MESSAGE: `.refine(isSingleLineText, NOT_ALLOWED)` before the field's other checks.
 * - A multi-line field (a textarea) keeps its line breaks and tabs and drops the rest:
 *   `.overwrite(cleanMultilineText)` before trimming and measuring it.
 */

/** The field message of a single-line text holding one of the characters below. */
export const NOT_ALLOWED_MESSAGE =
  "Contiene caracteres invisibles no permitidos. Escríbelo de nuevo.";

/**
 * The refinement's options: the message, and `abort` so that the field reports only this (its
 * length or format checks would only describe the same text in a misleading way).
 */
export const NOT_ALLOWED = { message: NOT_ALLOWED_MESSAGE, abort: true } as const;

/*
 * Explicit ranges rather than \p{Cc} or \p{Bidi_Control}, for the old browsers that run the
 * schemas too, and so that the list can be read here:
 *   U+0000–U+001F  C0 controls: NUL, tab, LF, CR, ESC…
 *   U+007F–U+009F  DEL and the C1 controls, NEL (U+0085) among them
 *   U+061C, U+200E, U+200F  the bidirectional marks ALM, LRM, RLM
 *   U+2028, U+2029  line and paragraph separators
 *   U+202A–U+202E  bidirectional embeddings and overrides (LRE, RLE, PDF, LRO, RLO)
 *   U+2066–U+2069  bidirectional isolates (LRI, RLI, FSI, PDI)
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** Line breaks of every kind: CRLF, a lone CR, NEL, the line and paragraph separators. */
const LINE_BREAK = /\r\n?|[\u0085\u2028\u2029]/g;
/** What a multi-line text drops once its line breaks are LF: all of FORBIDDEN but tab and LF. */
const DROPPED =
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** True when `text` holds none of the characters above: fit for a single-line field. */
export function isSingleLineText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

/**
 * A textarea's text as it may travel: line breaks as LF (a form post sends CRLF), tabs kept,
 * every other control character and bidirectional control removed.
 */
export function cleanMultilineText(text: string): string {
  return text.replace(LINE_BREAK, "\n").replace(DROPPED, "");
}
