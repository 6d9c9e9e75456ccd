import type { ReactNode } from "react";
import { formatCOP } from "~/money/format";
import { INVOICE_NOTE, sellerLine } from "~/platform/seller";
import {
  billingRows,
  deliveryRows,
  type ReceiptView,
  receiptConfirmed,
  receiptLineName,
  RESULT_TEXTS,
} from "./result-views";
import styles from "./payments.module.css";

/** A list of label/value rows, leaving out the empty ones. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.details}>
      {rows
        .filter(([, value]) => value !== null && value !== "")
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Billing (a company's name and NIT, a person's cédula) and delivery, when known. */
export function OrderParties({
  billing,
  delivery,
  idPrefix,
  headingLevel = 3,
}: Pick<ReceiptView, "billing" | "delivery"> & { idPrefix: string; headingLevel?: 3 | 4 }) {
  if (!billing && !delivery) return null;
  const H = `h${headingLevel}` as const;
  return (
    <div className={styles.parties}>
      {billing ? (
        <section aria-labelledby={`${idPrefix}-facturacion`}>
          <H id={`${idPrefix}-facturacion`}>Datos de facturación</H>
          <DetailList rows={billingRows(billing)} />
        </section>
      ) : null}
      {delivery ? (
        <section aria-labelledby={`${idPrefix}-entrega`}>
          <H id={`${idPrefix}-entrega`}>Entrega</H>
          <DetailList rows={deliveryRows(delivery, billing)} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * The receipt: what the order recorded and the shopper paid, for the browser that paid it (and
 * for printing) and for the order lookup on any device.
 */
export function Receipt({
  receipt,
  headingLevel = 2,
}: {
  receipt: ReceiptView;
  headingLevel?: 2 | 3;
}) {
  const H = `h${headingLevel}` as const;
  const confirmed = receiptConfirmed(receipt);
  const rows: Array<[string, ReactNode]> = [
    ["Pedido", receipt.orderId],
    ["Estado del pago", confirmed ? receipt.statusLabel : "Pendiente de confirmación"],
    ["Fecha", receipt.date],
    ["Autorización", receipt.authorization],
    ["Método de pago", receipt.method],
    // The billing section names the customer when the order's copy was read.
    ["Cliente", receipt.billing ? null : receipt.customerName],
    [
      confirmed ? "Total pagado" : "Total del pedido",
      receipt.amount === null ? null : formatCOP(receipt.amount),
    ],
  ];
  return (
    <section className={styles.receipt} aria-labelledby="comprobante">
      <H id="comprobante">Comprobante de pago</H>
      {confirmed ? null : <p>{RESULT_TEXTS.pendingReceiptNote}</p>}
      <DetailList rows={rows} />
      <OrderParties
        billing={receipt.billing}
        delivery={receipt.delivery}
        idPrefix="comprobante"
        headingLevel={headingLevel === 2 ? 3 : 4}
      />
      {receipt.lines.length > 0 ? (
        <table className={styles.receiptLines}>
          <caption className={styles.visuallyHidden}>Productos del pedido</caption>
          <thead>
            <tr>
              <th scope="col">Producto</th>
              <th scope="col">Cant.</th>
              <th scope="col">Precio unitario</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, index) => (
              <tr key={`${index}-${line.title}`}>
                <td>{receiptLineName(line)}</td>
                <td>{line.quantity}</td>
                <td>{formatCOP(line.unitPrice)}</td>
                <td>{formatCOP(line.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {receipt.totals ? (
        <dl className={styles.totals}>
          <dt>Subtotal</dt>
          <dd>{formatCOP(receipt.totals.subtotal)}</dd>
          <dt>IVA (19%)</dt>
          <dd>{formatCOP(receipt.totals.iva)}</dd>
          <dt>Envío</dt>
          <dd>{receipt.totals.shipping === 0 ? "Gratis" : formatCOP(receipt.totals.shipping)}</dd>
          <dt className={styles.grandTotal}>Total</dt>
          <dd className={styles.grandTotal}>{formatCOP(receipt.totals.total)}</dd>
        </dl>
      ) : null}
      <ul className={styles.fulfilment}>
        <li>{confirmed ? RESULT_TEXTS.processing : RESULT_TEXTS.processingPending}</li>
        <li>{RESULT_TEXTS.delivery}</li>
        {confirmed ? <li>{INVOICE_NOTE}</li> : null}
      </ul>
      <p className={styles.seller}>Vendedor: {sellerLine(receipt.seller)}</p>
    </section>
  );
}
