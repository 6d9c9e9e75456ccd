import { useLocation, useNavigation } from "react-router";
import { Link } from "~/ui/router";
import { PARAM } from "./filters";
import type { CatalogueScreen } from "./catalogue-screen.server";
import { routeMeta } from "~/platform/page-meta";
import { type RouteMatches, useSite } from "~/platform/site";
import styles from "./CatalogueView.module.css";
import { Breadcrumb } from "~/ui/Breadcrumb";
import { ContactButton, phoneText, telHref } from "~/content/ContactDialog";
import { FilterBar } from "./FilterBar";
import { Pagination } from "~/ui/Pagination";
import { ProductGrid, ProductGridSkeleton } from "~/product/ProductGrid";
import { useSlowNavigation } from "~/ui/use-slow-navigation";
import { SubcategoryNav } from "./SubcategoryNav";
import { formatInteger } from "~/money/format";

/** The product list screens: what a navigation to them loads is a list. */
const CATALOGUE_PATH = /^\/(productos|categoria\/|marca\/)/;

/** The current URL with the view parameter set (grid drops it) and the page kept. */
function viewHref(pathname: string, search: string, view: "grid" | "list"): string {
  const params = new URLSearchParams(search);
  if (view === "list") params.set(PARAM.view, "lista");
  else params.delete(PARAM.view);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The product list screen shared by /productos, /categoria/… and /marca/… (docs/decisions/0181). */
export function CatalogueView({ screen }: { screen: CatalogueScreen }) {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && CATALOGUE_PATH.test(navigation.location.pathname);
  const slow = useSlowNavigation();
  const site = useSite();
  const view = screen.filters.view;
  // Skeletons while a slow client-side navigation loads a list: this one (a filter, a page)
  // or another catalogue screen (a mega menu link).
  const loading = slow !== null && CATALOGUE_PATH.test(slow.pathname);
  const hidden: Record<string, string> = { ...screen.context };
  if (view === "list") hidden[PARAM.view] = "lista";
  // The page's own path: the form and 'Limpiar' stay on it whatever URL the data came from.
  const action = location.pathname;
  const clearHref = screen.clearQuery ? `${action}?${screen.clearQuery}` : action;

  return (
    <main id="contenido" className={styles.page}>
      {screen.banner ? (
        <div className={styles.hero}>
          {/* The largest thing on the first screen: fetched first (React also puts a preload
              with this priority in the head). */}
          <img
            src={screen.banner}
            alt=""
            className={styles.heroImage}
            width={1200}
            height={240}
            loading="eager"
            fetchPriority="high"
          />
          <div className={`container ${styles.heroText}`}>
            <Breadcrumb items={screen.breadcrumb} onDark />
            <h1 className={styles.heroTitle}>{screen.heading}</h1>
          </div>
        </div>
      ) : null}
      <div className="container">
        {screen.banner ? null : (
          <>
            <Breadcrumb items={screen.breadcrumb} />
            <h1 className={styles.title}>{screen.heading}</h1>
          </>
        )}
        {screen.subcategories ? <SubcategoryNav items={screen.subcategories} /> : null}

        <FilterBar
          action={action}
          hidden={hidden}
          raw={screen.raw}
          sort={screen.filters.sort}
          errors={screen.errors}
          brands={screen.brands}
          showBrandFilter={screen.showBrandFilter}
          clearHref={clearHref}
        />

        {/* The results' heading: 'Aplicar filtros' lands here (the form's action ends in
            #resultados), with the count, the views and the first cards in sight. */}
        <h2 id="resultados" className={styles.count} aria-live="polite">
          {screen.total === 1 ? "1 producto" : `${formatInteger(screen.total)} productos`}
          {screen.pageCount > 1 ? ` · página ${screen.page} de ${screen.pageCount}` : ""}
        </h2>
        {screen.notice ? (
          <p className={styles.notice} role="status">
            {screen.notice}
          </p>
        ) : null}
        {screen.partial ? (
          <p className={styles.partial}>
            Por ahora solo podemos mostrar {formatInteger(screen.partial.loaded)} de los{" "}
            {formatInteger(screen.partial.total)} productos de esta categoría; elige una de sus
            subcategorías o usa el buscador para encontrar el resto.
          </p>
        ) : null}

        <div className={styles.toolbar}>
          <span id="vista-etiqueta" className={styles.toolbarLabel}>
            Vista:
          </span>
          <ul className={styles.views} aria-labelledby="vista-etiqueta">
            <li>
              <Link
                to={viewHref(location.pathname, location.search, "grid")}
                className={styles.viewLink}
                aria-current={view === "grid" ? "true" : undefined}
                preventScrollReset
                replace
              >
                Cuadrícula
              </Link>
            </li>
            <li>
              <Link
                to={viewHref(location.pathname, location.search, "list")}
                className={styles.viewLink}
                aria-current={view === "list" ? "true" : undefined}
                preventScrollReset
                replace
              >
                Lista
              </Link>
            </li>
          </ul>
        </div>

        {/* Busy from the first moment a list navigation is pending (for assistive technology;
            the skeletons follow after 300 ms), until the new list is on screen. */}
        <div className={styles.results} aria-busy={pending || undefined} data-testid="resultados">
          {loading ? (
            <ProductGridSkeleton view={view} />
          ) : screen.products.length === 0 ? (
            <div className={styles.empty}>
              <h2>No se encontraron productos</h2>
              <p>Prueba con otros filtros o navega por nuestras categorías.</p>
              <p>
                <Link to={clearHref}>Limpiar filtros</Link> ·{" "}
                <Link to="/categorias">Ver todas las categorías</Link>
              </p>
            </div>
          ) : (
            <ProductGrid products={screen.products} view={view} label={screen.heading} />
          )}
        </div>

        <Pagination page={screen.page} pageCount={screen.pageCount} />

        <section className={styles.help} aria-labelledby="ayuda-titulo">
          <h2 id="ayuda-titulo">¿Necesitas ayuda para elegir?</h2>
          <p>Nuestros asesores te ayudan a encontrar el equipo adecuado y a cotizar tu proyecto.</p>
          <div className={styles.helpActions}>
            <ContactButton className={styles.helpButton}>Contactar a un asesor</ContactButton>
            {site?.salesPhone ? (
              <a href={telHref(site.salesPhone)} className={styles.helpCall}>
                {phoneText(`Llamar al ${site.salesPhone}`)}
              </a>
            ) : null}
          </div>
        </section>
      </div>
    </main>
  );
}

/** Title, description, canonical and robots of a catalogue screen. */
export function catalogueMeta(screen: CatalogueScreen | undefined, matches: RouteMatches) {
  if (!screen) return [{ title: "Productos" }];
  const title = screen.page > 1 ? `${screen.heading} - Página ${screen.page}` : screen.heading;
  return routeMeta(matches, {
    title,
    description: screen.description,
    path: screen.canonical,
    noindex: screen.noindex,
  });
}
