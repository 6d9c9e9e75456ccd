import { Link } from "~/ui/router";
import { useHydrated } from "~/ui/use-hydrated";
import { applyIntent, cartCount } from "./cart";
import type { CartSummary } from "./cart.server";
import { usePendingCartIntents } from "./cart-fetcher";
import { useCartSync } from "./cart-sync";
import styles from "./CartButton.module.css";
import { CartToast } from "./CartToast";
import { MINI_CART_ID, MiniCart } from "./MiniCart";

function CartIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.2l.9 2H21a1 1 0 0 1 .96 1.27l-2.5 9A1 1 0 0 1 18.5 15H8.1l-.9 2H19v2H5.6a1 1 0 0 1-.9-1.45L6.1 14.7 3.6 4H3V2Zm4.1 4 1.7 7h9l1.9-7H7.1Z"
      />
    </svg>
  );
}

/**
 * The badge and the words around it: the part of every page that changes with the cart, filled
 * in for each shopper on pages from the page cache (docs/decisions/0470). The name reads
 * 'Carrito, 2 productos' to a screen reader and in a text browser alike: the badge's digit is
 * the count, between words hidden on screen only.
 */
export function CartCount({ count }: { count: number }) {
  return (
    <>
      <span className="visually-hidden">, </span>
      <span className={styles.badge}>{count}</span>
      <span className="visually-hidden">{count === 1 ? " producto" : " productos"}</span>
    </>
  );
}

/**
 * Header cart button with the count badge. Server-rendered as a link to
 * /carrito (works without JavaScript); once hydrated it becomes the opener of
 * the mini cart popover. The badge counts posted changes before the server
 * answers (optimistic), and it hosts the toast for in-place cart changes.
 */
export function CartButton({ cart }: { cart: CartSummary }) {
  const hydrated = useHydrated();
  const pending = usePendingCartIntents();
  // Another tab's change shows here too.
  useCartSync(cart);
  const count =
    pending.length > 0 && (cart.lines.length > 0 || cart.count === 0)
      ? cartCount(
          pending.reduce(
            applyIntent,
            cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          ),
        )
      : cart.count;
  const content = (
    <>
      <CartIcon />
      <span className={styles.text}>Carrito</span>
      <CartCount count={count} />
    </>
  );
  if (!hydrated) {
    return (
      <Link to="/carrito" className={styles.button}>
        {content}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={styles.button}
        popoverTarget={MINI_CART_ID}
        aria-haspopup="dialog"
      >
        {content}
      </button>
      <MiniCart cart={cart} pending={pending.length > 0} />
      <CartToast />
    </>
  );
}
