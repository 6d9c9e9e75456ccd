import { data } from "react-router";
import { Form, Link } from "~/ui/router";
import { Breadcrumb } from "~/ui/Breadcrumb";
import type { Category } from "~/merchant-api/product";
import { paginate } from "~/ui/pagination";
import { findMatch, normalizeText } from "~/text/normalize";
import { Pagination } from "~/ui/Pagination";
import { getCategories } from "~/merchant-api/client.server";
import { failureMessage, failureStatus } from "~/merchant-api/failure.server";
import { logger } from "~/platform/logger.server";
import { routeMeta } from "~/platform/page-meta";
import type { Route } from "./+types/categorias";
import { formatInteger } from "~/money/format";
import styles from "./categorias.module.css";
import { publicPage } from "~/platform/http-cache.server";

/** The category list shows 20 per page (docs/decisions/0552). */
const PAGE_SIZE = 20;

/** Cache policy of this page (docs/decisions/0205). */
export const headers = publicPage;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const term = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const requestedPage = Number(url.searchParams.get("pagina") ?? "1") || 1;
  let all: Category[];
  try {
    all = await getCategories();
  } catch (error) {
    logger.warn({ err: error }, "category list unavailable");
    return data(
      { ok: false as const, term, message: failureMessage(error), page: 1 },
      { status: failureStatus(error), headers: { "Cache-Control": "no-store" } },
    );
  }
  const wanted = normalizeText(term);
  const matching = (wanted ? all.filter((c) => normalizeText(c.name).includes(wanted)) : all)
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
  const slice = paginate(matching.length, requestedPage, PAGE_SIZE);
  return {
    ok: true as const,
    term,
    total: matching.length,
    page: slice.page,
    pageCount: slice.pageCount,
    categories: matching
      .slice(slice.start, slice.end)
      .map((c) => ({ id: c.id, name: c.name, level: c.level })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = "Lista de Categorías";
  const page = loaderData?.page ?? 1;
  return routeMeta(matches, {
    title: page > 1 ? `${title} - Página ${page}` : title,
    description:
      "Todas las categorías de equipos de seguridad electrónica y telecomunicaciones: videovigilancia, control de acceso, incendio, energía, redes y más.",
    path: page > 1 ? `/categorias?pagina=${page}` : "/categorias",
    noindex: Boolean(loaderData?.term),
  });
}

function Highlighted({ name, term }: { name: string; term: string }) {
  const range = term ? findMatch(name, term) : null;
  if (!range) return <>{name}</>;
  return (
    <>
      {name.slice(0, range[0])}
      <mark>{name.slice(range[0], range[1])}</mark>
      {name.slice(range[1])}
    </>
  );
}

export default function Categorias({ loaderData }: Route.ComponentProps) {
  const { term } = loaderData;
  return (
    <main id="contenido" className={`container ${styles.page}`}>
      <Breadcrumb items={[{ label: "Inicio", to: "/" }, { label: "Categorías" }]} />
      <h1>Lista de Categorías</h1>

      <search>
        <Form method="get" action="/categorias" className={styles.search}>
          <label htmlFor="categorias-q" className="visually-hidden">
            Buscar categoría
          </label>
          <input
            id="categorias-q"
            type="search"
            name="q"
            defaultValue={term}
            key={term}
            placeholder="Buscar categoría..."
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit">Buscar</button>
        </Form>
      </search>

      {!loaderData.ok ? (
        <div role="alert" className={styles.error}>
          <p>No se pudieron cargar las categorías: {loaderData.message}</p>
          <Form method="get" action="/categorias">
            {term ? <input type="hidden" name="q" value={term} /> : null}
            <button type="submit">Reintentar</button>
          </Form>
        </div>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {term
              ? `${formatInteger(loaderData.total)} ${loaderData.total === 1 ? "categoría encontrada" : "categorías encontradas"}`
              : `${formatInteger(loaderData.total)} ${loaderData.total === 1 ? "categoría en total" : "categorías en total"}`}
          </p>
          {loaderData.categories.length === 0 ? (
            <p className={styles.empty}>No se encontraron categorías</p>
          ) : (
            <ul className={styles.grid}>
              {loaderData.categories.map((c) => (
                <li key={c.id} className={styles.card}>
                  <h2 className={styles.name}>
                    <Highlighted name={c.name} term={term} />
                  </h2>
                  <dl className={styles.facts}>
                    <div>
                      <dt>ID</dt>
                      <dd>{c.id}</dd>
                    </div>
                    <div>
                      <dt>Nivel</dt>
                      <dd>{c.level ?? "N/A"}</dd>
                    </div>
                  </dl>
                  <Link to={`/categoria/${encodeURIComponent(c.id)}`} className={styles.link}>
                    Ver productos<span className="visually-hidden"> de {c.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={loaderData.page} pageCount={loaderData.pageCount} variant="simple" />
        </>
      )}
    </main>
  );
}
