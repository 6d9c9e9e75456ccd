import type { FailureView } from "./result-pages.server";
import { FAILURE_REASONS } from "./result-views";
import { ErrorDetails, ResultCard, RetryActions } from "./ResultCard";
import styles from "./payments.module.css";

/** /checkout/failure: 'Error en el pago', the gateway's code and description, the reasons. */
export function FailurePage({ view }: { view: FailureView }) {
  return (
    <ResultCard tone="error">
      <h1>Error en el pago</h1>
      <p>No pudimos procesar tu pago. Tu carrito y los datos de tu compra se conservan.</p>
      <ErrorDetails code={view.code} description={view.description} />
      <h2 className={styles.subheading}>Posibles causas</h2>
      <ul className={styles.reasons}>
        {FAILURE_REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <RetryActions />
    </ResultCard>
  );
}
