import type { ReactNode } from "react";
import styles from "./form.module.css";

/** What the kit needs from a field; conform's field metadata has it. */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
}

const invalid = (field: FieldMeta) => Boolean(field.errors?.length);

/** The id of a field's hint, for the control's `aria-describedby`. */
export const hintId = (field: FieldMeta) => `${field.id}-hint`;

/**
 * id, name and the aria attributes of a control: invalid while the field has an error, described
 * by its message first, then by `describedBy` (its hint, and whatever else explains it).
 */
export function controlProps(field: FieldMeta, describedBy?: string) {
  const describers = [invalid(field) ? field.errorId : null, describedBy].filter(Boolean);
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": invalid(field) || undefined,
    "aria-describedby": describers.join(" ") || undefined,
  };
}

/** The hint under a label, which the control names in `aria-describedby`. */
export function FieldHint({
  field,
  className,
  children,
}: {
  field: FieldMeta;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p id={hintId(field)} className={className ? `${styles.hint} ${className}` : styles.hint}>
      {children}
    </p>
  );
}

/**
 * A field's own message. `live`: always in the page and announced as it changes, for forms that
 * check a field as the shopper leaves it. Otherwise it appears after a submission, read before
 * the control with a hidden 'Error: ' in front (the summary has taken focus by then).
 */
export function FieldError({ field, live = false }: { field: FieldMeta; live?: boolean }) {
  if (live) {
    return (
      <p id={field.errorId} className={styles.error} aria-live="polite">
        {field.errors?.[0] ?? ""}
      </p>
    );
  }
  if (!invalid(field)) return null;
  return (
    <p id={field.errorId} className={styles.error}>
      <span className="visually-hidden">Error: </span>
      {field.errors?.[0]}
    </p>
  );
}

/**
 * A labelled control with its hint and its message (the control is the child, given
 * `controlProps`). `live` as in FieldError: the message after the control, always present;
 * otherwise between the hint and the control, and a mark in the margin while it shows.
 */
export function Field({
  field,
  label,
  optional = false,
  hint,
  live = false,
  className,
  children,
}: {
  field: FieldMeta;
  label: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  live?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = [styles.field, !live && invalid(field) ? styles.invalid : "", className ?? ""];
  return (
    <div className={classes.filter(Boolean).join(" ")}>
      <label htmlFor={field.id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (opcional)</span> : null}
      </label>
      {hint ? <FieldHint field={field}>{hint}</FieldHint> : null}
      {live ? null : <FieldError field={field} />}
      {children}
      {live ? <FieldError field={field} live /> : null}
    </div>
  );
}
