import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, hintId } from "./Field";
import { asConformField, type FieldState } from "./field-state";

/**
 * The controls of a form run by conform with its schema's constraints (required, maxlength,
 * which screen readers announce), each in a live `Field`: the message after the control,
 * announced as it changes while the shopper moves from field to field.
 */

type InputKind = {
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
};

/** A labelled text input or textarea with its hint and its message. */
export function TextField({
  field,
  label,
  hint,
  optional = false,
  multiline = false,
  className,
  type = "text",
  autoComplete,
  inputMode,
}: {
  field: FieldState;
  label: ReactNode;
  hint?: string;
  optional?: boolean;
  multiline?: boolean;
  className?: string;
} & InputKind) {
  const describedBy = hint ? hintId(field) : undefined;
  return (
    <Field field={field} label={label} hint={hint} optional={optional} live className={className}>
      {multiline ? (
        <textarea
          {...getTextareaProps(asConformField(field), { ariaDescribedBy: describedBy })}
          rows={3}
          autoComplete={autoComplete}
        />
      ) : (
        <input
          {...getInputProps(asConformField(field), { type, ariaDescribedBy: describedBy })}
          autoComplete={autoComplete}
          inputMode={inputMode}
        />
      )}
    </Field>
  );
}

/** A labelled select with its message; the first option, empty, says what to choose. */
export function SelectField({
  field,
  label,
  autoComplete,
  placeholder,
  options,
  className,
}: {
  field: FieldState;
  label: string;
  autoComplete?: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  return (
    <Field field={field} label={label} live className={className}>
      <select {...getSelectProps(asConformField(field))} autoComplete={autoComplete}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
