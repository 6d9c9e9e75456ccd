import { data } from "react-router";
import { CatalogueView, catalogueMeta } from "./CatalogueView";
import { loadCategoriesSafe, loadListing } from "./catalogue.server";
import { buildCatalogueScreen } from "./catalogue-screen.server";
import {
  bannerFor,
  categoryBreadcrumb,
  categoryTrail,
  resolveCategoryPath,
  subcategoryLinks,
} from "./category-trail";
import type { Route } from "./+types/categoria";
import { publicPage } from "~/platform/http-cache.server";

/**
 * /categoria/{id}, /categoria/{id}/{subcategoria} and /categoria/{n1}/{n2}/{n3}: the
 * catalogue of the deepest category the path names.
 */
/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const p = params as Record<string, string | undefined>;
  const segments = [p.categoryId, p.subcategory, p.level1, p.level2, p.level3]
    .filter((s): s is string => typeof s === "string" && s.trim() !== "")
    .map((s) => s.slice(0, 120));

  const categories = await loadCategoriesSafe();
  const category = categories ? resolveCategoryPath(categories, segments) : null;
  if (categories && !category) {
    throw data("Categoría no encontrada", { status: 404 });
  }
  const categoryId = category?.id ?? segments[0] ?? "";
  const trail = category && categories ? categoryTrail(categories, category.id) : [];
  const name = category?.name ?? null;

  const listing = await loadListing({ categoria: categoryId });
  const screen = buildCatalogueScreen({
    url,
    listing,
    heading: name ? `Productos en ${name}` : "Catálogo de Productos",
    breadcrumb:
      trail.length > 0
        ? categoryBreadcrumb(trail)
        : [
            { label: "Inicio", to: "/" },
            { label: "Categorías", to: "/categorias" },
          ],
    banner: bannerFor(trail),
    context: {},
    expectedTotal: category?.productCount ?? null,
    canonicalPath: `/categoria/${encodeURIComponent(categoryId)}`,
    description: name
      ? `${name}: compra equipos de seguridad electrónica y telecomunicaciones con precios en pesos colombianos y asesoría experta.`
      : "Productos de seguridad electrónica y telecomunicaciones por categoría.",
  });
  if (category && categories) screen.subcategories = subcategoryLinks(categories, category.id);
  const status = Object.keys(screen.errors).length > 0 ? 400 : 200;
  return data({ screen }, { status });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return catalogueMeta(loaderData?.screen, matches);
}

export default function Categoria({ loaderData }: Route.ComponentProps) {
  return <CatalogueView screen={loaderData.screen} />;
}
