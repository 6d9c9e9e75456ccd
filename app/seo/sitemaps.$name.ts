import { data } from "react-router";
import { loadWholeCatalogue } from "~/catalogue/catalogue.server";
import { urlSet, xmlResponse } from "./sitemap.server";
import {
  brandEntries,
  categoryEntries,
  pageEntries,
  productEntries,
  productFile,
} from "./sitemap-files.server";
import type { Route } from "./+types/sitemaps.$name";

/** /sitemaps/paginas.xml, categorias.xml, marcas.xml and productos-{n}.xml */
export async function loader({ request, params }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const name = params.name;
  const match = /^productos-(\d{1,4})\.xml$/.exec(name);
  if (!["paginas.xml", "categorias.xml", "marcas.xml"].includes(name) && !match) {
    throw data("Sitemap no encontrado", { status: 404 });
  }
  const catalogue = await loadWholeCatalogue();
  if (name === "paginas.xml") return xmlResponse(urlSet(pageEntries(origin, catalogue)));
  if (name === "categorias.xml") {
    return xmlResponse(urlSet(await categoryEntries(origin, catalogue)));
  }
  if (name === "marcas.xml") return xmlResponse(urlSet(brandEntries(origin, catalogue)));
  const products = productFile(catalogue, Number(match?.[1]));
  if (!products) throw data("Sitemap no encontrado", { status: 404 });
  return xmlResponse(urlSet(productEntries(origin, products)));
}
