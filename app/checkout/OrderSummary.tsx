import { TotalsList } from "~/cart/TotalsList";
import { formatCOP } from "~/money/format";
import { ProductImage } from "~/ui/ProductImage";
import type { OrderSummaryData } from "./checkout.server";
import styles from "./OrderSummary.module.css";

/**
 * The order summary beside every checkout step: lines, subtotal, IVA, shipping and
 * total, all computed on the server from the cart and current prices.
 */
export function OrderSummary({ summary }: { summary: OrderSummaryData }) {
  const { lines, totals } = summary;
  return (
    <aside className={styles.panel} aria-labelledby="resumen-pedido">
      <h2 id="resumen-pedido" className={styles.heading}>
        Resumen del pedido
      </h2>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.productId} className={styles.line}>
            <ProductImage src={line.image} width={64} height={64} className={styles.image} />
            <div className={styles.text}>
              <p className={styles.title}>{line.title}</p>
              <p className={styles.figures}>
                <span className={styles.quantity}>Cantidad: {line.quantity}</span>
                {/* Apart for screen readers and text browsers: 'Cantidad: 2, $ 90.000'. */}
                <span className="visually-hidden">, </span>
                <span className={styles.amount}>{formatCOP(line.lineTotal)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <TotalsList totals={totals} className={styles.totals} />
    </aside>
  );
}
