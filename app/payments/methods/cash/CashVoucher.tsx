import { Fragment } from "react";
import { formatCOP } from "~/money/format";
import type { Deadline } from "~/money/deadline";
import { CASH_TEXTS, groupReference } from "./cash";
import styles from "./cash.module.css";

/** What the voucher shows: everything a cashier and the shopper need, in text first. */
export interface VoucherView {
  orderId: string;
  reference: string;
  amount: number;
  deadline: Deadline;
  networks: ReadonlyArray<string>;
  /** The slip's GS1-128 data as printed under the bars: "(415)…(8020)…(3900)…(96)…". */
  elementString: string | null;
  /** The bars as an SVG data URL, drawn on the server; null when they cannot be drawn. */
  barcode: string | null;
}

/**
 * The cash voucher (docs/decisions/0570): the reference in large type, the amount, the deadline
 * in Colombian time, the networks, the order number, and the barcode with its text beside it.
 * Plain HTML: it reads the same in a text browser and prints as it is shown. The result page
 * shows it while the charge waits (PENDING_VIEWS in ../forms.tsx), with the PDF's link.
 */
export function CashVoucher({ view }: { view: VoucherView }) {
  const grouped = groupReference(view.reference);
  return (
    <section className={styles.voucher} aria-labelledby="comprobante-titulo">
      <h2 id="comprobante-titulo" className={styles.title}>
        Comprobante de pago en efectivo
      </h2>
      <p className={styles.lead}>{CASH_TEXTS.voucherLead}</p>
      <dl className={styles.facts}>
        <div className={styles.referenceRow}>
          <dt>Referencia de pago</dt>
          <dd className={styles.reference}>{grouped}</dd>
        </div>
        <div>
          <dt>Valor a pagar</dt>
          <dd className={styles.amount}>{formatCOP(view.amount)}</dd>
        </div>
        <div>
          <dt>Paga antes de</dt>
          <dd>
            <strong>{`${view.deadline.date}, ${view.deadline.time}`}</strong> (hora de Colombia)
          </dd>
        </div>
        <div>
          <dt>Pedido</dt>
          <dd>{view.orderId}</dd>
        </div>
      </dl>
      <h3 className={styles.subtitle}>Dónde pagar</h3>
      <ul className={styles.networks}>
        {view.networks.map((network) => (
          <li key={network}>{network}</li>
        ))}
      </ul>
      <h3 className={styles.subtitle}>Código de barras</h3>
      {view.barcode && view.elementString ? (
        <figure className={styles.barcode}>
          <img
            src={view.barcode}
            // Its data is the caption below: written once, for a text browser and a reader too.
            alt="Código de barras GS1-128 del pago"
            className={styles.bars}
          />
          <figcaption className={styles.hri}>
            {/* A narrow screen breaks the data between fields, never inside one. */}
            {view.elementString.split(/(?=\()/).map((field, index) => (
              <Fragment key={field}>
                {index > 0 ? <wbr /> : null}
                {field}
              </Fragment>
            ))}
          </figcaption>
        </figure>
      ) : (
        <p>{CASH_TEXTS.barcodeMissing}</p>
      )}
    </section>
  );
}
