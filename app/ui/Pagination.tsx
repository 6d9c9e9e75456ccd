import { useLocation } from "react-router";
import { Link } from "~/ui/router";
import { pagerItems } from "./pagination";
import styles from "./Pagination.module.css";

const PAGE_PARAM = "pagina";

/** The current URL with `pagina` set (page 1 drops the parameter). */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(PAGE_PARAM);
  else params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Server-side pagination as plain links in the URL (`pagina=`). 'numbered' shows the first,
 * last and current page ± 1 with ellipses; 'simple' shows 'Página X de Y'. Hidden with one page.
 */
export function Pagination({
  page,
  pageCount,
  variant = "numbered",
  label = "Paginación",
}: {
  page: number;
  pageCount: number;
  variant?: "numbered" | "simple";
  label?: string;
}) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => pageHref(pathname, search, p);
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={styles.step}>
              Anterior
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              Anterior
            </span>
          )}
        </li>
        {variant === "numbered" ? (
          pagerItems(page, pageCount).map((item) =>
            item.type === "gap" ? (
              <li key={item.key} className={styles.gap} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item.page}>
                <Link
                  to={href(item.page)}
                  className={item.current ? `${styles.number} ${styles.current}` : styles.number}
                  aria-current={item.current ? "page" : undefined}
                  aria-label={`Página ${item.page}`}
                >
                  {item.page}
                </Link>
              </li>
            ),
          )
        ) : (
          <li className={styles.status} aria-current="page">
            Página {page} de {pageCount}
          </li>
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={styles.step}>
              Siguiente
            </Link>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              Siguiente
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
