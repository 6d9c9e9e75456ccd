/**
 * The whole-page cache (docs/decisions/0384, 0470, 0471), as a shopper meets it: a page served
 * from memory still runs its scripts under its strict CSP; a shopper with a cart gets the same
 * pages from memory with their own cart and notice, which hydrate and stay right; a conditional
 * request gets a 304 only for the bytes the client holds, never on the cart, checkout or payment
 * pages.
 */
import type { Page } from "@playwright/test";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { cartOf, expect, test } from "./support/fixtures.ts";

const PANEL = SANDBOX_FIXTURES.products.complete.id; // on /categoria/32/254, "Paneles de Alarma"
const STOCKED = SANDBOX_FIXTURES.products.largeStock;

/**
 * Errors of the page's scripts in the console: CSP refusals, hydration mismatches, anything else
 * thrown (a product drawing missing on purpose in the sandbox is not one).
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) problems.push(text);
    else if (message.type() === "error" && !text.startsWith("Failed to load resource")) {
      problems.push(text);
    }
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

test("a page from the cache runs its scripts under its hashed CSP, and navigates @js", async ({
  page,
}) => {
  const problems = watchConsole(page);
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
  expect(problems).toEqual([]);
});

test("a shopper with a cart gets cached pages with their own cart, and a notice once", async ({
  page,
  cart,
}) => {
  const problems = watchConsole(page);
  for (const path of ["/privacidad", `/producto/${PANEL}`]) await page.request.get(path);
  await cart.add(PANEL); // the cart cookie, and the notice for the next page

  const withNotice = await page.goto(`/producto/${PANEL}`);
  expect(withNotice?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
  expect(withNotice?.headers()["cache-control"]).toBe("private, no-cache");
  const notice = page.getByRole("status").filter({ hasText: /^Agregado al carrito: 1 × / });
  await expect(notice).toBeVisible();
  await expect(cart.badge(1)).toBeVisible();

  const next = await page.goto("/privacidad");
  expect(next?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
  await expect(cart.badge(1)).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.context().clearCookies();
  const anonymous = await page.goto("/privacidad");
  expect(anonymous?.headers()["cache-control"]).toMatch(/^public/);
  await expect(cart.badge(0)).toBeVisible();
  expect(problems).toEqual([]);
});

test("a cached page hydrates with the shopper's cart, right through adds and navigations @js", async ({
  page,
  cart,
}) => {
  const problems = watchConsole(page);
  const category = "/categoria/32/254";
  for (const path of [category, `/producto/${PANEL}`, `/producto/${STOCKED}`]) {
    await page.request.get(path);
  }
  await cart.add(STOCKED);
  const miniCart = page.getByRole("dialog", { name: "Tu carrito" });
  /** Hydrated, the badge says `count`, and the mini cart holds each of `lines`. */
  const expectCart = async (count: number, lines: RegExp[]) => {
    await expect(cart.badge(count)).toBeVisible();
    await cart.badge(count).click();
    for (const line of lines) await expect(miniCart).toContainText(line);
    await page.keyboard.press("Escape");
    await expect(miniCart).toBeHidden();
  };

  // A document from the cache, filled in for this shopper, hydrated with the same cart.
  const first = await page.goto(`/producto/${PANEL}`);
  expect(first?.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
  await expectCart(1, [/1 × \$/]);

  // Add to the cart in place, then move around by client navigations.
  await page.getByRole("button", { name: "Agregar al carrito", exact: true }).click();
  await expectCart(2, [/Panel de Alarma/, /1 × \$/]);
  const data = page.waitForResponse((r) => new URL(r.url()).pathname === `${category}.data`);
  await page
    .getByRole("navigation", { name: "Ruta de navegación" })
    .getByRole("link")
    .last()
    .click();
  await expect(page).toHaveURL(new RegExp(`${category}$`));
  // A navigation's data holds no shopper's part: from the cache, privately.
  expect((await data).headers()["cache-control"]).toBe("private, no-cache");
  await expectCart(2, [/Panel de Alarma/]);
  await page.locator(`#producto-${PANEL}`).getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/producto/${PANEL}$`));
  await expectCart(2, [/Panel de Alarma/]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${category}$`));
  await expectCart(2, [/Panel de Alarma/]);

  // A new document after the change: the stored page again, with the new cart.
  await page.reload();
  await expectCart(2, [/Panel de Alarma/]);
  expect(problems).toEqual([]);
});

test("two shoppers never see each other's cart; a 304 only for the bytes held @once", async ({
  browser,
  baseURL,
}) => {
  const path = "/categoria/32";
  const [nobody, one, three] = await Promise.all(
    [0, 1, 2].map(async () => (await browser.newContext()).newPage()),
  );
  await nobody.request.get(path);
  await cartOf(one, baseURL!, false).add(PANEL);
  await cartOf(three, baseURL!, false).add(STOCKED, 3);
  await Promise.all([one, three].map((shopper) => shopper.request.get("/nosotros"))); // notices read

  const [mine, theirs] = await Promise.all([one.request.get(path), three.request.get(path)]);
  for (const [answer, words] of [
    [mine, '>1</span><span class="visually-hidden"> producto<'],
    [theirs, '>3</span><span class="visually-hidden"> productos<'],
  ] as const) {
    expect(answer.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    expect(answer.headers()["cache-control"]).toBe("private, no-cache");
    expect(await answer.text()).toContain(words);
  }

  // Conditional requests: a 304 for the page held, anonymous or a shopper's.
  const held = (shopper: Page, etag: string) =>
    shopper.request.get(path, { headers: { "If-None-Match": etag } });
  const anonymous = (await nobody.request.get(path)).headers().etag;
  expect((await held(nobody, anonymous)).status()).toBe(304);
  const myTag = mine.headers().etag;
  expect(myTag).not.toBe(anonymous);
  expect((await held(one, myTag)).status()).toBe(304);
  expect((await held(three, myTag)).status()).toBe(200);
  expect((await held(one, anonymous)).status()).toBe(200);
  // Never once the cart changed.
  await cartOf(one, baseURL!, false).add(STOCKED);
  const changed = await held(one, myTag);
  expect(changed.status()).toBe(200);
  expect(await changed.text()).toContain('>2</span><span class="visually-hidden"> productos<');

  // Never on the cart, the checkout or a payment page, whatever the client holds.
  for (const page of ["/carrito", "/checkout", "/checkout/pago"]) {
    const answer = await one.request.get(page, {
      headers: { "If-None-Match": "*" },
      maxRedirects: 0,
    });
    expect(answer.status(), page).not.toBe(304);
    expect(answer.headers().etag, page).toBeUndefined();
  }
  await Promise.all([nobody, one, three].map((shopper) => shopper.context().close()));
});
