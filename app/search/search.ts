/**
 * Search words and relevance scoring (docs/decisions/0180, 0552); the text itself is folded by
 * ~/text/normalize. Pure: shared by the server (ranking) and the browser (the 2-character rule).
 */
import { hasPrice, type Product } from "~/merchant-api/product";
import { normalizeText, rememberedNormalizer } from "~/text/normalize";

/** Minimum characters of the normalised text before a search runs (docs/decisions/0552). */
const MIN_SEARCH_CHARS = 2;
/** Minimum relevance (score ÷ best score of the result set) for the search overlay. */
const MIN_RELEVANCE = 0.2;

const SCORE = {
  exactTitle: 10_000,
  exactModelOrDescription: 5_000,
  exactSku: 3_000,
  titleStartsWith: 1_500,
  wordInTitle: 150,
  wordInModel: 120,
  wordInSku: 100,
  wordInBrand: 80,
  wordInDescription: 30,
} as const;

/** The words of a normalised text (empty for blank input). */
export function searchWords(value: string | null | undefined): string[] {
  const normalized = normalizeText(value);
  return normalized ? normalized.split(" ") : [];
}

/** True when the text has at least 2 letters or digits after normalisation. */
export function isSearchable(value: string | null | undefined): boolean {
  return normalizeText(value).replace(/ /g, "").length >= MIN_SEARCH_CHARS;
}

/** The normalised fields scoring and filtering look at. */
export interface SearchableText {
  title: string;
  model: string;
  sku: string;
  brand: string;
  description: string;
}

/**
 * A brand's key, as the brand filter and the brand pages compare it: its normalised name, made
 * once per spelling (a catalogue spells about 60 brands, in thousands of products). A listing's
 * brand index needs only this, not the product's whole folded text (docs/decisions/0635).
 */
export const brandKey = rememberedNormalizer(10_000);

/** A product's normalised fields and the raw fields they were made from. */
interface Folded {
  source: Pick<Product, "title" | "model" | "sku" | "brand" | "description">;
  text: Readonly<SearchableText>;
}

/**
 * Where a product object keeps its normalised fields: on itself, under a symbol and not
 * enumerable, so its copies, comparisons and the page's data never see them. They were in a
 * `WeakMap` by product: with the whole catalogue's 22,500 products in it, every full collection
 * of the heap resolved those entries one by one while the process stood still, 20–90 ms every
 * second or so under load, the slowest answers' wait (docs/decisions/0620).
 */
const FOLDED = Symbol("searchable text");

type Folding = Product & { [FOLDED]?: Folded };

/**
 * The product's normalised fields, kept per product object: a cached listing of thousands of
 * products is filtered and ranked again on every request, and normalising their text was most
 * of a catalogue page's cost (docs/decisions/0380). The raw fields are compared on each call,
 * so a product object that changed is normalised again rather than answered stale.
 */
export function searchableText(product: Product): Readonly<SearchableText> {
  const hit = (product as Folding)[FOLDED];
  if (
    hit &&
    hit.source.title === product.title &&
    hit.source.model === product.model &&
    hit.source.sku === product.sku &&
    hit.source.brand === product.brand &&
    hit.source.description === product.description
  ) {
    return hit.text;
  }
  const text = Object.freeze({
    title: normalizeText(product.title),
    model: normalizeText(product.model),
    sku: normalizeText(product.sku),
    brand: brandKey(product.brand),
    description: normalizeText(product.description),
  });
  const { title, model, sku, brand, description } = product;
  const folded: Folded = { source: { title, model, sku, brand, description }, text };
  Object.defineProperty(product, FOLDED, { value: folded, writable: true, configurable: true });
  return text;
}

/** A query normalised once, for scoring many products. */
interface Query {
  text: string;
  words: string[];
}

function prepareQuery(query: string): Query {
  const text = normalizeText(query);
  return { text, words: text ? text.split(" ") : [] };
}

function scoreText(text: Readonly<SearchableText>, q: Query): number {
  if (!q.text) return 0;
  let score = 0;
  if (text.title === q.text) score += SCORE.exactTitle;
  if (text.model === q.text || text.description === q.text) score += SCORE.exactModelOrDescription;
  if (text.sku === q.text) score += SCORE.exactSku;
  if (text.title.startsWith(q.text)) score += SCORE.titleStartsWith;
  for (const word of q.words) {
    if (text.title.includes(word)) score += SCORE.wordInTitle;
    if (text.model.includes(word)) score += SCORE.wordInModel;
    if (text.sku.includes(word)) score += SCORE.wordInSku;
    if (text.brand.includes(word)) score += SCORE.wordInBrand;
    if (text.description.includes(word)) score += SCORE.wordInDescription;
  }
  return score;
}

/**
 * Relevance score of a product for a query (docs/decisions/0552): exact title 10000; exact model or
 * description 5000; exact sku 3000; title starting with the query 1500; then, for each word of
 * the query, 150 if in the title, 120 model, 100 sku, 80 brand, 30 description.
 */
export function scoreProduct(product: Product, query: string): number {
  const q = prepareQuery(query);
  return q.text ? scoreText(searchableText(product), q) : 0;
}

/**
 * The relevance score of many products for one query (the query is normalised once), or null when
 * the query has no words and nothing can score.
 */
export function scorerFor(query: string): ((product: Product) => number) | null {
  const q = prepareQuery(query);
  if (!q.text) return null;
  return (product) => scoreText(searchableText(product), q);
}

function isExactText(text: Readonly<SearchableText>, q: Query): boolean {
  return q.text !== "" && (text.title === q.text || text.model === q.text || text.sku === q.text);
}

/** An exact match: the query is the whole title, model or sku. */
export function isExactMatch(product: Product, query: string): boolean {
  const q = prepareQuery(query);
  return q.text !== "" && isExactText(searchableText(product), q);
}

export interface RankedProduct {
  product: Product;
  score: number;
  /** score ÷ the best score in the set, 0..1 (0 when nothing scored). */
  relevance: number;
}

/**
 * The title starts with the query's first word: the shopper named this product's type
 * ('cámara' → 'Cámara IP Bala…', not 'Micrófono para Cámara').
 */
function namesProductType(text: Readonly<SearchableText>, q: Query): boolean {
  const first = q.words[0];
  if (!first || !text.title) return false;
  const space = text.title.indexOf(" ");
  return (space < 0 ? text.title : text.title.slice(0, space)).startsWith(first);
}

/** A product the shopper can identify and buy: it has a title and a price. */
function isComplete(product: Product): boolean {
  return product.title !== null && product.title.trim() !== "" && hasPrice(product.price);
}

/**
 * Products with their score and relevance, best first (docs/decisions/0222): exact matches,
 * then products of the type the shopper named, then the rest; within each, products with a
 * title and a price before those without, then by the relevance score; ties keep the API's order.
 * The results page and the overlay both rank with this, so they agree on the order.
 */
export function rankProducts(products: Product[], query: string): RankedProduct[] {
  const q = prepareQuery(query);
  const scored = products.map((product, index) => {
    const text = searchableText(product);
    return {
      product,
      score: scoreText(text, q),
      tier:
        (isExactText(text, q) ? 0 : namesProductType(text, q) ? 2 : 4) +
        (isComplete(product) ? 0 : 1),
      index,
    };
  });
  const best = scored.reduce((max, s) => Math.max(max, s.score), 0);
  return scored
    .sort((a, b) => a.tier - b.tier || b.score - a.score || a.index - b.index)
    .map(({ product, score }) => ({ product, score, relevance: best > 0 ? score / best : 0 }));
}

/**
 * The overlay's two sections: exact matches (the query is the whole title, model or sku),
 * then the other products ranked among themselves whose relevance is at least
 * MIN_RELEVANCE. Relevance is computed without the exact matches, whose 10000-point bonus
 * would otherwise push every other product under the threshold. Each list is capped.
 */
export function splitSuggestions(
  products: Product[],
  query: string,
  limits: { exact: number; suggestions: number } = { exact: 4, suggestions: 8 },
): { exact: RankedProduct[]; suggestions: RankedProduct[] } {
  const q = prepareQuery(query);
  const exactProducts = products.filter((p) => isExactText(searchableText(p), q));
  const others = products.filter((p) => !isExactText(searchableText(p), q));
  const exact = rankProducts(exactProducts, query);
  const suggestions = rankProducts(others, query).filter(
    (r) => r.score > 0 && r.relevance >= MIN_RELEVANCE,
  );
  return {
    exact: exact.slice(0, limits.exact),
    suggestions: suggestions.slice(0, limits.suggestions),
  };
}
