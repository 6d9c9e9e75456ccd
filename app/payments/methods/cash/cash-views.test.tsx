import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CartOrderNotice } from "~/cart/CartOrderNotice";
import { PaymentPage } from "~/payments/PaymentPage";
import { ResultPage } from "~/payments/ResultPage";
import type { ResultView } from "~/payments/result-views";
import { page, render } from "~/payments/views.test-support";
import { slipElementString } from "./barcode";
import { colombianDeadline } from "~/money/deadline";
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
    expect(html).toContain('alt="Código de barras GS1-128 del pago"');
    const caption = /<figcaption[^>]*>([\s\S]*?)<\/figcaption>/.exec(html)?.[1] ?? "";
    // The data as text, a line break allowed only between two fields (<wbr>).
    expect(caption.replace(/<!-- -->/g, "")).toBe(
      "(415)7709998000018<wbr/>(8020)41234567890124<wbr/>(3900)1190000<wbr/>(96)20261201",
    );
  });

  it("asks to read the reference out when the bars cannot be drawn", () => {
    const html = renderToString(<CashVoucher view={view({ barcode: null })} />);
    expect(html).not.toContain("<img");
    expect(html).toContain("dicta la referencia");
  });
});

const waiting = (details: boolean): Exclude<ResultView, { state: "missing" | "error" }> => ({
  state: "pending",
  kind: "cash",
  chargeId: "trcash0123456789abcd",
  statusLabel: "Pendiente",
  status: "in_progress",
  receipt: null,
  orderId: details ? "CASH-1767225600000K7Q2" : null,
  error: null,
  bankUrl: null,
  refresh: null,
  waiting: {
    deadline: "martes 1 de diciembre de 2026, 11:05 a. m.",
    method: "cash",
    details: details ? view() : null,
  },
});

describe("a cash payment on the store's pages", () => {
  it("the payment page: nothing to fill in, where and within how long to pay, the amount on the button", () => {
    const html = render(
      <PaymentPage
        page={page({
          orderId: "CASH-1767225600000K7Q2",
          method: "cash",
          card: null,
          cash: { networks: ["Efecty", "Baloto"], hours: 72 },
        })}
        result={undefined}
      />,
    );
    expect(html).toContain("Pago con efectivo");
    expect(html).toContain("antes de <!-- -->72<!-- --> horas");
    expect(html).toContain("<li>Efecty</li>");
    expect(html).toMatch(
      /<button[^>]*type="submit"[^>]*>Generar referencia de pago por \$\u00a0112\.100/,
    );
    expect(html).not.toMatch(/<input(?![^>]*type="hidden")/);
  });

  it("waiting for the money: the voucher and its PDF for the browser that paid, no reloads", () => {
    const html = render(<ResultPage view={waiting(true)} />);
    expect(html).toContain("<h1>Esperando tu pago</h1>");
    expect(html).toContain("Estado del pago: <strong>Esperando el pago</strong>");
    expect(html).toContain("4123 4567 8901 24");
    expect(html).toContain('href="/checkout/comprobante/trcash0123456789abcd.pdf?descargar=1"');
    expect(html).not.toContain('http-equiv="refresh"');
    // Another method only once this one is given up: the cancel, a plain form.
    expect(html).toMatch(
      /<form(?=[^>]*action="\/checkout")[^>]*>[\s\S]*name="order_id" value="CASH-1767225600000K7Q2"[\s\S]*Cancelar y pagar con otro medio<\/button><\/form>/,
    );
  });

  it("waiting, in another browser: the deadline and how to pay, never the reference", () => {
    const html = render(<ResultPage view={waiting(false)} />);
    expect(html).toContain(
      "Paga antes del martes 1 de diciembre de 2026, 11:05 a. m. (hora de Colombia).",
    );
    expect(html).toContain("Paga el valor exacto en efectivo");
    expect(html).not.toContain("4123 4567");
    expect(html).not.toContain(".pdf");
    expect(html).not.toContain("cancel-order");
  });

  it("the cart's notice while the reference is live: its deadline, its status, and the cancel before another method", () => {
    const html = render(
      <CartOrderNotice
        id="pedido"
        order={{
          orderId: "CASH-1767225600000K7Q2",
          state: "pending",
          total: 112_100,
          bankUrl: null,
          deadline: "martes 1 de diciembre de 2026, 11:05 a. m.",
          statusUrl: "/checkout/success/cash?order_id=CASH-1767225600000K7Q2",
          outside: {},
        }}
      />,
    );
    expect(html).toContain(
      "Tienes hasta el martes 1 de diciembre de 2026, 11:05 a. m. (hora de Colombia) para pagarlo",
    );
    expect(html).not.toContain("banco");
    expect(html).toContain('href="/checkout/success/cash?order_id=CASH-1767225600000K7Q2"');
    expect(html).toMatch(
      /<form(?=[^>]*method="post")(?=[^>]*action="\/checkout")[^>]*>[\s\S]*value="cancel-order"[\s\S]*Cancelar y pagar con otro medio<\/button><\/form>/,
    );
  });

  it("a lapsed reference: said plainly, nothing charged, 'Pagar de nuevo' to the method step", () => {
    const html = render(
      <ResultPage
        view={{
          ...waiting(true),
          state: "failed",
          statusLabel: "Fallido",
          status: "expired",
          waiting: null,
        }}
      />,
    );
    expect(html).toContain("<h1>Venció el plazo para pagar</h1>");
    expect(html).toContain("Estado del pago: <strong>Vencido</strong>");
    expect(html).toContain("no se te cobró nada");
    expect(html).toMatch(/href="\/checkout\?paso=3"[^>]*>Pagar de nuevo/);
    expect(html).not.toContain("Pago fallido");
  });
});
