import { useEffect, useRef } from "react";
import buttons from "~/ui/buttons.module.css";
import { FormTitle } from "~/ui/form/ErrorSummary";
import { Link } from "~/ui/router";
import { SITE_NAME } from "~/platform/page-meta";
import type { CartOrder } from "~/cart/cart-order";
import { CartOrderNotice } from "~/cart/CartOrderNotice";
import { BillingStep } from "./BillingStep";
import { type Step, STEP_TITLES } from "./checkout-state";
import type { CheckoutActionData } from "./checkout-actions.server";
import type { CheckoutView, WizardView } from "./checkout.server";
import styles from "./CheckoutPage.module.css";
import { CheckoutSteps, StepCount } from "./CheckoutSteps";
import { MethodStep } from "./MethodStep";
import { OrderSummary } from "./OrderSummary";
import { ShippingStep } from "./ShippingStep";
import { StepTitle } from "./StepForm";

/**
 * 'Carrito Vacío' (docs/decisions/0301): nothing to check out; or the order just paid (Back after
 * paying).
 */
function EmptyCheckout({ paid }: { paid: CartOrder | null }) {
  if (paid) {
    return (
      <main id="contenido" className={`container ${styles.page}`}>
        <FormTitle title={`Compra finalizada | ${SITE_NAME}`} hasErrors={false} />
        <h1 className={styles.heading}>Compra finalizada</h1>
        <CartOrderNotice order={paid} id="pedido-pagado" />
        <p className={styles.emptyActions}>
          <Link to="/productos" className={buttons.primary}>
            Ver Productos
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main id="contenido" className={`container ${styles.page}`}>
      <StepTitle step={null} />
      <section className={styles.empty} aria-labelledby="carrito-vacio">
        <h1 id="carrito-vacio" className={styles.emptyTitle}>
          Carrito Vacío
        </h1>
        <p>Agrega productos a tu carrito para continuar con la compra.</p>
        <p className={styles.emptyActions}>
          <Link to="/productos" className={buttons.primary}>
            Ver Productos
          </Link>
          <Link to="/carrito">Ir al carrito</Link>
        </p>
      </section>
    </main>
  );
}

/** With JavaScript, a new step takes focus at its heading, as a new page would. */
function useFocusOnStepChange(step: Step) {
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    heading.current?.focus();
  }, [step]);
  return heading;
}

function Wizard({ view, action }: { view: WizardView; action: CheckoutActionData | undefined }) {
  // A refused post shows the form it came from, with its errors.
  const step = action?.step ?? view.step;
  const result = action?.result;
  const heading = useFocusOnStepChange(step);
  return (
    <main id="contenido" className={`container ${styles.page}`}>
      <CheckoutSteps step={step} reachable={view.reachable} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <StepCount step={step} className={styles.eyebrow} />
          <h1 ref={heading} tabIndex={-1} className={styles.heading}>
            {STEP_TITLES[step]}
          </h1>
          {view.order ? <CartOrderNotice order={view.order} id="pedido-pendiente" /> : null}
          {view.notice ? (
            <div role="status" className={styles.notice}>
              <p className={styles.noticeTitle}>{view.notice.title}</p>
              <ul>
                {view.notice.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p>Revisa el resumen del pedido antes de continuar.</p>
            </div>
          ) : null}
          {step === 1 ? <BillingStep values={view.values.billing} lastResult={result} /> : null}
          {step === 2 ? (
            <ShippingStep
              values={view.values.shipping}
              lastResult={result}
              billingAddress={view.billingAddress}
            />
          ) : null}
          {step === 3 ? (
            <MethodStep
              method={view.values.method}
              review={view.review}
              unavailable={view.unavailable}
              lastResult={result}
              links={action?.links}
            />
          ) : null}
        </div>
        <OrderSummary summary={view.summary} />
      </div>
    </main>
  );
}

/** `/checkout?paso=N`: the wizard with the order summary, or 'Carrito Vacío'. */
export function CheckoutPage({
  view,
  action,
}: {
  view: CheckoutView;
  action: CheckoutActionData | undefined;
}) {
  if (view.kind === "empty") return <EmptyCheckout paid={view.paid} />;
  return <Wizard view={view} action={action} />;
}
