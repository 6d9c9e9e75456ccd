/**
 * Brands as the catalogue knows them: the brand pages (/marca/{marca}), the home page's
 * brand strip and the brand sitemap all read this one summary of the products, so they
 * agree with the catalogue's brand filter (docs/decisions/0241). Pure.
 */
import type { Product } from "~/merchant-api/product";
import { normalizeText } from "~/search/search";
import { matchesBrand } from "./filters";

export interface BrandSummary {
  /** As the catalogue spells it (the first product's spelling). */
  name: string;
  /** Products of the brand. */
  count: number;
  /** The latest change among its products (ISO 8601), or null when none is dated. */
  updatedAt: string | null;
}

/** The brand page of a brand name. */
export function brandHref(name: string): string {
  return `/marca/${encodeURIComponent(name)}`;
}

/** The latest of the products' change dates, or null when none is known. */
export function latestUpdate(products: Iterable<Pick<Product, "updatedAt">>): string | null {
  let latest: string | null = null;
  for (const { updatedAt } of products) {
    // ISO strings in UTC compare in time order.
    if (updatedAt && (latest === null || updatedAt > latest)) latest = updatedAt;
  }
  return latest;
}

const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });
const summaries = new WeakMap<readonly Product[], Map<string, BrandSummary>>();

/** Every brand with products, keyed by its normalised name. Memoised per product list. */
function brandMap(products: readonly Product[]): Map<string, BrandSummary> {
  let map = summaries.get(products);
  if (map) return map;
  map = new Map();
  for (const product of products) {
    const name = product.brand?.trim();
    const key = normalizeText(name);
    if (!name || !key) continue;
    const summary = map.get(key) ?? { name, count: 0, updatedAt: null };
    summary.count += 1;
    if (product.updatedAt && (!summary.updatedAt || product.updatedAt > summary.updatedAt)) {
      summary.updatedAt = product.updatedAt;
    }
    map.set(key, summary);
  }
  summaries.set(products, map);
  return map;
}

/** The brands that have products, in Spanish order. */
export function brandSummaries(products: readonly Product[]): BrandSummary[] {
  return [...brandMap(products).values()].sort((a, b) => collator.compare(a.name, b.name));
}

/** The summary of one brand (case-, accent- and punctuation-insensitive), or null without products. */
export function findBrand(products: readonly Product[], name: string): BrandSummary | null {
  return brandMap(products).get(normalizeText(name)) ?? null;
}

/** A brand's products: exactly what the catalogue's brand filter keeps. */
export function productsOfBrand(products: readonly Product[], name: string): Product[] {
  if (!normalizeText(name)) return [];
  return products.filter((product) => matchesBrand(product, name));
}
