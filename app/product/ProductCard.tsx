import type { CardProduct } from "~/merchant-api/product";
import { Link } from "~/ui/router";
import { cardBadges, priceView, stockLabel } from "./product-card";

// For lists of cards outside this folder (the home page's featured groups).
export { sharedTitleIds } from "./product-card";
import { AddToCartForm } from "~/cart/AddToCartForm";
import { ContactButton } from "~/content/ContactDialog";
import { PriceLines } from "./PriceLines";
import { StockBadges } from "./StockBadges";
import styles from "./ProductCard.module.css";
import { ProductImage } from "~/ui/ProductImage";

/** The card's id: a cart post without JavaScript comes back to it, not to the top. */
function cardAnchor(productId: string): string {
  return `producto-${productId}`;
}

/**
 * The product card used everywhere (docs/decisions/0385), in grid or list view.
 *
 * A page shows up to 36 cards, so the markup is lean (docs/decisions/0385): the title is in it
 * once (the quantity and the button are named with it through aria-labelledby) and the parts
 * are styled from the card's class, not each with a class of its own.
 */
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
  const titleId = `t-${product.id}`;
  const price = priceView(product);
  const badges = cardBadges(product.stock);
  const identifier = distinguish ? (product.model ?? product.sku) : null;
  return (
    <article
      id={cardAnchor(product.id)}
      className={view === "list" ? `${styles.card} ${styles.list}` : styles.card}
    >
      <div>
        {/* The title link stretches over the card (CSS), so the image needs no link of its own. */}
        <ProductImage src={product.images[0]} />
        <StockBadges badges={badges} classes={styles} />
      </div>
      <div>
        <p>{product.brand ?? "Sin marca"}</p>
        <h3>
          <Link to={href} id={titleId}>
            {title}
            {identifier ? <span> ({identifier})</span> : null}
          </Link>
        </h3>
        {/* One text node: separate pieces would each get a <!-- --> marker in the HTML. */}
        {product.model ? <p>{`Modelo: ${product.model}`}</p> : null}
        <div className={styles.price}>
          {price.kind === "priced" ? (
            <PriceLines price={price} />
          ) : (
            <ContactButton className={styles.ask}>Consultar precio</ContactButton>
          )}
        </div>
        <p className={product.stock > 0 ? undefined : styles.noStock}>
          {stockLabel(product.stock)}
        </p>
        <AddToCartForm
          product={product}
          titleId={titleId}
          compact
          returnTo={cardAnchor(product.id)}
        />
      </div>
    </article>
  );
}
