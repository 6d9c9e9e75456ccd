import { formatCOP } from "~/money/format";
import type { CartTotals } from "~/money/totals";
import styles from "./TotalsList.module.css";

/** Subtotal, IVA, shipping ('Gratis' when free) and total, as the cart and the checkout show them. */
export function TotalsList({ totals, className }: { totals: CartTotals; className?: string }) {
  return (
    <dl className={`${styles.rows} ${className ?? ""}`}>
      <dt>Subtotal</dt>
      <dd>{formatCOP(totals.subtotal)}</dd>
      <dt>IVA (19%)</dt>
      <dd>{formatCOP(totals.iva)}</dd>
      <dt>Envío</dt>
      <dd className={totals.freeShipping ? styles.free : undefined}>
        {totals.freeShipping ? "Gratis" : formatCOP(totals.shipping)}
      </dd>
      <dt className={styles.total}>Total</dt>
      <dd className={styles.total}>{formatCOP(totals.total)}</dd>
    </dl>
  );
}
