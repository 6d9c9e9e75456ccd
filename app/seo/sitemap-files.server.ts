/**
 * What each sitemap file lists, with the date each page last changed as far as the API knows:
 * products by their own date, category and brand pages by their latest product, the content
 * pages by the date of their text. No date known, no <lastmod> (docs/decisions/0246).
 */
import { data } from "react-router";
import { getCategories } from "~/merchant-api/client.server";
import { brandHref, brandSummaries, latestUpdate } from "~/catalogue/catalogue.server";
import type { Product } from "~/merchant-api/product";
import { logger } from "~/platform/logger.server";
import { SITE_PAGES } from "~/content/site-pages";
import { categoryUpdates, PRODUCTS_PER_SITEMAP, type SitemapEntry } from "./sitemap.server";

/** The site's own pages that are indexed, with the day their text last changed. */
const CONTENT_PAGES = SITE_PAGES.flatMap((page) =>
  page.sitemap === "noindex" ? [] : [{ path: page.path, lastmod: page.sitemap.lastmod }],
);

const enc = encodeURIComponent;

export function pageEntries(origin: string, catalogue: readonly Product[]): SitemapEntry[] {
  // The home page and the catalogue list products: they change when the latest product does.
  // The category list shows only the category tree, which the API does not date.
  const products = latestUpdate(catalogue);
  return [
    { loc: `${origin}/`, lastmod: products },
    { loc: `${origin}/productos`, lastmod: products },
    { loc: `${origin}/categorias`, lastmod: null },
    ...CONTENT_PAGES.map((p) => ({ loc: `${origin}${p.path}`, lastmod: p.lastmod })),
  ];
}

export function brandEntries(origin: string, catalogue: readonly Product[]): SitemapEntry[] {
  return brandSummaries(catalogue).map((brand) => ({
    loc: `${origin}${brandHref(brand.name)}`,
    lastmod: brand.updatedAt,
  }));
}

export function productEntries(origin: string, products: readonly Product[]): SitemapEntry[] {
  return products.map((p) => ({ loc: `${origin}/producto/${enc(p.id)}`, lastmod: p.updatedAt }));
}

/** Category pages; throws a 503 response when the API cannot list the categories. */
export async function categoryEntries(
  origin: string,
  catalogue: readonly Product[],
): Promise<SitemapEntry[]> {
  let categories;
  try {
    categories = await getCategories();
  } catch (error) {
    logger.warn({ err: error }, "sitemap: categories unavailable");
    throw data("Sitemap no disponible", { status: 503 });
  }
  const updates = categoryUpdates(catalogue);
  return categories.map((c) => ({
    loc: `${origin}/categoria/${enc(c.id)}`,
    lastmod: updates.get(c.id) ?? null,
  }));
}

/** Products split into files of at most PRODUCTS_PER_SITEMAP; always at least one file. */
export function productFileCount(catalogue: readonly Product[]): number {
  return Math.max(1, Math.ceil(catalogue.length / PRODUCTS_PER_SITEMAP));
}

export function productFile(catalogue: readonly Product[], index: number): Product[] | null {
  if (!Number.isInteger(index) || index < 1 || index > productFileCount(catalogue)) return null;
  return catalogue.slice((index - 1) * PRODUCTS_PER_SITEMAP, index * PRODUCTS_PER_SITEMAP);
}
