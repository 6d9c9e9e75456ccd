import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, expect, type Frame, type Page, test } from "@playwright/test";
import type * as Axe from "axe-core";
import { contextOptionsOf } from "./fixtures.ts";

/** axe-core's minified build: the same code as its main file, less than half the bytes to parse. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** A scripted page for the pages re-opened without JavaScript, and how to answer it. */
interface ScriptedPage {
  page: Page;
  /** Shows `html` at `url`: the document only, so the rest comes from the page's cache. */
  show(url: string, html: string): Promise<void>;
}

/** One scripted page per browser (so per worker). */
const scriptedPages = new WeakMap<Browser, Promise<ScriptedPage>>();

async function openScriptedPage(browser: Browser): Promise<ScriptedPage> {
  // The project's options (viewport, reduced motion), with scripts.
  const options = { ...contextOptionsOf(test.info().project.use), javaScriptEnabled: true };
  const page = await (await browser.newContext(options)).newPage();
  // Playwright's page.route turns the HTTP cache off and sends every request of the page
  // through the test process: each copy would load and decode every stylesheet, font and
  // image again. The browser's own interception of the one document leaves them cached.
  const session = await page.context().newCDPSession(page);
  const documents = new Map<string, string>();
  session.on("Fetch.requestPaused", ({ requestId, request }) => {
    const html = documents.get(request.url);
    documents.delete(request.url);
    const answer =
      html === undefined
        ? session.send("Fetch.continueRequest", { requestId })
        : session.send("Fetch.fulfillRequest", {
            requestId,
            responseCode: 200,
            responseHeaders: [{ name: "Content-Type", value: "text/html; charset=utf-8" }],
            body: Buffer.from(html).toString("base64"),
          });
    answer.catch(() => {});
  });
  await session.send("Fetch.enable", {
    patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Request" }],
  });
  return {
    page,
    async show(url, html) {
      const here = page.url();
      if (here !== "about:blank" && new URL(here).origin === new URL(url).origin) {
        // Same origin: the document is rewritten in place. The window, and the axe injected in
        // it, stay (document.open() keeps the Window); the URL is the page's, so relative
        // addresses resolve as they did there; the load ends when its stylesheets, fonts and
        // pictures have loaded, as a navigation's does. A fragment is then navigated to, as a
        // load of the URL would (scrolled to, and :target).
        const { hash } = new URL(url);
        await page.evaluate(
          ([url, html, hash]) =>
            new Promise<void>((resolve) => {
              history.replaceState(null, "", url);
              document.open();
              window.addEventListener(
                "load",
                () => {
                  if (hash) location.hash = hash;
                  resolve();
                },
                { once: true },
              );
              document.write(html);
              document.close();
            }),
          [url.replace(/#.*$/, ""), html, hash] as const,
        );
        return;
      }
      // The URL without its fragment: what the browser asks the server for.
      documents.set(url.replace(/#.*$/, ""), html);
      await page.goto(url);
    },
  };
}

function scriptedPage(browser: Browser) {
  let page = scriptedPages.get(browser);
  if (!page) {
    page = openScriptedPage(browser);
    scriptedPages.set(browser, page);
  }
  return page;
}

/** What the check reads of axe in the page: its rules' impacts, and `run`. */
interface AxeInPage {
  _audit: { rules: { id: string; impact?: string }[] };
  configure(spec: { rules: { id: string; enabled: boolean }[] }): void;
  run: typeof Axe.run;
}

/**
 * axe into a frame that has none yet (a new document), with the rules that cannot report a
 * serious or critical violation turned off. Every axe rule has one impact, which every
 * violation it reports carries, and this check reads only serious and critical ones; the
 * minor and moderate rules (landmarks, heading order, region) cost time and could fail nothing.
 */
async function injectAxe(frame: Frame) {
  const present = await frame.evaluate(() => "axe" in window);
  if (present) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(() => {
    const inPage = (window as unknown as { axe: AxeInPage }).axe;
    inPage.configure({
      rules: inPage._audit.rules
        .filter((rule) => rule.impact !== "serious" && rule.impact !== "critical")
        .map((rule) => ({ id: rule.id, enabled: false })),
    });
  });
}

/**
 * The store's header and footer (app/layout), the same on every page: axe checks them in full
 * on the screens that are about them and leaves them out of every other check, so each check
 * reads the screen's own content (docs/decisions/0580). Matched by what only they hold, so a
 * page with a header of its own (the sandbox's bank) is still checked whole.
 */
const SITE_LAYOUT = [
  'body > header:has(nav[aria-label="Cuenta y compras"])',
  "body > footer:has(#pie-empresa)",
];

/** What part of the page a check reads. */
interface A11yScope {
  /** Only this part of the page: a dialog over a page checked on its own. */
  include?: string;
  /** The header and footer too (SITE_LAYOUT): for the screens that are about them. */
  wholePage?: boolean;
}

/** axe's serious and critical violations in `page` (in `scope`), one line each. */
async function seriousViolations(page: Page, scope: A11yScope): Promise<string[]> {
  // Same-origin frames are checked too, as axe does when each has its own copy; the store has
  // none, and a cross-origin one could not be read.
  for (const frame of page.frames()) await injectAxe(frame).catch(() => {});
  const context = scope.include
    ? { include: [scope.include] }
    : scope.wholePage
      ? null
      : { exclude: SITE_LAYOUT.map((selector) => [selector]) };
  return page.evaluate(async (context) => {
    const inPage = (window as unknown as { axe: AxeInPage }).axe;
    const results = await inPage.run(context ?? document, { resultTypes: ["violations"] });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, context);
}

/**
 * Asserts axe finds no serious or critical violation on the page as it is now: its own
 * content (the header and footer left out unless `wholePage`), or only inside `include`.
 *
 * axe needs timers, which do not run in a page with JavaScript disabled. In the
 * js-off project the page's current DOM (scripts removed) is re-opened in a
 * scripted page at the same URL and viewport, with the same popovers open, so axe
 * checks exactly what a no-JS visitor sees. That page is kept for the worker, so
 * stylesheets and images come from its cache after the first check, and its document is
 * rewritten in place for each check at its origin, so axe is injected into it once.
 *
 * axe is injected once per document (a page checked twice keeps it) and runs with
 * `axe.run` in the page: every rule that can report a serious or critical
 * violation runs on every element, and every such violation is reported in full,
 * which is all this check reads.
 */
export async function expectNoSeriousA11yViolations(page: Page, scope: A11yScope = {}) {
  let target = page;
  if (test.info().project.name === "js-off") {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const openPopovers = await page
      .locator(":popover-open")
      .evaluateAll((elements) => elements.map((element) => element.id).filter(Boolean));
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const scripted = await scriptedPage(browser);
    const viewport = page.viewportSize();
    if (viewport) await scripted.page.setViewportSize(viewport);
    await scripted.show(page.url(), html);
    await scripted.page.evaluate((ids) => {
      for (const id of ids) document.getElementById(id)?.showPopover();
    }, openPopovers);
    target = scripted.page;
  }
  expect(await seriousViolations(target, scope)).toEqual([]);
}
