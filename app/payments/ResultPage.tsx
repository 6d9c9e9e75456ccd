import type { ReactNode } from "react";
import { Link } from "~/ui/router";
import { formatCOP } from "~/money/format";
import buttons from "~/ui/buttons.module.css";
import { AutoRefresh } from "./AutoRefresh";
import {
  billingRows,
  deliveryRows,
  type ReceiptView,
  receiptConfirmed,
  RESULT_TEXTS,
  type ResultView,
} from "./result";
import { ErrorDetails, ResultCard, RetryActions } from "./ResultCard";
import styles from "./payments.module.css";

/** The receipt's PDF: inline to print it, `?descargar=1` to save it. */
function receiptPdfUrl(chargeId: string, download = false) {
  return `/checkout/comprobante/${encodeURIComponent(chargeId)}.pdf${download ? "?descargar=1" : ""}`;
}

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
}: Pick<ReceiptView, "billing" | "delivery"> & { idPrefix: string }) {
  if (!billing && !delivery) return null;
  return (
    <div className={styles.parties}>
      {billing ? (
        <section aria-labelledby={`${idPrefix}-facturacion`}>
          <h3 id={`${idPrefix}-facturacion`}>Datos de facturación</h3>
          <DetailList rows={billingRows(billing)} />
        </section>
      ) : null}
      {delivery ? (
        <section aria-labelledby={`${idPrefix}-entrega`}>
          <h3 id={`${idPrefix}-entrega`}>Entrega</h3>
          <DetailList rows={deliveryRows(delivery, billing)} />
        </section>
      ) : null}
    </div>
  );
}

/** The receipt: what the shopper paid, for the browser that paid it (and for printing). */
function Receipt({ receipt }: { receipt: ReceiptView }) {
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
      <h2 id="comprobante">Comprobante de pago</h2>
      {confirmed ? null : <p>{RESULT_TEXTS.pendingReceiptNote}</p>}
      <DetailList rows={rows} />
      <OrderParties billing={receipt.billing} delivery={receipt.delivery} idPrefix="comprobante" />
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
                <td>{line.title}</td>
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
      </ul>
    </section>
  );
}

/** 'Imprimir comprobante': the print dialog with JavaScript, the PDF to print without it. */
function PrintLink({ chargeId }: { chargeId: string }) {
  return (
    <a
      href={receiptPdfUrl(chargeId)}
      className={buttons.secondary}
      onClick={(event) => {
        event.preventDefault();
        // Spec §9: the print dialog opens after 500 ms.
        window.setTimeout(() => window.print(), 500);
      }}
    >
      Imprimir comprobante
    </a>
  );
}

function Status({ label }: { label: string }) {
  return (
    <p className={styles.status}>
      Estado del pago: <strong>{label}</strong>
    </p>
  );
}

/**
 * /checkout/success/card and /checkout/success/pse: the verified outcome of a payment. Details
 * and the receipt only for the browser that paid; anyone else sees the status alone.
 */
export function ResultPage({ view }: { view: ResultView }) {
  if (view.state === "missing" || view.state === "error") {
    const missing = view.state === "missing";
    return (
      <ResultCard tone="error">
        <h1>{missing ? RESULT_TEXTS.missingTitle : RESULT_TEXTS.errorTitle}</h1>
        <p role="alert">{missing ? RESULT_TEXTS.missing : RESULT_TEXTS.error}</p>
        <p className={styles.actions}>
          {missing ? null : (
            <Link to="." reloadDocument className={buttons.primary}>
              Reintentar
            </Link>
          )}
          <Link to="/carrito" className={buttons.secondary}>
            Ver carrito
          </Link>
          <Link to="/" className={buttons.secondary}>
            Volver al inicio
          </Link>
        </p>
      </ResultCard>
    );
  }

  if (view.state === "failed") {
    return (
      <ResultCard tone="error">
        <h1>{RESULT_TEXTS.failedTitle}</h1>
        <Status label={view.statusLabel} />
        <p>{RESULT_TEXTS.failedLead}</p>
        {view.orderId ? <p>Pedido {view.orderId}</p> : null}
        {view.error ? (
          <ErrorDetails code={view.error.code} description={view.error.description} />
        ) : null}
        <RetryActions />
      </ResultCard>
    );
  }

  if (view.state === "pending") {
    return (
      <ResultCard tone="warning">
        <h1>{RESULT_TEXTS.pendingTitle}</h1>
        <Status label={view.statusLabel} />
        <p>{RESULT_TEXTS.pendingLead}</p>
        <p>{RESULT_TEXTS.pendingResolves}</p>
        {view.orderId ? <p>Pedido {view.orderId}</p> : null}
        <AutoRefresh refresh={view.refresh} />
        <p className={styles.actions}>
          {view.bankUrl ? (
            <a href={view.bankUrl} className={buttons.primary}>
              Continuar en el banco
            </a>
          ) : null}
          <Link to="/mi-cuenta/pedidos" className={buttons.secondary}>
            Consultar mis pedidos
          </Link>
          <Link to="/" className={buttons.secondary}>
            Volver al inicio
          </Link>
        </p>
      </ResultCard>
    );
  }

  // charge_pending: the order stands, the money does not yet; it must not look paid.
  const completed = view.statusLabel === "Completado";
  return (
    <ResultCard tone={completed ? "success" : "warning"}>
      <h1>{completed ? RESULT_TEXTS.successTitle : RESULT_TEXTS.successPendingTitle}</h1>
      <Status label={view.statusLabel} />
      {view.receipt ? (
        <>
          <p className={styles.noPrint}>
            {completed ? RESULT_TEXTS.successLead : RESULT_TEXTS.successPendingLead}
          </p>
          {completed ? null : <AutoRefresh refresh={view.refresh} />}
          <Receipt receipt={view.receipt} />
          <p className={`${styles.actions} ${styles.noPrint}`}>
            <PrintLink chargeId={view.chargeId} />
            <a href={receiptPdfUrl(view.chargeId, true)} className={buttons.secondary}>
              Descargar comprobante (PDF)
            </a>
            <Link to="/mi-cuenta/pedidos" className={buttons.secondary}>
              Consultar mis pedidos
            </Link>
            <Link to="/productos" className={buttons.primary}>
              Seguir comprando
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{RESULT_TEXTS.otherDevice}</p>
          <p className={styles.actions}>
            <Link to="/mi-cuenta/pedidos" className={buttons.primary}>
              Consultar mis pedidos
            </Link>
            <Link to="/" className={buttons.secondary}>
              Volver al inicio
            </Link>
          </p>
        </>
      )}
    </ResultCard>
  );
}
