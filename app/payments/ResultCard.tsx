import type { ReactNode } from "react";
import { Link } from "~/ui/router";
import buttons from "~/ui/buttons.module.css";
import styles from "./payments.module.css";

const TONES = {
  error: styles.toneError,
  warning: styles.toneWarning,
  success: styles.toneSuccess,
} as const;

/** The card every payment result, pending and failure page is drawn in. */
export function ResultCard({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <main id="contenido" className={`container ${styles.page} ${styles.result}`}>
      <div className={`${styles.resultCard} ${TONES[tone]}`}>{children}</div>
    </main>
  );
}

/** The gateway's code and description of a failed charge, when it gave them. */
export function ErrorDetails({
  code,
  description,
}: {
  code: string | null;
  description: string | null;
}) {
  if (!code && !description) return null;
  return (
    <dl className={styles.details}>
      {code ? (
        <div>
          <dt>Código de error</dt>
          <dd>{code}</dd>
        </div>
      ) : null}
      {description ? (
        <div>
          <dt>Descripción</dt>
          <dd>{description}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** After a failed payment: back to the checkout (a new order), the cart, or home. */
export function RetryActions() {
  return (
    <p className={styles.actions}>
      {/* The failure page left the checkout on its payment method step (restartPaymentCookie). */}
      <Link to="/checkout?paso=3" className={buttons.primary}>
        Intentar nuevamente
      </Link>
      <Link to="/carrito" className={buttons.secondary}>
        Ver carrito
      </Link>
      <Link to="/" className={buttons.secondary}>
        Volver al inicio
      </Link>
    </p>
  );
}
