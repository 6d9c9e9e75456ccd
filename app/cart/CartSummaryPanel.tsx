import buttons from "~/ui/buttons.module.css";
import { Link } from "~/ui/router";
import { formatCOP } from "~/money/format";
import { type CartTotals, FREE_SHIPPING_THRESHOLD } from "~/money/totals";
import { ConfirmClear } from "./ConfirmClear";
import styles from "./CartSummaryPanel.module.css";
import { TotalsList } from "./TotalsList";

/** Subtotal, IVA, shipping, total, free-shipping progress and the way on. */
export function CartSummaryPanel({ totals, busy }: { totals: CartTotals; busy: boolean }) {
  return (
    <section
      className={styles.panel}
      aria-labelledby="resumen-titulo"
      aria-busy={busy || undefined}
    >
      <h2 id="resumen-titulo" className={styles.heading}>
        Resumen del pedido
      </h2>
      <TotalsList totals={totals} />
      <div className={styles.shipping}>
        <label htmlFor="progreso-envio">
          Envío gratis en compras superiores a {formatCOP(FREE_SHIPPING_THRESHOLD)} (subtotal)
        </label>
        {/* Its text shows only where a bar does not (lynx, w3m), apart from the label. */}
        <progress
          id="progreso-envio"
          className={styles.progress}
          max={100}
          value={totals.freeShippingProgress}
        >
          : {totals.freeShippingProgress}%
        </progress>
        {totals.freeShipping ? (
          <p className={styles.achieved}>¡Tu pedido tiene envío gratis!</p>
        ) : (
          <p className={styles.shortfall}>
            Te faltan {formatCOP(totals.freeShippingShortfall)} para el envío gratis
          </p>
        )}
      </div>
      <p className={styles.note}>Los precios de los productos no incluyen IVA; el total sí.</p>
      <div className={styles.actions}>
        <Link to="/checkout" className={buttons.primary}>
          Proceder al pago
        </Link>
        {/* Read without CSS the three would run together: 'Proceder al pagoSeguir comprando'. */}
        <span className="without-css"> | </span>
        <Link to="/productos" className={buttons.secondary}>
          Seguir comprando
        </Link>
        <span className="without-css"> | </span>
        <ConfirmClear />
      </div>
    </section>
  );
}
