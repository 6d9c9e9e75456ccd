/**
 * axe for the catalogue, category and search specs. axe needs timers, which a page without
 * JavaScript does not run: in js-off the no-JS DOM (scripts stripped) is re-opened in a
 * scripted page at the same URL and checked there.
 */
import AxeBuilder from "@axe-core/playwright";
import { type Page, type TestInfo, expect } from "@playwright/test";

export async function expectAxeClean(page: Page, info: TestInfo) {
  let target = page;
  let close = async () => {};
  if (info.project.name === "js-off") {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ javaScriptEnabled: true });
    target = await context.newPage();
    await target.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await target.goto(page.url());
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  } finally {
    await close();
  }
}
