import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary, type SummaryEntry } from "~/ui/form/ErrorSummary";
import { RadioGroup } from "~/ui/form/RadioGroup";
import { Form, Link } from "~/ui/router";
import type { ReviewRow } from "./checkout.server";
import { stepPath } from "./checkout-state";
import styles from "./MethodStep.module.css";
import { methodStepOptions, type PaymentMethod, paymentMethodSchema } from "./schemas";
import { BACK, StepActions, StepIntent, StepTitle, useStepForm } from "./StepForm";
import formStyles from "./StepForm.module.css";

const METHOD_OPTIONS = methodStepOptions();

function Review({ title, rows, href }: { title: string; rows: ReviewRow[]; href: string }) {
  return (
    <section className={styles.review}>
      <div className={styles.reviewHead}>
        <h2 className={styles.reviewTitle}>{title}</h2>
        <Link to={href} className={styles.edit}>
          Editar <span className="visually-hidden">{title.toLowerCase()}</span>
        </Link>
      </div>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Step 3 (docs/decisions/0460): the payment method, nothing chosen at first, the data as it will be
 * sent, and 'Finalizar compra', which the server refuses without a method.
 */
export function MethodStep({
  method,
  review,
  unavailable,
  lastResult,
  links,
}: {
  method: PaymentMethod | null;
  /** Methods shown but not offered for this total, each with why (a cap, 0570). */
  unavailable: Readonly<Partial<Record<string, string>>>;
  review: { billing: ReviewRow[]; shipping: ReviewRow[] } | null;
  lastResult: SubmissionResult<string[]> | undefined;
  links: Array<Required<SummaryEntry>> | undefined;
}) {
  const { form, field, onSubmit, summary } = useStepForm({
    id: "metodo-pago",
    schema: paymentMethodSchema,
    defaultValue: method && !unavailable[method] ? { payment_method: method } : {},
    lastResult,
    order: ["payment_method"],
    links,
  });
  const navigation = useNavigation();
  const finalizing =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "finalize" &&
    !navigation.formData.has(BACK);
  return (
    <>
      <StepTitle step={3} error={summary.errors.length > 0} />
      <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className={formStyles.form}>
        <ErrorSummary {...summary} className={formStyles.wide} />
        <RadioGroup
          field={field("payment_method")}
          legend="¿Cómo quieres pagar?"
          className={formStyles.wide}
          options={METHOD_OPTIONS.map((option) => {
            const reason = unavailable[option.value];
            return reason ? { ...option, description: reason, disabled: true } : option;
          })}
        />
        {review ? (
          <div className={`${formStyles.wide} ${styles.reviews}`}>
            <Review title="Datos de facturación" rows={review.billing} href={stepPath(1)} />
            <Review title="Datos de envío" rows={review.shipping} href={stepPath(2)} />
          </div>
        ) : null}
        <StepActions>
          <StepIntent intent="finalize" />
          <button type="submit" className={buttons.primary} disabled={finalizing}>
            {finalizing ? "Procesando..." : "Finalizar compra"}
          </button>{" "}
          <button type="submit" name={BACK} formNoValidate className={buttons.secondary}>
            Volver
          </button>
        </StepActions>
      </Form>
    </>
  );
}
