/**
 * The staff views as the server renders them (no JavaScript, as lynx gets them): each submit
 * button inside its own form, no `form` attribute pointing elsewhere (issue 27), and the result
 * panel saying each thing once, the payment's status in Spanish.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NotificationTool } from "./NotificationTool";
import type { NotificationOutcome } from "./notify.server";
import { SignInPanel } from "./SignInPanel";

function render(element: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/notificaciones", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/admin/notificaciones"]} />);
}

/** The forms of a page: their id and what lies between `<form>` and `</form>`. */
function forms(html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes, body]) => ({
    id: /\bid="([^"]*)"/.exec(attributes)?.[1] ?? null,
    body,
  }));
}

/** Every form has its submit button inside, and no control names a form by attribute. */
function expectButtonsInsideTheirForms(html: string) {
  expect(html).not.toMatch(
    /<(button|input|select|textarea|fieldset|object|output)\b[^>]*\sform="/i,
  );
  const found = forms(html);
  expect(found.length).toBeGreaterThan(0);
  for (const form of found)
    expect(form.body, `form ${form.id}`).toMatch(/<button[^>]*type="submit"/);
  // Nothing outside a form can submit one.
  const outside = html.replace(/<form\b[\s\S]*?<\/form>/g, "");
  expect(outside).not.toMatch(/<button\b(?![^>]*type="button")/);
}

const paid = (over: Partial<Extract<NotificationOutcome, { kind: "sent" }>> = {}) =>
  ({
    kind: "sent",
    orderId: "CARD-1767225600000AB12",
    message: "Notificaciones enviadas al cliente y a ventas.",
    paymentId: "trabc",
    paymentStatus: "completed",
    customerEmail: "ana@example.com",
    amount: 238_000,
    alreadySent: false,
    ...over,
  }) satisfies NotificationOutcome;

const tool = (result: NotificationOutcome | null) =>
  render(<NotificationTool user="personal" result={result} answer={null} />);

/** The result panel's text, its paragraphs and its facts. */
function panel(html: string) {
  const section = /<section[^>]*data-resultado[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
  const text = (part: string) => part.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");
  return {
    paragraphs: [...section.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map(([, p]) => text(p)),
    facts: [...section.matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map(
      ([, dt, dd]) => `${text(dt)}: ${text(dd)}`,
    ),
  };
}

describe("the forms, without JavaScript", () => {
  it("the tool: 'Enviar Notificaciones' inside the Order ID form, 'Extraer Order ID' in the URL's", () => {
    const html = tool(null);
    expectButtonsInsideTheirForms(html);
    const [signOut, send, extract] = forms(html);
    expect(signOut.body).toContain("Cerrar sesión");
    expect(send.id).toBe("enviar-notificaciones");
    expect(send.body).toMatch(/<input[^>]*name="orderId"/);
    // The field in Spanish; each intent in a hidden field, never a button's value, which a
    // text browser shows ('(enviar) Enviar Notificaciones').
    expect(send.body).toMatch(/<label[^>]*>Número de pedido \(Order ID\)<\/label>/);
    expect(send.body).toMatch(/<input type="hidden" name="intent" value="enviar"\/>/);
    expect(send.body).toMatch(/<button type="submit"[^>]*>Enviar Notificaciones<\/button>/);
    expect(extract.id).toBe("extraer-order-id");
    expect(extract.body).toMatch(/<input[^>]*name="url"/);
    expect(extract.body).toMatch(/<input type="hidden" name="intent" value="extraer"\/>/);
    expect(extract.body).toMatch(/<button type="submit"[^>]*>Extraer Order ID<\/button>/);
    expect(html).not.toMatch(/<button[^>]*value=/);
  });

  it("the sign-in", () => {
    expectButtonsInsideTheirForms(
      render(<SignInPanel back="/admin/notificaciones" lastResult={null} />),
    );
  });
});

describe("the result panel", () => {
  it("a first send: one message and the status in Spanish", () => {
    const { paragraphs, facts } = panel(tool(paid()));
    expect(paragraphs).toEqual(["Notificaciones enviadas al cliente y a ventas."]);
    expect(facts).toEqual([
      "Order ID: CARD-1767225600000AB12",
      "ID del pago: trabc",
      "Estado del pago: Completado",
      "Correo del cliente: ana@example.com",
      "Monto: $\u00a0238.000",
    ]);
  });

  it("a resend: the already-sent note once, not the server's message saying the same", () => {
    const html = tool(
      paid({
        alreadySent: true,
        message: "Las notificaciones ya se habían enviado; se reenviaron al cliente y a ventas.",
      }),
    );
    expect(panel(html).paragraphs).toEqual([
      "Las notificaciones de este pedido ya se habían enviado antes; esta vez se enviaron de nuevo.",
    ]);
  });

  it("a message that only repeats the heading is left out", () => {
    expect(panel(tool(paid({ message: "Notificaciones enviadas." }))).paragraphs).toEqual([]);
  });

  it("an unpaid order: its message, the suggestion, the status in Spanish", () => {
    const { paragraphs, facts } = panel(
      tool({
        kind: "not-sent",
        orderId: "PSE-1767225600000ZZ99",
        message:
          "El pago de la orden PSE-1767225600000ZZ99 no está completado (estado: En proceso)",
        suggestion: "Espera a que el banco confirme el pago.",
        paymentId: "trpse",
        paymentStatus: "in_progress",
        customerEmail: null,
        amount: null,
        alreadySent: true,
      }),
    );
    expect(paragraphs).toEqual([
      "El pago de la orden PSE-1767225600000ZZ99 no está completado (estado: En proceso)",
      "Las notificaciones de este pedido ya se habían enviado antes.",
      "Sugerencia: Espera a que el banco confirme el pago.",
    ]);
    expect(facts).toContain("Estado del pago: En proceso");
    expect(facts.join(" ")).not.toMatch(/in_progress|completed/);
  });

  it("a cash order not paid yet: waiting for the payment, with its deadline in Colombian time", () => {
    const { facts } = panel(
      tool({
        kind: "not-sent",
        orderId: "CASH-1767225600000ZZ99",
        message: "El pago de la orden CASH-1767225600000ZZ99 no está completado",
        suggestion: null,
        paymentId: "trcash",
        paymentStatus: "in_progress",
        customerEmail: null,
        amount: 90_000,
        alreadySent: false,
        paymentDue: "2026-12-01T02:30:00Z",
      }),
    );
    expect(facts).toContain("Estado del pago: Esperando el pago");
    expect(facts).toContain(
      "Fecha límite de pago: lunes 30 de noviembre de 2026, 9:30 p. m. (hora de Colombia)",
    );
  });
});
