import { Parser } from "htmlparser2";
import type { Product } from "~/merchant-api/product";
import { normalizeText } from "~/text/normalize";

/** Letters and digits only, lower-case, no accents: how two texts are compared here. */
function compact(text: string): string {
  return normalizeText(text).replace(/ /g, "");
}

const FEATURE_HEADINGS = new Set(["caracteristicas", "caracteristicasprincipales"]);
const SPEC_HEADINGS = new Set([
  "especificaciones",
  "especificacionestecnicas",
  "fichatecnica",
  "caracteristicastecnicas",
]);
const HEADING = /^h[1-6]$/;
/** The elements that can repeat the facts or head them; the text of no other is read. */
const FACT_OR_HEADING = /^(?:ul|ol|table|h[1-6])$/;

/** A part of the raw HTML, from its start to just past its end. */
interface Span {
  start: number;
  end: number;
}

// Only a list or a table can repeat the facts: a description with neither is given back without
// being parsed (every description of the sandbox's catalogue has one, docs/decisions/0650). Tag
// names are case-insensitive.
const LIST_OR_TABLE = /<(?:ul|ol|table)\b/i;

/**
 * The supplier's description without the parts the product page already shows from the
 * product's own fields (docs/decisions/0227): a list whose items are the features, a table
 * whose cells are the specifications, and the heading right before each. Everything else is
 * kept as it came. Runs on the raw HTML, before `sanitizeDescription`, which stays the last
 * step before rendering.
 */
export function withoutRepeatedFacts(
  product: Pick<Product, "descriptionHtml" | "features" | "specifications">,
): string | null {
  const html = product.descriptionHtml;
  if (!html || !LIST_OR_TABLE.test(html)) return html;
  const features = compact(product.features.join(""));
  const entries = Object.entries(product.specifications);
  const specs = compact(entries.map(([key, value]) => `${key}${value}`).join(""));
  const specParts = entries.flatMap(([key, value]) => [compact(key), compact(value)]);
  if (features === "" && specs === "") return html;

  const isFeatureList = (tag: string, text: string) =>
    features !== "" && (tag === "ul" || tag === "ol") && compact(text) === features;
  const isSpecTable = (tag: string, text: string) => {
    if (specs === "" || tag !== "table") return false;
    const cells = compact(text);
    // Same cells, in any order.
    return (
      cells === specs ||
      (cells.length === specs.length && specParts.every((p) => cells.includes(p)))
    );
  };

  // One pass over the raw HTML: where each list, table and heading starts and ends, and its
  // text (entities decoded, as sanitize-html's frames read it; docs/decisions/0650).
  const lists: Span[] = [];
  const tables: Span[] = [];
  const featureHeadings: Span[] = [];
  const specHeadings: Span[] = [];
  const open: Array<{ start: number; textAt: number }> = [];
  let text = "";
  let ended = false;
  const parser = new Parser(
    {
      onopentag: () => open.push({ start: parser.startIndex, textAt: text.length }),
      ontext: (data) => (text += data),
      onclosetag: (tag, implied) => {
        const element = open.pop();
        // An element ends at its own end tag, or, left open, at the description's end. One
        // closed by its parent's end tag has no end of its own to cut at: it stays.
        if (!element || (implied && !ended) || !FACT_OR_HEADING.test(tag)) return;
        const span = { start: element.start, end: implied ? html.length : parser.endIndex + 1 };
        const inner = text.slice(element.textAt);
        if (isFeatureList(tag, inner)) lists.push(span);
        else if (isSpecTable(tag, inner)) tables.push(span);
        else if (HEADING.test(tag)) {
          const heading = compact(inner);
          if (FEATURE_HEADINGS.has(heading)) featureHeadings.push(span);
          if (SPEC_HEADINGS.has(heading)) specHeadings.push(span);
        }
      },
    },
    { lowerCaseTags: true },
  );
  parser.write(html);
  ended = true;
  parser.end();
  if (lists.length === 0 && tables.length === 0) return html;

  // The headings go only with what they head: a list's when a list went, a table's likewise.
  const cut = [
    ...lists,
    ...tables,
    ...(lists.length > 0 ? featureHeadings : []),
    ...(tables.length > 0 ? specHeadings : []),
  ].sort((a, b) => a.start - b.start);
  let kept = "";
  let at = 0;
  for (const span of cut) {
    if (span.start < at) continue; // inside a part already cut
    kept += html.slice(at, span.start);
    at = span.end;
  }
  return kept + html.slice(at);
}
