import { Link } from "~/ui/router";
import type { CardProduct } from "~/merchant-api/product";
import { cardBadges, priceView, stockLabel } from "./product-card";

// For lists of cards outside this folder (the home page's featured groups).
export { sharedTitleIds } from "./product-card";
import { AddToCartForm } from "~/cart/AddToCartForm";
import { ContactButton } from "~/layout/ContactDialog";
import { PriceLines } from "./PriceLines";
import { StockBadges } from "./StockBadges";
import styles from "./ProductCard.module.css";
import { ProductImage } from "~/ui/ProductImage";

/** The card's id: a cart post without JavaScript comes back to it, not to the top. */
function cardAnchor(productId: string): string {
  return `producto-${productId}`;
}

/** The product card used everywhere (spec §2 product card), in grid or list view. */
export function ProductCard({
  product,
  view = "grid",
  distinguish = false,
}: {
  product: CardProduct;
  view?: "grid" | "list";
  /** Another card of the list has the same title: the title names the model too. */
  distinguish?: boolean;
}) {
  const href = `/producto/${encodeURIComponent(product.id)}`;
  const title = product.title ?? "Producto sin título";
  const price = priceView(product);
  const badges = cardBadges(product.stock);
  const identifier = distinguish ? (product.model ?? product.sku) : null;
  return (
    <article
      id={cardAnchor(product.id)}
      className={`${styles.card} ${view === "list" ? styles.list : styles.grid}`}
    >
      <div className={styles.media}>
        {/* The title link stretches over the card (CSS), so the image needs no link of its own. */}
        <ProductImage src={product.images[0]} />
        <StockBadges badges={badges} classes={styles} />
      </div>
      <div className={styles.body}>
        <p className={styles.brand}>{product.brand ?? "Sin marca"}</p>
        <h3 className={styles.title}>
          <Link to={href}>
            {title}
            {identifier ? <span className={styles.titleModel}> ({identifier})</span> : null}
          </Link>
        </h3>
        {product.model ? <p className={styles.model}>Modelo: {product.model}</p> : null}
        <div className={styles.price}>
          {price.kind === "priced" ? (
            <PriceLines price={price} classes={styles} />
          ) : (
            <ContactButton className={styles.ask}>Consultar precio</ContactButton>
          )}
        </div>
        <p className={product.stock > 0 ? styles.stock : styles.noStock}>
          {stockLabel(product.stock)}
        </p>
        <div className={styles.cart}>
          <AddToCartForm product={product} compact returnTo={cardAnchor(product.id)} />
        </div>
      </div>
    </article>
  );
}
