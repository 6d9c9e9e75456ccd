import { Link } from "~/ui/router";
import { AutoRefresh } from "./AutoRefresh";
import type { PendingView } from "./payments.server";
import { RESULT_TEXTS } from "./result";
import { ResultCard } from "./ResultCard";
import styles from "./payments.module.css";

/** /checkout/pending: 'Pago en proceso', with the way to look the order up later. */
export function PendingPage({ view }: { view: PendingView }) {
  return (
    <ResultCard tone="warning">
      <h1>Pago en proceso</h1>
      <p>
        Estamos esperando la confirmación de tu pago. {RESULT_TEXTS.pendingResolves} Te avisaremos
        por correo electrónico.
      </p>
      {view.orderId ? (
        <>
          <p>
            Pedido <strong>{view.orderId}</strong>
          </p>
          <AutoRefresh refresh={view.refresh} />
        </>
      ) : null}
      <p className={styles.actions}>
        <Link to="/mi-cuenta/pedidos" className={styles.primary}>
          Consultar mis pedidos
        </Link>
        <Link to="/" className={styles.secondary}>
          Volver al inicio
        </Link>
      </p>
    </ResultCard>
  );
}
