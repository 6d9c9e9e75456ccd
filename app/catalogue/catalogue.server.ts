/**
 * Catalogue data for the list screens (spec §2, §7, §8): whole listings loaded page by page
 * and cached, so filtering, sorting and paging run on the server without refetching.
 */
import { isDeepStrictEqual } from "node:util";
import { LRUCache } from "lru-cache";
import type { BreadcrumbItem } from "~/ui/Breadcrumb";
import {
  brandsOf,
  type CatalogueFilters,
  filteredListing,
  hasActiveFilters,
  PARAM,
  type ParsedFilters,
  parseFilters,
} from "./filters";
import { paginate } from "~/ui/pagination";
import { type BrandSummary, brandSummaries, findBrand, productsOfBrand } from "./brands";

// What the other parts may use of the brand rules (the home page's strip, the sitemap).
export { brandHref, brandSummaries, latestUpdate } from "./brands";
import {
  type CardProduct,
  type Category,
  forList,
  type Product,
  TOP_CATEGORIES,
  toCard,
} from "~/merchant-api/product";
import { normalizeText } from "~/search/search";
import {
  ApiError,
  getCategories,
  listProducts,
  searchProducts,
} from "~/merchant-api/client.server";
import { cached, CACHE_POLICY, createCache } from "~/platform/cache.server";
import { logger } from "~/platform/logger.server";

/** Spec §7/§9: a category listing is read 60 at a time while has_more, at most 50 pages. */
export const LISTING_PAGE_SIZE = 60;
export const LISTING_MAX_PAGES = 50;
/** The whole catalogue (sitemap, /productos without category): 200 a page (docs/decisions/0182). */
const FULL_PAGE_SIZE = 200;
const FULL_MAX_PAGES = 500;

const MINUTE = 60_000;
/** Full listings are costly to rebuild: fresh 5 min, then served stale while one refresh runs. */
const LISTING_POLICY = { ttl: 5 * MINUTE, swr: 30 * MINUTE, staleIfError: 60 * MINUTE };

/**
 * One object per product across listings. A product is in its category's listing, its parent
 * categories' and the whole catalogue's; reading each gave it its own copy, so every listing
 * held its own copies and the text kept per product object (for filtering and ranking) was
 * normalised again for each. An unchanged product read again is the object already held.
 */
const heldProducts = new LRUCache<string, Product>({ max: 60_000 });

function held(product: Product): Product {
  const known = heldProducts.get(product.id);
  if (known && isDeepStrictEqual(known, product)) return known;
  heldProducts.set(product.id, product);
  return product;
}

/**
 * The listings' own cache. Every product sits in three category listings and the whole
 * catalogue's (about 90,000 items in all for 22,500 products); in the shared cache's bound of
 * 50,000 they pushed one another out, so browsing kept reading listings again. Their items
 * are the shared objects above: a listing costs a pointer per product.
 */
const listings = createCache({ maxWeight: 250_000 });

/** Thrown inside the cache when paging stopped early, so a complete stale copy can answer. */
class IncompleteListing extends Error {
  readonly status = 502;
  readonly products: Product[];
  constructor(products: Product[]) {
    super("Listado incompleto");
    this.products = products;
  }
}

async function pageThrough(
  params: { categoria?: string; search?: string },
  pageSize: number,
  maxPages: number,
): Promise<{ products: Product[]; complete: boolean; capped: boolean }> {
  const products: Product[] = [];
  const seen = new Set<string>();
  for (let page = 0; page < maxPages; page++) {
    let result: Awaited<ReturnType<typeof listProducts>>;
    try {
      result = await listProducts({ ...params, limit: pageSize, offset: page * pageSize });
    } catch (error) {
      // Only an upstream failure stops paging; anything else is a bug and propagates.
      if (!(error instanceof ApiError)) throw error;
      // §8: a non-OK page stops paging and keeps what was loaded.
      logger.warn(
        { err: error, page, loaded: products.length, ...params },
        "catalogue page failed: listing cut short",
      );
      return { products, complete: false, capped: false };
    }
    for (const product of result.products) {
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(held(forList(product)));
    }
    if (!result.hasMore || result.products.length === 0)
      return { products, complete: true, capped: false };
  }
  // The page limit ended the walk while the API still had more.
  return { products, complete: true, capped: true };
}

/**
 * A category's listing. The spec's walk (60 a page, at most 50 pages) stops at 3,000 products;
 * a bigger category (Videovigilancia: 6,825) is completed from its subcategories, each read the
 * same way (and cached as their own listings), so every product of the category is in its list
 * and every count is true. The API's first 3,000 keep their order; the rest follow by
 * subcategory (docs/decisions/0225).
 */
async function readCategory(
  categoria: string,
): Promise<{ products: Product[]; complete: boolean }> {
  const own = await pageThrough({ categoria }, LISTING_PAGE_SIZE, LISTING_MAX_PAGES);
  if (!own.complete || !own.capped) return own;
  const children = ((await loadCategoriesSafe()) ?? []).filter((c) => c.parentId === categoria);
  if (children.length === 0) {
    logger.warn({ categoria, loaded: own.products.length }, "category listing capped");
    return own;
  }
  const parts = await Promise.all(children.map((c) => loadListing({ categoria: c.id })));
  const products = [...own.products];
  const seen = new Set(products.map((p) => p.id));
  for (const product of parts.flat()) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    products.push(product);
  }
  return { products, complete: true };
}

async function cachedListing(
  key: string,
  load: () => Promise<{ products: Product[]; complete: boolean }>,
): Promise<Product[]> {
  try {
    return await listings.cached({
      key,
      ...LISTING_POLICY,
      getFreshValue: async () => {
        const result = await load();
        if (!result.complete) throw new IncompleteListing(result.products);
        return result.products;
      },
    });
  } catch (error) {
    if (error instanceof IncompleteListing) return error.products;
    // §8: an exception empties the list.
    logger.error({ err: error, key }, "catalogue listing failed: empty list");
    return [];
  }
}

/**
 * A category's products (and/or an API text search), every page up to the spec's limit; a
 * category bigger than that limit is completed from its subcategories.
 */
export function loadListing(params: { categoria?: string; search?: string }): Promise<Product[]> {
  const categoria = params.categoria?.trim() || undefined;
  const search = params.search?.trim() || undefined;
  const key = `catalogue:listing:${categoria ?? ""}:${search?.toLowerCase() ?? ""}`;
  return cachedListing(key, () =>
    categoria && !search
      ? readCategory(categoria)
      : pageThrough({ categoria, search }, LISTING_PAGE_SIZE, LISTING_MAX_PAGES),
  );
}

/** Every product of the catalogue (no category, no search); the sitemap reads it too. */
export function loadWholeCatalogue(): Promise<Product[]> {
  return cachedListing("catalogue:all", () => pageThrough({}, FULL_PAGE_SIZE, FULL_MAX_PAGES));
}

// Reading the whole catalogue takes a walk through every page (seconds): start it when the
// production server loads, so the first shopper on /productos or the sitemap does not wait.
if (process.env.NODE_ENV === "production") {
  setTimeout(() => void loadWholeCatalogue(), 0).unref();
}

/**
 * A brand's products, read from the whole catalogue with the brand filter's own rule, so the
 * brand page and /productos?marca=… list the same products (docs/decisions/0241).
 */
export async function loadBrandListing(
  brand: string,
): Promise<{ brand: BrandSummary | null; products: readonly Product[] }> {
  const catalogue = await loadWholeCatalogue();
  const found = findBrand(catalogue, brand);
  return { brand: found, products: found ? productsOfBrand(catalogue, found.name) : [] };
}

/** The brands that have products, for the brand strip and the sitemap. */
export async function loadBrandSummaries(): Promise<BrandSummary[]> {
  return brandSummaries(await loadWholeCatalogue());
}

/** Search results page data: GET /api/products/search?q&limit=50, cached like a product list. Throws. */
export async function loadSearchResults(term: string): Promise<Product[]> {
  // The client caches the search call itself; a second cache here would hold the same list twice.
  return (await searchProducts(term.trim(), 50)).map(forList);
}

/** Search overlay data: GET /api/productos?search&limit=200&offset=0. Throws. */
export function loadSuggestionCandidates(term: string): Promise<Product[]> {
  return cached({
    key: `catalogue:suggest:${term.trim().toLowerCase()}`,
    ...CACHE_POLICY.productList,
    getFreshValue: async () =>
      (await listProducts({ search: term.trim(), limit: 200, offset: 0 })).products.map(forList),
  });
}

/** The category list, or null when the API fails (screens degrade to a plain title). */
export async function loadCategoriesSafe(): Promise<Category[] | null> {
  try {
    return await getCategories();
  } catch (error) {
    logger.warn({ err: error }, "categories unavailable");
    return null;
  }
}

/** The category and its ancestors, top first (empty when the id is unknown). */
export function categoryTrail(categories: readonly Category[], id: string): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const trail: Category[] = [];
  const seen = new Set<string>();
  for (
    let c = byId.get(id);
    c && !seen.has(c.id);
    c = c.parentId ? byId.get(c.parentId) : undefined
  ) {
    seen.add(c.id);
    trail.unshift(c);
  }
  return trail;
}

/**
 * The deepest category a /categoria/… path names: each segment may be an id or a name
 * (product breadcrumbs link /categoria/{id}/{subcategoria}); unknown segments are skipped.
 */
export function resolveCategoryPath(
  categories: readonly Category[],
  segments: string[],
): Category | null {
  let found: Category | null = null;
  for (const segment of segments) {
    const value = segment.trim();
    if (!value) continue;
    const byId = categories.find((c) => c.id === value);
    const wanted = normalizeText(value);
    const byName =
      byId ??
      categories.find(
        (c) => normalizeText(c.name) === wanted && (!found || c.parentId === found.id),
      ) ??
      categories.find((c) => normalizeText(c.name) === wanted);
    if (byName) found = byName;
  }
  return found;
}

// ── The catalogue screen (/productos, /categoria/…, /marca/…) ─────────────────────────────

/** Cards per catalogue page (docs/decisions/0181). */
const CATALOGUE_PAGE_SIZE = 24;

/** A subcategory offered above a category's products. */
export interface SubcategoryLink {
  id: string;
  name: string;
  href: string;
  productCount: number | null;
}

export interface CatalogueScreen {
  heading: string;
  breadcrumb: BreadcrumbItem[];
  /** Hero banner of the category's top group, only when the category is known. */
  banner: string | null;
  /** Parameters that define the list (categoria, nombre, search): kept by the form and 'Limpiar'. */
  context: Record<string, string>;
  /**
   * Query string (without '?') of 'Limpiar': the context and the view. The path is the page's
   * own, taken from the browser's location by the view: a loader's request URL is not the page's
   * URL (client navigations load `/productos.data`), so no link is built from it.
   */
  clearQuery: string;
  showBrandFilter: boolean;
  brands: string[];
  total: number;
  /**
   * When the API could not give the whole category (a capped walk that no subcategory could
   * complete, or a failed page): how many were read and how many the category has, so the
   * count line says so instead of passing a part for the whole.
   */
  partial: { loaded: number; total: number } | null;
  products: CardProduct[];
  page: number;
  pageCount: number;
  filters: CatalogueFilters;
  raw: ParsedFilters["raw"];
  errors: ParsedFilters["errors"];
  /** The category's own subcategories, as a way down (category screens only). */
  subcategories?: SubcategoryLink[];
  /** Search results and filtered lists are not indexed. */
  noindex: boolean;
  /** Path plus meaningful parameters. */
  canonical: string;
  description: string;
}

/** The visible page of a full listing: filtered, sorted and sliced on the server. */
export function buildCatalogueScreen(options: {
  /** The loader's request URL: only its query is read (its path may be `….data`). */
  url: URL;
  listing: readonly Product[];
  heading: string;
  breadcrumb: BreadcrumbItem[];
  banner: string | null;
  context: Record<string, string>;
  /** The API search term of the list, ranked with the §5 score under 'relevancia'. */
  query?: string;
  /** How many products the API says the list has (a category's count), when known. */
  expectedTotal?: number | null;
  showBrandFilter?: boolean;
  canonicalPath: string;
  description: string;
}): CatalogueScreen {
  const { filters, raw, errors } = parseFilters(options.url.searchParams);
  const query = [options.query, filters.text].filter(Boolean).join(" ");
  const filtered = filteredListing(options.listing, filters, query);
  const slice = paginate(filtered.length, filters.page, CATALOGUE_PAGE_SIZE);
  // The cards show the price the list was filtered and sorted by: the listing's own. Re-reading
  // the visible page's prices here would let a card show a figure the filter never saw
  // (docs/decisions/0221).
  const products = filtered.slice(slice.start, slice.end).map(toCard);
  const keep = new URLSearchParams(options.context);
  if (filters.view === "list") keep.set(PARAM.view, "lista");
  const canonical = new URLSearchParams();
  if (slice.page > 1) canonical.set(PARAM.page, String(slice.page));
  const canonicalQuery = canonical.toString();
  return {
    heading: options.heading,
    breadcrumb: options.breadcrumb,
    banner: options.banner,
    context: options.context,
    clearQuery: keep.toString(),
    showBrandFilter: options.showBrandFilter ?? true,
    brands: brandsOf(options.listing),
    total: filtered.length,
    partial:
      options.expectedTotal != null && options.listing.length < options.expectedTotal
        ? { loaded: options.listing.length, total: options.expectedTotal }
        : null,
    products,
    page: slice.page,
    pageCount: slice.pageCount,
    filters,
    raw,
    errors,
    noindex: Boolean(options.query) || hasActiveFilters(filters),
    canonical: canonicalQuery
      ? `${options.canonicalPath}${options.canonicalPath.includes("?") ? "&" : "?"}${canonicalQuery}`
      : options.canonicalPath,
    description: options.description,
  };
}

/** Banner of the category's top-level group, when it is one of the nine of spec §3. */
export function bannerFor(trail: readonly Category[]): string | null {
  const top = trail[0];
  const group = top ? TOP_CATEGORIES.find((t) => t.id === top.id) : undefined;
  return group ? `/banners/categorias/${group.slug}.svg` : null;
}

/** The direct children of a category, in the API's (Spanish name) order. */
export function subcategoryLinks(
  categories: readonly Category[],
  parentId: string,
): SubcategoryLink[] {
  return categories
    .filter((c) => c.parentId === parentId && c.id !== parentId)
    .map((c) => ({
      id: c.id,
      name: c.name,
      href: `/categoria/${encodeURIComponent(c.id)}`,
      productCount: c.productCount,
    }));
}

export function categoryBreadcrumb(trail: readonly Category[]): BreadcrumbItem[] {
  return [
    { label: "Inicio", to: "/" },
    { label: "Categorías", to: "/categorias" },
    ...trail.map((c) => ({ label: c.name, to: `/categoria/${encodeURIComponent(c.id)}` })),
  ];
}
