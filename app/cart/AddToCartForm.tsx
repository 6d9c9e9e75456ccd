import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { addToCartButtonState } from "./add-to-cart";
import type { Product } from "~/merchant-api/product";
import styles from "./AddToCartForm.module.css";
import { CART_ACTION, FetcherFlag, useCartBusy, useCartFetcher } from "./cart-fetcher";
import { QuantitySelector } from "./QuantitySelector";
import quantityStyles from "./QuantitySelector.module.css";
import { attribute, escapeHtml } from "~/ui/html-string";

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
  ids,
}: {
  product: Pick<Product, "id" | "price" | "stock">;
  /** Id of the element that shows the product's title: a card's title link, the page heading. */
  titleId: string;
  compact?: boolean;
  /** Id of the element the no-JS post returns to (the card, the buy box), not the page top. */
  returnTo?: string;
  /** The quantity's and the button's ids, when the caller names them (a card's); else React's. */
  ids?: { quantity: string; button: string };
}) {
  const hydrated = useHydrated();
  const fetcher = useCartFetcher();
  const { pathname, search } = useLocation();
  const [quantity, setQuantity] = useState("1");
  const ownButtonId = useId();
  const buttonId = ids?.button ?? ownButtonId;
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
          id={ids?.quantity}
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

/** The ids in a product's card (its product's, app/product/product-card.ts `cardIds`). */
export interface CardIds {
  /** The title link's, which the quantity and the button are named with. */
  title: string;
  /** The card's own, where a cart post without JavaScript comes back to. */
  anchor: string;
  quantity: string;
  button: string;
}

/**
 * A card's form (compact, with `ids`) as the server writes it into the card's string
 * (app/product/card-html.ts, docs/decisions/0660): the markup of `AddToCartForm` before
 * hydration, for the page at `returnTo` (its path and query).
 */
export function addToCartFormHtml(
  product: Pick<Product, "id" | "price" | "stock">,
  { ids, returnTo }: { ids: CardIds; returnTo: string },
): string {
  const state = addToCartButtonState({ price: product.price, stock: product.stock });
  const quantity =
    state.status === "ready"
      ? `<div${attribute("class", quantityStyles.selector)}>` +
        `<span class="without-css">Cantidad: </span><input${attribute("id", ids.quantity)}` +
        ` aria-label="Cantidad de"` +
        attribute("aria-labelledby", `${ids.quantity} ${ids.title}`) +
        ` type="number" inputMode="numeric" min="1"` +
        `${attribute("max", Math.max(1, product.stock))} name="quantity" value="1"/></div>`
      : "";
  return (
    `<form${attribute("class", styles.compact)} action="${CART_ACTION}" method="post">` +
    `<input type="hidden" name="intent" value="add"/>` +
    `<input type="hidden" name="productId"${attribute("value", product.id)}/>` +
    `<input type="hidden" name="redirectTo"${attribute("value", `${returnTo}#${ids.anchor}`)}/>` +
    quantity +
    `<button type="submit"${attribute("id", ids.button)}` +
    attribute("aria-labelledby", `${ids.button} ${ids.title}`) +
    `${state.disabled ? ' disabled=""' : ""}>${escapeHtml(state.label)}</button></form>`
  );
}
