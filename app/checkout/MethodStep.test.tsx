import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MethodStep } from "./MethodStep";

function render(method: "openpay" | "cash" | null, unavailable: Record<string, string>) {
  const Stub = createRoutesStub([
    {
      path: "/checkout",
      Component: () => (
        <MethodStep
          method={method}
          review={null}
          unavailable={unavailable}
          lastResult={undefined}
          links={undefined}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/checkout?paso=3"]} />);
}

/** The radio input of a method, by its value. */
const radio = (html: string, value: string) =>
  new RegExp(`<input[^>]*value="${value}"[^>]*>`).exec(html)?.[0] ?? "";

describe("step 3 with a method over its cap (docs/decisions/0570)", () => {
  const reason = "Disponible para pedidos de hasta $ 3.000.000; el tuyo suma $ 3.570.000.";

  it("shows the method disabled with the reason in place of its line, never chosen", () => {
    const html = render("cash", { cash: reason });
    expect(radio(html, "cash")).toMatch(/\sdisabled=""/);
    expect(radio(html, "cash")).not.toMatch(/checked/);
    expect(html).toContain(reason);
    expect(html).not.toContain("Confirmamos tu pedido cuando el dinero llegue.");
    expect(radio(html, "openpay")).not.toMatch(/disabled/);
  });

  it("offers it with its line on how it works when the total is under the cap", () => {
    const html = render("cash", {});
    expect(radio(html, "cash")).not.toMatch(/disabled/);
    expect(radio(html, "cash")).toMatch(/checked/);
    expect(html).toContain("Confirmamos tu pedido cuando el dinero llegue.");
  });
});
