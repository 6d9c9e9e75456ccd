import sanitizeHtml from "sanitize-html";

/**
 * Supplier HTML (product descriptions) is untrusted: it is cleaned here, on the
 * server, before it reaches `dangerouslySetInnerHTML`. Only formatting, lists,
 * tables, links and images survive; scripts, styles, frames, event handlers,
 * inline styles and `javascript:`/`data:` URLs are dropped.
 *
 * What the cleaning leaves useless goes too (docs/decisions/0243): an image whose
 * source is not a usable http(s) or root-relative URL (`<img src="x">` would make
 * every view request `/producto/x`), a link without a usable destination, an
 * invitation to click that no longer has anything to click ('Haga clic aquí…' whose
 * handler was removed), and any element left with neither text nor image.
 */
const ALLOWED_TAGS = [
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
];

/** Elements that mean something even when empty: never removed for being empty. */
const KEEP_WHEN_EMPTY = new Set([
  "br",
  "hr",
  "img",
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
]);

/** 'Haga clic aquí…', 'clic aquí', 'click here': a phrase that only makes sense with a link. */
const CLICK_INVITATION =
  /(?<![\p{L}\p{N}])(?:(?:haga|haz)\s+cl[ií]ck?|cl[ií]ck?\s+(?:aqu[ií]|here))(?![\p{L}\p{N}])/iu;
/** Longer text is a section that merely mentions clicking; only a short phrase is dropped. */
const PHRASE_MAX = 160;

/**
 * A URL a browser can load from a product page: absolute http(s), or root-relative
 * on this site. Anything else ('x', 'img/a.png', '//host/a', 'ftp:') resolves to a
 * page that cannot exist, or to nothing.
 */
export function isUsableUrl(value: string | undefined, schemes: readonly string[] = []): boolean {
  const url = value?.trim();
  if (!url) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const protocol = parsed.protocol.slice(0, -1);
  if (protocol === "http" || protocol === "https") return parsed.hostname !== "";
  return schemes.includes(protocol);
}

function options(): sanitizeHtml.IOptions {
  // Output positions of the images and links kept so far: a closing element holds those
  // after its own start (children close before their parents).
  let keptImages: number[] = [];
  let keptLinks: number[] = [];
  const inside = (positions: number[], frame: sanitizeHtml.IFrame) =>
    positions.some((p) => p > frame.tagPosition);
  const remove = (frame: sanitizeHtml.IFrame) => {
    keptImages = keptImages.filter((p) => p < frame.tagPosition);
    keptLinks = keptLinks.filter((p) => p < frame.tagPosition);
    return true;
  };

  return {
    allowedTags: ALLOWED_TAGS,
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
    exclusiveFilter: (frame) => {
      const text = frame.text.trim();
      if (frame.tag === "img") {
        if (!isUsableUrl(frame.attribs.src)) return remove(frame);
        keptImages.push(frame.tagPosition);
        return false;
      }
      if (frame.tag === "a") {
        if (!isUsableUrl(frame.attribs.href, ["mailto", "tel"])) return remove(frame);
        if (!text && !inside(keptImages, frame)) return remove(frame);
        keptLinks.push(frame.tagPosition);
        return false;
      }
      if (text.length <= PHRASE_MAX && CLICK_INVITATION.test(text) && !inside(keptLinks, frame)) {
        return remove(frame);
      }
      if (!KEEP_WHEN_EMPTY.has(frame.tag) && !text && !inside(keptImages, frame)) {
        return remove(frame);
      }
      return false;
    },
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
}

const NON_TEXT_TAGS = options().nonTextTags;

/** Clean supplier HTML; `null` when nothing visible is left. */
export function sanitizeDescription(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, options()).trim();
  if (!clean) return null;
  // Markup with no text and no image (e.g. `<p><br></p>`) counts as no description. The
  // cleaned markup escapes every < and > of its text and attributes, so its text is what lies
  // between its tags: read without parsing it again (docs/decisions/0665).
  if (!/<img\b/i.test(clean) && !/\S/.test(clean.replace(/<[^>]*>/g, ""))) return null;
  return clean;
}

/** Plain text of an HTML fragment, whitespace collapsed (for meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  const text = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: NON_TEXT_TAGS,
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
