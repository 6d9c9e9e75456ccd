import { formatCOP } from "~/money/format";
import type { PaymentPageData } from "./payment-page.server";
import styles from "./payments.module.css";

/** The order summary beside the payment form: lines, subtotal, IVA, shipping and total. */
export function PaymentSummary({ page }: { page: PaymentPageData }) {
  const { totals } = page;
  return (
    <aside className={styles.summary} aria-labelledby="resumen-pedido">
      <h2 id="resumen-pedido">Resumen del pedido</h2>
      <p className={styles.orderId}>
        Pedido <span>{page.orderId}</span>
      </p>
      <ul className={styles.lines}>
        {page.lines.map((line) => (
          <li key={line.productId}>
            <span className={styles.lineTitle}>
              {line.title} <span className={styles.quantity}>× {line.quantity}</span>
            </span>
            {/* Apart for screen readers and text browsers: '× 2, $ 90.000'. */}
            <span className="visually-hidden">, </span>
            <span className={styles.amount}>{formatCOP(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt>Subtotal</dt>
        <dd>{formatCOP(totals.subtotal)}</dd>
        <dt>IVA (19%)</dt>
        <dd>{formatCOP(totals.iva)}</dd>
        <dt>Envío</dt>
        <dd>{totals.shipping === 0 ? "Gratis" : formatCOP(totals.shipping)}</dd>
        <dt className={styles.grandTotal}>Total</dt>
        <dd className={styles.grandTotal}>{formatCOP(totals.total)}</dd>
      </dl>
    </aside>
  );
}
