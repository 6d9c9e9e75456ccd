/**
 * Catalogue filters, sorting and URL parameters (docs/decisions/0181, 0551). Pure: the server filters, the
 * browser only builds URLs.
 */
import { hasPrice, type Product } from "~/merchant-api/product";
import { brandKey, scorerFor, searchableText, searchWords } from "~/search/search";
import { normalizeText } from "~/text/normalize";
import { compareSpanish } from "~/text/spanish-order";
import { productsOfBrand } from "./brands";

export const SORT_OPTIONS = [
  { value: "relevancia", label: "Relevancia" },
  { value: "precio-asc", label: "Precio: menor a mayor" },
  { value: "precio-desc", label: "Precio: mayor a menor" },
  { value: "nombre", label: "Nombre (A-Z)" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"];
type ViewMode = "grid" | "list";

/** URL parameter names of the catalogue screens (Spanish, as the shopper sees them). */
export const PARAM = {
  category: "categoria",
  categoryName: "nombre",
  search: "search",
  text: "texto",
  brand: "marca",
  minPrice: "precio_min",
  maxPrice: "precio_max",
  sort: "orden",
  view: "vista",
  page: "pagina",
} as const;

const MAX_TEXT = 100;

/** How the filter bar draws a filter's field (FilterBar.tsx has a case for each kind). */
type FilterField =
  | { kind: "text"; id: string; label: string; placeholder: string }
  | { kind: "brand"; id: string; label: string }
  | { kind: "price"; id: string; label: string };

/**
 * A filter that narrows a catalogue list: everything the store does with it follows from this
 * (docs/decisions/0551). Values are primitives: they key the memo of `filteredListing` and are
 * compared with `none`.
 */
interface FilterDefinition<T> {
  /** Its URL parameter. */
  param: string;
  /** At most this many characters of the parameter are read. */
  maxLength: number;
  /** Its value when the parameter asks for nothing: the filter narrows nothing. */
  none: T;
  /** The value the parameter asks for, or a Spanish message when it cannot be used. */
  parse(raw: string): T | { error: string };
  /** What the list keeps for a value other than `none`; made once per list filtered. */
  keeps(value: T): (product: Product) => boolean;
  /**
   * What `keeps` keeps of a list, in its order, read from an index kept per list instead of
   * testing each product; undefined where there is no index for the value (docs/decisions/0620).
   */
  kept?(products: readonly Product[], value: T): readonly Product[] | undefined;
  field: FilterField;
}

const defineFilter = <T>(definition: FilterDefinition<T>) => definition;

/** A price bound or its message: pesos as written in Colombia, centavos kept (parsePrice). */
function priceBound(raw: string, message: string): number | null | { error: string } {
  const price = parsePrice(raw);
  return price === "invalid" ? { error: message } : price;
}

/** The filters, in the order the filter bar shows them. */
export const FILTERS = {
  /** Free text: every word must appear in title, model, sku, brand or description. */
  text: defineFilter<string>({
    param: PARAM.text,
    maxLength: MAX_TEXT,
    none: "",
    parse: (raw) => raw.trim(),
    keeps: (text) => {
      // The filter's own text is normalised once, not once per product.
      const words = searchWords(text);
      return (product) => hasEveryWord(product, words);
    },
    field: {
      kind: "text",
      id: "filtro-texto",
      label: "Nombre del producto",
      placeholder: "Ej.: cámara domo",
    },
  }),
  /** Exact brand (case- and accent-insensitive), "" for every brand. */
  brand: defineFilter<string>({
    param: PARAM.brand,
    maxLength: MAX_TEXT,
    none: "",
    parse: (raw) => raw.trim(),
    keeps: (brand) => {
      const key = normalizeText(brand);
      return (product) => brandKey(product.brand) === key;
    },
    // A brand with no letter or digit has no entry in the index: its test decides.
    kept: (products, brand) =>
      normalizeText(brand) === "" ? undefined : productsOfBrand(products, brand),
    field: { kind: "brand", id: "filtro-marca", label: "Marca" },
  }),
  minPrice: defineFilter<number | null>({
    param: PARAM.minPrice,
    maxLength: 20,
    none: null,
    parse: (raw) =>
      priceBound(raw, "Escribe el precio mínimo en pesos, por ejemplo 800.000 o 800.000,00."),
    keeps: (min) => (product) => matchesPrice(product, min, null),
    field: { kind: "price", id: "filtro-precio-min", label: "Precio mínimo" },
  }),
  maxPrice: defineFilter<number | null>({
    param: PARAM.maxPrice,
    maxLength: 20,
    none: null,
    parse: (raw) =>
      priceBound(raw, "Escribe el precio máximo en pesos, por ejemplo 800.000 o 800.000,00."),
    keeps: (max) => (product) => matchesPrice(product, null, max),
    field: { kind: "price", id: "filtro-precio-max", label: "Precio máximo" },
  }),
};

export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

type FilterValues = {
  [K in FilterName]: (typeof FILTERS)[K] extends FilterDefinition<infer T> ? T : never;
};

export type CatalogueFilters = FilterValues & { sort: SortKey; view: ViewMode; page: number };

export interface ParsedFilters {
  filters: CatalogueFilters;
  /** What the shopper typed, to show back in the form. */
  raw: Record<FilterName, string>;
  /** Field → Spanish message for values that were ignored. */
  errors: Partial<Record<FilterName, string>>;
  /** What was read differently from how it was typed (bounds swapped), to say so. */
  notice: string | null;
}

/** Digits a price bound may have before its decimals (a trillion pesos). */
const MAX_PRICE_DIGITS = 12;

/**
 * A price bound as a shopper in Colombia writes it (docs/decisions/0567): dots between
 * thousands and a comma before centavos ('800.000', '800.000,00', '$ 1.500.000'), the other
 * way round ('1,500,000.00'), or bare digits; 'COP' and 'pesos' are allowed. Centavos are
 * kept here and rounded by the bound they belong to. 'invalid' for anything else.
 */
export function parsePrice(raw: string): number | null | "invalid" {
  const text = raw.replace(/\s|\$|cop|pesos/gi, "");
  if (text === "") return null;
  if (!/^[\d.,]+$/.test(text)) return "invalid";
  // One or two digits after the last separator are centavos; three are a group of thousands.
  const decimals = /([.,])(\d{1,2})$/.exec(text);
  const whole = decimals ? text.slice(0, decimals.index) : text;
  let digits: string;
  if (/^\d+$/.test(whole)) {
    digits = whole;
  } else {
    const grouped = /^\d{1,3}(([.,])\d{3})(\2\d{3})*$/.exec(whole);
    // Groups of three with one separator, and not the one before the centavos.
    if (!grouped || grouped[2] === decimals?.[1]) return "invalid";
    digits = whole.replace(/[.,]/g, "");
  }
  if (digits.length > MAX_PRICE_DIGITS) return "invalid";
  return Number(digits) + (decimals ? Number(`0.${decimals[2]}`) : 0);
}

function parsePage(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw.trim())) return 1;
  return Math.max(1, Number(raw.trim()));
}

const isRefusal = (parsed: unknown): parsed is { error: string } =>
  typeof parsed === "object" && parsed !== null && "error" in parsed;

/** Reads and validates the filter parameters; bad values are reported and ignored. */
export function parseFilters(params: URLSearchParams): ParsedFilters {
  const raw = {} as Record<FilterName, string>;
  const values = {} as Record<FilterName, unknown>;
  const errors: ParsedFilters["errors"] = {};
  for (const name of FILTER_NAMES) {
    const filter: FilterDefinition<unknown> = FILTERS[name];
    raw[name] = (params.get(filter.param) ?? "").slice(0, filter.maxLength);
    const parsed = filter.parse(raw[name]);
    if (isRefusal(parsed)) {
      errors[name] = parsed.error;
      values[name] = filter.none;
    } else values[name] = parsed;
  }
  let { minPrice, maxPrice } = values as FilterValues;
  let notice: string | null = null;
  // Bounds typed the wrong way round mean the range between them: swapped, and said so.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    [minPrice, maxPrice] = [maxPrice, minPrice];
    [raw.minPrice, raw.maxPrice] = [raw.maxPrice, raw.minPrice];
    notice = "El precio mínimo era mayor que el máximo: los intercambiamos.";
  }
  // Prices are whole pesos: a bound with centavos keeps the same products.
  values.minPrice = minPrice === null ? null : Math.ceil(minPrice);
  values.maxPrice = maxPrice === null ? null : Math.floor(maxPrice);
  const sortRaw = params.get(PARAM.sort);
  const sort = SORT_OPTIONS.some((o) => o.value === sortRaw) ? (sortRaw as SortKey) : "relevancia";
  return {
    filters: {
      ...(values as FilterValues),
      sort,
      view: params.get(PARAM.view) === "lista" ? "list" : "grid",
      page: parsePage(params.get(PARAM.page)),
    },
    raw,
    errors,
    notice,
  };
}

/** True when a filter narrows the list (any of FILTERS away from its `none`). */
export function hasActiveFilters(f: CatalogueFilters): boolean {
  return FILTER_NAMES.some((name) => f[name] !== FILTERS[name].none);
}

/** Every word of `text` appears in the product's title, model, sku, brand or description. */
export function matchesText(product: Product, text: string): boolean {
  return hasEveryWord(product, searchWords(text));
}

/** `words` are normalised and have no spaces, so none can straddle two fields. */
function hasEveryWord(product: Product, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const t = searchableText(product);
  return words.every(
    (w) =>
      t.title.includes(w) ||
      t.model.includes(w) ||
      t.sku.includes(w) ||
      t.brand.includes(w) ||
      t.description.includes(w),
  );
}

/**
 * Inclusive bounds on the price the card shows. Within a price range only what can be bought at
 * such a price is listed: a product without a shown price ('Consultar precio': none, or 0) or
 * out of stock is left out (docs/decisions/0567); without bounds nothing is.
 */
export function matchesPrice(
  product: Pick<Product, "price" | "stock">,
  min: number | null,
  max: number | null,
): boolean {
  if (min === null && max === null) return true;
  const price = product.price;
  if (!hasPrice(price) || !(product.stock > 0)) return false;
  if (min !== null && price < min) return false;
  if (max !== null && price > max) return false;
  return true;
}

export function filterProducts(products: readonly Product[], f: CatalogueFilters): Product[] {
  // The first filter with an index for its value narrows the list (indexes are kept per list,
  // so only the list itself has them); the others test what it kept.
  let among = products;
  const tests: Array<(product: Product) => boolean> = [];
  for (const name of FILTER_NAMES) {
    const filter: FilterDefinition<unknown> = FILTERS[name];
    if (f[name] === filter.none) continue;
    const kept = among === products ? filter.kept?.(products, f[name]) : undefined;
    if (kept) among = kept;
    else tests.push(filter.keeps(f[name]));
  }
  return among.filter((p) => tests.every((keeps) => keeps(p)));
}

/**
 * Sorted copy. Relevance ranks by the score of `query` (docs/decisions/0180) when there is one, else keeps the
 * API's order; price sorts put products without a price last; name uses Spanish collation.
 */
export function sortProducts(products: readonly Product[], sort: SortKey, query = ""): Product[] {
  const indexed = products.map((product, index) => ({ product, index }));
  const priceOf = (p: Product) => (hasPrice(p.price) ? p.price : null);
  switch (sort) {
    case "precio-asc":
    case "precio-desc": {
      const dir = sort === "precio-asc" ? 1 : -1;
      indexed.sort((a, b) => {
        const pa = priceOf(a.product);
        const pb = priceOf(b.product);
        if (pa === null || pb === null)
          return (pa === null ? 1 : 0) - (pb === null ? 1 : 0) || a.index - b.index;
        return (pa - pb) * dir || a.index - b.index;
      });
      break;
    }
    case "nombre":
      indexed.sort(
        (a, b) => compareSpanish(a.product.title ?? "", b.product.title ?? "") || a.index - b.index,
      );
      break;
    case "relevancia": {
      const score = scorerFor(query);
      if (!score) break;
      const scored = products.map((product, index) => ({ product, index, score: score(product) }));
      scored.sort((a, b) => b.score - a.score || a.index - b.index);
      return scored.map((i) => i.product);
    }
  }
  return indexed.map((i) => i.product);
}

const sortedByList = new WeakMap<readonly Product[], Map<SortKey, readonly Product[]>>();

/**
 * `sortProducts` without a query, kept per list: sorting a cached listing of thousands of
 * products on every request cost more than filtering it. Every sort is stable (ties keep the
 * list's order), so filtering the sorted list gives what sorting the filtered list gives.
 */
export function sortedListing(products: readonly Product[], sort: SortKey): readonly Product[] {
  let orders = sortedByList.get(products);
  if (!orders) {
    orders = new Map();
    sortedByList.set(products, orders);
  }
  let sorted = orders.get(sort);
  if (!sorted) {
    sorted = sort === "relevancia" ? products : sortProducts(products, sort);
    orders.set(sort, sorted);
  }
  return sorted;
}

/** Filtered orders kept per list: a few recent filter and query combinations each. */
const FILTERED_PER_LIST = 16;
const filteredByList = new WeakMap<readonly Product[], Map<string, readonly Product[]>>();

/**
 * The list filtered by `filters` in the order of `filters.sort`, ranked by the relevance score of
 * `query` under 'relevancia' when it has words. Kept per list for the last few combinations:
 * a search or a filter asked for again (another page of it, or a shopper with a cart, whose
 * pages are not cached whole) was filtered and ranked anew over the whole listing each time.
 */
export function filteredListing(
  products: readonly Product[],
  filters: CatalogueFilters,
  query: string,
): readonly Product[] {
  const ranked = filters.sort === "relevancia" && scorerFor(query) !== null;
  // Every filter is in the key: a combination it left out would be served another's list.
  const key = JSON.stringify([
    filters.sort,
    ranked ? query : "",
    ...FILTER_NAMES.map((name) => filters[name]),
  ]);
  let recent = filteredByList.get(products);
  if (!recent) {
    recent = new Map();
    filteredByList.set(products, recent);
  }
  let filtered = recent.get(key);
  if (filtered) {
    recent.delete(key); // most recently used last
  } else {
    filtered = ranked
      ? sortProducts(filterProducts(products, filters), filters.sort, query)
      : filterProducts(sortedListing(products, filters.sort), filters);
    if (recent.size >= FILTERED_PER_LIST) recent.delete(recent.keys().next().value as string);
  }
  recent.set(key, filtered);
  return filtered;
}

const brandsByList = new WeakMap<readonly Product[], string[]>();

/**
 * The brands present in a list, once each, in Spanish order. Kept per list: a cached listing
 * gives the same brands on every request.
 */
export function brandsOf(products: readonly Product[]): string[] {
  let brands = brandsByList.get(products);
  if (!brands) {
    const byKey = new Map<string, string>();
    for (const p of products) {
      const brand = p.brand?.trim();
      if (!brand) continue;
      const key = brandKey(brand);
      if (!byKey.has(key)) byKey.set(key, brand);
    }
    brands = [...byKey.values()].sort(compareSpanish);
    brandsByList.set(products, brands);
  }
  return [...brands];
}
