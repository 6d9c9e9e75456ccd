import { loadWholeCatalogue, wholeCatalogueDate } from "~/catalogue/catalogue.server";
import { PRODUCTS_PER_SITEMAP, sitemapIndex, xmlResponse } from "./sitemap.server";
import type { Route } from "./+types/sitemap.xml";

/** The sitemap index: static pages, categories and as many product sitemaps as needed. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const products = await loadWholeCatalogue();
  const lastmod = wholeCatalogueDate();
  const productFiles = Math.max(1, Math.ceil(products.length / PRODUCTS_PER_SITEMAP));
  const names = ["paginas.xml", "categorias.xml"];
  for (let i = 1; i <= productFiles; i++) names.push(`productos-${i}.xml`);
  return xmlResponse(
    sitemapIndex(names.map((name) => ({ loc: `${origin}/sitemaps/${name}`, lastmod }))),
  );
}
