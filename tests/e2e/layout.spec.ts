/**
 * The layout of every page: top bar, categories mega menu, contact dialog,
 * footer, skip link and scroll. Each test runs with JavaScript on and off.
 */
import { expect, type Page, test } from "@playwright/test";

const menu = (page: Page) => page.locator("#menu-categorias");
const menuButton = (page: Page) => page.getByRole("button", { name: "Categorías", exact: true });
const contactDialog = (page: Page) => page.getByRole("dialog", { name: /equipo de ventas/ });

test.describe("categories mega menu", () => {
  test("opens, shows the subcategory columns of the hovered category and links to the catalogue", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    // Set on this document: it survives client navigations only (JavaScript on).
    await page.evaluate(() => Object.assign(window, { firstDocument: true }));
    await expect(menu(page)).toBeHidden();
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    // Page scroll is locked while it is open.
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");

    const nav = menu(page).getByRole("navigation", { name: "Categorías de productos" });
    const tops = nav.locator(":scope > ul > li");
    expect(await tops.count()).toBeGreaterThanOrEqual(9);
    await expect(tops.first().locator("summary")).toHaveText(/Videovigilancia/);
    if (testInfo.project.name === "js-on") {
      // The menu's enhancement is live (it sets aria-expanded): its links navigate in-document.
      await expect(tops.first().locator("summary")).toHaveAttribute("aria-expanded", "true");
    }

    // The first category's columns show before any hover.
    const firstPanel = tops.first().locator("details > div");
    await expect(firstPanel).toBeVisible();
    const link = firstPanel.locator('a[href^="/productos?categoria="]').nth(1);
    await expect(link).toHaveAttribute("href", /^\/productos\?categoria=[^&]+&nombre=.+/);
    await expect(firstPanel.locator("ul li small").first()).toHaveText(/^[\d.]+ productos$/); // count badge

    // Hovering another top category swaps the columns.
    const second = tops.nth(1);
    await second.locator("summary").hover();
    await expect(second.locator("details > div")).toBeVisible();
    await expect(firstPanel).toBeHidden();

    // A subcategory link goes to the catalogue filtered by that category, and the menu is gone.
    const sub = second.locator('details > div a[href^="/productos?categoria="]').nth(1);
    const href = await sub.getAttribute("href");
    await sub.click();
    await expect(page).toHaveURL(href!, { timeout: 15_000 });
    await expect(menu(page)).toBeHidden();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");

    // On the next page the menu is whole again (with JavaScript its markup is kept from the
    // first document across client navigations), and it still leads on.
    await menuButton(page).click();
    await expect(tops).toHaveCount(await tops.count());
    expect(await tops.count()).toBeGreaterThanOrEqual(9);
    const third = tops.nth(2);
    await third.locator("summary").click();
    const next = third.locator('details > div a[href^="/productos?categoria="]').first();
    const nextHref = await next.getAttribute("href");
    await next.click();
    await expect(page).toHaveURL(nextHref!, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Productos en/);
    await expect(menu(page)).toBeHidden();
    const sameDocument = await page.evaluate(() => "firstDocument" in window);
    expect(sameDocument).toBe(testInfo.project.name === "js-on");
  });

  test("travels once: as markup, not again in the page's data @once", async ({ request }) => {
    const html = await (await request.get("/nosotros")).text();
    // A subcategory name appears in the menu's markup and nowhere else on a content page.
    const name = /<details[^>]*>[\s\S]*?<ul><li><a href="[^"]+">([^<]+)</.exec(html)?.[1];
    expect(name).toBeTruthy();
    expect(html.split(name!).length - 1).toBe(1);
    expect(html).not.toContain("categoriesTree");
  });

  test("closes on Escape and on an outside click", async ({ page }) => {
    await page.goto("/");
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");

    await page.setViewportSize({ width: 1280, height: 900 });
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(640, 880); // below the panel
    await expect(menu(page)).toBeHidden();
  });

  test("works by keyboard: open, pick a category, Escape returns focus", async ({ page }) => {
    await page.goto("/");
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();

    // Tab walks into the menu: its header link, the close button, then the first category.
    const tops = menu(page).locator("nav > ul > li");
    await page.keyboard.press("Tab");
    await expect(menu(page).getByRole("link", { name: "Ver todas las categorías" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(tops.first().locator("summary")).toBeFocused();

    // The open category's links come next, then the next category, which stays closed (its
    // links are not in the tab order) until Enter opens it and closes the first.
    const firstLinks = await tops.first().locator("details > div a").count();
    expect(firstLinks).toBeGreaterThan(0);
    await page.keyboard.press("Tab");
    await expect(tops.first().locator("details > div a").first()).toBeFocused();
    for (let i = 0; i < firstLinks; i++) await page.keyboard.press("Tab");
    await expect(tops.nth(1).locator("summary")).toBeFocused();
    await expect(tops.nth(1).locator("details > div")).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(tops.nth(2).locator("summary")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(tops.nth(1).locator("details > div")).toBeVisible();
    await expect(tops.first().locator("details > div")).toBeHidden();

    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });
});

test.describe("contact dialog", () => {
  test("opens from 'Contacto' with the sales e-mail and phone links, closes with its button", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(contactDialog(page)).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: "Contacto" }).click();
    const dialog = contactDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('a[href^="mailto:"]')).toHaveText(/@/);
    await expect(dialog.locator('a[href^="tel:+57"]')).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
  });

  test("works by keyboard and Escape returns focus to the button", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("banner").getByRole("button", { name: "Contacto" });
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = contactDialog(page);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.locator('a[href^="mailto:"]')).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test("footer links to the content pages, the phone and e-mail, with the current year", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["Nosotros", "/nosotros"],
    ["Garantías", "/garantias"],
    ["Soporte técnico", "/soporte-tecnico"],
    ["Política de privacidad", "/privacidad"],
  ]) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

  await footer.getByRole("link", { name: "Garantías", exact: true }).click();
  await expect(page).toHaveURL(/\/garantias$/, { timeout: 15_000 });
});

test("top bar: logo home, search form, login and cart links, landmarks", async ({
  page,
}, testInfo) => {
  await page.goto("/nosotros");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /SegTel Colombia/ })).toHaveAttribute("href", "/");
  await expect(header.getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute(
    "href",
    "/login",
  );
  // The cart is a link to /carrito without JavaScript and the mini-cart button with it.
  const cart = header.getByRole(testInfo.project.name === "js-on" ? "button" : "link", {
    name: /^Carrito/,
  });
  await expect(cart).toBeVisible();
  const search = header.getByRole("search");
  await search.getByRole("searchbox").fill("cámara domo");
  await search.getByRole("searchbox").press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=c%C3%A1mara(\+|%20)domo/, { timeout: 15_000 });
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
});

test("the skip link is the first stop and jumps to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido principal" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#contenido$/);
  await page.keyboard.press("Tab");
  expect(await page.locator("main :focus").count()).toBe(1);
});

test("a new path starts at the top of the page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Nosotros" }),
  ).toBeInViewport();
  await page.getByRole("contentinfo").getByRole("link", { name: "Nosotros", exact: true }).click();
  await expect(page).toHaveURL(/\/nosotros$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Nosotros" }),
  ).not.toBeInViewport();
});

test("at 320 px nothing overflows sideways and the menu fills the screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  const width = await page.locator("body").evaluate((body) => body.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  await menuButton(page).click();
  const box = await menu(page).boundingBox();
  expect(box?.width).toBe(320);
  await expect(
    menu(page).getByRole("button", { name: "Cerrar menú de categorías" }),
  ).toBeInViewport();
});
