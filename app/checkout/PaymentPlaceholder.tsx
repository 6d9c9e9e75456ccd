import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { formatCOP } from "~/money";
import { PAYMENT_METHOD_LABELS } from "./MethodStep";
import type { PaymentMethod } from "./schemas";
import { buttonStyles, StepActions, StepTitle } from "./StepForm";
import formStyles from "./StepForm.module.css";

/**
 * The payment step until the payments part's form (`PaymentStep`) takes its place: the
 * prepared order, the amount, and 'Volver' to the payment method.
 */
export function PaymentPlaceholder({
  order,
  total,
  result,
}: {
  order: { id: string; method: PaymentMethod };
  total: number;
  result: SubmissionResult<string[]> | undefined;
}) {
  const message = result?.error?.[""]?.[0];
  return (
    <>
      <StepTitle step={4} error={Boolean(message)} />
      <div className={formStyles.form}>
        <div className={formStyles.wide}>
          <h2>{PAYMENT_METHOD_LABELS[order.method]}</h2>
          <p>
            Pedido <strong>{order.id}</strong>: total a pagar <strong>{formatCOP(total)}</strong>.
          </p>
          {message ? <p role="alert">{message}</p> : null}
        </div>
        <Form method="post" className={formStyles.wide}>
          <StepActions>
            <button
              type="submit"
              name="intent"
              value="back-to-method"
              className={buttonStyles.secondary}
            >
              Volver
            </button>
          </StepActions>
        </Form>
      </div>
    </>
  );
}
