/**
 * Product names that tell products apart (docs/decisions/0240): the product page's title and
 * meta description, and the JSON-LD name.
 */
import type { Product } from "~/merchant-api/product";
import { SITE_NAME, TITLE_MAX, TITLE_SUFFIX, truncateText } from "~/platform/page-meta";
import { normalizeText } from "~/text/normalize";

/** Longer descriptions are cut in search results. */
const DESCRIPTION_MAX = 160;
const UNTITLED = "Producto sin título";

type Naming = Pick<Product, "title" | "brand" | "model" | "sku">;

/**
 * What tells a product apart from others with the same name: its brand and its model (the
 * SKU when there is no model), leaving out what the text already says (case, accents and
 * punctuation aside).
 */
export function productQualifier(product: Naming, text = product.title ?? ""): string {
  const model = product.model ?? product.sku;
  const said = ` ${normalizeText(text)} `;
  const says = (words: string) => {
    const wanted = normalizeText(words);
    return wanted !== "" && said.includes(` ${wanted} `);
  };
  return [product.brand, model]
    .filter((part): part is string => Boolean(part?.trim()) && !says(part!))
    .map((part) => part.trim())
    .join(" ");
}

/** The title up to its first comma ('Cámara IP Bala 4 MP') and the rest ('IR 30 m, PoE'). */
function splitTitle(title: string): { head: string; rest: string } {
  const comma = title.indexOf(",");
  if (comma <= 0) return { head: title.trim(), rest: "" };
  return { head: title.slice(0, comma).trim(), rest: title.slice(comma + 1).trim() };
}

/**
 * The product's name with its brand and model after the noun phrase:
 * 'Detector de Ruptura de Vidrio Acústico Epcom E-3843-TR, Cableado, cobertura Hasta 9 m'.
 * The JSON-LD name of the product page.
 */
export function distinctProductName(product: Naming): string {
  const title = product.title?.trim() || UNTITLED;
  const qualifier = productQualifier(product, title);
  if (!qualifier) return title;
  const { head, rest } = splitTitle(title);
  return rest ? `${head} ${qualifier}, ${rest}` : `${head} ${qualifier}`;
}

/**
 * The product page's <title>, at most TITLE_MAX characters, brand and model always kept: the
 * whole name with the site name if it fits, else the name's noun phrase with brand and model
 * (with the site name if that fits), else that noun phrase shortened.
 */
export function productPageTitle(product: Naming): string {
  const title = product.title?.trim() || UNTITLED;
  const qualifier = productQualifier(product, title);
  const { head } = splitTitle(title);
  const short = qualifier ? `${head} ${qualifier}` : head;
  for (const candidate of [
    `${distinctProductName(product)}${TITLE_SUFFIX}`,
    `${short}${TITLE_SUFFIX}`,
    short,
  ]) {
    if (candidate.length <= TITLE_MAX) return candidate;
  }
  if (!qualifier) return truncateText(head, TITLE_MAX);
  if (qualifier.length > TITLE_MAX - 12) return truncateText(short, TITLE_MAX);
  return `${truncateText(head, TITLE_MAX - qualifier.length - 1)} ${qualifier}`;
}

/**
 * The product page's meta description: the product's own text led by the brand and model it
 * does not mention, or a sentence built from its name; at most DESCRIPTION_MAX characters.
 */
export function productMetaDescription(product: Naming, text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (!plain) {
    return truncateText(
      `${distinctProductName(product)}. Compra en línea en ${SITE_NAME}.`,
      DESCRIPTION_MAX,
    );
  }
  const qualifier = productQualifier(product, plain);
  return truncateText(qualifier ? `${qualifier}: ${plain}` : plain, DESCRIPTION_MAX);
}
