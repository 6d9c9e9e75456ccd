import { Link } from "react-router";
import type { FailureView } from "./payments.server";
import { FAILURE_REASONS } from "./result";
import styles from "./payments.module.css";

/** /checkout/failure: 'Error en el pago', the gateway's code and description, the reasons. */
export function FailurePage({ view }: { view: FailureView }) {
  return (
    <main id="contenido" className={`container ${styles.page} ${styles.result}`}>
      <div className={`${styles.resultCard} ${styles.toneError}`}>
        <h1>Error en el pago</h1>
        <p>No pudimos procesar tu pago. Tu carrito y los datos de tu compra se conservan.</p>
        {view.code || view.description ? (
          <dl className={styles.details}>
            {view.code ? (
              <div>
                <dt>Código de error</dt>
                <dd>{view.code}</dd>
              </div>
            ) : null}
            {view.description ? (
              <div>
                <dt>Descripción</dt>
                <dd>{view.description}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <h2 className={styles.subheading}>Posibles causas</h2>
        <ul className={styles.reasons}>
          {FAILURE_REASONS.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p className={styles.actions}>
          <Link to="/checkout" className={styles.primary}>
            Intentar nuevamente
          </Link>
          <Link to="/carrito" className={styles.secondary}>
            Ver carrito
          </Link>
          <Link to="/" className={styles.secondary}>
            Volver al inicio
          </Link>
        </p>
      </div>
    </main>
  );
}
