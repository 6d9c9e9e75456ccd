import { describe, expect, it } from "vitest";
import { htmlToText, isUsableUrl, sanitizeDescription } from "./sanitize.server";

describe("sanitizeDescription", () => {
  it("removes script and style elements together with their content", () => {
    const out = sanitizeDescription(
      "<p>Cámara IP</p><script>alert('x')</script><style>p{color:red}</style>",
    );
    expect(out).toBe("<p>Cámara IP</p>");
  });

  it("removes event handler attributes and inline styles", () => {
    const out = sanitizeDescription(
      '<p onclick="steal()" style="color:red">Texto</p><img src="https://cdn.example.com/a.png" onerror="steal()">',
    );
    expect(out).not.toMatch(/onclick|onerror|style=/i);
    expect(out).toContain("<p>Texto</p>");
    expect(out).toContain('src="https://cdn.example.com/a.png"');
  });

  it("removes javascript: URLs in any spelling and data: image sources", () => {
    const out = sanitizeDescription(
      '<p>ok</p><a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">',
    );
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/data:/i);
    expect(out).not.toContain("<img");
    expect(out).toBe("<p>ok</p>");
  });

  it("drops iframes, objects and forms", () => {
    const out = sanitizeDescription(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><form action="/x"><input name="a"></form><p>ok</p>',
    );
    expect(out).toBe("<p>ok</p>");
  });

  it("keeps formatting, lists, tables and safe links, adding rel to links", () => {
    const out = sanitizeDescription(
      "<p><strong>Alta</strong> <em>resolución</em></p><ul><li>4K</li></ul>" +
        '<table><tr><th scope="row">Lente</th><td colspan="2">2.8 mm</td></tr></table>' +
        '<a href="https://fabricante.example/ficha" target="_blank">Ficha</a>',
    );
    expect(out).toContain("<p><strong>Alta</strong> <em>resolución</em></p>");
    expect(out).toContain("<ul><li>4K</li></ul>");
    expect(out).toContain('<th scope="row">Lente</th><td colspan="2">2.8 mm</td>');
    expect(out).toContain(
      '<a href="https://fabricante.example/ficha" rel="noopener noreferrer">Ficha</a>',
    );
  });

  it("demotes h1/h2 so the page outline stays valid", () => {
    expect(sanitizeDescription("<h1>Título</h1><h2>Sub</h2>")).toBe("<h3>Título</h3><h3>Sub</h3>");
  });

  it("drops images whose source cannot be loaded from the page, keeps usable ones", () => {
    const out = sanitizeDescription(
      '<p>Texto</p><img src="x" onerror="alert(1)" alt=""><img src="img/a.png">' +
        '<img src="//cdn.example.com/b.png"><img src="ftp://cdn.example.com/c.png"><img src="">' +
        '<img src="https://cdn.example.com/d.png"><img src="/sandbox/img/productos/1-1.svg">',
    );
    expect(out).toBe(
      '<p>Texto</p><img src="https://cdn.example.com/d.png" alt="" loading="lazy" />' +
        '<img src="/sandbox/img/productos/1-1.svg" alt="" loading="lazy" />',
    );
  });

  it("drops links without a usable destination, with their text", () => {
    const out = sanitizeDescription(
      '<p>Manual</p><p><a href="javascript:alert(document.cookie)">Descargar manual</a></p>' +
        '<p>Ver <a href="ficha.pdf">ficha</a> y <a href="mailto:ventas@example.co">ventas</a></p>' +
        "<p><a>ancla</a></p>",
    );
    expect(out).toBe(
      '<p>Manual</p><p>Ver  y <a href="mailto:ventas@example.co" rel="noopener noreferrer">ventas</a></p>',
    );
  });

  it("drops links and paragraphs left empty by a dropped image", () => {
    const out = sanitizeDescription(
      '<p>Promoción</p><p><a href="https://example.com/promo"><img src="x"></a></p>' +
        '<figure><img src="banner.jpg"><figcaption></figcaption></figure>',
    );
    expect(out).toBe("<p>Promoción</p>");
  });

  it("keeps a linked image whose source is usable", () => {
    const out = sanitizeDescription(
      '<p><a href="https://example.com/a"><img src="https://cdn.example.com/a.png"></a></p>',
    );
    expect(out).toContain('<a href="https://example.com/a" rel="noopener noreferrer"><img');
  });

  it("drops an invitation to click whose handler was removed, keeps one with a real link", () => {
    const out = sanitizeDescription(
      "<p>Cámara IP</p>" +
        "<p onclick=\"alert('clic')\">Haga clic aquí para ver la promoción</p>" +
        '<p><span onclick="x()">Click here</span> y listo</p>' +
        '<p>Para el manual haga clic <a href="https://example.com/m.pdf">aquí</a>.</p>',
    );
    expect(out).not.toMatch(/promoción|Click here/);
    expect(out).toContain("<p> y listo</p>");
    expect(out).toContain('haga clic <a href="https://example.com/m.pdf"');
  });

  it("cleans the sandbox's hostile description down to its real content", () => {
    const out = sanitizeDescription(
      "<h3>Controlador de Carga Solar</h3>\n<p>El SPD-243I de <strong>Schneider</strong>.</p>\n" +
        '<img src="x" onerror="alert(\'img\')" alt="">\n<script>alert("xss")</script>\n' +
        "<p onclick=\"alert('clic')\">Haga clic aquí para ver la promoción</p>\n" +
        '<p><a href="javascript:alert(document.cookie)">Descargar manual</a></p>\n' +
        '<iframe src="https://example.invalid/publicidad"></iframe>\n<h4>Características</h4>',
    );
    expect(out).not.toMatch(/<img|<a\b|<iframe|<script|Haga clic|Descargar manual/);
    expect(out).toMatch(/^<h3>Controlador de Carga Solar<\/h3>\n<p>El SPD-243I/);
    expect(out).toMatch(/<h4>Características<\/h4>$/);
  });

  it("returns null for empty or blank markup", () => {
    expect(sanitizeDescription(null)).toBeNull();
    expect(sanitizeDescription("")).toBeNull();
    expect(sanitizeDescription("<p><br></p>  ")).toBeNull();
    expect(sanitizeDescription("<script>alert(1)</script>")).toBeNull();
    for (const blank of [
      "<hr>",
      "<p>&nbsp;</p>",
      "<p>\u00a0 \n</p>",
      "<table><tr><td> </td></tr></table>",
    ])
      expect(sanitizeDescription(blank), blank).toBeNull();
  });

  it("keeps markup whose only text is escaped or short", () => {
    for (const [html, clean] of [
      ["<p>&lt;</p>", "<p>&lt;</p>"],
      ["<p>1 > 0</p>", "<p>1 &gt; 0</p>"],
      [
        '<table><tr><td title="a > b">&amp;</td></tr></table>',
        "<table><tr><td>&amp;</td></tr></table>",
      ],
      ["<b>.</b>", "<b>.</b>"],
    ])
      expect(sanitizeDescription(html)).toBe(clean);
  });
});

describe("isUsableUrl", () => {
  it("accepts absolute http(s) and root-relative URLs only", () => {
    expect(isUsableUrl("https://cdn.example.com/a.png")).toBe(true);
    expect(isUsableUrl("http://cdn.example.com/a.png")).toBe(true);
    expect(isUsableUrl("/sandbox/img/productos/1-1.svg")).toBe(true);
    for (const bad of [
      "x",
      "img/a.png",
      "//cdn.example.com/a.png",
      "ftp://h/a",
      "",
      " ",
      undefined,
    ])
      expect(isUsableUrl(bad)).toBe(false);
    expect(isUsableUrl("mailto:a@b.co")).toBe(false);
    expect(isUsableUrl("mailto:a@b.co", ["mailto"])).toBe(true);
  });
});

describe("htmlToText", () => {
  it("strips tags, drops script text, decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Cámara &amp; <b>DVR</b>\n\n &lt;4K&gt;</p><script>x()</script>")).toBe(
      "Cámara & DVR <4K>",
    );
  });
});
