import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigation } from "react-router";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary, FormTitle, type SummaryEntry } from "~/ui/form/ErrorSummary";
import { Form } from "~/ui/router";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import styles from "./payments.module.css";

/**
 * What every method's form shares: the form element posting to the store with the intent of the
 * order's method (pay-{key}), its page title and error summary, the order's hidden fields and
 * the submit button, which says what is happening while the payment is under way.
 */
export function PaymentForm({
  form,
  page,
  title,
  result,
  answered,
  errors,
  submitLabel,
  busyLabel,
  pending = false,
  submitWithoutScripts = false,
  children,
}: {
  form: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  page: PaymentPageData;
  title: string;
  result: PaymentFormReply | undefined;
  /** The server answered this form (its errors show at once). */
  answered: boolean;
  errors: SummaryEntry[];
  submitLabel: string;
  busyLabel: string;
  /** Work of the browser's own before the post (the card form's token call). */
  pending?: boolean;
  /**
   * The button only for a browser without scripts (<noscript>), until the form's script can
   * work (the card form before hydration: it cannot tokenize yet).
   */
  submitWithoutScripts?: boolean;
  children: ReactNode;
}) {
  // Errors show from the first submit on (no blur validation moving the button under the click).
  const [submits, setSubmits] = useState(0);
  const showSummary = submits > 0 || answered;
  const intent = `pay-${PAYMENT_METHODS.byId[page.method].key}`;
  const navigation = useNavigation();
  const busy =
    pending || (navigation.state !== "idle" && navigation.formData?.get("intent") === intent);
  const button = (
    <button type="submit" className={buttons.primary} disabled={busy}>
      {busy ? busyLabel : submitLabel}
    </button>
  );
  return (
    <Form
      method="post"
      id={form.id}
      noValidate
      onSubmit={(event) => {
        setSubmits((n) => n + 1);
        form.onSubmit(event);
      }}
      className={styles.form}
      aria-labelledby="pago-titulo"
    >
      <FormTitle title={title} hasErrors={showSummary && errors.length > 0} />
      <ErrorSummary
        errors={showSummary ? errors : []}
        attempt={submits}
        answer={answered ? result?.reply : undefined}
        role="alert"
      />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order_id" value={page.orderId} />
      <input type="hidden" name="expected_total" value={page.totals.total} />
      {children}
      {submitWithoutScripts ? <noscript>{button}</noscript> : button}
    </Form>
  );
}
