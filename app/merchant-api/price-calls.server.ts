/**
 * Price calls of the merchant API (docs/merchant-api.md): GET /api/precios/simple/{id}, cached 6
 * hours (docs/decisions/0552); a failed lookup reads as no price ('Consultar precio').
 */
import { priceFromBody } from "./normalize.ts";
import type { Product } from "./product.ts";
import { type CallContext, errorSummary } from "./transport.server.ts";
import { CACHE_POLICY } from "~/platform/cache.server.ts";
import { logger } from "~/platform/logger.server.ts";

const enc = encodeURIComponent;

export function createPriceCalls({ transport, cache, ns }: CallContext) {
  async function fetchPrice(id: string): Promise<number | null> {
    return priceFromBody(await transport.getJson(`/api/precios/simple/${enc(id)}`));
  }

  const calls = {
    /**
     * GET /api/precios/simple/{id}: integer price (0 kept), or null on error / no price. Cached 6
     * h.
     */
    async getPrice(id: string): Promise<number | null> {
      const clean = id.trim();
      if (!clean) return null;
      try {
        return await cache.cached({
          key: `${ns}price:${clean}`,
          ...CACHE_POLICY.price,
          getFreshValue: () => fetchPrice(clean),
        });
      } catch (error) {
        // A failed price (docs/decisions/0552, Errors) shows 'Consultar precio'; it is not cached.
        logger.warn({ productId: clean, err: errorSummary(error) }, "price lookup failed");
        return null;
      }
    },

    /** Products with `price` replaced by the price call's value when it has one (new objects). */
    async withCurrentPrices(products: Product[]): Promise<Product[]> {
      const prices = await Promise.all(products.map((p) => calls.getPrice(p.id)));
      return products.map((product, i) => {
        const price = prices[i];
        return price === null ? product : { ...product, price };
      });
    },
  };
  return calls;
}
