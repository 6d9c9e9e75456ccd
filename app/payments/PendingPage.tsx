import { Link } from "~/ui/router";
import buttons from "~/ui/buttons.module.css";
import { AutoRefresh } from "./AutoRefresh";
import type { PendingView } from "./result-pages.server";
import { RESULT_TEXTS } from "./result-views";
import { ResultCard } from "./ResultCard";
import styles from "./payments.module.css";

/**
 * /checkout/pending: 'Pago en proceso' while the outcome is not known, with the way to look the
 * order up later; or, once the gateway confirms it has no charge, that nothing was charged and
 * a one-click way to pay again.
 */
export function PendingPage({ view }: { view: PendingView }) {
  const notCharged = view.state === "not-charged";
  return (
    <ResultCard tone="warning">
      <h1>{notCharged ? RESULT_TEXTS.notChargedTitle : "Pago en proceso"}</h1>
      {view.state === "anonymous" ? (
        <p>Estamos esperando la confirmación de tu pago. {RESULT_TEXTS.pendingResolves}</p>
      ) : (
        <>
          <p>
            {notCharged
              ? RESULT_TEXTS.notChargedLead
              : `${RESULT_TEXTS.checkingLead} ${RESULT_TEXTS.checkingEmail}`}
          </p>
          <p>
            Pedido <strong>{view.orderId}</strong>
          </p>
          {view.state === "checking" ? <AutoRefresh refresh={view.refresh} /> : null}
        </>
      )}
      <p className={styles.actions}>
        {notCharged ? (
          <Link to="/checkout/pago" className={buttons.primary}>
            Pagar de nuevo
          </Link>
        ) : (
          <Link to="/mi-cuenta/pedidos" className={buttons.primary}>
            Consultar mis pedidos
          </Link>
        )}
        <Link to="/" className={buttons.secondary}>
          Volver al inicio
        </Link>
      </p>
    </ResultCard>
  );
}
