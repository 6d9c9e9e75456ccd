/** Sitemap XML (sitemaps.org protocol 0.9) for /sitemap.xml and /sitemaps/*. */

/** The sitemap protocol allows 50,000 URLs per file. */
export const PRODUCTS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  loc: string;
  lastmod: Date;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
const day = (date: Date) => date.toISOString().slice(0, 10);

export function sitemapIndex(entries: SitemapEntry[]): string {
  const items = entries
    .map(
      (e) =>
        `<sitemap><loc>${escapeXml(e.loc)}</loc><lastmod>${day(e.lastmod)}</lastmod></sitemap>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export function urlSet(entries: SitemapEntry[]): string {
  const items = entries
    .map((e) => `<url><loc>${escapeXml(e.loc)}</loc><lastmod>${day(e.lastmod)}</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
