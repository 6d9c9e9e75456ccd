import { describe, expect, it } from "vitest";
import { withoutRepeatedFacts } from "./repeated-facts.server";

// As the supplier sends product 18433: prose, then the feature list and the specification
// table the page also shows from `features` and `especificaciones`.
const html = `<h3>Panel de Alarma Híbrido de 32 zonas</h3>
<p>El DS-YD792 de <strong>Hikvision</strong> es un equipo pensado para alarmas.</p>
<h4>Características principales</h4>
<ul><li>Verificación por foto</li><li>Programación remota</li></ul>
<h4>Especificaciones</h4>
<table><tbody><tr><th>Zonas</th><td>32 zonas</td></tr><tr><th>Comunicación</th><td>GPRS</td></tr></tbody></table>
<p>Garantía de un año.</p>`;
const features = ["Verificación por foto", "Programación remota"];
const specifications = { Zonas: "32 zonas", Comunicación: "GPRS" };

describe("withoutRepeatedFacts", () => {
  it("drops the list of features and the table of specifications with their headings", () => {
    const out = withoutRepeatedFacts({ descriptionHtml: html, features, specifications })!;
    expect(out).not.toContain("<ul>");
    expect(out).not.toContain("<table>");
    expect(out).not.toContain("Características principales");
    expect(out).not.toContain("Especificaciones");
    expect(out).toContain("<h3>Panel de Alarma Híbrido de 32 zonas</h3>");
    expect(out).toContain("<strong>Hikvision</strong>");
    expect(out).toContain("<p>Garantía de un año.</p>");
  });

  it("finds the list and the table written in capitals, with attributes or a line break", () => {
    const written = html
      .replace("<ul>", '<UL class="lista">')
      .replace("</ul>", "</UL>")
      .replace("<table>", "<TABLE\n  border=1>")
      .replace("</table>", "</TABLE>");
    const out = withoutRepeatedFacts({ descriptionHtml: written, features, specifications })!;
    expect(out).not.toMatch(/<ul|<table/i);
    expect(out).not.toContain("Especificaciones");
    expect(out).toContain("<p>Garantía de un año.</p>");
  });

  it("gives back a description with no list or table as it came", () => {
    const prose = "<h4>Especificaciones</h4><p>Verificación por foto</p>";
    expect(withoutRepeatedFacts({ descriptionHtml: prose, features, specifications })).toBe(prose);
  });

  it("reads the list's text as shown, its entities decoded", () => {
    const encoded = html.replace(
      "<li>Verificación por foto</li>",
      "<li>Verificaci&oacute;n por foto</li>",
    );
    const out = withoutRepeatedFacts({ descriptionHtml: encoded, features, specifications })!;
    expect(out).not.toContain("<ul>");
    expect(out).toContain("<p>Garantía de un año.</p>");
  });

  it("cuts a list left open at the description's end, and keeps one its parent closes", () => {
    const list = "<ul><li>Verificación por foto</li><li>Programación remota</li>";
    const atEnd = withoutRepeatedFacts({
      descriptionHtml: `<p>Intro</p><h4>Características</h4>${list}`,
      features,
      specifications,
    });
    expect(atEnd).toBe("<p>Intro</p>");
    const inside = `<p>Intro</p><div>${list}</div><p>Fin</p>`;
    expect(withoutRepeatedFacts({ descriptionHtml: inside, features, specifications })).toBe(
      inside,
    );
  });

  it("recognises the table with its rows in another order", () => {
    const swapped = html.replace(
      "<tr><th>Zonas</th><td>32 zonas</td></tr><tr><th>Comunicación</th><td>GPRS</td></tr>",
      "<tr><th>Comunicación</th><td>GPRS</td></tr><tr><th>Zonas</th><td>32 zonas</td></tr>",
    );
    const out = withoutRepeatedFacts({ descriptionHtml: swapped, features, specifications })!;
    expect(out).not.toContain("<table>");
  });

  it("keeps lists, tables and headings that say something else", () => {
    const other = withoutRepeatedFacts({
      descriptionHtml: html,
      features: ["Otra cosa"],
      specifications: { Zonas: "16 zonas" },
    });
    expect(other).toBe(html);
  });

  it("keeps everything when the product has no features or specifications of its own", () => {
    expect(withoutRepeatedFacts({ descriptionHtml: html, features: [], specifications: {} })).toBe(
      html,
    );
    expect(withoutRepeatedFacts({ descriptionHtml: null, features, specifications })).toBeNull();
  });

  it("drops only what repeats: the table stays when only the features repeat", () => {
    const out = withoutRepeatedFacts({
      descriptionHtml: html,
      features,
      specifications: { Otra: "cosa" },
    })!;
    expect(out).not.toContain("<ul>");
    expect(out).toContain("<table>");
    expect(out).toContain("<h4>Especificaciones</h4>");
  });
});
