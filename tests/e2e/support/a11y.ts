import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";

/** One scripted page per browser (so per worker) for the pages re-opened without JavaScript. */
const scriptedPages = new WeakMap<Browser, Promise<Page>>();

function scriptedPage(browser: Browser) {
  let page = scriptedPages.get(browser);
  if (!page) {
    page = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    scriptedPages.set(browser, page);
  }
  return page;
}

/**
 * Asserts axe finds no serious or critical violation on the page as it is now
 * (optionally only inside `include`).
 *
 * axe needs timers, which do not run in a page with JavaScript disabled. In the
 * js-off project the page's current DOM (scripts removed) is re-opened in a
 * scripted page at the same URL, with the same popovers open, so axe checks
 * exactly what a no-JS visitor sees. That page is kept for the worker, so
 * stylesheets and images come from its cache after the first check.
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
  let done = async () => {};
  if (test.info().project.name === "js-off") {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const openPopovers = await page
      .locator(":popover-open")
      .evaluateAll((elements) => elements.map((element) => element.id).filter(Boolean));
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const scripted = await scriptedPage(browser);
    const url = page.url();
    await scripted.route(url, (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await scripted.goto(url);
    await scripted.evaluate((ids) => {
      for (const id of ids) document.getElementById(id)?.showPopover();
    }, openPopovers);
    target = scripted;
    // Left blank, so the next check's page loads whole even at the same URL (a fragment alone
    // would not load it again).
    done = async () => {
      await scripted.unroute(url);
      await scripted.goto("about:blank");
    };
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
    await done();
  }
}
