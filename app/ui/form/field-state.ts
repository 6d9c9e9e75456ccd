import type { FieldMetadata } from "@conform-to/react";

/** The HTML constraints of a field, as conform derives them from a schema. */
export type FieldConstraint = Partial<
  Pick<
    FieldMetadata<unknown>,
    | "required"
    | "minLength"
    | "maxLength"
    | "min"
    | "max"
    | "step"
    | "pattern"
    | "multiple"
    | "accept"
  >
>;

/** What the kit's controls show of a field, read once for a render (`fieldReader`). */
export type FieldState = Pick<
  FieldMetadata<unknown>,
  "id" | "name" | "formId" | "errorId" | "errors" | "initialValue"
> &
  FieldConstraint;

/** What a field's state is read from: its form's metadata, as conform's `useForm` gives it. */
export interface FormReads {
  id: string;
  allErrors: Record<string, string[] | undefined>;
  initialValue: unknown;
}

/**
 * The fields of a form with flat names, read from the form once a render. Each read of a
 * property of one of conform's fields builds that field's whole metadata again (a proxy and its
 * getters) and notes the read in lists its form keeps, which grow with every read: a step of
 * the checkout read six properties of each of its fields, most of its render (docs/decisions/0605,
 * 0620). Here the form's id, errors and initial values are read once, and each field's state is
 * made from them as conform makes it (its id is the form's id and its name, its error's id that
 * and '-error'; field-state.test.tsx compares them with conform's own fields). The constraints
 * come from `constraint`, the same object conform was given (its `constraint` option). The form
 * still renders again when what it shows changes: any error, the initial values, not the values
 * as typed.
 */
export function fieldReader(
  form: FormReads,
  constraint: Record<string, FieldConstraint> | undefined,
): (name: string) => FieldState {
  const formId = form.id;
  const errors = form.allErrors;
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  return (name) => {
    const id = `${formId}-${name}`;
    const errorId = `${id}-error`;
    return {
      id,
      name,
      formId,
      errorId,
      errors: errors[name],
      initialValue: initial[name],
      ...constraint?.[name],
    };
  };
}

/**
 * conform's prop helpers (`getInputProps` and the rest) take its own field type; of a field they
 * read what `FieldState` holds, nothing more (field-state.test.tsx compares their props).
 */
export const asConformField = (state: FieldState) => state as FieldMetadata<unknown>;
