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

/** What the kit's controls show of a field, read once for a render (`readField`). */
export type FieldState = Pick<
  FieldMetadata<unknown>,
  "id" | "name" | "formId" | "errorId" | "errors" | "initialValue"
> &
  FieldConstraint;

/**
 * A conform field read once for a render. Each read of a property of conform's field builds the
 * field's whole metadata again (a proxy and its getters) and notes the read in lists its form
 * keeps: reading each property of each control where it is used cost the checkout's steps most
 * of their render (docs/decisions/0605). Six properties are read from the field; the
 * constraints come from `constraint`, the same object conform was given for the field (its
 * `constraint` option, by field name). The field still follows the same changes of its form as
 * before: its errors and initial value, not the value as typed.
 */
export function readField(field: FieldMetadata<unknown>, constraint: FieldConstraint): FieldState {
  const { id, name, formId, errorId, errors, initialValue } = field;
  return { id, name, formId, errorId, errors, initialValue, ...constraint };
}

/**
 * conform's prop helpers (`getInputProps` and the rest) take its own field type; of a field they
 * read what `FieldState` holds, nothing more (field-state.test.tsx compares their props).
 */
export const asConformField = (state: FieldState) => state as FieldMetadata<unknown>;
