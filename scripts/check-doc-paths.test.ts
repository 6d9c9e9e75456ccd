import { describe, expect, it } from "vitest";
import {
  cited,
  citations,
  commentsOf,
  indexProblems,
  sectionCitations,
} from "./check-doc-paths.ts";

describe("citations", () => {
  it("finds the project paths a Markdown text cites, with their lines", () => {
    const text = [
      "The cart lives in `app/cart/cart.ts` (see docs/decisions/0200).",
      "Journeys: [the spec](tests/e2e/cart.spec.ts), and `sandbox/README.md`.",
    ].join("\n");
    expect(citations(text)).toEqual([
      { path: "app/cart/cart.ts", line: 1 },
      { path: "docs/decisions/0200", line: 1 },
      { path: "tests/e2e/cart.spec.ts", line: 2 },
      { path: "sandbox/README.md", line: 2 },
    ]);
  });

  it("leaves out URL paths, patterns and other sites' paths", () => {
    const text = [
      "Staff read `/sandbox/correos`; tests are `app/**/*.test.ts`;",
      "banners at `public/banners/categorias/{slug}.svg`;",
      "see https://example.com/docs/app/guide.md and ../shared/spec.md.",
    ].join("\n");
    expect(citations(text)).toEqual([]);
  });
});

describe("cited", () => {
  it("accepts an existing path and a decision named by its number alone", () => {
    expect(cited("app/cart/cart.ts")).toBe(true);
    expect(cited("docs/decisions/0200")).toBe(true);
  });

  it("refuses a path that does not exist", () => {
    expect(cited("app/components/MegaMenu.tsx")).toBe(false);
    expect(cited("docs/decisions/0001-no-such-record.md")).toBe(false);
    expect(cited("docs/decisions/9999")).toBe(false);
  });
});

describe("indexProblems", () => {
  it("names records left out of the index and links to records that do not exist", () => {
    const index = "- [0001](0001-one.md) One\n- [0003](0003-three.md) Three\n";
    expect(indexProblems(index, ["0001-one.md", "0002-two.md"])).toEqual([
      "0002-two.md is not in the index",
      "the index links 0003-three.md, which does not exist",
    ]);
    expect(indexProblems(index, ["0001-one.md", "0003-three.md"])).toEqual([]);
  });
});

describe("commentsOf", () => {
  it("keeps the comments of code, each on its line, and drops strings and patterns", () => {
    const source = [
      'const a = "app/in/a/string.ts"; // see app/cart/cart.ts',
      "const b = /app\\/in\\/a\\/pattern.ts/;",
      "/**",
      " * The totals (app/money/totals.ts).",
      " */",
      "const c = `app/in/a/template.ts`;",
    ].join("\n");
    expect(citations(commentsOf(source))).toEqual([
      { path: "app/cart/cart.ts", line: 1 },
      { path: "app/money/totals.ts", line: 4 },
    ]);
  });

  it("reads comments inside JSX", () => {
    const source = "const v = <div>{/* app/ui/Button.tsx */}</div>;";
    expect(citations(commentsOf(source, true))).toEqual([{ path: "app/ui/Button.tsx", line: 1 }]);
  });
});

describe("sectionCitations", () => {
  it("finds a section of a document the repository does not hold, by line", () => {
    const text = "Totals in pesos (docs/decisions/0552).\n * the overlay (spec §4/§9)\n§ 5 too";
    expect(sectionCitations(text)).toEqual([2, 3]);
  });

  it("leaves a section sign that cites nothing", () => {
    expect(sectionCitations("El símbolo § solo")).toEqual([]);
  });
});
