import sanitizeHtml from "sanitize-html";
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
// Only a list or a table can repeat the facts: a description with neither (about 70 % of the
// sandbox's catalogue) is given back without being parsed. Tag names are case-insensitive.
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

  const isFeatureList = (frame: sanitizeHtml.IFrame) =>
    features !== "" &&
    (frame.tag === "ul" || frame.tag === "ol") &&
    compact(frame.text) === features;
  const isSpecTable = (frame: sanitizeHtml.IFrame) => {
    if (specs === "" || frame.tag !== "table") return false;
    const text = compact(frame.text);
    // Same cells, in any order.
    return (
      text === specs || (text.length === specs.length && specParts.every((p) => text.includes(p)))
    );
  };

  // First pass: is there anything to drop? The headings close before their list or table, so
  // they are decided from what this pass found.
  let hasFeatureList = false;
  let hasSpecTable = false;
  const parseOnly: sanitizeHtml.IOptions = {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    parser: { lowerCaseTags: true },
  };
  sanitizeHtml(html, {
    ...parseOnly,
    exclusiveFilter: (frame) => {
      if (isFeatureList(frame)) hasFeatureList = true;
      if (isSpecTable(frame)) hasSpecTable = true;
      return false;
    },
  });
  if (!hasFeatureList && !hasSpecTable) return html;

  return sanitizeHtml(html, {
    ...parseOnly,
    exclusiveFilter: (frame) => {
      if (hasFeatureList && isFeatureList(frame)) return true;
      if (hasSpecTable && isSpecTable(frame)) return true;
      if (!HEADING.test(frame.tag)) return false;
      const heading = compact(frame.text);
      return (
        (hasFeatureList && FEATURE_HEADINGS.has(heading)) ||
        (hasSpecTable && SPEC_HEADINGS.has(heading))
      );
    },
  });
}
