/**
 * The payment views as the server renders them (no JavaScript): field names and autocomplete of
 * the card and PSE forms, the error pattern, card data never rendered back, the result pages'
 * details only for the payer, the pending page's no-JS refresh.
 */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { formatCOP } from "~/money/format";
import { computeTotals } from "~/money/totals";
import { expiryYears } from "./card";
import { FailurePage } from "./FailurePage";
import { PaymentPage } from "./PaymentPage";
import type { PaymentFormReply } from "./payment-answers.server";
import type { PaymentPageData } from "./payment-page.server";
import { FALLBACK_PSE_BANKS } from "./pse";
import { OrderLookupPage } from "./OrderLookupPage";
import { ResultPage } from "./ResultPage";
import type { ReceiptView, ResultView } from "./result";
import type { OrderLookupReply } from "./lookup.server";

function render(element: ReactNode) {
  const Stub = createRoutesStub([{ path: "/checkout/pago", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/checkout/pago"]} />);
}

const page = (over: Partial<PaymentPageData> = {}): PaymentPageData => ({
  orderId: "CARD-1767225600000K7Q2",
  method: "openpay",
  state: "ready",
  lines: [
    { productId: "10031", title: "Cámara IP", quantity: 2, unitPrice: 45_000, lineTotal: 90_000 },
  ],
  totals: computeTotals(90_000),
  notices: [],
  card: cardPage(),
  pse: null,
  cash: null,
  ...over,
});

function cardPage(over: Partial<NonNullable<PaymentPageData["card"]>> = {}) {
  return {
    years: expiryYears(new Date()),
    holderName: "Ana Gómez",
    gateway: { base: "/sandbox", publicKey: "pk_sandbox_tienda" },
    withoutJavaScript: true,
    antifraudScript: null,
    ...over,
  };
}

/** What the card form comes back with after a refused payment. */
const cardReply = (initialValue: Record<string, string>): PaymentFormReply => ({
  form: "card",
  attempt: "a1",
  reply: {
    status: "error",
    initialValue,
    error: {
      "": ["Error al procesar la tarjeta. Por favor, verifique los datos."],
      card_number: ["Número de tarjeta inválido"],
    },
    fields: Object.keys(initialValue),
  },
});

describe("the card form", () => {
  it("has the spec's fields, autocomplete, groups of four and the summary of the order", () => {
    const html = render(<PaymentPage page={page()} result={undefined} />);
    expect(html).toContain("<title>Pago con tarjeta | SegTel Colombia</title>");
    expect(html).toMatch(
      /<form[^>]*novalidate=""[^>]*method="post"|<form[^>]*method="post"[^>]*novalidate=""/i,
    );
    for (const [name, autocomplete] of [
      ["holder_name", "cc-name"],
      ["card_number", "cc-number"],
      ["expiration_month", "cc-exp-month"],
      ["expiration_year", "cc-exp-year"],
      ["cvv2", "cc-csc"],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<(input|select)[^>]*name="${name}"[^>]*autoComplete="${autocomplete}"|<(input|select)[^>]*autoComplete="${autocomplete}"[^>]*name="${name}"`,
        ),
      );
    }
    expect(html).toMatch(/<input(?=[^>]*name="card_number")(?=[^>]*maxLength="19")[^>]*>/);
    expect(html).toContain('value="Ana Gómez"');
    const year = expiryYears(new Date());
    expect(html).toContain(`<option value="${year[0]}">${year[0]}</option>`);
    expect(html).toContain(`<option value="${year[9]}">${year[9]}</option>`);
    expect(html).not.toContain(`<option value="${year[9] + 1}">`);
    expect(html).toContain(
      "Aceptamos Visa, Mastercard, American Express, Discover, Diners Club y JCB.",
    );
    expect(html).toContain('name="order_id" value="CARD-1767225600000K7Q2"');
    expect(html).toContain(`Pagar ${formatCOP(112_100)}`);
    expect(html).toContain("Resumen del pedido");
    expect(html).toContain('href="/checkout?paso=3"');
    expect(html).not.toContain("Hay un problema");
  });

  it("puts the named card number, CVV and the submit button only inside <noscript> before scripts run", () => {
    const html = render(<PaymentPage page={page()} result={undefined} />);
    // What a browser running scripts parses: the page without the <noscript> contents.
    const scripted = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
    expect(scripted).not.toMatch(/name="card_number"|name="cvv2"/);
    expect(scripted).not.toMatch(/<button[^>]*type="submit"/);
    // Holder and expiry are no secret: they stay in the form.
    expect(scripted).toContain('name="holder_name"');
    const hidden = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1]);
    expect(hidden.some((part) => part.includes('name="card_number"'))).toBe(true);
    expect(hidden.some((part) => part.includes('name="cvv2"'))).toBe(true);
    expect(hidden.some((part) => /<button[^>]*type="submit"/.test(part))).toBe(true);
  });

  it("takes an American Express code of 4 digits without JavaScript, and its hint says which", () => {
    const html = render(<PaymentPage page={page()} result={undefined} />);
    expect(html).toMatch(/<input(?=[^>]*name="cvv2")(?=[^>]*maxLength="4")[^>]*>/);
    expect(html).toMatch(
      /<p id="pago-tarjeta-cvv2-hint"[^>]*>Los 3 dígitos al respaldo de tu tarjeta; en American Express, los 4 del frente<\/p>/,
    );
  });

  it("keeps every submit button inside its form: no form attribute points elsewhere", () => {
    for (const html of [
      render(<PaymentPage page={page()} result={undefined} />),
      render(
        <PaymentPage
          page={page({
            method: "pse",
            card: null,
            pse: {
              banks: FALLBACK_PSE_BANKS,
              defaults: {
                document_type: "CC",
                document: "",
                full_name: "",
                person_type: "natural",
              },
            },
          })}
          result={undefined}
        />,
      ),
    ]) {
      expect(html).not.toMatch(/<(button|input|select|textarea|fieldset)\b[^>]*\sform="/i);
      expect(html).toMatch(/<form\b[^>]*>(?:(?!<\/form>)[\s\S])*<button[^>]*type="submit"/);
    }
  });

  it("offers PSE instead of a card form without JavaScript when the operator turned that path off", () => {
    const html = render(
      <PaymentPage
        page={page({ card: cardPage({ withoutJavaScript: false }) })}
        result={undefined}
      />,
    );
    expect(html).toContain(
      "El pago con tarjeta necesita JavaScript en tu navegador. Actívalo, o paga con PSE.",
    );
    expect(html).toMatch(/<a href="\/checkout\?paso=3"[^>]*>Pagar con PSE<\/a>/);
    expect(html).not.toContain('name="card_number"');
    expect(html).not.toContain('name="cvv2"');
  });

  it("loads the anti-fraud script only when one is set", () => {
    expect(render(<PaymentPage page={page()} result={undefined} />)).not.toContain("<script");
    const html = render(
      <PaymentPage
        page={page({ card: cardPage({ antifraudScript: "https://fraude.example/device.js" }) })}
        result={undefined}
      />,
    );
    expect(html).toMatch(/<script[^>]*src="https:\/\/fraude.example\/device.js"/);
  });

  it("shows the error pattern and never renders a card number or CVV, whatever it is given", () => {
    const html = render(
      <PaymentPage
        page={page()}
        result={cardReply({
          holder_name: "Ana María",
          expiration_month: "07",
          card_number: "4111111111111111",
          cvv2: "987",
        })}
      />,
    );
    expect(html).toContain("<title>Error: Pago con tarjeta | SegTel Colombia</title>");
    expect(html).toContain("Hay un problema");
    expect(html).toContain('<a href="#pago-tarjeta-card_number">Número de tarjeta inválido</a>');
    expect(html).toContain("Error al procesar la tarjeta. Por favor, verifique los datos.");
    expect(html).toMatch(
      /aria-invalid="true"[^>]*aria-describedby="pago-tarjeta-card_number-error/,
    );
    expect(html).toContain('id="pago-tarjeta-card_number-error"');
    expect(html).toContain('value="Ana María"');
    expect(html).toContain('<option value="07" selected="">07</option>');
    expect(html).not.toContain("4111111111111111");
    expect(html).not.toContain("987");
  });

  it("shows why it cannot take the payment instead of the form", () => {
    const changed = render(<PaymentPage page={page({ state: "changed" })} result={undefined} />);
    expect(changed).toContain("Tu carrito cambió después de preparar el pedido.");
    expect(changed).not.toContain('name="card_number"');
    const down = render(<PaymentPage page={page({ state: "unavailable" })} result={undefined} />);
    expect(down).toContain(
      "Error al conectar con la plataforma de pagos. Por favor, inténtelo de nuevo más tarde.",
    );
  });
});

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
    const html = render(<FailurePage view={{ code: "3001", description: "Tarjeta declinada" }} />);
    expect(html).toContain("Error en el pago");
    expect(html).toContain("3001");
    expect(html).toContain("Tarjeta declinada");
    expect(html.match(/<li>/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html).toMatch(/href="\/checkout\?paso=3"[^>]*>Intentar nuevamente/);
    expect(html).toContain('href="/carrito"');
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
