/**
 * Text compared the way shoppers type it: case, accents and punctuation aside. Pure: the
 * server (search, filters, category paths, product names) and the browser (highlights) use it.
 */
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Lower-case one character and strip its accents ('Á' → 'a', 'ñ' → 'n'). */
function foldChar(ch: string): string {
  return ch.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase();
}

/** Lower-case, accents and punctuation removed, single spaces, trimmed. */
export function normalizeText(value: string | null | undefined): string {
  if (!value) return "";
  // Each run of other characters becomes one space, so the spaces are single already.
  return value
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(NOT_LETTER_OR_DIGIT, " ")
    .trim();
}

/**
 * `read` remembered per text, for texts that come back again and again (brands across thousands
 * of products, titles on page after page, a product's date in every list that holds it, the
 * address of a page asked for again). At most `max` texts: past that it starts over, so odd texts
 * cannot grow it; a text longer than `longest` characters is read each time, never kept.
 */
export function rememberedBy<T>(
  max: number,
  read: (text: string) => T,
  longest = Infinity,
): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (text.length > longest) return read(text);
    // One lookup for a text remembered; a second only to tell an undefined answer from none.
    const remembered = known.get(text);
    if (remembered !== undefined || known.has(text)) return remembered as T;
    if (known.size >= max) known.clear();
    const value = read(text);
    known.set(text, value);
    return value;
  };
}

/** `normalizeText` remembered per text (`rememberedBy`); no text is "". */
export function rememberedNormalizer(max: number): (text: string | null | undefined) => string {
  const remembered = rememberedBy(max, normalizeText);
  return (text) => (text ? remembered(text) : "");
}

/**
 * Where the term first appears in the text, ignoring case and accents, as
 * [start, end) offsets into the ORIGINAL text (for a <mark>), or null.
 */
export function findMatch(text: string, term: string): [number, number] | null {
  const needle = Array.from(term.trim()).map(foldChar).join("");
  if (!needle) return null;
  let folded = "";
  // starts[i] = offset in `text` of the character that produced folded[i].
  const starts: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) starts.push(offset);
    folded += f;
    offset += ch.length;
  }
  const at = folded.indexOf(needle);
  if (at < 0) return null;
  const lastFolded = at + needle.length - 1;
  const lastStart = starts[lastFolded];
  const lastChar = String.fromCodePoint(text.codePointAt(lastStart) ?? 0);
  return [starts[at], lastStart + lastChar.length];
}
