import type { Product } from "~/domain/product";

/** The product card used everywhere. SKELETON — being written by the layout issue. */
export function ProductCard({ product }: { product: Product; view?: "grid" | "list" }) {
  return (
    <article>
      <h3>
        <a href={`/producto/${product.id}`}>{product.title ?? "Producto sin título"}</a>
      </h3>
    </article>
  );
}
