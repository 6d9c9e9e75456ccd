import { Link } from "react-router";
import type { SubcategoryLink } from "./catalogue.server";
import styles from "./SubcategoryNav.module.css";

const count = new Intl.NumberFormat("es-CO");

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
              <span className={styles.name}>{item.name}</span>
              {item.productCount !== null ? (
                <span className={styles.count}>
                  {count.format(item.productCount)}
                  <span className="visually-hidden">
                    {item.productCount === 1 ? " producto" : " productos"}
                  </span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
