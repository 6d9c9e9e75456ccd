/**
 * One object per product across every list the API gives: listing pages, searches, a product
 * page's related products and accessories, batch reads. A product sits in its category's
 * listing, its parents', the whole catalogue's and other products' sections, and each read gave
 * it its own copy: the cached sections alone held about 29,000 copies of products the listings
 * already held, 39 MB of a walk's live heap (docs/decisions/0630). The text normalised per
 * product object (search, filters) is also made once. An unchanged product read again is the
 * object already held; a changed one replaces it, so nothing is answered staler than it was read.
 */
import { LRUCache } from "lru-cache";
import type { Product, ProductCategoryRef } from "./product.ts";

/**
 * The products held, by id, at most `max` (above the catalogue's 22,500): `hold` takes a read
 * product and gives the one object for it; `held` gives the product as last read, if any.
 */
export function createHeldProducts(max = 60_000) {
  const products = new LRUCache<string, Product>({ max });
  return {
    hold: (product: Product): Product => {
      const known = products.get(product.id);
      if (known && sameProduct(known, product)) return known;
      products.set(product.id, product);
      return product;
    },
    held: (id: string): Product | undefined => products.peek(id),
  };
}

/** The fields of a product that are one string, number, boolean or null. */
const SCALARS = [
  "id",
  "title",
  "model",
  "sku",
  "brand",
  "categoryId",
  "categoryName",
  "subcategory",
  "description",
  "descriptionHtml",
  "stock",
  "price",
  "listPrice",
  "available",
  "popular",
  "runningLow",
  "updatedAt",
] as const satisfies readonly (keyof Product)[];

// Every field is compared: a field added to Product and not here fails to compile.
type Unlisted = Exclude<
  keyof Product,
  (typeof SCALARS)[number] | "categories" | "images" | "features" | "specifications"
>;
const everyField: [Unlisted] extends [never] ? true : Unlisted = true;
void everyField;

const sameRef = (a: ProductCategoryRef, b: ProductCategoryRef) =>
  a === b || (a.id === b.id && a.name === b.name && a.level === b.level);

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
}

function sameRecord(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

const sameText = (a: string, b: string) => a === b;

/**
 * Two reads of a product say the same, field by field. The products' own shape, not node's
 * general `isDeepStrictEqual`, which took three times as long and allocated: a listing's first
 * visit compares the ~600 products of its category's pages (docs/decisions/0645).
 */
function sameProduct(a: Product, b: Product): boolean {
  for (const field of SCALARS) if (a[field] !== b[field]) return false;
  return (
    sameList(a.images, b.images, sameText) &&
    sameList(a.features, b.features, sameText) &&
    sameList(a.categories, b.categories, sameRef) &&
    sameRecord(a.specifications, b.specifications)
  );
}
