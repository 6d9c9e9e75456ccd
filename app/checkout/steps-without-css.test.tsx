/**
 * The checkout's step forms as the server renders them, read as a text browser reads a page
 * without its stylesheet: every field shows, so each says when it applies; no button shows an
 * internal value; the error summary takes focus without JavaScript.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { formatCOP } from "~/money/format";
import { computeTotals } from "~/money/totals";
import { BillingStep } from "./BillingStep";
import { CheckoutSteps } from "./CheckoutSteps";
import { MethodStep } from "./MethodStep";
import { OrderSummary } from "./OrderSummary";
import { ShippingStep } from "./ShippingStep";

function render(element: ReactNode) {
  const Stub = createRoutesStub([{ path: "/checkout", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/checkout"]} />);
}

/** The text of each label, tags and React's separators removed, as lynx prints it. */
const labels = (html: string) =>
  [...html.matchAll(/<label[^>]*for="[^"]*"[^>]*>(.*?)<\/label>/g)].map(([, inner]) =>
    inner
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "")
      .trim(),
  );

/** A page's text as lynx prints it: tags gone, nothing added between inline elements. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");

describe("step 1 without CSS", () => {
  const html = render(<BillingStep values={{ client_type: "person" }} lastResult={undefined} />);

  it("names the shared name field for both client types, not 'NombreNombre de contacto'", () => {
    expect(labels(html)).toContain("Nombre (si compras como empresa: Nombre de contacto)");
  });

  it("says which fields are a company's and which a person's", () => {
    expect(labels(html)).toEqual(
      expect.arrayContaining([
        "Nombre de la empresa (solo si compras como empresa)",
        "NIT (solo si compras como empresa)",
        "Apellido (solo si compras como persona natural)",
        "Cédula (solo si compras como persona natural) (opcional)",
        "Cargo (solo si compras como empresa) (opcional)",
      ]),
    );
  });

  it("shows no internal value on its button", () => {
    expect(html).not.toMatch(/<button[^>]*value=/);
    expect(html).toContain('<input type="hidden" name="intent" value="billing"/>');
  });
});

describe("step 2 without CSS", () => {
  const html = render(
    <ShippingStep
      values={{ same_as_invoice: "on" }}
      lastResult={undefined}
      billingAddress={[["Recibe", "Ana Gómez"]]}
    />,
  );

  it("says the other address is only for an unticked 'Igual a la facturación'", () => {
    expect(labels(html)).toEqual(
      expect.arrayContaining([
        "Nombre de quien recibe (solo si no es igual a la facturación)",
        "Dirección de envío (solo si no es igual a la facturación)",
        "Ciudad de envío (solo si no es igual a la facturación)",
      ]),
    );
  });

  it("has 'Volver' and 'Continuar' with no value a text browser would show", () => {
    expect(html).not.toMatch(/<button[^>]*value=/);
    expect(html).toMatch(/<button(?=[^>]*name="volver")(?=[^>]*formNoValidate="")[^>]*>Volver/);
  });
});

/** Step 3 before a method is chosen, every method offered. */
const emptyMethodStep = () => (
  <MethodStep
    method={null}
    unavailable={{}}
    review={null}
    lastResult={undefined}
    links={undefined}
  />
);

describe("step 3 without CSS", () => {
  it("has 'Finalizar compra' and 'Volver' with no button value", () => {
    const html = render(emptyMethodStep());
    expect(html).not.toMatch(/<button[^>]*value=/);
    expect(html).toContain('<input type="hidden" name="intent" value="finalize"/>');
  });
});

describe("names apart from what follows them, without CSS", () => {
  it("the steps read 'Paso 1: Facturación', their digits drawn by the stylesheet", () => {
    const html = render(<CheckoutSteps step={2} reachable={2} />);
    expect(text(html)).toContain("Paso 1: Facturación (completado)");
    expect(text(html)).not.toMatch(/\dPaso/);
    expect(html).toContain('data-step="1"');
  });

  it("the payment methods' names stand apart from their descriptions", () => {
    const html = render(emptyMethodStep());
    expect(text(html)).toContain("Tarjeta de crédito o débito: Visa");
    expect(text(html)).toContain("PSE: Débito");
  });

  it("the summary's quantity stands apart from the line's amount", () => {
    const line = { productId: "1", title: "Cámara", quantity: 2, lineTotal: 90_000, image: null };
    const html = render(
      <OrderSummary summary={{ lines: [line], totals: computeTotals(90_000) }} />,
    );
    expect(text(html)).toContain(`Cantidad: 2, ${formatCOP(90_000)}`);
  });
});
