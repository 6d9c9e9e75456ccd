import { data, useLocation } from "react-router";
import { Form, Link } from "~/ui/router";
import { Breadcrumb } from "~/ui/Breadcrumb";
import { Pagination } from "~/ui/Pagination";
import { ProductGrid, ProductGridSkeleton } from "~/product/ProductGrid";
import { useSlowNavigation } from "~/ui/use-slow-navigation";
import { paginate } from "~/ui/pagination";
import { type CardProduct, type Product, toCard } from "~/merchant-api/product";
import { isSearchable, rankProducts } from "./search";
import { loadSearchResults } from "./search.server";
import { failureStatus } from "~/merchant-api/failure.server";
import { logger } from "~/platform/logger.server";
import { routeMeta } from "~/platform/page-meta";
import type { Route } from "./+types/buscar";
import { formatInteger } from "~/money/format";
import styles from "./buscar.module.css";
import { publicPage } from "~/platform/http-cache.server";

/** The search page shows 12 per page out of at most 50 results (docs/decisions/0552). */
const PAGE_SIZE = 12;

type SearchState =
  | { kind: "prompt" }
  | { kind: "short" }
  | { kind: "error" }
  | { kind: "results"; total: number; page: number; pageCount: number; products: CardProduct[] };

/** /buscar and /busqueda?q=: the search results page (docs/decisions/0184). */
/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const requestedPage = Number(url.searchParams.get("pagina") ?? "1") || 1;
  const reply = (state: SearchState, status = 200) =>
    data(
      { term, state },
      { status, headers: status >= 500 ? { "Cache-Control": "no-store" } : undefined },
    );

  if (!term) return reply({ kind: "prompt" });
  if (!isSearchable(term)) return reply({ kind: "short" }, 400);
  let found: Product[];
  try {
    found = await loadSearchResults(term);
  } catch (error) {
    logger.warn({ err: error }, "product search failed");
    return reply({ kind: "error" }, failureStatus(error));
  }
  const ranked = rankProducts(found, term).map((r) => r.product);
  const slice = paginate(ranked.length, requestedPage, PAGE_SIZE);
  // The cards show the price the search's list carries, as every list does (docs/decisions/
  // 0221, 0520): no price call per card.
  const products = ranked.slice(slice.start, slice.end);
  return reply({
    kind: "results",
    total: ranked.length,
    page: slice.page,
    pageCount: slice.pageCount,
    products: products.map(toCard),
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const term = loaderData?.term ?? "";
  const title = term ? `Búsqueda: ${term}` : "Buscar productos";
  const params = new URLSearchParams();
  if (term) params.set("q", term);
  return routeMeta(matches, {
    title,
    description: term
      ? `Resultados de búsqueda para "${term}" en equipos de seguridad electrónica y telecomunicaciones.`
      : "Busca equipos de seguridad electrónica y telecomunicaciones por nombre, modelo, SKU o marca.",
    // /busqueda is an alias: the canonical copy lives at /buscar.
    path: params.size > 0 ? `/buscar?${params}` : "/buscar",
    noindex: true,
  });
}

export default function Buscar({ loaderData }: Route.ComponentProps) {
  const { term, state } = loaderData;
  const slow = useSlowNavigation();
  const location = useLocation();
  const searching = slow !== null && (slow.pathname === "/buscar" || slow.pathname === "/busqueda");

  return (
    <main id="contenido" className={`container ${styles.page}`}>
      <Breadcrumb
        items={[{ label: "Inicio", to: "/" }, { label: term ? `Búsqueda: ${term}` : "Búsqueda" }]}
      />
      <h1 className={styles.title}>
        {term ? (
          <>
            Resultados de búsqueda para <q>{term}</q>
          </>
        ) : (
          "Buscar productos"
        )}
      </h1>

      <search>
        <Form method="get" action={location.pathname} className={styles.form}>
          <label htmlFor="buscar-pagina-q" className="visually-hidden">
            Buscar productos
          </label>
          <input
            id="buscar-pagina-q"
            type="search"
            name="q"
            defaultValue={term}
            key={term}
            placeholder="Nombre, modelo, SKU o marca"
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit">Buscar</button>
        </Form>
      </search>

      {searching ? (
        <ProductGridSkeleton message="Buscando productos..." />
      ) : state.kind === "prompt" ? (
        <p className={styles.hint}>
          Escribe el nombre, modelo, SKU o marca del producto que buscas.
        </p>
      ) : state.kind === "short" ? (
        <p className={styles.hint} role="alert">
          Escribe al menos 2 caracteres para ver los resultados
        </p>
      ) : state.kind === "error" ? (
        <div role="alert" className={styles.error}>
          <p>Ocurrió un error al buscar productos. Por favor, intenta de nuevo.</p>
          <Form method="get" action={location.pathname}>
            <input type="hidden" name="q" value={term} />
            <button type="submit">Reintentar</button>
          </Form>
        </div>
      ) : state.total === 0 ? (
        <div className={styles.empty}>
          <h2>No se encontraron productos</h2>
          <p>Prueba con diferentes palabras clave o navega por nuestras categorías</p>
          <Link to="/categorias" className={styles.emptyLink}>
            Ver todas las categorías
          </Link>
        </div>
      ) : (
        <>
          {/* The results' heading: the cards' titles below are h3. */}
          <h2 className={styles.count} aria-live="polite">
            {state.total === 1
              ? "Se encontró 1 producto"
              : `Se encontraron ${formatInteger(state.total)} productos`}
          </h2>
          <ProductGrid products={state.products} label={`Resultados para ${term}`} />
          <Pagination page={state.page} pageCount={state.pageCount} label="Páginas de resultados" />
        </>
      )}
    </main>
  );
}
