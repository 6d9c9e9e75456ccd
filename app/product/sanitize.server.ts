import sanitizeHtml from "sanitize-html";

/**
 * Supplier HTML (product descriptions) is untrusted: it is cleaned here, on the
 * server, before it reaches `dangerouslySetInnerHTML`. Only formatting, lists,
 * tables, links and images survive; scripts, styles, frames, event handlers,
 * inline styles and `javascript:`/`data:` URLs are dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "div",
    "span",
    "blockquote",
    "pre",
    "code",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "caption",
    "colgroup",
    "col",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "a",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "type"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // Content of these is dropped together with the tag, not kept as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "title"],
  disallowedTagsMode: "discard",
  // An image whose only source was a dropped `data:`/`javascript:` URL is noise.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  transformTags: {
    // The description sits under an h2 on the product page: keep the outline valid.
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer" },
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy" },
    }),
  },
};

/** Clean supplier HTML; `null` when nothing visible is left. */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (!clean) return null;
  // Markup with no text and no image (e.g. `<p><br></p>`) counts as no description.
  if (!/<img\b/i.test(clean) && htmlToText(clean) === "") return null;
  return clean;
}

/** Plain text of an HTML fragment, whitespace collapsed (for meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

// sanitize-html escapes text on output; meta tags are escaped again by React.
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? "");
}
