import { Link } from "~/ui/router";
import { STEP_COUNT, type Step, stepPath } from "./checkout-state";
import styles from "./CheckoutSteps.module.css";

const SHORT_TITLES: Readonly<Record<Step, string>> = {
  1: "Facturación",
  2: "Envío",
  3: "Método de pago",
  4: "Pago",
};

/**
 * Where the shopper is in the checkout, on every step and on the payment page. Earlier steps,
 * and later ones whose earlier steps are valid, are links to their own address; the payment
 * step is reached only through 'Finalizar compra'.
 */
export function CheckoutSteps({ step, reachable }: { step: Step; reachable: number }) {
  const steps: Step[] = [1, 2, 3, 4];
  return (
    <nav aria-label="Pasos de la compra" className={styles.nav}>
      <ol className={styles.list}>
        {steps.map((n) => {
          const state = n === step ? "current" : n < step ? "done" : "next";
          const label = (
            <>
              {/* The digit is drawn by the stylesheet: without it the list's own numbers stand,
                  and '1Paso 1' does not run together in a text browser. */}
              <span className={styles.number} data-step={n} aria-hidden="true" />
              <span className={styles.title}>
                <span className="visually-hidden">Paso {n}: </span>
                {SHORT_TITLES[n]}
              </span>
              {state === "done" ? <span className="visually-hidden"> (completado)</span> : null}
            </>
          );
          return (
            <li
              key={n}
              className={`${styles.item} ${styles[state]}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              {state !== "current" && n <= Math.min(reachable, 3) ? (
                <Link to={stepPath(n)} className={styles.link}>
                  {label}
                </Link>
              ) : (
                <span className={styles.link}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** 'Paso N de 4' above the step's heading: one wording for every step and the payment page. */
export function StepCount({ step, className }: { step: Step; className?: string }) {
  return (
    <p className={`${styles.count} ${className ?? ""}`}>
      Paso {step} de {STEP_COUNT}
    </p>
  );
}
