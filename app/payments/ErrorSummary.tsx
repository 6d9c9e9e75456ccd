import { useEffect, useRef } from "react";
import styles from "./payments.module.css";

export interface SummaryError {
  message: string;
  /** The field to go to; none for an error of the whole form. */
  fieldId?: string;
}

/** Errors of a conform form as summary entries: the form's own first, then each field's. */
export function summaryErrors(
  formErrors: string[] | undefined,
  fields: Array<{ id: string; errors?: string[] }>,
): SummaryError[] {
  return [
    ...(formErrors ?? []).map((message) => ({ message })),
    ...fields.flatMap((field) =>
      field.errors?.[0] ? [{ message: field.errors[0], fieldId: field.id }] : [],
    ),
  ];
}

/**
 * The error summary of the form pattern (docs/architecture.md, GOV.UK): headed 'Hay un problema',
 * each error a link to its field; it takes focus when `focusKey` changes (a submit or an answer).
 */
export function ErrorSummary({ errors, focusKey }: { errors: SummaryError[]; focusKey: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (hasErrors && focusKey !== undefined) ref.current?.focus();
  }, [focusKey, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div
      ref={ref}
      className={styles.errorSummary}
      tabIndex={-1}
      role="alert"
      aria-labelledby="hay-un-problema"
    >
      <h2 id="hay-un-problema">Hay un problema</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.fieldId ?? "form"}-${error.message}`}>
            {error.fieldId ? (
              <a
                href={`#${error.fieldId}`}
                onClick={(event) => {
                  const field = document.getElementById(error.fieldId ?? "");
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: "center" });
                }}
              >
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page title of the form pattern: 'Error: ' in front while the form shows errors. */
export function FormTitle({ title, hasErrors }: { title: string; hasErrors: boolean }) {
  return <title>{hasErrors ? `Error: ${title}` : title}</title>;
}
