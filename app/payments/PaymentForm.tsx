import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import buttons from "~/ui/buttons.module.css";
import { ErrorSummary, FormTitle, type SummaryEntry } from "~/ui/form/ErrorSummary";
import { Form } from "~/ui/router";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import styles from "./payments.module.css";

/** What a payment under way says, above the form, while it is locked. */
const PAYING_TEXT =
  "Estamos procesando tu pago. Puede tardar hasta un minuto: no cierres ni recargues esta página y no pagues de nuevo.";

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
  // The payment is on its way to the store (a charge may take a while): the form is locked.
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const busy = pending || sending;
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sending) status.current?.scrollIntoView({ block: "center" });
  }, [sending]);
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
      {/* Always in the page, so its text is announced when the payment starts. */}
      <div ref={status} role="status" className={sending ? styles.paying : "visually-hidden"}>
        {sending ? PAYING_TEXT : null}
      </div>
      {/* Its values were read at the submit; nothing can be changed while the payment runs. */}
      <fieldset disabled={sending} className={styles.lock}>
        {/* A fieldset's first child (HTML's rule); the title above names the form. */}
        <legend className="visually-hidden">Datos del pago</legend>
        {children}
        {submitWithoutScripts ? <noscript>{button}</noscript> : button}
      </fieldset>
    </Form>
  );
}
