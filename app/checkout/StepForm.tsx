/**
 * What every checkout step's form shares (design.md, form errors): conform wired to the step's
 * zod schema (validation as the shopper leaves a field, again on the server), the errors for the
 * kit's summary 'Hay un problema' (app/ui/form), the page title starting with 'Error: ', and the
 * row of buttons.
 */
import { type FieldMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type ReactNode, useState } from "react";
import type { z } from "zod";
import { SITE_NAME } from "~/platform/page-meta";
import { FormTitle, type SummaryEntry } from "~/ui/form/ErrorSummary";
import { type FieldConstraint, fieldReader } from "~/ui/form/field-state";
import { type FormValues, type Step, STEP_TITLES } from "./checkout-state";
import styles from "./StepForm.module.css";
import { useUnsentValues } from "./unsent-values";

/** The page title of a step; 'Error: ' first while its form shows errors. */
export function StepTitle({ step, error = false }: { step: Step | null; error?: boolean }) {
  const name = step === null ? "Carrito Vacío" : `${STEP_TITLES[step]} - Checkout`;
  return <FormTitle title={`${name} | ${SITE_NAME}`} hasErrors={error} />;
}

type AnyFields = Record<string, FieldMetadata<unknown>>;

type Constraints = Record<string, FieldConstraint> | undefined;
const constraints = new WeakMap<z.ZodType, Constraints>();

/**
 * The HTML constraints conform derives from a schema (required, maxlength), which screen
 * readers announce; none for a schema it cannot read (a whole-object transform, as step 2's).
 * Derived once per schema: the schemas are the module's own, and a render only reads them.
 */
function constraintOf(schema: z.ZodType): Constraints {
  if (constraints.has(schema)) return constraints.get(schema);
  let derived: Constraints;
  try {
    derived = getZodConstraint(schema);
  } catch {
    derived = undefined;
  }
  constraints.set(schema, derived);
  return derived;
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
  links?: ReadonlyArray<Required<SummaryEntry>>;
}) {
  const { schema } = options;
  const constraint = constraintOf(schema);
  const [form, fields] = useForm({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const all = fields as unknown as AnyFields;
  // Typed but not sent, kept through Back and Forward (with JavaScript).
  useUnsentValues(
    options.id,
    options.defaultValue,
    (value) => form.update({ value }),
    options.lastResult !== undefined,
  );
  // Submits refused in the browser; the server's refusals arrive as lastResult.
  const [attempts, setAttempts] = useState(0);
  const failed = attempts > 0 || options.lastResult?.status === "error";

  const field = fieldReader(form, constraint);
  const summary: SummaryEntry[] = [];
  if (failed) {
    for (const name of options.order) {
      const { errors, id } = field(name);
      const message = errors?.[0];
      if (message) summary.push({ message, href: `#${id}` });
    }
    for (const message of form.errors ?? []) {
      const link = options.links?.find((l) => l.message === message);
      summary.push({ message, href: link?.href });
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Conform validates a field by submitting with a button of its own named `__intent__`,
    // which it stops itself; every other submit button is the step's.
    const ours = submitter instanceof HTMLButtonElement && submitter.name !== "__intent__";
    // 'Volver' (formNoValidate) goes back with whatever the form holds, valid or not.
    if (ours && submitter.formNoValidate) return;
    if (ours || !submitter) setAttempts((n) => n + 1);
    form.onSubmit(event);
  };

  return {
    form,
    /** What the kit's controls show of a field, by name (ui/form/field-state.ts). */
    field,
    /** A field's value as it stands (a control that reads it renders again as it changes). */
    valueOf: (name: string): unknown => all[name].value,
    onSubmit,
    /** The summary's entries and when it takes focus (ErrorSummary's props). */
    summary: { errors: summary, attempt: attempts, answer: options.lastResult },
  };
}

/**
 * The name of a step's 'Volver' button, posted with the step's intent: the intent of a post rides
 * in a hidden field and no button carries a value, which a text browser would show beside its
 * label ('(billing) Continuar').
 */
export const BACK = "volver";

/** The step's intent, in a hidden field of its form (see BACK). */
export function StepIntent({ intent }: { intent: "billing" | "shipping" | "finalize" }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/** The step's buttons: the way on first (Enter submits it), 'Volver' shown before it. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
