import { Link } from "~/ui/router";
import type { SubcategoryLink } from "./category-trail";
import styles from "./SubcategoryNav.module.css";
import { formatInteger } from "~/money/format";

/** The way down a category: its subcategories, each with its product count, as plain links. */
export function SubcategoryNav({ items }: { items: SubcategoryLink[] }) {
  if (items.length === 0) return null;
  return (
    <nav className={styles.nav} aria-labelledby="subcategorias-titulo">
      <h2 id="subcategorias-titulo" className={styles.title}>
        Subcategorías
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.href} className={styles.link}>
              <span className={styles.name}>{item.name}</span>{" "}
              {item.productCount !== null ? (
                <>
                  {/* The badge shows the number; the link's name says it in words. */}
                  <span className={styles.count} aria-hidden="true">
                    {formatInteger(item.productCount)}
                  </span>
                  <span className="visually-hidden">
                    ({formatInteger(item.productCount)}{" "}
                    {item.productCount === 1 ? "producto" : "productos"})
                  </span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
