import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { slipElementString } from "./barcode";
import { colombianDeadline } from "./cash";
import { CashVoucher, type VoucherView } from "./CashVoucher";

const ELEMENTS = slipElementString({
  gln: "7709998000018",
  reference: "41234567890124",
  amount: 1_190_000,
  dueDate: "20261201",
});
const view = (over: Partial<VoucherView> = {}): VoucherView => ({
  orderId: "CASH-1767225600000K7Q2",
  reference: "41234567890124",
  amount: 1_190_000,
  deadline: colombianDeadline("2026-12-01T11:05:00-05:00")!,
  networks: ["Efecty", "Baloto", "SuRed"],
  elementString: ELEMENTS,
  barcode: "data:image/svg+xml;base64,PHN2Zy8+",
  pdfHref: "/checkout/efectivo/CASH-1767225600000K7Q2.pdf",
  ...over,
});

describe("the cash voucher as the server renders it", () => {
  it("shows the reference, amount, deadline, order and networks as text", () => {
    const html = renderToString(<CashVoucher view={view()} />);
    expect(html).toContain("4123 4567 8901 24");
    expect(html).toContain("$\u00a01.190.000");
    expect(html).toContain("martes 1 de diciembre de 2026, 11:05 a. m.");
    expect(html).toContain("(hora de Colombia)");
    expect(html).toContain("CASH-1767225600000K7Q2");
    for (const network of ["Efecty", "Baloto", "SuRed"])
      expect(html).toContain(`<li>${network}</li>`);
  });

  it("gives the barcode a text alternative and prints its data under it", () => {
    const html = renderToString(<CashVoucher view={view()} />);
    expect(html).toContain(`alt="Código de barras GS1-128 del pago. Datos: ${ELEMENTS}"`);
    expect(html).toContain(`<figcaption`);
    expect(html).toMatch(
      new RegExp(`<figcaption[^>]*>${ELEMENTS.replace(/[()]/g, "\\$&")}</figcaption>`),
    );
    expect(html).toContain('href="/checkout/efectivo/CASH-1767225600000K7Q2.pdf"');
  });

  it("asks to read the reference out when the bars cannot be drawn", () => {
    const html = renderToString(<CashVoucher view={view({ barcode: null })} />);
    expect(html).not.toContain("<img");
    expect(html).toContain("dicta la referencia");
  });
});
