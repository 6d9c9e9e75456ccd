import buttons from "~/ui/buttons.module.css";
import { Link } from "~/ui/router";
import { formatCOP } from "~/money/format";
import { computeTotals } from "~/money/totals";
import type { CartSummary } from "./cart.server";
import { CartOrderNotice } from "./CartOrderNotice";
import styles from "./MiniCart.module.css";

export const MINI_CART_ID = "mini-carrito";

/**
 * The mini cart: a native popover (light dismiss, Escape, focus back to the
 * opener) with the lines, the subtotal, the total and the way to the cart and checkout.
 * Rendered only with JavaScript; without it the cart button is a link.
 */
export function MiniCart({ cart, pending }: { cart: CartSummary; pending: boolean }) {
  const hide = () => document.getElementById(MINI_CART_ID)?.hidePopover();
  return (
    <div
      id={MINI_CART_ID}
      popover="auto"
      role="dialog"
      aria-labelledby={`${MINI_CART_ID}-titulo`}
      className={styles.panel}
    >
      <div className={styles.head}>
        <h2 id={`${MINI_CART_ID}-titulo`} className={styles.title}>
          Tu carrito
        </h2>
        <button
          type="button"
          popoverTarget={MINI_CART_ID}
          popoverTargetAction="hide"
          className={styles.close}
          aria-label="Cerrar carrito"
        >
          ×
        </button>
      </div>
      {cart.order ? (
        <CartOrderNotice order={cart.order} id="mini-carrito-pedido" level={3} />
      ) : null}
      {cart.lines.length === 0 ? (
        <p className={styles.empty}>
          {cart.count > 0 ? "Abre el carrito para ver tus productos." : "Tu carrito está vacío"}
        </p>
      ) : (
        <>
          <ul className={styles.lines} aria-busy={pending || undefined}>
            {cart.lines.map((line) => (
              <li key={line.productId} className={styles.line}>
                <p className={styles.lineTitle}>
                  <Link to={`/producto/${encodeURIComponent(line.productId)}`} onClick={hide}>
                    {line.title}
                  </Link>
                </p>
                <p className={styles.lineQty}>
                  {line.quantity} × {formatCOP(line.unitPrice)}
                </p>
                <p className={styles.lineTotal}>{formatCOP(line.lineTotal)}</p>
              </li>
            ))}
          </ul>
          <p className={styles.subtotal}>
            <span>Subtotal</span>
            <span>{formatCOP(cart.subtotal)}</span>
          </p>
          <p className={styles.subtotal}>
            <span>Total</span>
            {/* Same rule as the cart page, from the server-priced subtotal. */}
            <span>{formatCOP(computeTotals(cart.subtotal).total)}</span>
          </p>
          <p className={styles.note}>El total incluye IVA (19%) y envío.</p>
        </>
      )}
      <div className={styles.actions}>
        <Link to="/carrito" className={buttons.secondary} onClick={hide}>
          Ver carrito
        </Link>
        {cart.lines.length > 0 ? (
          <Link to="/checkout" className={buttons.primary} onClick={hide}>
            Proceder al pago
          </Link>
        ) : null}
      </div>
    </div>
  );
}
