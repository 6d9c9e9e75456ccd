import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/**
 * Asserts axe finds no serious or critical violation on the page as it is now
 * (optionally only inside `include`).
 *
 * axe needs timers, which do not run in a page with JavaScript disabled. In the
 * js-off project the page's current DOM (scripts removed) is re-opened in a
 * scripted page at the same URL, with the same popovers open, so axe checks
 * exactly what a no-JS visitor sees.
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
    const context = await browser.newContext({ javaScriptEnabled: true });
    target = await context.newPage();
    const url = page.url();
    await target.route(url, (route) =>
      route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
    );
    await target.goto(url);
    await target.evaluate((ids) => {
      for (const id of ids) document.getElementById(id)?.showPopover();
    }, openPopovers);
    close = () => context.close();
  }
  try {
    let builder = new AxeBuilder({ page: target });
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
