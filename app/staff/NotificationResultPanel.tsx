import { useEffect, useId, useRef } from "react";
import type { NotificationOutcome } from "./notify.server";
import { paymentStatusLabel } from "./payment-status";
import styles from "./staff.module.css";
import { deadlineText } from "~/money/deadline";
import { formatCOP } from "~/money/format";

/** A resend of notifications that had gone out before: the spec's already_sent note. */
const RESENT_NOTE =
  "Las notificaciones de este pedido ya se habían enviado antes; esta vez se enviaron de nuevo.";
const ALREADY_SENT_NOTE = "Las notificaciones de este pedido ya se habían enviado antes.";

/** Case, accents aside, spaces and final punctuation do not make two messages different. */
const sameText = (a: string, b: string) => {
  const plain = (text: string) =>
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[\s.!]+/g, " ")
      .trim();
  return plain(a) === plain(b);
};

/**
 * The one message under the heading (issue 27): a resend says so in the store's words instead
 * of the server's message, which says the same; a message that only repeats the heading is
 * left out.
 */
function panelMessages(result: NotificationOutcome, heading: string): string[] {
  const alreadySent = (result.kind === "sent" || result.kind === "not-sent") && result.alreadySent;
  if (result.kind === "sent" && alreadySent) return [RESENT_NOTE];
  const message = sameText(result.message, heading) ? [] : [result.message];
  return alreadySent ? [...message, ALREADY_SENT_NOTE] : message;
}

/**
 * The result of the last send (docs/decisions/0324): success with the payment's details, the
 * already-sent note, success false as information with its suggestion, or the error; each said
 * once, the payment's status in Spanish. Shown once, after the redirect; with JavaScript it
 * takes focus so it is read out.
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
      {panelMessages(result, heading).map((message) => (
        <p
          key={message}
          className={
            message === RESENT_NOTE || message === ALREADY_SENT_NOTE ? styles.note : undefined
          }
        >
          {message}
        </p>
      ))}
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
                <dd>{paymentStatusLabel(result.paymentStatus, result.paymentDue)}</dd>
              </>
            ) : null}
            {result.paymentDue && deadlineText(result.paymentDue) ? (
              <>
                <dt>Fecha límite de pago</dt>
                <dd>{deadlineText(result.paymentDue)} (hora de Colombia)</dd>
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
