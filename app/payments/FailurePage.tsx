import { Link } from "~/ui/router";
import type { FailureView } from "./result-pages.server";
import { FAILURE_REASONS } from "./result-views";
import { ErrorDetails, ResultCard, RetryActions } from "./ResultCard";
import styles from "./payments.module.css";

/**
 * /checkout/failure: 'Error en el pago', the reasons, and for the browser whose payment failed
 * the gateway's code and description and the promise that its cart and data are kept. Anyone
 * else (a link opened elsewhere) reads nothing of that payment.
 */
export function FailurePage({ view }: { view: FailureView }) {
  return (
    <ResultCard tone="error">
      <h1>Error en el pago</h1>
      {view.own ? (
        <p>
          No pudimos procesar tu pago y no se realizó ningún cobro. Tu carrito y los datos de tu
          compra se conservan.
        </p>
      ) : (
        <p>
          No pudimos procesar el pago. Este navegador no tiene una compra en curso: si pagaste desde
          otro dispositivo, consulta el estado de tu pedido en{" "}
          <Link to="/mi-cuenta/pedidos">Mis pedidos</Link> con su número y tu correo electrónico.
        </p>
      )}
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
