import type { CategoryNode } from "~/merchant-api/product";
import { categoryHref } from "~/catalogue/category-tree";
import styles from "./MegaMenu.module.css";

const count = new Intl.NumberFormat("es-CO");

/**
 * The count of a category: the stylesheet hides its words on screen (MegaMenu.module.css), which
 * keep it apart from the name for screen readers and text browsers ('Video, 420 productos').
 */
function CountBadge({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <small>
      <span>, </span>
      {count.format(value)}
      <span> productos</span>
    </small>
  );
}

/** The name (and count) of a category, linked to its catalogue page. */
function CategoryLink({ category }: { category: CategoryNode }) {
  return (
    <a href={categoryHref(category)}>
      {category.name}
      <CountBadge value={category.productCount} />
    </a>
  );
}

/**
 * The mega menu's content: the top categories, each a `<details>` of one exclusive group
 * whose panel lists its subcategory columns with their counts. Rendered once per category
 * list on the server as static HTML (menu-markup.server.tsx), so it is plain markup: links
 * are `<a>` (MegaMenu turns their clicks into client navigations) and the repeated elements
 * carry no class (the stylesheet reaches them through their container).
 */
export function MegaMenuTree({ categories }: { categories: readonly CategoryNode[] }) {
  if (categories.length === 0) {
    return (
      <p className={styles.empty}>
        No pudimos cargar las categorías en este momento.{" "}
        <a href="/productos">Ver el catálogo completo</a>
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {categories.map((top, index) => (
        <li key={top.id}>
          {/* One open at a time (`name`): only its panel is in the tab order. */}
          <details name="menu-categorias-grupo" open={index === 0}>
            <summary>
              {top.name}
              <span aria-hidden="true">›</span>
            </summary>
            <div>
              <p>
                <a href={categoryHref(top)}>Ver todo en {top.name}</a>
                <CountBadge value={top.productCount} />
              </p>
              {top.children.length > 0 ? (
                <ul>
                  {top.children.map((sub) => (
                    <li key={sub.id}>
                      <CategoryLink category={sub} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
