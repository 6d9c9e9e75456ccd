import { Link } from "react-router";
import { categoryHref } from "~/catalogue/category-tree";
import type { CategoryNode } from "~/merchant-api/product";
import styles from "./MegaMenu.module.css";

export const MEGA_MENU_ID = "menu-categorias";
/** Leaves listed under each subcategory column before 'Ver más'. */
const MAX_LEAVES = 4;
const count = new Intl.NumberFormat("es-CO");

function CountBadge({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <span className={styles.badge}>
      {count.format(value)}
      <span className="visually-hidden"> productos</span>
    </span>
  );
}

/**
 * The categories mega menu. A native popover opened by its button: it works
 * without JavaScript, closes on outside click and Escape (the browser returns
 * focus to the button), and the page scroll is locked by CSS while it is open
 * (global.css). The hovered or focused top category shows its columns (CSS
 * :hover / :focus-within); client-side navigations close it (root Layout).
 */
export function MegaMenu({ categories }: { categories: CategoryNode[] }) {
  return (
    <>
      <button type="button" popoverTarget={MEGA_MENU_ID} className={styles.trigger}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className={styles.icon}>
          <path
            d="M3 6h18M3 12h18M3 18h18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Categorías
      </button>
      <div
        id={MEGA_MENU_ID}
        popover="auto"
        className={styles.menu}
        // With JavaScript, following a link closes the menu at once, not when the next page arrives.
        onClick={(event) => {
          if ((event.target as Element).closest("a")) event.currentTarget.hidePopover();
        }}
      >
        <div className={styles.head}>
          <h2 className={styles.title}>Categorías de productos</h2>
          <Link to="/categorias" className={styles.all}>
            Ver todas las categorías
          </Link>
          <button
            type="button"
            popoverTarget={MEGA_MENU_ID}
            popoverTargetAction="hide"
            className={styles.close}
            aria-label="Cerrar menú de categorías"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {categories.length === 0 ? (
          <p className={styles.empty}>
            No pudimos cargar las categorías en este momento.{" "}
            <Link to="/productos">Ver el catálogo completo</Link>
          </p>
        ) : (
          <nav aria-label="Categorías de productos" className={styles.nav}>
            <ul className={styles.list}>
              {categories.map((top) => (
                <li key={top.id} className={styles.top}>
                  <button type="button" className={styles.topButton}>
                    <span>{top.name}</span>
                    <span aria-hidden="true" className={styles.chevron}>
                      ›
                    </span>
                  </button>
                  <div className={styles.panel}>
                    <p className={styles.panelHead}>
                      <Link to={categoryHref(top)} className={styles.panelAll}>
                        Ver todo en {top.name}
                      </Link>
                      <CountBadge value={top.productCount} />
                    </p>
                    {top.children.length > 0 ? (
                      <ul className={styles.columns}>
                        {top.children.map((sub) => (
                          <li key={sub.id} className={styles.column}>
                            <Link to={categoryHref(sub)} className={styles.columnHead}>
                              {sub.name}
                              <CountBadge value={sub.productCount} />
                            </Link>
                            {sub.children.length > 0 ? (
                              <ul className={styles.leaves}>
                                {sub.children.slice(0, MAX_LEAVES).map((leaf) => (
                                  <li key={leaf.id}>
                                    <Link to={categoryHref(leaf)} className={styles.leaf}>
                                      {leaf.name}
                                      <CountBadge value={leaf.productCount} />
                                    </Link>
                                  </li>
                                ))}
                                {sub.children.length > MAX_LEAVES ? (
                                  <li>
                                    <Link to={categoryHref(sub)} className={styles.more}>
                                      Ver más en {sub.name}
                                    </Link>
                                  </li>
                                ) : null}
                              </ul>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
