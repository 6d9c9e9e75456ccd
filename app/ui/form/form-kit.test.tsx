/**
 * The form kit as the server renders it (what a browser without JavaScript gets): the wiring of
 * a control to its hint and message, where the message sits in each kind of field, and the
 * summary's links. Focus after a failed submit is the browser's, checked by the journeys.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary, FormTitle, summaryEntries } from "./ErrorSummary";
import { controlProps, Field } from "./Field";

const valid = { id: "f-email", name: "email", errorId: "f-email-error" };
const invalid = { ...valid, errors: ["El correo es obligatorio", "Otro"] };

/** The text of the markup, tags and React's text separators removed. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "|");

describe("controlProps", () => {
  it("describes a control by its message first, then by its hint, while the field is invalid", () => {
    expect(controlProps(invalid, "f-email-hint")).toEqual({
      id: "f-email",
      name: "email",
      "aria-invalid": true,
      "aria-describedby": "f-email-error f-email-hint",
    });
  });

  it("leaves out what does not apply", () => {
    expect(controlProps(valid, "f-email-hint")).toEqual({
      id: "f-email",
      name: "email",
      "aria-invalid": undefined,
      "aria-describedby": "f-email-hint",
    });
    expect(controlProps(valid)["aria-describedby"]).toBeUndefined();
  });
});

describe("Field", () => {
  const render = (field: typeof valid, live: boolean) =>
    renderToString(
      <Field field={field} label="Correo" hint="Como en tu banco" live={live} optional>
        <input {...controlProps(field, `${field.id}-hint`)} />
      </Field>,
    );

  it("checked on submit: the message between the hint and the control, 'Error: ' read first", () => {
    const html = render(invalid, false);
    expect(html).toContain('<label for="f-email"');
    expect(text(html)).toMatch(
      /Correo\|+ \(opcional\)\|+Como en tu banco\|+Error: \|+El correo es obligatorio\|/,
    );
    expect(html.indexOf('id="f-email-error"')).toBeLessThan(html.indexOf("<input"));
    expect(html).toContain('<p id="f-email-hint"');
    // Only the first message of a field shows, as in the summary.
    expect(html).not.toContain("Otro");
    expect(render(valid, false)).not.toContain("f-email-error");
  });

  it("checked as the shopper leaves it: the message after the control, always there to be announced", () => {
    const html = render(invalid, true);
    expect(html.indexOf("<input")).toBeLessThan(html.indexOf('id="f-email-error"'));
    expect(html).toMatch(
      /<p id="f-email-error"[^>]*aria-live="polite"[^>]*>El correo es obligatorio<\/p>/,
    );
    expect(html).not.toContain("Error: ");
    expect(render(valid, true)).toMatch(/<p id="f-email-error"[^>]*aria-live="polite"[^>]*><\/p>/);
  });
});

describe("ErrorSummary", () => {
  const render = (role?: "alert" | "group") =>
    renderToString(
      <ErrorSummary
        errors={summaryEntries(["Tu carrito cambió."], [valid, invalid])}
        attempt={0}
        answer={null}
        role={role}
      />,
    );

  it("lists the form's own errors first, as text, then each field's first message as a link", () => {
    const html = render();
    expect(html).toMatch(/<h2 id="([^"]+)">Hay un problema<\/h2>/);
    const headingId = /<h2 id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`aria-labelledby="${headingId}"`);
    expect(html).toContain('tabindex="-1"');
    expect([...html.matchAll(/<li>(.*?)<\/li>/g)].map(([, item]) => item)).toEqual([
      "Tu carrito cambió.",
      '<a href="#f-email">El correo es obligatorio</a>',
    ]);
  });

  it("takes focus as the page loads without JavaScript: focusable and autofocused", () => {
    expect(render()).toMatch(/^<div(?=[^>]*tabindex="-1")(?=[^>]*autofocus="")[^>]*>/);
  });

  it("carries the role its screen gives it, none by default", () => {
    expect(render()).not.toContain("role=");
    expect(render("alert")).toContain('role="alert"');
    expect(render("group")).toContain('role="group"');
  });

  it("is not there without errors", () => {
    expect(renderToString(<ErrorSummary errors={[]} attempt={3} answer={null} />)).toBe("");
  });
});

describe("FormTitle", () => {
  it("starts with 'Error: ' while the form shows errors", () => {
    expect(renderToString(<FormTitle title="Pago | Tienda" hasErrors />)).toBe(
      "<title>Error: Pago | Tienda</title>",
    );
    expect(renderToString(<FormTitle title="Pago | Tienda" hasErrors={false} />)).toBe(
      "<title>Pago | Tienda</title>",
    );
  });
});
