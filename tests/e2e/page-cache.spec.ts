/**
 * The whole-page cache for anonymous visitors (docs/decisions/0384), as a shopper meets it:
 * a page served from memory still runs its scripts under its strict CSP, and a shopper with
 * a cart never gets the anonymous page.
 */
import { expect, test } from "./support/fixtures.ts";

test("a page from the cache runs its scripts under its hashed CSP, and navigates on @js", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.request.get("/soporte-tecnico"); // stored
  const response = await page.goto("/soporte-tecnico");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  // Hydrated: the cart link has become the mini cart's button.
  await expect(page.getByRole("banner").getByRole("button", { name: /^Carrito/ })).toBeVisible();
  // A client navigation (its .data request may come from the cache too), then another.
  await page.getByRole("contentinfo").getByRole("link", { name: "Garantías", exact: true }).click();
  await expect(page).toHaveURL(/\/garantias$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/garant/i);
  await page.getByRole("contentinfo").getByRole("link", { name: "Nosotros", exact: true }).click();
  await expect(page).toHaveURL(/\/nosotros$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(refused).toEqual([]);
});

test("a shopper with a cart never gets the cached page, and a new one gets it again", async ({
  page,
}) => {
  await page.request.get("/privacidad");
  const anonymous = await page.goto("/privacidad");
  expect(anonymous?.headers()["x-page-cache"]).toBe("hit");
  // The header's cart control: a link without JavaScript, the mini cart's button with it.
  const cart = page
    .getByRole("banner")
    .getByRole("link", { name: /^Carrito/ })
    .or(page.getByRole("banner").getByRole("button", { name: /^Carrito/ }));
  await expect(cart).toHaveAccessibleName(/0 productos/);

  // Adding to the cart (the no-JavaScript form, posted the way the browser would).
  await page.goto("/producto/18433");
  const added = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/carrito"),
  );
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Agregar al carrito/ })
    .first()
    .click();
  await added;
  await expect(cart).toHaveAccessibleName(/1 producto\b/);

  const personal = await page.goto("/privacidad");
  expect(personal?.headers()["x-page-cache"]).toBeUndefined();
  expect(personal?.headers()["cache-control"]).toBe("private, no-store");
  await expect(cart).toHaveAccessibleName(/1 producto\b/);

  await page.context().clearCookies();
  const again = await page.goto("/privacidad");
  expect(again?.headers()["x-page-cache"]).toBe("hit");
  await expect(cart).toHaveAccessibleName(/0 productos/);
});
