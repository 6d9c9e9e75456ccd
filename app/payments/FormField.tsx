import type { ReactNode } from "react";
import styles from "./payments.module.css";

/** What a form control needs from its conform field. */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

/** id, name and the aria attributes of a control: invalid and described by its error. */
export function controlProps(field: FieldMeta, hintId?: string) {
  const invalid = Boolean(field.errors?.length);
  const describedBy = [invalid ? field.errorId : null, hintId].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/** A labelled control with its hint and its own error message. */
export function FormField({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMeta;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <div className={invalid ? `${styles.field} ${styles.fieldInvalid}` : styles.field}>
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={`${field.id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={field.errorId} className={styles.fieldError}>
          <span className={styles.visuallyHidden}>Error: </span>
          {field.errors?.[0]}
        </p>
      ) : null}
      {children}
    </div>
  );
}
