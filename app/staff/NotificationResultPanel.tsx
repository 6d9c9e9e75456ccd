import { useEffect, useId, useRef } from "react";
import type { NotificationOutcome } from "./notify.server";
import styles from "./staff.module.css";
import { formatCOP } from "~/money";

/**
 * The result of the last send (spec §2, §3, §8): success with the payment's details, the
 * already-sent note, success false as information with its suggestion, or the error. Shown
 * once, after the redirect; with JavaScript it takes focus so it is read out.
 */
export function NotificationResultPanel({ result }: { result: NotificationOutcome }) {
  const ref = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, [result]);

  const tone =
    result.kind === "sent" ? styles.ok : result.kind === "not-sent" ? styles.info : styles.failed;
  const heading =
    result.kind === "sent"
      ? "Notificaciones enviadas"
      : result.kind === "not-sent"
        ? "No se enviaron notificaciones"
        : "No se pudo enviar";

  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={tone}
      aria-labelledby={headingId}
      data-resultado={result.kind}
    >
      <h2 id={headingId}>{heading}</h2>
      <p>{result.message}</p>
      {(result.kind === "sent" || result.kind === "not-sent") && result.alreadySent ? (
        <p className={styles.note}>
          {result.kind === "sent"
            ? "Las notificaciones de este pedido ya se habían enviado antes; esta vez se enviaron de nuevo."
            : "Las notificaciones de este pedido ya se habían enviado antes."}
        </p>
      ) : null}
      {(result.kind === "not-sent" || result.kind === "error") && result.suggestion ? (
        <p>
          <strong>Sugerencia:</strong> {result.suggestion}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>Order ID</dt>
        <dd>{result.orderId}</dd>
        {result.kind === "sent" || result.kind === "not-sent" ? (
          <>
            {result.paymentId ? (
              <>
                <dt>ID del pago</dt>
                <dd>{result.paymentId}</dd>
              </>
            ) : null}
            {result.paymentStatus ? (
              <>
                <dt>Estado del pago</dt>
                <dd>{result.paymentStatus}</dd>
              </>
            ) : null}
            {result.customerEmail ? (
              <>
                <dt>Correo del cliente</dt>
                <dd>{result.customerEmail}</dd>
              </>
            ) : null}
            {result.amount !== null ? (
              <>
                <dt>Monto</dt>
                <dd>{formatCOP(result.amount)}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
    </section>
  );
}
