import type { CardProduct } from "~/merchant-api/product";
import { ProductCard } from "./ProductCard";
import { sharedTitleIds } from "./product-card";
import styles from "./ProductGrid.module.css";
import { SkeletonCard } from "~/ui/SkeletonCard";

/** Cards in 1 / 3 / 4 columns (grid) or one column (list). */
export function ProductGrid({
  products,
  view = "grid",
  label,
}: {
  products: CardProduct[];
  view?: "grid" | "list";
  label: string;
}) {
  const shared = sharedTitleIds(products);
  return (
    <ul className={view === "list" ? styles.list : styles.grid} aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} view={view} distinguish={shared.has(product.id)} />
        </li>
      ))}
    </ul>
  );
}

/** 12 skeleton cards (docs/decisions/0552, 0224) while a client-side navigation loads. */
export function ProductGridSkeleton({
  view = "grid",
  count = 12,
  message = "Cargando productos...",
}: {
  view?: "grid" | "list";
  count?: number;
  message?: string;
}) {
  return (
    <div role="status" aria-live="polite">
      <p className={styles.loading}>{message}</p>
      <div className={view === "list" ? styles.list : styles.grid} data-testid="skeletons">
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} view={view} />
        ))}
      </div>
    </div>
  );
}
