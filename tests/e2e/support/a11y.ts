import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";

/** One scripted context per browser (so per worker) for the pages re-opened without JavaScript. */
const scriptedContexts = new WeakMap<Browser, Promise<BrowserContext>>();

function scriptedContext(browser: Browser) {
  let context = scriptedContexts.get(browser);
  if (!context) {
    context = browser.newContext({ javaScriptEnabled: true });
    scriptedContexts.set(browser, context);
  }
  return context;
}

/**
 * Asserts axe finds no serious or critical violation on the page as it is now
 * (optionally only inside `include`).
 *
 * axe needs timers, which do not run in a page with JavaScript disabled. In the
 * js-off project the page's current DOM (scripts removed) is re-opened in a
 * scripted page at the same URL, with the same popovers open, so axe checks
 * exactly what a no-JS visitor sees. That page is new for each check; the
 * context it opens in is kept for the worker, so stylesheets and images come
 * from its cache after the first check.
 *
 * axe runs with `axe.run` in the page (the builder's legacy mode: same-origin
 * frames are checked, cross-origin ones would not be, and the store has none)
 * rather than in each frame with the results merged in a second, blank page,
 * and details only its violations: every rule still runs on every element, and
 * every violation is reported in full, which is all this check reads.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { include?: string } = {},
) {
  let target = page;
  let close = async () => {};
  if (test.info().project.name === "js-off") {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const openPopovers = await page
      .locator(":popover-open")
      .evaluateAll((elements) => elements.map((element) => element.id).filter(Boolean));
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    target = await (await scriptedContext(browser)).newPage();
    const url = page.url();
    await target.route(url, (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await target.goto(url);
    await target.evaluate((ids) => {
      for (const id of ids) document.getElementById(id)?.showPopover();
    }, openPopovers);
    const opened = target;
    close = () => opened.close();
  }
  try {
    let builder = new AxeBuilder({ page: target })
      .setLegacyMode(true)
      .options({ resultTypes: ["violations"] });
    if (options.include) builder = builder.include(options.include);
    const results = await builder.analyze();
    const serious = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
  } finally {
    await close();
  }
}
