import { data } from "react-router";
import { getCategories } from "~/merchant-api/client.server";
import { loadWholeCatalogue, wholeCatalogueDate } from "~/catalogue/catalogue.server";
import { PRODUCTS_PER_SITEMAP, urlSet, xmlResponse } from "./sitemap.server";
import { logger } from "~/platform/logger.server";
import type { Route } from "./+types/sitemaps.$name";

/** Static pages with the date their content last changed (privacy: spec §2). */
const PAGES: ReadonlyArray<{ path: string; lastmod: Date | "catalogue" }> = [
  { path: "/", lastmod: "catalogue" },
  { path: "/productos", lastmod: "catalogue" },
  { path: "/categorias", lastmod: "catalogue" },
  { path: "/nosotros", lastmod: new Date("2025-09-07") },
  { path: "/garantias", lastmod: new Date("2025-09-07") },
  { path: "/soporte-tecnico", lastmod: new Date("2025-09-07") },
  { path: "/privacidad", lastmod: new Date("2025-09-07") },
];

/** /sitemaps/paginas.xml, /sitemaps/categorias.xml, /sitemaps/productos-{n}.xml */
export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const name = params.name;
  if (name === "paginas.xml") {
    const catalogue = wholeCatalogueDate();
    return xmlResponse(
      urlSet(
        PAGES.map((p) => ({
          loc: `${origin}${p.path}`,
          lastmod: p.lastmod === "catalogue" ? catalogue : p.lastmod,
        })),
      ),
    );
  }
  if (name === "categorias.xml") {
    let categories;
    try {
      categories = await getCategories();
    } catch (error) {
      logger.warn({ err: error }, "sitemap: categories unavailable");
      throw data("Sitemap no disponible", { status: 503 });
    }
    const lastmod = new Date();
    return xmlResponse(
      urlSet(
        categories.map((c) => ({
          loc: `${origin}/categoria/${encodeURIComponent(c.id)}`,
          lastmod,
        })),
      ),
    );
  }
  const match = /^productos-(\d{1,4})\.xml$/.exec(name);
  if (match) {
    const index = Number(match[1]);
    const products = await loadWholeCatalogue();
    const lastmod = wholeCatalogueDate();
    const slice = products.slice((index - 1) * PRODUCTS_PER_SITEMAP, index * PRODUCTS_PER_SITEMAP);
    if (index >= 1 && (slice.length > 0 || index === 1)) {
      return xmlResponse(
        urlSet(
          slice.map((p) => ({ loc: `${origin}/producto/${encodeURIComponent(p.id)}`, lastmod })),
        ),
      );
    }
  }
  throw data("Sitemap no encontrado", { status: 404 });
}
