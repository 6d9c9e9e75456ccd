import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { addToCartButtonState } from "./add-to-cart";
import type { Product } from "~/merchant-api/product";
import styles from "./AddToCartForm.module.css";
import { CART_ACTION, FetcherFlag, useCartBusy, useCartFetcher } from "./cart-fetcher";
import { QuantitySelector } from "./QuantitySelector";

/**
 * Quantity selector and add-to-cart button for a product, posting to the cart
 * action (/carrito, intent=add). Without JavaScript the post answers 303 back
 * to this page, at `returnTo`, with the notice; with JavaScript it is a fetcher (optimistic
 * badge in the header, toast), and the quantity resets to 1 after adding.
 *
 * The quantity is named 'Cantidad de' and the product's title, which the page already shows
 * (`titleId`); so is the button of a compact (card) form, where many sit on one page. The title
 * is referenced with aria-labelledby, not repeated in hidden text (docs/decisions/0385).
 */
export function AddToCartForm({
  product,
  titleId,
  compact = false,
  returnTo,
}: {
  product: Pick<Product, "id" | "price" | "stock">;
  /** Id of the element that shows the product's title: a card's title link, the page heading. */
  titleId: string;
  compact?: boolean;
  /** Id of the element the no-JS post returns to (the card, the buy box), not the page top. */
  returnTo?: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useCartFetcher();
  const { pathname, search } = useLocation();
  const [quantity, setQuantity] = useState("1");
  const buttonId = useId();
  const busy = fetcher.state !== "idle";
  const waiting = useCartBusy();
  const state = addToCartButtonState({ price: product.price, stock: product.stock, loading: busy });

  useEffect(() => {
    if (fetcher.data?.ok) setQuantity("1");
  }, [fetcher.data]);

  const sellable = state.status === "ready" || state.status === "loading";
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className={compact ? styles.compact : styles.form}
      onSubmit={(event) => {
        if (waiting) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <input
        type="hidden"
        name="redirectTo"
        value={`${pathname}${search}${returnTo ? `#${returnTo}` : ""}`}
      />
      <FetcherFlag />
      {sellable ? (
        <QuantitySelector
          name="quantity"
          value={quantity}
          onChange={setQuantity}
          max={product.stock}
          label="Cantidad de"
          subjectId={titleId}
          enhanced={hydrated}
        />
      ) : null}
      <button
        type="submit"
        // In a card the button says which product it adds: its text, then the card's title.
        id={compact ? buttonId : undefined}
        aria-labelledby={compact ? `${buttonId} ${titleId}` : undefined}
        // While a cart change is in flight the button keeps focus (aria-disabled) but does not post.
        disabled={state.disabled && state.status !== "loading"}
        aria-disabled={waiting ? true : undefined}
      >
        {state.label}
      </button>
    </fetcher.Form>
  );
}
