import { CheckoutSteps, StepCount } from "~/checkout/CheckoutSteps";
import { FormTitle } from "~/ui/form/ErrorSummary";
import { Link } from "~/ui/router";
import { SITE_NAME } from "~/platform/page-meta";
import { PaymentSummary } from "./PaymentSummary";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import { PAYMENT_METHODS, type PaymentMethodId } from "~/money/payment-methods";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { type MethodFormProps, PAYMENT_FORMS } from "./methods/forms";
import { PAYMENT_MESSAGES } from "./result-views";
import styles from "./payments.module.css";

/** The checkout's payment method step: 'Finalizar compra' prepares the payment again from there. */
const METHOD_STEP = "/checkout?paso=3";

const STATE_MESSAGES = {
  changed: PAYMENT_MESSAGES.cartChanged,
  expired: PAYMENT_MESSAGES.cartChanged,
  unavailable: PAYMENT_MESSAGES.connect,
} as const;

/** The form of the page's method, with its data and its own last answer. */
function MethodForm({
  page,
  result,
  title,
}: {
  page: PaymentPageData;
  result: PaymentFormReply | undefined;
  title: string;
}) {
  const { key } = PAYMENT_METHODS.byId[page.method];
  const data = page[key];
  // The registry pairs each id with its key, which TypeScript cannot follow through a lookup.
  const Form = PAYMENT_FORMS[page.method] as (props: MethodFormProps<PaymentMethodId>) => ReactNode;
  if (!data) return null;
  return (
    <Form
      page={page}
      data={data}
      result={result?.form === key ? result : undefined}
      title={title}
    />
  );
}

/**
 * /checkout/pago: the checkout's fourth step (docs/decisions/0460), the payment form of the
 * prepared order's method beside its summary, and 'Volver' to the checkout's third step.
 */
export function PaymentPage({
  page,
  result,
}: {
  page: PaymentPageData;
  result: PaymentFormReply | undefined;
}) {
  const navigation = useNavigation();
  const paying =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === `pay-${PAYMENT_METHODS.byId[page.method].key}`;
  const heading = `Pago con ${PAYMENT_METHODS.byId[page.method].name}`;
  const title = `${heading} | ${SITE_NAME}`;
  return (
    <main id="contenido" className={`container ${styles.page}`}>
      {page.state !== "ready" ? <FormTitle title={title} hasErrors={false} /> : null}
      {/* A prepared order has every earlier step valid: all three are links. */}
      <CheckoutSteps step={4} reachable={3} />
      <p className={styles.back}>
        {/* Leaving while the payment is under way would not stop it: no way back until it ends. */}
        {paying ? (
          <span className={styles.backDisabled} aria-disabled="true">
            Volver
          </span>
        ) : (
          <Link to={METHOD_STEP}>Volver</Link>
        )}
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
          ) : (
            <MethodForm page={page} result={result} title={title} />
          )}
        </section>
        <PaymentSummary page={page} />
      </div>
    </main>
  );
}
