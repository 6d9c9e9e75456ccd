/**
 * Markup validity: html-validate's recommended rules over the server HTML of every screen the
 * suite visits (support/screens.ts), as a browser without JavaScript gets it. Only purely
 * stylistic rules are off, each with its reason; React's own output style is the reason for
 * most. Runs once, in the js-off project.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, sharedPageTest, test } from "./support/fixtures.ts";
import { HtmlValidate, type Message } from "html-validate";
import { SCREENS, type Screen } from "./support/screens.ts";

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // React writes camelCase attribute names (charSet, fetchPriority, maxLength); HTML
    // attribute names are case-insensitive, so only the style differs.
    "attr-case": "off",
    // React closes void elements as <meta/>; both forms are valid HTML.
    "void-style": "off",
    // React writes boolean attributes as async="" and hidden=""; the same as omitting the value.
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's useId gives ids like "_R_355_"; HTML allows any id without whitespace, and the
    // relaxed check still rejects empty and whitespace ids.
    "valid-id": ["error", { relaxed: true }],
  },
});

function describeMessage(m: Message): string {
  return `${m.ruleId} (${m.line}:${m.column}) ${m.message}${m.selector ? ` [${m.selector}]` : ""}`;
}

/**
 * Text browsers (lynx, w3m) ignore the `form` attribute: a submit button tied to its
 * form by it, outside the form, submits nothing there. So no button or submit input carries one,
 * and a control that does (conform adds it to inputs) sits inside the very form it names.
 */
function formAttributeProblems(html: string): string[] {
  const problems: string[] = [];
  const tags = (part: string) => part.match(/<[a-z]+\b[^>]*\sform="[^"]*"[^>]*>/gi) ?? [];
  for (const tag of tags(html)) {
    if (/^<button\b|^<input\b[^>]*\stype="(submit|image)"/i.test(tag)) problems.push(tag);
  }
  const outside = html.replace(/<form\b[^>]*>[\s\S]*?<\/form>/gi, (form) => {
    const id = /^<form\b[^>]*\sid="([^"]*)"/i.exec(form)?.[1];
    for (const tag of tags(form.replace(/^<form\b[^>]*>/i, ""))) {
      if (/\sform="([^"]*)"/.exec(tag)?.[1] !== id) problems.push(tag);
    }
    return "";
  });
  // Buttons are reported above already.
  problems.push(...tags(outside).filter((tag) => !problems.includes(tag)));
  return problems;
}

/**
 * The document as the server sends it; the browser need not render it for the validator to
 * read it. `client` carries the cookies of the state the screen needs.
 */
async function expectValidMarkup(screen: Screen, client: APIRequestContext) {
  const response = await client.get(screen.path);
  const status = response.status();
  if (screen.status === "5xx") expect(status, screen.path).toBeGreaterThanOrEqual(500);
  else expect(status, screen.path).toBe(screen.status ?? 200);
  const html = await response.text();
  if (screen.shows) expect(html, screen.path).toContain(screen.shows);
  expect(formAttributeProblems(html), `form attributes on ${screen.path}`).toEqual([]);
  const report = await validator.validateString(html, screen.path);
  const messages = report.results.flatMap((result) => result.messages);
  expect(messages.map(describeMessage), `html-validate on ${screen.path}`).toEqual([]);
}

for (const screen of SCREENS) {
  const title = `valid markup: ${screen.name} (${screen.path}) @nojs`;
  const { prepare } = screen;
  if (prepare) {
    // A cart or a checkout first, through the store's forms; then the browser's cookies.
    sharedPageTest(title, async ({ page, baseURL }) => {
      await prepare(page, baseURL!);
      await expectValidMarkup(screen, page.request);
    });
  } else {
    // A visitor without cookies: no browser needed.
    test(title, async ({ request }) => {
      await expectValidMarkup(screen, request);
    });
  }
}

test("links and forms carry no data-discover attribute @nojs", async ({ request }) => {
  // The whole route manifest comes with the first page (routeDiscovery "initial"), so the
  // attribute React Router's Link and Form add for lazy discovery is only bytes: app/ui/router.tsx
  // leaves it out (docs/decisions/0385).
  for (const path of ["/", "/productos", "/producto/18433", "/carrito", "/nosotros"]) {
    const html = await (await request.get(path)).text();
    expect((html.match(/<a /g) ?? []).length, path).toBeGreaterThan(10);
    expect(html.match(/<(a|form)\b[^>]*\bdata-discover\b[^>]*>/g) ?? [], path).toEqual([]);
  }
});

test("the form-attribute check catches a button outside its form @nojs", () => {
  expect(
    formAttributeProblems(
      '<form id="a"><input form="a" name="x"></form><button type="submit" form="a">Enviar</button>',
    ),
  ).toEqual(['<button type="submit" form="a">']);
  expect(formAttributeProblems('<form id="a"><input form="b" name="x"></form>')).toEqual([
    '<input form="b" name="x">',
  ]);
  expect(formAttributeProblems('<form id="a"><input form="a"><button>Ir</button></form>')).toEqual(
    [],
  );
});

test("the validator catches what it is meant to catch @nojs", async () => {
  // A guard against a configuration that silently checks nothing.
  const report = await validator.validateString(
    '<!doctype html><html lang="es"><head><title>t</title></head><body>' +
      '<a href="tel:+576015550123">+57 601 555 0123</a><div role="region" aria-label="x"></div>' +
      "</body></html>",
  );
  const rules = report.results.flatMap((r) => r.messages.map((m) => m.ruleId));
  expect(rules).toEqual(expect.arrayContaining(["tel-non-breaking", "prefer-native-element"]));
});
