import { CheckoutSteps, StepCount } from "~/checkout/CheckoutSteps";
import { Link } from "~/ui/router";
import { SITE_NAME } from "~/platform/page-meta";
import { CardForm } from "./CardForm";
import { FormTitle } from "./ErrorSummary";
import { PaymentSummary } from "./PaymentSummary";
import { PseForm } from "./PseForm";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import { PAYMENT_MESSAGES } from "./result";
import styles from "./payments.module.css";

/** The checkout's payment method step: 'Finalizar compra' prepares the payment again from there. */
const METHOD_STEP = "/checkout?paso=3";

const STATE_MESSAGES = {
  changed: PAYMENT_MESSAGES.cartChanged,
  expired: PAYMENT_MESSAGES.cartChanged,
  unavailable: PAYMENT_MESSAGES.connect,
} as const;

/**
 * /checkout/pago: the checkout's fourth step (docs/decisions/0460), the payment form of the
 * prepared order (card or PSE) beside its summary, and 'Volver' to the checkout's third step.
 */
export function PaymentPage({
  page,
  result,
}: {
  page: PaymentPageData;
  result: PaymentFormReply | undefined;
}) {
  const heading = page.method === "openpay" ? "Pago con tarjeta" : "Pago con PSE";
  const title = `${heading} | ${SITE_NAME}`;
  return (
    <main id="contenido" className={`container ${styles.page}`}>
      {page.state !== "ready" ? <FormTitle title={title} hasErrors={false} /> : null}
      {/* A prepared order has every earlier step valid: all three are links. */}
      <CheckoutSteps step={4} reachable={3} />
      <p className={styles.back}>
        <Link to={METHOD_STEP}>Volver</Link>
      </p>
      <StepCount step={4} />
      <h1 id="pago-titulo">{heading}</h1>
      <div className={styles.layout}>
        <section className={styles.panel} aria-label="Datos de pago">
          {page.notices.length > 0 ? (
            <ul className={styles.notices} role="status">
              {page.notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          ) : null}
          {page.state !== "ready" ? (
            <div className={styles.alert} role="alert">
              <p>{STATE_MESSAGES[page.state]}</p>
              {page.state === "unavailable" ? (
                <Link to="/checkout/pago" reloadDocument>
                  Reintentar
                </Link>
              ) : (
                <Link to={METHOD_STEP}>Volver al checkout</Link>
              )}
            </div>
          ) : page.card ? (
            <CardForm page={page} card={page.card} result={result} title={title} />
          ) : page.pse ? (
            <PseForm page={page} pse={page.pse} result={result} title={title} />
          ) : null}
        </section>
        <PaymentSummary page={page} />
      </div>
    </main>
  );
}
