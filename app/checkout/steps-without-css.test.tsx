/**
 * The checkout's step forms as the server renders them, read as a text browser reads a page
 * without its stylesheet: every field shows, so each says when it applies; no button shows an
 * internal value; the error summary takes focus without JavaScript.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { BillingStep } from "./BillingStep";
import { MethodStep } from "./MethodStep";
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

describe("step 3 without CSS", () => {
  it("has 'Finalizar compra' and 'Volver' with no button value", () => {
    const html = render(
      <MethodStep
        method={null}
        unavailable={{}}
        review={null}
        lastResult={undefined}
        links={undefined}
      />,
    );
    expect(html).not.toMatch(/<button[^>]*value=/);
    expect(html).toContain('<input type="hidden" name="intent" value="finalize"/>');
  });
});
