/**
 * Featured products for the home page (docs/decisions/0123): the featured list file, its
 * products in one batch, distributed per top category, with current prices.
 */
import { distributeFeatured, type FeaturedGroup } from "./featured";
import { ApiError, apiClient, type ApiClient } from "~/merchant-api/client.server.ts";
import { CACHE_POLICY } from "~/platform/cache.server.ts";

export type { FeaturedGroup } from "./featured";

export const FEATURED_ERROR = "No se pudieron cargar los productos destacados. Intenta más tarde.";

/**
 * `{ groups }` in TOP_CATEGORIES order, 4 products each where possible.
 * Throws ApiError when nothing can be shown (list missing, products failing):
 * the home page then shows FEATURED_ERROR.
 */
export async function loadFeatured(
  client: ApiClient = apiClient(),
): Promise<{ groups: FeaturedGroup[] }> {
  return client.cache.cached({
    key: "featured:groups",
    ...CACHE_POLICY.featured,
    getFreshValue: async () => {
      const entries = await client.getFeaturedEntries();
      if (entries.length === 0) throw new ApiError(FEATURED_ERROR, 503);
      const products = await client.getProductsBatch(entries.map((e) => e.id));
      const groups = distributeFeatured(entries, products);
      if (groups.length === 0) throw new ApiError(FEATURED_ERROR, 503);
      // Prices only for the products shown: the price call is one request each.
      const priced = await client.withCurrentPrices(groups.flatMap((g) => g.products));
      const byId = new Map(priced.map((p) => [p.id, p]));
      return {
        groups: groups.map((g) => ({
          category: g.category,
          products: g.products.map((p) => byId.get(p.id) ?? p),
        })),
      };
    },
  });
}
