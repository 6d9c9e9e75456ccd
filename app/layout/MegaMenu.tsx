import {
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  useContext,
  useEffect,
  useRef,
} from "react";
import { Link } from "~/ui/router";
import { useLinkNavigation } from "~/ui/use-link-navigation";
import styles from "./MegaMenu.module.css";

const MEGA_MENU_ID = "menu-categorias";

/**
 * The menu's content as HTML (menu-markup.server.tsx), provided by entry.server for the
 * document it renders; empty in the browser, which keeps the server's markup.
 */
export const MenuMarkupContext = createContext("");

/**
 * In the browser the content is left as the server rendered it: React does not hydrate
 * inside `dangerouslySetInnerHTML`, and this one object never changes, so no render of the
 * layout ever rewrites it.
 */
const KEEP_SERVER_MARKUP = { __html: "" };

/** The top categories' toggles, in order. */
const topToggles = (nav: HTMLElement) => [
  ...nav.querySelectorAll<HTMLElement>(":scope > ul > li > details > summary"),
];

/** Arrow keys, Home and End: the index of the top category to move to, or -1. */
function nextTop(key: string, at: number, length: number): number {
  if (key === "ArrowDown") return (at + 1) % length;
  if (key === "ArrowUp") return (at - 1 + length) % length;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  return -1;
}

/** Closes the menu at once when a link is followed, not when the next page arrives. */
function closeMenu() {
  document.getElementById(MEGA_MENU_ID)?.hidePopover();
}

function openTop(summary: HTMLElement) {
  const details = summary.parentElement;
  if (details instanceof HTMLDetailsElement && !details.open) details.open = true;
}

/**
 * The categories mega menu. A native popover opened by its button: it works without
 * JavaScript, closes on outside click and Escape (the browser returns focus to the button),
 * and the page scroll is locked by CSS while it is open (global.css). Each top category is a
 * `<details>` of one exclusive group: the open one shows its columns and is the only panel
 * in the tab order, with or without JavaScript; hovering shows a category's columns.
 *
 * The content is static markup that travels once (docs/decisions/0383), so JavaScript
 * enhances it by delegation: a hovered category stays open, the arrow keys move between top
 * categories, the toggles carry aria-expanded, and a followed link is a client navigation
 * that closes the menu at once. Other client-side navigations close it too (root Layout).
 */
export function MegaMenu() {
  const markup = useContext(MenuMarkupContext);
  const navRef = useRef<HTMLElement>(null);
  const followLink = useLinkNavigation(closeMenu);

  // aria-expanded mirrors each toggle's state; `toggle` does not bubble, so it is captured.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const sync = () => {
      for (const summary of topToggles(nav)) {
        summary.setAttribute("aria-expanded", String(summary.parentElement?.hasAttribute("open")));
      }
    };
    sync();
    nav.addEventListener("toggle", sync, true);
    return () => nav.removeEventListener("toggle", sync, true);
  }, []);

  function moveBetweenTops(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (target.tagName !== "SUMMARY") return;
    const tops = topToggles(event.currentTarget);
    const at = tops.indexOf(target);
    const next = at < 0 ? -1 : nextTop(event.key, at, tops.length);
    if (next < 0) return;
    event.preventDefault();
    tops[next].focus();
    openTop(tops[next]);
  }

  function openHovered(event: PointerEvent<HTMLElement>) {
    if (event.pointerType !== "mouse") return;
    const summary = (event.target as Element)
      .closest(":scope > ul > li")
      ?.querySelector<HTMLElement>(":scope > details > summary");
    if (summary) openTop(summary);
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
      <div id={MEGA_MENU_ID} popover="auto" className={styles.menu}>
        <div className={styles.head}>
          <h2 className={styles.title}>Categorías de productos</h2>
          <Link to="/categorias" className={styles.all} onClick={closeMenu}>
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
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegated to the links and toggles inside */}
        <nav
          ref={navRef}
          aria-label="Categorías de productos"
          className={styles.nav}
          dangerouslySetInnerHTML={markup ? { __html: markup } : KEEP_SERVER_MARKUP}
          suppressHydrationWarning
          onClick={followLink}
          onKeyDown={moveBetweenTops}
          onPointerOver={openHovered}
        />
      </div>
    </>
  );
}
