/**
 * The search screens' data (docs/decisions/0184): the results page and the overlay, read from the
 * merchant API.
 */
import type { Product } from "~/merchant-api/product";
import { listProducts, searchProducts } from "~/merchant-api/client.server";
import { cached, CACHE_POLICY } from "~/platform/cache.server";

/**
 * Search results page data: GET /api/products/search?q&limit=50, cached like a product list.
 * Throws.
 */
export async function loadSearchResults(term: string): Promise<Product[]> {
  // The client caches the search call itself; a second cache here would hold the same list twice.
  return searchProducts(term.trim(), 50);
}

/** Search overlay data: GET /api/productos?search&limit=200&offset=0. Throws. */
export function loadSuggestionCandidates(term: string): Promise<Product[]> {
  return cached({
    key: `catalogue:suggest:${term.trim().toLowerCase()}`,
    ...CACHE_POLICY.productList,
    getFreshValue: async () =>
      (await listProducts({ search: term.trim(), limit: 200, offset: 0 })).products,
  });
}
