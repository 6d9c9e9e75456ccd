/**
 * One object per product across every list the API gives: listing pages, searches, a product
 * page's related products and accessories, batch reads. A product sits in its category's
 * listing, its parents', the whole catalogue's and other products' sections, and each read gave
 * it its own copy: the cached sections alone held about 29,000 copies of products the listings
 * already held, 39 MB of a walk's live heap (docs/decisions/0630). The text normalised per
 * product object (search, filters) is also made once. An unchanged product read again is the
 * object already held; a changed one replaces it, so nothing is answered staler than it was read.
 */
import { isDeepStrictEqual } from "node:util";
import { LRUCache } from "lru-cache";
import type { Product } from "./product.ts";

/** The products held, by id, at most `max` (above the catalogue's 22,500). */
export function createHeldProducts(max = 60_000) {
  const held = new LRUCache<string, Product>({ max });
  return function hold(product: Product): Product {
    const known = held.get(product.id);
    if (known && isDeepStrictEqual(known, product)) return known;
    held.set(product.id, product);
    return product;
  };
}
