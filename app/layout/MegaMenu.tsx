import { type KeyboardEvent, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { categoryHref } from "~/catalogue/category-tree";
import type { CategoryNode } from "~/merchant-api/product";
import styles from "./MegaMenu.module.css";

const MEGA_MENU_ID = "menu-categorias";
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
 * (global.css). Each top category is a `<details>` of one exclusive group: the
 * open one shows its columns and is the only panel in the tab order, with or
 * without JavaScript; hovering shows a category's columns. With JavaScript the
 * arrow keys move between top categories and the toggles carry aria-expanded.
 * Client-side navigations close the menu (root Layout). See docs/decisions/0226.
 */
export function MegaMenu({ categories }: { categories: CategoryNode[] }) {
  // The open top category; the first one until the shopper picks another.
  const [openIndex, setOpenIndex] = useState(0);
  const hydrated = useHydrated();

  /** Arrow keys, Home and End move between the top categories and open the one reached. */
  function moveBetweenTops(event: KeyboardEvent<HTMLUListElement>) {
    const target = event.target as HTMLElement;
    if (target.tagName !== "SUMMARY") return;
    const tops = [
      ...event.currentTarget.querySelectorAll<HTMLElement>(":scope > li > details > summary"),
    ];
    const at = tops.indexOf(target);
    if (at < 0) return;
    const next =
      event.key === "ArrowDown"
        ? (at + 1) % tops.length
        : event.key === "ArrowUp"
          ? (at - 1 + tops.length) % tops.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tops.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    tops[next].focus();
    setOpenIndex(next);
  }

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
        <span className={styles.triggerText}>Categorías</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated: a followed link (click or Enter) closes the menu */}
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
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys move between the top categories' buttons inside */}
            <ul className={styles.list} onKeyDown={moveBetweenTops}>
              {categories.map((top, index) => (
                <li
                  key={top.id}
                  className={styles.top}
                  onPointerEnter={(event) => {
                    if (event.pointerType === "mouse") setOpenIndex(index);
                  }}
                >
                  {/* One open at a time (`name`): only its panel is in the tab order. */}
                  <details
                    name={`${MEGA_MENU_ID}-grupo`}
                    open={openIndex === index}
                    className={styles.details}
                    onToggle={(event) => {
                      const open = event.currentTarget.open;
                      setOpenIndex((current) => (open ? index : current === index ? -1 : current));
                    }}
                  >
                    <summary
                      className={styles.topButton}
                      aria-expanded={hydrated ? openIndex === index : undefined}
                    >
                      <span>{top.name}</span>
                      <span aria-hidden="true" className={styles.chevron}>
                        ›
                      </span>
                    </summary>
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
                  </details>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
