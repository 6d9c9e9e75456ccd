import { data } from "react-router";
import { CatalogueView, catalogueMeta } from "./CatalogueView";
import { PARAM } from "./filters";
import { loadCategoriesSafe, loadListing, loadWholeCatalogue } from "./catalogue.server";
import { buildCatalogueScreen } from "./catalogue-screen.server";
import { bannerFor, categoryBreadcrumb, categoryTrail, subcategoryLinks } from "./category-trail";
import type { Route } from "./+types/productos";
import { publicPage } from "~/platform/http-cache.server";

/** /productos?categoria&nombre&search (docs/decisions/0181). */
/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categoryId = url.searchParams.get(PARAM.category)?.trim().slice(0, 40) ?? "";
  const nameParam = url.searchParams.get(PARAM.categoryName)?.trim().slice(0, 120) ?? "";
  const search = url.searchParams.get(PARAM.search)?.trim().slice(0, 100) ?? "";

  const [categories, listing] = await Promise.all([
    categoryId ? loadCategoriesSafe() : Promise.resolve(null),
    categoryId || search ? loadListing({ categoria: categoryId, search }) : loadWholeCatalogue(),
  ]);
  const trail = categoryId && categories ? categoryTrail(categories, categoryId) : [];
  const category = trail.at(-1);
  const name = category?.name ?? nameParam;

  const heading = search
    ? `Resultados para ${search}`
    : name
      ? `Productos en ${name}`
      : "Catálogo de Productos";
  const context: Record<string, string> = {};
  if (categoryId) context[PARAM.category] = categoryId;
  if (nameParam) context[PARAM.categoryName] = nameParam;
  if (search) context[PARAM.search] = search;

  // The category's own page is the canonical copy of /productos?categoria=….
  let canonicalPath = "/productos";
  if (search) canonicalPath = `/productos?${new URLSearchParams({ [PARAM.search]: search })}`;
  else if (category) canonicalPath = `/categoria/${encodeURIComponent(category.id)}`;

  const screen = buildCatalogueScreen({
    url,
    listing,
    heading,
    breadcrumb:
      category && !search
        ? categoryBreadcrumb(trail)
        : [
            { label: "Inicio", to: "/" },
            { label: "Productos", to: "/productos" },
            ...(search ? [{ label: `Resultados para ${search}` }] : name ? [{ label: name }] : []),
          ],
    banner: category ? bannerFor(trail) : null,
    context,
    query: search,
    expectedTotal: category && !search ? category.productCount : null,
    canonicalPath,
    description: name
      ? `${name}: equipos de seguridad electrónica y telecomunicaciones con precios en pesos colombianos y envío a todo el país.`
      : "Catálogo de equipos de seguridad electrónica y telecomunicaciones: videovigilancia, control de acceso, detección de incendio, energía, redes y más.",
  });
  if (category && categories && !search) {
    screen.subcategories = subcategoryLinks(categories, category.id);
  }
  const status = Object.keys(screen.errors).length > 0 ? 400 : 200;
  return data({ screen }, { status });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return catalogueMeta(loaderData?.screen, matches);
}

export default function Productos({ loaderData }: Route.ComponentProps) {
  return <CatalogueView screen={loaderData.screen} />;
}
