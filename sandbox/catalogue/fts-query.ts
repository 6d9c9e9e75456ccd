/** Free text as the catalogue's FTS5 queries (the search and the merchant ranking's titles). */

/** The words of free text as the search index keeps them: lower case, at most 12. */
export function ftsWords(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** Turns free text into an FTS5 query: every word must match, as a prefix. */
export function toFtsQuery(text: string): string | null {
  const words = ftsWords(text);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(" AND ");
}

/**
 * The two title queries of the merchant ranking (docs/decisions/0222): the title starts with
 * the first word (the shopper named the product type: 'cámara' → 'Cámara IP Bala…', not
 * 'Micrófono para Cámara'), and every word is in the title.
 */
export function toTitleQueries(text: string): { leads: string; inTitle: string } | null {
  const words = ftsWords(text);
  if (words.length === 0) return null;
  const all = words.map((w) => `"${w}"*`).join(" AND ");
  return { leads: `title : ^"${words[0]}"* AND (${all})`, inTitle: `title : (${all})` };
}
