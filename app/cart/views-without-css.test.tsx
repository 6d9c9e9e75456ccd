/**
 * The cart's parts as the server renders them, read as a text browser reads a page without its
 * stylesheet: the quantity field says what it is, the free-shipping bar's text and the ways on
 * stand apart from the words before them.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { computeTotals } from "~/money/totals";
import { CartSummaryPanel } from "./CartSummaryPanel";
import { QuantitySelector } from "./QuantitySelector";

function render(element: ReactNode) {
  const Stub = createRoutesStub([{ path: "/carrito", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/carrito"]} />);
}

/** A page's text as lynx prints it (it shows hidden elements too): tags gone. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");

describe("the cart without CSS", () => {
  it("reads the quantity field as 'Cantidad:', its name for screen readers unchanged", () => {
    const html = render(
      <QuantitySelector
        name="quantity"
        value="1"
        onChange={() => {}}
        max={5}
        label="Cantidad de"
        subjectId="titulo"
        enhanced={false}
      />,
    );
    expect(text(html)).toBe("Cantidad: ");
    const input = /<input[^>]*>/.exec(html)?.[0] ?? "";
    const id = /\bid="([^"]+)"/.exec(input)?.[1];
    expect(input).toContain('aria-label="Cantidad de"');
    expect(input).toContain(`aria-labelledby="${id} titulo"`);
  });

  it("keeps the free-shipping bar's text and the three ways on apart", () => {
    const html = render(<CartSummaryPanel totals={computeTotals(150_000)} busy={false} />);
    expect(text(html)).toContain("(subtotal): 100%");
    expect(text(html)).toContain("Proceder al pago | Seguir comprando | Vaciar carrito");
  });
});
