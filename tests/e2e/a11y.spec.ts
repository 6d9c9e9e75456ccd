/**
 * The accessibility check itself (support/a11y.ts): a guard against a configuration that
 * silently checks nothing. With JavaScript on it checks the page in place; with it off, the
 * page re-opened in a scripted one. Both must still see what a visitor would meet.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";

test("the accessibility check fails on serious and critical violations", async ({ page }) => {
  await page.goto("/nosotros");
  await expectNoSeriousA11yViolations(page);
  // An image without a text alternative and a button without a name (critical), a link
  // without a name (serious).
  await page.getByRole("main").evaluate((main) => {
    main.insertAdjacentHTML(
      "afterbegin",
      '<img src="/favicon.svg" width="20" height="20"><button type="button"></button>' +
        '<a href="/garantias"></a>',
    );
  });
  const failure = await expectNoSeriousA11yViolations(page).then(
    () => "",
    (error: Error) => error.message,
  );
  for (const rule of ["image-alt", "button-name", "link-name"]) {
    expect(failure).toContain(`${rule}: `);
  }
});
