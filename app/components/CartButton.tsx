import type { CartSummary } from "~/lib/cart.server";

/** Header cart button: a link to /carrito with a badge; with JS, toggles the mini cart. SKELETON. */
export function CartButton({ cart }: { cart: CartSummary }) {
  return (
    <a href="/carrito" aria-label={`Carrito, ${cart.count} productos`}>
      Carrito ({cart.count})
    </a>
  );
}
