/** Sitemap XML (sitemaps.org protocol 0.9) for /sitemap.xml and /sitemaps/*. */
import type { Product } from "~/merchant-api/product";

/** The sitemap protocol allows 50,000 URLs per file. */
export const PRODUCTS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  loc: string;
  /**
   * When the page's content last changed, as far as the API knows (ISO 8601). Without a known
   * date there is no <lastmod>: a made-up one would teach crawlers to ignore it
   * (docs/decisions/0246).
   */
  lastmod: string | null;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** W3C Datetime: a day stays a day ('2025-09-07'); an instant is written in UTC to the second. */
export function w3cDate(iso: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return Number.isFinite(Date.parse(iso)) ? iso : null;
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  return `${new Date(time).toISOString().slice(0, 19)}Z`;
}

function lastmodTag(lastmod: string | null): string {
  const date = lastmod ? w3cDate(lastmod) : null;
  return date ? `<lastmod>${date}</lastmod>` : "";
}

export function sitemapIndex(entries: SitemapEntry[]): string {
  const items = entries
    .map((e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${lastmodTag(e.lastmod)}</sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export function urlSet(entries: SitemapEntry[]): string {
  const items = entries
    .map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${lastmodTag(e.lastmod)}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

/** The latest of some ISO dates, or null when none is known (a sitemap file's own date). */
export function latestDate(dates: Iterable<string | null>): string | null {
  let latest: string | null = null;
  for (const date of dates) {
    if (date && (latest === null || Date.parse(date) > Date.parse(latest))) latest = date;
  }
  return latest;
}

/**
 * The latest product change per category id: a category page lists its products (at every
 * level), so it changed when the last of them did.
 */
export function categoryUpdates(products: readonly Product[]): Map<string, string> {
  const latest = new Map<string, string>();
  for (const product of products) {
    if (!product.updatedAt) continue;
    const ids = new Set(product.categories.map((c) => c.id));
    if (product.categoryId) ids.add(product.categoryId);
    if (product.subcategory) ids.add(product.subcategory);
    for (const id of ids) {
      const current = latest.get(id);
      if (!current || product.updatedAt > current) latest.set(id, product.updatedAt);
    }
  }
  return latest;
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
