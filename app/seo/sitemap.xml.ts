import { loadWholeCatalogue } from "~/catalogue/catalogue.server";
import { categoryUpdates, latestDate, sitemapIndex, xmlResponse } from "./sitemap.server";
import { brandEntries, pageEntries, productFile, productFileCount } from "./sitemap-files.server";
import type { Route } from "./+types/sitemap.xml";

const dates = (entries: ReadonlyArray<{ lastmod: string | null }>) => entries.map((e) => e.lastmod);

/**
 * The sitemap index: static pages, categories, brands and as many product sitemaps as needed,
 * each dated by the latest page it lists (no date when none is known).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const catalogue = await loadWholeCatalogue();
  const files: Array<{ name: string; lastmod: string | null }> = [
    { name: "paginas.xml", lastmod: latestDate(dates(pageEntries(origin, catalogue))) },
    { name: "categorias.xml", lastmod: latestDate(categoryUpdates(catalogue).values()) },
    { name: "marcas.xml", lastmod: latestDate(dates(brandEntries(origin, catalogue))) },
  ];
  for (let i = 1; i <= productFileCount(catalogue); i++) {
    const products = productFile(catalogue, i) ?? [];
    files.push({
      name: `productos-${i}.xml`,
      lastmod: latestDate(products.map((p) => p.updatedAt)),
    });
  }
  return xmlResponse(
    sitemapIndex(files.map((f) => ({ loc: `${origin}/sitemaps/${f.name}`, lastmod: f.lastmod }))),
  );
}
