/**
 * Brands as the catalogue knows them: the brand pages (/marca/{marca}), the home page's
 * brand strip and the brand sitemap all read this one summary of the products, so they
 * agree with the catalogue's brand filter (docs/decisions/0241). Pure.
 */
import type { Product } from "~/merchant-api/product";
import { brandKey } from "~/search/search";
import { normalizeText } from "~/text/normalize";
import { compareSpanish } from "~/text/spanish-order";

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

interface BrandEntry {
  summary: BrandSummary;
  products: Product[];
}
const brandIndexes = new WeakMap<readonly Product[], Map<string, BrandEntry>>();

/**
 * Every brand with products, keyed by its normalised name, with its products in list order.
 * Kept per product list: a brand page reads the cached whole catalogue, and walking its
 * 22,000 products on every brand page was a tenth of a browsing load's CPU.
 */
function brandIndex(products: readonly Product[]): Map<string, BrandEntry> {
  let index = brandIndexes.get(products);
  if (index) return index;
  index = new Map();
  for (const product of products) {
    const name = product.brand?.trim();
    // The brand filter's own key (filters.ts), so a brand page lists what the filter keeps.
    const key = brandKey(name);
    if (!name || !key) continue;
    let entry = index.get(key);
    if (!entry) {
      entry = { summary: { name, count: 0, updatedAt: null }, products: [] };
      index.set(key, entry);
    }
    const { summary } = entry;
    summary.count += 1;
    if (product.updatedAt && (!summary.updatedAt || product.updatedAt > summary.updatedAt)) {
      summary.updatedAt = product.updatedAt;
    }
    entry.products.push(product);
  }
  brandIndexes.set(products, index);
  return index;
}

/** The brands that have products, in Spanish order. */
export function brandSummaries(products: readonly Product[]): BrandSummary[] {
  return [...brandIndex(products).values()]
    .map((entry) => ({ ...entry.summary }))
    .sort((a, b) => compareSpanish(a.name, b.name));
}

/** The summary of one brand (case-, accent- and punctuation-insensitive), or null without products. */
export function findBrand(products: readonly Product[], name: string): BrandSummary | null {
  const entry = brandIndex(products).get(normalizeText(name));
  return entry ? { ...entry.summary } : null;
}

/**
 * A brand's products: exactly what the catalogue's brand filter keeps. The same array for the
 * same list, so what is kept per listing (its brands, its sorted orders) is kept for it too.
 */
export function productsOfBrand(products: readonly Product[], name: string): readonly Product[] {
  return brandIndex(products).get(normalizeText(name))?.products ?? [];
}
