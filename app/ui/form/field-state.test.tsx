/**
 * A field read from its form gives conform's own prop helpers the props the field itself gives them:
 * ids, name, form, constraints, errors and the aria attributes they bring, initial values, for
 * every kind of control the kit makes. Read inside a real conform form (a schema's constraints as
 * conform derives them, and every kind of constraint), before and after a refused submit.
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
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { asConformField, type FieldConstraint, fieldReader } from "./field-state";

type Props = Record<string, unknown>;

/** A contact form, as the checkout's steps are made. */
const contact = z.object({
  client_type: z.enum(["person", "company"]),
  email: z.email("Escribe un correo válido"),
  phone: z.string().min(7, "Escribe un teléfono"),
  note: z.string().optional(),
});

/** Every kind of constraint conform knows, as a form may be given them. */
const LIMITS: Record<string, FieldConstraint> = {
  code: { required: true, maxLength: 10, pattern: "^\\d+$" },
  quantity: { min: 1, max: 9, step: 1 },
  files: { multiple: true, accept: "image/*" },
  comment: { minLength: 3 },
};

/** The props conform's helpers give from each field, and from the same field read from its form. */
function propsOf(
  constraint: Record<string, FieldConstraint>,
  values: Record<string, string>,
  lastResult?: SubmissionResult<string[]>,
) {
  const seen: Array<{ name: string; field: Props[]; read: Props[] }> = [];
  function Probe() {
    const [form, fields] = useForm({ id: "f", defaultValue: values, constraint, lastResult });
    const reader = fieldReader(form, constraint);
    // By name, as the checkout's steps read them (StepForm.tsx).
    const all = fields as unknown as Record<string, FieldMetadata<unknown>>;
    for (const name of Object.keys(constraint)) {
      const field = all[name];
      const read = asConformField(reader(name));
      const helpers = (f: typeof field): Props[] => [
        getInputProps(f, { type: "text", ariaDescribedBy: "f-hint" }),
        getInputProps(f, { type: "radio", value: false }),
        getInputProps(f, { type: "checkbox" }),
        getSelectProps(f),
        getTextareaProps(f),
      ];
      seen.push({ name, field: helpers(field), read: helpers(read) });
    }
    return null;
  }
  renderToString(<Probe />);
  return seen;
}

describe("fieldReader", () => {
  it("gives conform's helpers the same props as the field, constraints included", () => {
    const seen = [
      ...propsOf(getZodConstraint(contact), {
        client_type: "company",
        email: "ana@example.com",
      }),
      ...propsOf(LIMITS, { code: "12" }),
    ];
    expect(seen).toHaveLength(8);
    for (const { field, read } of seen) expect(read).toEqual(field);
    // What there is to compare: constraints of each kind, an initial value.
    const props = (name: string) => seen.find((s) => s.name === name)!.read[0];
    expect(props("email")).toMatchObject({ required: true, defaultValue: "ana@example.com" });
    expect(props("code")).toMatchObject({ maxLength: 10, pattern: "^\\d+$", defaultValue: "12" });
    expect(props("quantity")).toMatchObject({ min: 1, max: 9, step: 1 });
    expect(props("files")).toMatchObject({ multiple: true, accept: "image/*" });
    expect(props("comment")).toMatchObject({ minLength: 3 });
  });

  it("and after a refused submit, the errors and their aria attributes", () => {
    const form = new FormData();
    form.set("client_type", "company");
    form.set("email", "no-es-correo");
    const result = parseWithZod(form, { schema: contact }).reply();
    const constraint = getZodConstraint(contact);
    const seen = propsOf(constraint, { client_type: "company", email: "no-es-correo" }, result);
    for (const { field, read } of seen) expect(read).toEqual(field);
    const email = seen.find((s) => s.name === "email")!;
    expect(email.read[0]).toMatchObject({
      "aria-invalid": true,
      "aria-describedby": "f-email-error f-hint",
    });
  });
});
