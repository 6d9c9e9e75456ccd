import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeDescription } from "./sanitize.server";

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
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">',
    );
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/data:/i);
    expect(out).not.toContain("<img");
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

  it("returns null for empty or blank markup", () => {
    expect(sanitizeDescription(null)).toBeNull();
    expect(sanitizeDescription("")).toBeNull();
    expect(sanitizeDescription("<p><br></p>  ")).toBeNull();
    expect(sanitizeDescription("<script>alert(1)</script>")).toBeNull();
  });
});

describe("htmlToText", () => {
  it("strips tags, drops script text, decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Cámara &amp; <b>DVR</b>\n\n &lt;4K&gt;</p><script>x()</script>")).toBe(
      "Cámara & DVR <4K>",
    );
  });
});
