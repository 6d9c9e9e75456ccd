/**
 * The card form as the server renders it (no JavaScript): field names and autocomplete, the
 * error pattern, card data never rendered back, the way without JavaScript.
 */
import { describe, expect, it } from "vitest";
import { formatCOP } from "~/money/format";
import { expiryYears } from "./card";
import { PaymentPage } from "~/payments/PaymentPage";
import { FALLBACK_PSE_BANKS } from "~/payments/methods/pse/pse";
import { cardPage, cardReply, page, render } from "~/payments/views.test-support";

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

  it("says, without JavaScript, that the card goes to the store, not straight to the gateway", () => {
    const html = render(<PaymentPage page={page()} result={undefined} />);
    expect(html).toMatch(
      /<noscript><p[^>]*>Sin JavaScript, los datos de tu tarjeta viajan cifrados \(HTTPS\) a la tienda/,
    );
    expect(html).not.toContain("van cifrados a la pasarela de pagos");
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

  it("offers the other methods instead of a card form without JavaScript when the operator turned that path off", () => {
    const html = render(
      <PaymentPage
        page={page({ card: cardPage({ withoutJavaScript: false }) })}
        result={undefined}
      />,
    );
    expect(html).toContain(
      "El pago con tarjeta necesita JavaScript en tu navegador. Actívalo, o paga con PSE o efectivo.",
    );
    expect(html).toMatch(/<a href="\/checkout\?paso=3"[^>]*>Pagar con PSE o efectivo<\/a>/);
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
    expect(html).toContain(
      "Error al procesar la tarjeta. Por favor, verifique los datos. No se realizó ningún cobro.",
    );
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
