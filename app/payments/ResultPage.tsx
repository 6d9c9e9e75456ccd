import type { ReactNode } from "react";
import { PAYMENT_METHODS, type PaymentMethodInfo } from "~/money/payment-methods";
import { CART_ORDER_TEXTS } from "~/cart/cart-order";
import { Form, Link } from "~/ui/router";
import buttons from "~/ui/buttons.module.css";
import { AutoRefresh } from "./AutoRefresh";
import { PENDING_VIEWS } from "./methods/forms";
import { Receipt } from "./Receipt";
import { RESULT_TEXTS, type ResultView, type WaitingView } from "./result-views";
import { ErrorDetails, ResultCard, RetryActions } from "./ResultCard";
import styles from "./payments.module.css";

/** The receipt's PDF: inline to print it, `?descargar=1` to save it. */
function receiptPdfUrl(chargeId: string, download = false) {
  return `/checkout/comprobante/${encodeURIComponent(chargeId)}.pdf${download ? "?descargar=1" : ""}`;
}

/** 'Imprimir comprobante': the print dialog with JavaScript, the PDF to print without it. */
function PrintLink({ chargeId }: { chargeId: string }) {
  return (
    <a
      href={receiptPdfUrl(chargeId)}
      className={buttons.secondary}
      onClick={(event) => {
        event.preventDefault();
        // The print dialog opens after 500 ms (docs/decisions/0346).
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
 * A pending payment its payer makes elsewhere before a deadline (cash at a payment point): the
 * deadline, and for the browser that paid, what its method shows (the voucher) with its PDF. It
 * waits days: the page does not reload itself.
 */
function WaitingPage({
  view,
  waiting,
}: {
  view: Exclude<ResultView, { state: "missing" | "error" }>;
  waiting: WaitingView;
}) {
  const { details } = waiting;
  const method: PaymentMethodInfo = PAYMENT_METHODS.byId[waiting.method];
  // The registry pairs each id with its view, which TypeScript cannot follow through a lookup.
  const Details =
    details != null && waiting.method in PENDING_VIEWS
      ? (PENDING_VIEWS[waiting.method as keyof typeof PENDING_VIEWS] as (props: {
          data: unknown;
        }) => ReactNode)
      : null;
  return (
    <ResultCard tone="warning">
      <h1>{RESULT_TEXTS.waitingTitle}</h1>
      <Status label={RESULT_TEXTS.waitingStatus} />
      <p>{RESULT_TEXTS.waitingLead}</p>
      {Details ? (
        <Details data={details} />
      ) : (
        <>
          <p>{RESULT_TEXTS.waitingDeadline(waiting.deadline)}</p>
          {method.pendingHint ? <p>{method.pendingHint}</p> : null}
          {view.orderId ? <p>Pedido {view.orderId}</p> : null}
        </>
      )}
      <p className={`${styles.actions} ${styles.noPrint}`}>
        {/* The spaces keep the links apart where no style does (text browsers). */}
        {Details ? (
          <a href={receiptPdfUrl(view.chargeId, true)} className={buttons.primary}>
            {RESULT_TEXTS.waitingPdf}
          </a>
        ) : null}{" "}
        <Link to="/mi-cuenta/pedidos" className={buttons.secondary}>
          Consultar mis pedidos
        </Link>{" "}
        <Link to="/productos" className={buttons.secondary}>
          Seguir comprando
        </Link>
      </p>
      {Details && view.orderId ? (
        // The cart's one live order (0530): another method only after this one is given up.
        <Form method="post" action="/checkout" className={styles.noPrint}>
          <p>{RESULT_TEXTS.waitingCancel}</p>
          <input type="hidden" name="intent" value="cancel-order" />
          <input type="hidden" name="order_id" value={view.orderId} />
          <button type="submit" className={buttons.secondary}>
            {CART_ORDER_TEXTS.cancel}
          </button>
        </Form>
      ) : null}
    </ResultCard>
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

  if (view.state === "failed" && view.status === "expired") {
    return (
      <ResultCard tone="warning">
        <h1>{RESULT_TEXTS.lapsedTitle}</h1>
        <Status label={RESULT_TEXTS.lapsedStatus} />
        <p>{RESULT_TEXTS.lapsedLead}</p>
        {view.orderId ? <p>Pedido {view.orderId}</p> : null}
        <p className={styles.actions}>
          <Link to="/checkout?paso=3" className={buttons.primary}>
            {RESULT_TEXTS.payAgain}
          </Link>{" "}
          <Link to="/carrito" className={buttons.secondary}>
            Ver carrito
          </Link>
        </p>
      </ResultCard>
    );
  }

  if (view.state === "pending" && view.waiting) {
    return <WaitingPage view={view} waiting={view.waiting} />;
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
    const method: PaymentMethodInfo | undefined = PAYMENT_METHODS.byKey(view.kind);
    const pendingHint = method?.pendingHint;
    return (
      <ResultCard tone="warning">
        <h1>{RESULT_TEXTS.pendingTitle}</h1>
        <Status label={view.statusLabel} />
        <p>{RESULT_TEXTS.pendingLead}</p>
        {pendingHint ? <p>{pendingHint}</p> : null}
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
