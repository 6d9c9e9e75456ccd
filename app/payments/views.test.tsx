/**
 * The payment views as the server renders them (no JavaScript): the PSE form, the result pages'
 * details only for the payer, the pending page's no-JS refresh, the order lookup.
 */
import { describe, expect, it } from "vitest";
import { formatCOP } from "~/money/format";
import { FailurePage } from "./FailurePage";
import { PaymentPage } from "./PaymentPage";
import { FALLBACK_PSE_BANKS } from "./methods/pse/pse";
import { OrderLookupPage } from "./OrderLookupPage";
import { ResultPage } from "./ResultPage";
import type { ReceiptView, ResultView } from "./result-views";
import type { OrderLookupReply } from "./lookup.server";
import { page, render } from "./views.test-support";

describe("the PSE form", () => {
  it("has document type and number, full name, bank (the fallback list) and person type", () => {
    const html = render(
      <PaymentPage
        page={page({
          method: "pse",
          card: null,
          pse: {
            banks: FALLBACK_PSE_BANKS,
            defaults: {
              document_type: "CC",
              document: "1020304050",
              full_name: "ANA GÓMEZ",
              person_type: "natural",
            },
          },
        })}
        result={undefined}
      />,
    );
    expect(html).toContain("<title>Pago con PSE | SegTel Colombia</title>");
    for (const type of ["CC", "CE", "NIT", "PP"]) expect(html).toContain(`<option value="${type}"`);
    expect(html).toContain('name="document"');
    expect(html).toContain('value="1020304050"');
    expect(html).toContain('name="full_name"');
    expect(html).toContain('value="ANA GÓMEZ"');
    expect(html.match(/<option value="10\d\d">/g)).toHaveLength(10);
    expect(html).toContain('<option value="" selected="">Selecciona tu banco</option>');
    expect(html).toMatch(
      /<input(?=[^>]*name="person_type")(?=[^>]*value="natural")(?=[^>]*checked="")[^>]*>/,
    );
    expect(html).toContain('name="intent" value="pay-pse"');
  });
});

const SELLER = {
  name: "SegTel Colombia S.A.S.",
  nit: "900.123.456-8",
  address: "Calle 93 # 11-28, oficina 502, Bogotá D.C.",
};

const success = (receipt: boolean): ResultView => ({
  state: "success",
  kind: "card",
  chargeId: "tr0123456789abcdefgh",
  statusLabel: "Completado",
  status: "completed",
  orderId: receipt ? "CARD-1767225600000K7Q2" : null,
  error: null,
  bankUrl: null,
  refresh: null,
  receipt: receipt
    ? {
        orderId: "CARD-1767225600000K7Q2",
        chargeId: "tr0123456789abcdefgh",
        amount: 112_100,
        date: "7 de septiembre de 2025, 10:15 a. m.",
        authorization: "123456",
        method: "Visa terminada en 1111",
        statusLabel: "Completado",
        customerName: "Ana Gómez",
        billing: null,
        delivery: null,
        lines: [
          {
            title: "Cámara IP",
            brand: "Hikvision",
            model: "DS-2CD1043G0-I",
            quantity: 2,
            unitPrice: 45_000,
            subtotal: 90_000,
          },
        ],
        totals: { subtotal: 90_000, iva: 17_100, shipping: 5_000, total: 112_100 },
        seller: SELLER,
      }
    : null,
});

describe("the payment page's summary", () => {
  it("keeps a line's quantity apart from its amount for screen readers and text browsers", () => {
    const html = render(<PaymentPage page={page()} result={undefined} />);
    const text = html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");
    expect(text).toContain(`× 2, ${formatCOP(90_000)}`);
  });
});

describe("the PSE form of a company", () => {
  it("says the NIT goes without its check digit and the holder is the company", () => {
    const html = render(
      <PaymentPage
        page={page({
          method: "pse",
          card: null,
          pse: {
            banks: FALLBACK_PSE_BANKS,
            defaults: {
              document_type: "NIT",
              document: "890903938",
              full_name: "SEGURIDAD ANDINA S.A.S.",
              person_type: "juridica",
            },
          },
        })}
        result={undefined}
      />,
    );
    expect(html).toContain('value="890903938"');
    expect(html).toContain("El NIT de la empresa sin el dígito de verificación");
    expect(html).toContain('value="SEGURIDAD ANDINA S.A.S."');
    expect(html).toContain("El nombre de la empresa, como aparece en su cuenta del banco");
  });
});

describe("the result pages", () => {
  it("shows the payer the receipt, print and PDF links and the fulfilment texts", () => {
    const html = render(<ResultPage view={success(true)} />);
    expect(html).toContain("¡Pago exitoso!");
    expect(html).toContain("Estado del pago: <strong>Completado</strong>");
    for (const text of [
      "CARD-1767225600000K7Q2",
      "123456",
      "Visa terminada en 1111",
      formatCOP(112_100),
      "Tu pedido será procesado en 24-48 horas.",
      "La entrega se realiza en 2-5 días hábiles.",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="/checkout/comprobante/tr0123456789abcdefgh.pdf"');
    expect(html).toContain('href="/checkout/comprobante/tr0123456789abcdefgh.pdf?descargar=1"');
  });

  it("shows anyone else the status alone, and the way to the order lookup", () => {
    const html = render(<ResultPage view={success(false)} />);
    expect(html).toContain("¡Pago exitoso!");
    expect(html).toContain("Completado");
    for (const text of ["CARD-", "123456", "terminada en", "$\u00a0", "comprobante"]) {
      expect(html).not.toContain(text);
    }
    expect(html).toMatch(/href="\/mi-cuenta\/pedidos"[^>]*>Consultar mis pedidos/);
  });

  it("links the payer's success page to the order lookup", () => {
    expect(render(<ResultPage view={success(true)} />)).toMatch(
      /href="\/mi-cuenta\/pedidos"[^>]*>Consultar mis pedidos/,
    );
  });

  it("shows a card charge awaiting confirmation as pending: no success styling, nothing 'pagado', no promise", () => {
    const view = success(true);
    if (view.state !== "success" || !view.receipt) throw new Error("fixture");
    const html = render(
      <ResultPage
        view={{
          ...view,
          statusLabel: "Pendiente",
          status: "charge_pending",
          receipt: { ...view.receipt, statusLabel: "Pendiente", authorization: null },
          refresh: {
            url: "/checkout/success/card?id=tr1&intento=1",
            seconds: 10,
            stopUrl: "/checkout/success/card?id=tr1&actualizar=no",
          },
        }}
      />,
    );
    expect(html).toContain("Pago pendiente de confirmación");
    expect(html).toContain("Estado del pago: <strong>Pendiente</strong>");
    expect(html).toContain("Total del pedido");
    expect(html).toContain("Procesaremos tu pedido cuando se confirme el pago.");
    expect(html).toContain("Si se confirma, te enviaremos");
    for (const text of [
      "¡Pago exitoso!",
      "Pago registrado",
      "Total pagado",
      "Tu pedido será procesado en 24-48 horas",
      "Te avisaremos",
      "Te enviamos la confirmación",
    ]) {
      expect(html).not.toContain(text);
    }
    // The warning card, not the success one; and it asks again by itself.
    const success_ = render(<ResultPage view={success(true)} />);
    const cardClass = (markup: string) => /class="([^"]*resultCard[^"]*)"/.exec(markup)?.[1];
    expect(cardClass(html)).not.toBe(cardClass(success_));
    expect(html).toContain('content="10;url=/checkout/success/card?id=tr1&amp;intento=1"');
  });

  it("shows a company's name, NIT, contact and both addresses on the receipt", () => {
    const view = success(true);
    if (view.state !== "success" || !view.receipt) throw new Error("fixture");
    const html = render(
      <ResultPage view={{ ...view, receipt: { ...view.receipt, ...COMPANY } }} />,
    );
    for (const text of [
      "Datos de facturación",
      "Seguridad Andina S.A.S.",
      "890903938-8",
      "Carlos Pérez, Jefe de compras",
      "Carrera 7 # 71-21",
      "Bogotá D.C.",
      "Entrega",
      "Bodega Norte",
      "Calle 80 # 45-10",
      "Medellín, Antioquia",
      "Mañana (9:00-13:00)",
    ]) {
      expect(html).toContain(text);
    }
    // The billing section names the customer: no separate 'Cliente' row.
    expect(html).not.toContain("<dt>Cliente</dt>");
  });

  it("shows a person's cédula and the billing address as the delivery address", () => {
    const view = success(true);
    if (view.state !== "success" || !view.receipt) throw new Error("fixture");
    const html = render(
      <ResultPage
        view={{
          ...view,
          receipt: {
            ...view.receipt,
            billing: {
              clientType: "person",
              name: "Ana Gómez",
              document: "1020304050",
              companyName: null,
              companyNit: null,
              contactPosition: null,
              address: "Calle 10 # 20-30",
              city: "Bogotá D.C.",
            },
            delivery: {
              sameAsBilling: true,
              receiverName: "Ana Gómez",
              address: null,
              city: null,
              instructions: null,
              preferredTime: null,
            },
          },
        }}
      />,
    );
    expect(html).toContain("<dt>Cédula</dt><dd>1020304050</dd>");
    expect(html.match(/Calle 10 # 20-30/g)).toHaveLength(2);
    expect(html).not.toContain("<dt>NIT</dt>");
  });

  it("refreshes a pending page without JavaScript through a meta refresh in <noscript>, which can be stopped", () => {
    const html = render(
      <ResultPage
        view={{
          state: "pending",
          kind: "pse",
          chargeId: "tr1",
          statusLabel: "Pendiente",
          status: "in_progress",
          receipt: null,
          orderId: null,
          error: null,
          bankUrl: null,
          refresh: {
            url: "/checkout/success/pse?id=tr1&intento=1",
            seconds: 10,
            stopUrl: "/checkout/success/pse?id=tr1&actualizar=no",
          },
        }}
      />,
    );
    expect(html).toContain("Pago pendiente");
    expect(html).toContain(
      '<noscript><meta http-equiv="refresh" content="10;url=/checkout/success/pse?id=tr1&amp;intento=1"/></noscript>',
    );
    expect(html).toContain('href="/checkout/success/pse?id=tr1&amp;actualizar=no"');
    expect(html).toContain('href="/mi-cuenta/pedidos"');
  });

  it("the failure page: 'Error en el pago', code, description, the five reasons and the ways on", () => {
    const html = render(
      <FailurePage view={{ own: true, code: "3001", description: "Tarjeta declinada" }} />,
    );
    expect(html).toContain("Tu carrito y los datos de tu compra se conservan.");
    expect(html).toContain("no se realizó ningún cobro");
    expect(html).toContain("Error en el pago");
    expect(html).toContain("3001");
    expect(html).toContain("Tarjeta declinada");
    expect(html.match(/<li>/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html).toMatch(/href="\/checkout\?paso=3"[^>]*>Intentar nuevamente/);
    expect(html).toContain('href="/carrito"');
  });

  it("the failure page for a browser that did not pay: no promise about a cart, no code", () => {
    const html = render(<FailurePage view={{ own: false, code: null, description: null }} />);
    expect(html).toContain("Error en el pago");
    expect(html).not.toContain("se conservan");
    expect(html).not.toContain("Código de error");
    expect(html).toContain('href="/mi-cuenta/pedidos"');
  });
});

const COMPANY: Pick<ReceiptView, "billing" | "delivery"> = {
  billing: {
    clientType: "company",
    name: "Carlos Pérez",
    document: null,
    companyName: "Seguridad Andina S.A.S.",
    companyNit: "890903938-8",
    contactPosition: "Jefe de compras",
    address: "Carrera 7 # 71-21",
    city: "Bogotá D.C.",
  },
  delivery: {
    sameAsBilling: false,
    receiverName: "Bodega Norte",
    address: "Calle 80 # 45-10",
    city: "Medellín, Antioquia",
    instructions: null,
    preferredTime: "Mañana (9:00-13:00)",
  },
};

describe("the order lookup", () => {
  const view = success(true);
  const details = (view.state === "success" ? view.receipt : null) as ReceiptView;
  const reply = (
    over: Partial<NonNullable<OrderLookupReply["order"]>> = {},
    receipt: Partial<ReceiptView> = {},
  ): OrderLookupReply => ({
    reply: { status: "success", initialValue: {} },
    order: {
      orderId: "CARD-1767225600000K7Q2",
      statusLabel: "Completado",
      state: "success",
      amount: 112_100,
      date: null,
      method: "Visa terminada en 1111",
      details: { ...details, ...receipt },
      email: "compras@andina.example",
      receipt: true,
      ...over,
    },
  });

  it("shows the paying browser's receipt and offers its PDF through a native form", () => {
    const html = render(<OrderLookupPage result={reply()} />);
    expect(html).toContain('<form action="/mi-cuenta/pedidos/comprobante" method="post">');
    expect(html).toContain('<input type="hidden" name="order_id" value="CARD-1767225600000K7Q2"/>');
    expect(html).toContain('<input type="hidden" name="email" value="compras@andina.example"/>');
    expect(html).toContain("Descargar comprobante (PDF)");
    expect(html).toContain("<dt>Cliente</dt><dd>Ana Gómez</dd>");
    // The order's lines with brand and model, IVA, the seller and the invoice.
    expect(html).toContain("Cámara IP · Hikvision DS-2CD1043G0-I");
    expect(html).toContain("IVA (19%)");
    expect(html).toContain("NIT 900.123.456-8");
    expect(html).toContain("factura electrónica");
  });

  it("shows the company's billing, and a pending payment as pending without a PDF", () => {
    const html = render(
      <OrderLookupPage
        result={reply(
          { statusLabel: "Pendiente", state: "pending", receipt: false },
          { ...COMPANY, statusLabel: "Pendiente" },
        )}
      />,
    );
    expect(html).toContain("890903938-8");
    expect(html).toContain("Seguridad Andina S.A.S.");
    expect(html).toContain("Pendiente de confirmación");
    expect(html).toContain("Si el pago se completa, te enviaremos");
    expect(html).not.toContain("/mi-cuenta/pedidos/comprobante");
    expect(html).not.toContain("factura electrónica");
  });
});
