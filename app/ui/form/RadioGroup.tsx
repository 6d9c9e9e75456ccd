import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldError } from "./Field";
import { asConformField, type FieldState } from "./field-state";
import styles from "./form.module.css";

/**
 * A group of radio buttons under a legend, each a box with its label and an optional
 * description, and the group's live message (a conform field, as TextField). The first option
 * carries the field's id, so the error summary's link lands on the group.
 */
export function RadioGroup({
  field,
  legend,
  options,
  className,
}: {
  field: FieldState;
  legend: string;
  /** `disabled`: shown, not choosable; its description says why. */
  options: ReadonlyArray<{
    value: string;
    label: ReactNode;
    description?: string;
    disabled?: boolean;
  }>;
  className?: string;
}) {
  const invalid = field.errors !== undefined;
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  return (
    <fieldset
      className={`${styles.choices} ${className ?? ""}`}
      aria-describedby={invalid ? field.errorId : undefined}
    >
      <legend className={styles.label}>{legend}</legend>
      {options.map((option, index) => {
        const id = index === 0 ? field.id : `${field.id}-${option.value}`;
        const descriptionId = option.description ? `${id}-description` : undefined;
        // Set here rather than by getInputProps, which skips an empty value ("Sin preferencia").
        const props = getInputProps(asConformField(field), { type: "radio", value: false });
        return (
          <label key={option.value} className={styles.choice}>
            <input
              {...props}
              // A pattern (conform's, from the enum) means nothing on a radio button.
              pattern={undefined}
              value={option.value}
              defaultChecked={initial === option.value && !option.disabled}
              disabled={option.disabled}
              id={id}
              aria-describedby={descriptionId}
              aria-invalid={invalid || undefined}
            />
            <span>
              <span className={styles.choiceLabel}>{option.label}</span>
              {/* Apart for screen readers and text browsers: 'PSE: Débito desde tu cuenta…'. */}
              {option.description ? <span className="visually-hidden">: </span> : null}
              {option.description ? (
                <span id={descriptionId} className={styles.choiceDescription}>
                  {option.description}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      <FieldError field={field} live />
    </fieldset>
  );
}
