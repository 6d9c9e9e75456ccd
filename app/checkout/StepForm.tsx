/**
 * What every checkout step's form shares (design.md, form errors): conform wired to the step's
 * zod schema (validation as the shopper leaves a field, again on the server), the error summary
 * 'Hay un problema' that takes focus after a failed submit, the page title starting with
 * 'Error: ', and labelled fields whose messages are announced.
 */
import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { SITE_NAME } from "~/platform/page-meta";
import { type FormValues, type Step, STEP_TITLES } from "./checkout-state";
import styles from "./StepForm.module.css";

/** The page title of a step; 'Error: ' first while its form shows errors. */
export function StepTitle({ step, error }: { step: Step | null; error?: boolean }) {
  const name = step === null ? "Carrito Vacío" : `${STEP_TITLES[step]} - Checkout`;
  return <title>{`${error ? "Error: " : ""}${name} | ${SITE_NAME}`}</title>;
}

export interface SummaryLink {
  message: string;
  href: string;
}

type AnyFields = Record<string, FieldMetadata<unknown>>;

/**
 * The HTML constraints conform derives from a schema (required, maxlength), which screen
 * readers announce; none for a schema it cannot read (a whole-object transform, as step 2's).
 */
function constraintOf(schema: z.ZodType) {
  try {
    return getZodConstraint(schema);
  } catch {
    return undefined;
  }
}

/**
 * One step's form: conform with the step's schema, the values to start from, and the server's
 * last answer. `summary` lists the errors to show at the top after a failed submit, in form
 * order, each linking to its field (or to the step that can fix it).
 */
export function useStepForm<S extends z.ZodType>(options: {
  id: string;
  schema: S;
  defaultValue: FormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Field names in form order, for the summary. */
  order: ReadonlyArray<string>;
  /** Hrefs of form-level messages that point elsewhere. */
  links?: ReadonlyArray<SummaryLink>;
}) {
  const { schema } = options;
  const [form, fields] = useForm({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: constraintOf(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as AnyFields;
  // Submits refused in the browser; the server's refusals arrive as lastResult.
  const [attempts, setAttempts] = useState(0);
  const failed = attempts > 0 || options.lastResult?.status === "error";

  const summary: SummaryLink[] = [];
  if (failed) {
    for (const name of options.order) {
      const message = all[name]?.errors?.[0];
      if (message) summary.push({ message, href: `#${all[name].id}` });
    }
    for (const message of form.errors ?? []) {
      const link = options.links?.find((l) => l.message === message);
      summary.push({ message, href: link?.href ?? "" });
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // The step's own buttons are named `intent`; conform validates a field by submitting
    // with a hidden button of its own, which it stops itself.
    const ours = submitter instanceof HTMLButtonElement && submitter.name === "intent";
    // 'Volver' (formNoValidate) goes back with whatever the form holds, valid or not.
    if (ours && submitter.formNoValidate) return;
    if (ours || !submitter) setAttempts((n) => n + 1);
    form.onSubmit(event);
  };

  return {
    form,
    /** The metadata of a field by name. */
    field: (name: string): FieldMetadata<unknown> => all[name],
    onSubmit,
    summary,
    /** Changes on every failed submit, so the summary takes focus again. */
    failure: `${attempts}:${options.lastResult ? JSON.stringify(options.lastResult.error) : ""}`,
  };
}

/**
 * 'Hay un problema' and the list of errors, each a link to its field. It takes focus after a
 * failed submit (with JavaScript); without it, it is the first thing in the form and the page
 * title starts with 'Error: '.
 */
export function ErrorSummary({ errors, failure }: { errors: SummaryLink[]; failure: string }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  // Only a new failed submit moves focus, not each keystroke that changes the list. The
  // server's answer may list its errors a render after it arrives (conform reads it in an
  // effect), so the move waits for the summary to be there.
  const focusDue = useRef(false);
  useEffect(() => {
    focusDue.current = true;
  }, [failure]);
  useEffect(() => {
    if (focusDue.current && shown) {
      focusDue.current = false;
      box.current?.focus();
    }
  });
  if (!shown) return null;
  return (
    <div ref={box} tabIndex={-1} className={styles.summary} aria-labelledby="hay-un-problema">
      <h2 id="hay-un-problema" className={styles.summaryTitle}>
        Hay un problema
      </h2>
      <ul>
        {errors.map((error) =>
          error.href ? (
            <li key={`${error.href}:${error.message}`}>
              <a href={error.href} onClick={(event) => focusTarget(event, error.href)}>
                {error.message}
              </a>
            </li>
          ) : (
            <li key={`${error.href}:${error.message}`}>{error.message}</li>
          ),
        )}
      </ul>
    </div>
  );
}

/** A link to a field focuses it (the browser only scrolls to it). */
function focusTarget(event: React.MouseEvent<HTMLAnchorElement>, href: string) {
  if (!href.startsWith("#")) return;
  const target = document.getElementById(href.slice(1));
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: "center" });
}

/** A field's message, always in the page so a new one is announced. */
export function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  return (
    <p id={field.errorId} className={styles.error} aria-live="polite">
      {field.errors?.[0] ?? ""}
    </p>
  );
}

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
  field: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: string;
  optional?: boolean;
  multiline?: boolean;
  className?: string;
} & InputKind) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={field.id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (opcional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          {...getTextareaProps(field, { ariaDescribedBy: hintId })}
          rows={3}
          autoComplete={autoComplete}
          className={styles.input}
        />
      ) : (
        <input
          {...getInputProps(field, { type, ariaDescribedBy: hintId })}
          autoComplete={autoComplete}
          inputMode={inputMode}
          className={styles.input}
        />
      )}
      <FieldError field={field} />
    </div>
  );
}

/** A labelled select with its message. */
export function SelectField({
  field,
  label,
  autoComplete,
  placeholder,
  options,
  className,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  autoComplete?: string;
  placeholder: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={field.id} className={styles.label}>
        {label}
      </label>
      <select {...getSelectProps(field)} autoComplete={autoComplete} className={styles.input}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/**
 * A group of radio buttons under a legend. The first option carries the field's id, so the
 * error summary's link lands on the group.
 */
export function RadioGroup({
  field,
  legend,
  options,
  className,
}: {
  field: FieldMetadata<unknown>;
  legend: string;
  options: ReadonlyArray<{ value: string; label: ReactNode; description?: string }>;
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
        const props = getInputProps(field, { type: "radio", value: false });
        return (
          <label key={option.value} className={styles.choice}>
            <input
              {...props}
              // A pattern (conform's, from the enum) means nothing on a radio button.
              pattern={undefined}
              value={option.value}
              defaultChecked={initial === option.value}
              id={id}
              aria-describedby={descriptionId}
              aria-invalid={invalid || undefined}
            />
            <span>
              <span className={styles.choiceLabel}>{option.label}</span>
              {option.description ? (
                <span id={descriptionId} className={styles.choiceDescription}>
                  {option.description}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
      <FieldError field={field} />
    </fieldset>
  );
}

/** The step's buttons: the way on first (Enter submits it), 'Volver' shown before it. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

export const buttonStyles = { primary: styles.primary, secondary: styles.secondary };
