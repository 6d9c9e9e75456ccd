import { useLocation } from "react-router";
import type { CardProduct } from "~/merchant-api/product";
import { Link } from "~/ui/router";
import { cardBadges, cardIds, priceView, stockLabel } from "./product-card";
import { cardInnerHtml } from "./card-html";

// For lists of cards outside this folder (the home page's featured groups).
export { sharedTitleIds } from "./product-card";
import { AddToCartForm } from "~/cart/AddToCartForm";
import { ContactButton } from "~/content/ContactDialog";
import { PriceLines } from "./PriceLines";
import { StockBadges } from "./StockBadges";
import styles from "./ProductCard.module.css";
import { ProductImage } from "~/ui/ProductImage";

interface CardProps {
  product: CardProduct;
  view?: "grid" | "list";
  /** Another card of the list has the same title: the title names the model too. */
  distinguish?: boolean;
}

const cardClass = (view: CardProps["view"]) =>
  view === "list" ? `${styles.card} ${styles.list}` : styles.card;

/** The card as the server writes it: its markup made as a string (card-html.ts). */
function ProductCardFromString({ product, view = "grid", distinguish = false }: CardProps) {
  const { pathname, search } = useLocation();
  const html = cardInnerHtml(product, { distinguish, returnTo: `${pathname}${search}` });
  return (
    <article
      id={cardIds(product.id).anchor}
      className={cardClass(view)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * The card as React renders it. A page shows up to 36 cards, so the markup is lean
 * (docs/decisions/0385): the title is in it once (the quantity and the button are named with it
 * through aria-labelledby) and the parts are styled from the card's class, not each with a
 * class of its own.
 */
export function ProductCardView({ product, view = "grid", distinguish = false }: CardProps) {
  const href = `/producto/${encodeURIComponent(product.id)}`;
  const title = product.title ?? "Producto sin título";
  const ids = cardIds(product.id);
  const price = priceView(product);
  const badges = cardBadges(product.stock);
  const identifier = distinguish ? (product.model ?? product.sku) : null;
  return (
    <article id={ids.anchor} className={cardClass(view)}>
      <div>
        {/* The title link stretches over the card (CSS), so the image needs no link of its own. */}
        <ProductImage src={product.images[0]} />
        <StockBadges badges={badges} classes={styles} />
      </div>
      <div>
        <p>{product.brand ?? "Sin marca"}</p>
        <h3>
          <Link to={href} id={ids.title}>
            {title}
            {identifier ? <span>{` (${identifier})`}</span> : null}
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
          titleId={ids.title}
          compact
          returnTo={ids.anchor}
          ids={ids}
        />
      </div>
    </article>
  );
}

/**
 * The product card used everywhere (docs/decisions/0385), in grid or list view. The server
 * writes its markup as a string (docs/decisions/0660); the browser renders and hydrates
 * `ProductCardView`, which makes the same markup. The client's build leaves the string out.
 */
export const ProductCard = import.meta.env.SSR ? ProductCardFromString : ProductCardView;
