import { data } from "react-router";
import { CatalogueView, catalogueMeta } from "./CatalogueView";
import { loadBrandListing } from "./catalogue.server";
import { buildCatalogueScreen } from "./catalogue-screen.server";
import { brandHref } from "./brands";
import type { Route } from "./+types/marca";
import { publicPage } from "~/platform/http-cache.server";

/** /marca/{marca}: the brand's products (the link of the product detail's 'Marca'). */
/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const brandParam = params.brand.trim().slice(0, 80);
  const { brand: found, products: listing } = await loadBrandListing(brandParam);
  // Show the brand as the catalogue spells it; that spelling is also the canonical URL.
  const brand = found?.name ?? brandParam;
  const screen = buildCatalogueScreen({
    url,
    listing,
    heading: `Productos ${brand}`,
    breadcrumb: [
      { label: "Inicio", to: "/" },
      { label: "Productos", to: "/productos" },
      { label: `Marca ${brand}` },
    ],
    banner: null,
    context: {},
    showBrandFilter: false,
    canonicalPath: brandHref(brand),
    description: `Productos ${brand} de seguridad electrónica y telecomunicaciones con precios en pesos colombianos.`,
  });
  const status = Object.keys(screen.errors).length > 0 ? 400 : listing.length === 0 ? 404 : 200;
  return data({ screen }, { status });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return catalogueMeta(loaderData?.screen, matches);
}

export default function Marca({ loaderData }: Route.ComponentProps) {
  return <CatalogueView screen={loaderData.screen} />;
}
