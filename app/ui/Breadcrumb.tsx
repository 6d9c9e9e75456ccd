import { Link } from "~/ui/router";
import styles from "./Breadcrumb.module.css";

export type BreadcrumbItem = { label: string; to?: string };

/** Breadcrumb trail; the last item is the current page and is not a link. */
export function Breadcrumb({
  items,
  onDark = false,
}: {
  items: BreadcrumbItem[];
  /** Light text for a dark band (content page headers). */
  onDark?: boolean;
}) {
  return (
    <nav
      aria-label="Ruta de navegación"
      className={onDark ? `${styles.nav} ${styles.onDark}` : styles.nav}
    >
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={styles.item}>
              {last || !item.to ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className={last ? styles.current : undefined}
                >
                  {item.label}
                </span>
              ) : (
                <Link to={item.to}>{item.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
