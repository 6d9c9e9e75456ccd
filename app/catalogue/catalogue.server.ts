/**
 * Catalogue data for the list screens (docs/decisions/0182): whole listings loaded page by page
 * and cached, so filtering, sorting and paging run on the server without refetching; a category
 * alone read from the whole catalogue once it is held (0705).
 */
import { type BrandSummary, brandSummaries, findBrand, productsOfBrand } from "./brands";
import { productsOfCategory } from "./category-members";

// What the other parts may use of the brand rules (the home page's strip, the sitemap).
export { brandHref, brandSummaries, latestUpdate } from "./brands";
import type { Category, Product } from "~/merchant-api/product";
import {
  ApiError,
  getCategories,
  listProducts,
  type ProductPage,
} from "~/merchant-api/client.server";
import { behindRequests } from "~/platform/arrival.server";
import { createCache } from "~/platform/cache.server";
import { logger } from "~/platform/logger.server";

/** A category listing is read 60 at a time while has_more, at most 50 pages. */
export const LISTING_PAGE_SIZE = 60;
export const LISTING_MAX_PAGES = 50;
/** The whole catalogue (sitemap, /productos without category): 200 a page (docs/decisions/0182). */
const FULL_PAGE_SIZE = 200;
const FULL_MAX_PAGES = 500;

const MINUTE = 60_000;
/** Full listings are costly to rebuild: fresh 5 min, then served stale while one refresh runs. */
const LISTING_POLICY = { ttl: 5 * MINUTE, swr: 30 * MINUTE, staleIfError: 60 * MINUTE };

/**
 * The listings' own cache. Every product sits in three category listings and the whole
 * catalogue's (about 90,000 items in all for 22,500 products); in the shared cache's bound of
 * 50,000 they pushed one another out, so browsing kept reading listings again. Their items
 * are the API client's one object per product (held-products.server.ts): a listing costs a
 * pointer per product.
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

/**
 * Pages of one listing asked for at once. A page that gives the listing's total says which
 * pages exist, so the next ones are read while it is taken in: a category of 50 pages was 50
 * round trips one after the other (half a second alone, seconds under load: the slowest first
 * visits), and is now about a quarter of them (docs/decisions/0625). Four of the six upstream
 * calls at a time (API_CONCURRENCY), so other shoppers' calls still pass between them.
 */
export const PAGES_AT_ONCE = 4;

type PageOutcome = { ok: true; page: ProductPage } | { ok: false; error: unknown };

async function pageThrough(
  params: { categoria?: string; search?: string },
  pageSize: number,
  maxPages: number,
  atOnce = PAGES_AT_ONCE,
): Promise<{ products: Product[]; complete: boolean; capped: boolean }> {
  const products: Product[] = [];
  const seen = new Set<string>();
  // Pages asked for and not yet taken in, by number; settled, so one left unread (after a
  // failure or the last page) is never an unhandled rejection.
  const asked = new Map<number, Promise<PageOutcome>>();
  const ask = (page: number) => {
    if (asked.has(page)) return;
    const read = listProducts({ ...params, limit: pageSize, offset: page * pageSize });
    asked.set(
      page,
      read.then(
        (result): PageOutcome => ({ ok: true, page: result }),
        (error: unknown): PageOutcome => ({ ok: false, error }),
      ),
    );
  };
  // Pages known to exist: the first, then as many as the last total given says.
  let known = 1;
  for (let page = 0; page < maxPages; page++) {
    ask(page);
    const ahead = Math.min(known, maxPages, page + atOnce);
    for (let next = page + 1; next < ahead; next++) ask(next);
    const outcome = await asked.get(page)!;
    asked.delete(page);
    if (!outcome.ok) {
      // Only an upstream failure stops paging; anything else is a bug and propagates.
      if (!(outcome.error instanceof ApiError)) throw outcome.error;
      // A non-OK page stops paging and keeps what was loaded before it.
      logger.warn(
        { err: outcome.error, page, loaded: products.length, ...params },
        "catalogue page failed: listing cut short",
      );
      return { products, complete: false, capped: false };
    }
    const result = outcome.page;
    if (result.total !== null) known = Math.ceil(result.total / pageSize);
    for (const product of result.products) {
      if (seen.has(product.id)) continue;
      seen.add(product.id);
      products.push(product);
    }
    // The first page that says there is no more ends the listing, as read one by one.
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
    // An exception empties the list.
    logger.error({ err: error, key }, "catalogue listing failed: empty list");
    return [];
  }
}

/**
 * A category's products (and/or an API text search), every page up to the spec's limit; a
 * category bigger than that limit is completed from its subcategories. A category alone, once
 * the whole catalogue is held, is read from it: the same products, as fresh (the same listing
 * policy), without a call (docs/decisions/0705).
 */
export async function loadListing(params: {
  categoria?: string;
  search?: string;
}): Promise<readonly Product[]> {
  const categoria = params.categoria?.trim() || undefined;
  const search = params.search?.trim() || undefined;
  if (categoria && !search) {
    if (listings.holds(WHOLE_CATALOGUE)) {
      return productsOfCategory(await loadWholeCatalogue(), categoria);
    }
    // Read once, and past its window now (nobody asked for it for 35 minutes): read again behind
    // the shoppers, so the next listings come from it; this one is walked meanwhile.
    if (wholeCatalogueRead) behindRequests(warmWholeCatalogue);
  }
  const key = `catalogue:listing:${categoria ?? ""}:${search?.toLowerCase() ?? ""}`;
  return cachedListing(key, () =>
    categoria && !search
      ? readCategory(categoria)
      : pageThrough({ categoria, search }, LISTING_PAGE_SIZE, LISTING_MAX_PAGES),
  );
}

const WHOLE_CATALOGUE = "catalogue:all";
/** The whole catalogue was read whole once: from then on the category listings keep it read. */
let wholeCatalogueRead = false;

/** Every product of the catalogue (no category, no search); the sitemap reads it too. */
export function loadWholeCatalogue(): Promise<Product[]> {
  // Read behind the shoppers (a second after start, then behind its stale copy): one page at a
  // time, so a slow API holds one upstream slot with it, not four (0520, 0625).
  return cachedListing(WHOLE_CATALOGUE, async () => {
    const read = await pageThrough({}, FULL_PAGE_SIZE, FULL_MAX_PAGES, 1);
    wholeCatalogueRead ||= read.complete;
    return read;
  });
}

/**
 * Reading the whole catalogue takes a walk through every page (seconds): the production server
 * starts it a second after it listens, so the first shopper on /productos or the sitemap does
 * not wait. Not while the process starts: a first call sent then and cut by its timeout stayed
 * open at a slow API, past the concurrency limit (tests/e2e/faults-server.spec.ts, 0520).
 */
export function warmWholeCatalogue() {
  loadWholeCatalogue().catch(() => {}); // a shopper's request reads it again
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

/** The category list, or null when the API fails (screens degrade to a plain title). */
export async function loadCategoriesSafe(): Promise<Category[] | null> {
  try {
    return await getCategories();
  } catch (error) {
    logger.warn({ err: error }, "categories unavailable");
    return null;
  }
}
