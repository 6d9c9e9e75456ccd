/**
 * The layout of every page: top bar, categories mega menu (pointer and keyboard), contact
 * dialog, footer, skip link, scroll, and the frame at phone and desktop widths (no sideways
 * scroll on the main screens, with full-page screenshots of them when one does, or on a retry).
 * Each test runs with JavaScript on and off unless tagged.
 */
import type { Page } from "@playwright/test";
import { SITE_PAGES } from "../../app/content/site-pages.ts";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";

const menu = (page: Page) => page.locator("#menu-categorias");
const menuButton = (page: Page) => page.getByRole("button", { name: "Categorías", exact: true });
const contactDialog = (page: Page) => page.getByRole("dialog", { name: /equipo de ventas/ });

test.describe("categories mega menu", () => {
  test("opens, shows the subcategory columns of the hovered category and links to the catalogue @smoke", async ({
    page,
    jsOn,
  }) => {
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
    if (jsOn) {
      // The menu's enhancement is live (it sets aria-expanded): its links navigate in-document.
      await expect(tops.first().locator("summary")).toHaveAttribute("aria-expanded", "true");
    }

    // The first category's columns show before any hover.
    const firstPanel = tops.first().locator("details > div");
    await expect(firstPanel).toBeVisible();
    const link = firstPanel.locator('a[href^="/productos?categoria="]').nth(1);
    await expect(link).toHaveAttribute("href", /^\/productos\?categoria=[^&]+&nombre=.+/);
    // The count badge: its name and count apart for screen readers and text browsers.
    await expect(firstPanel.locator("ul li small").first()).toHaveText(/^, [\d.]+ productos$/);
    await expect(
      firstPanel.getByRole("link", { name: /^Accesorios de Video ?, [\d.]+ productos$/ }),
    ).toHaveCount(1);

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
    expect(sameDocument).toBe(jsOn);
  });

  test("travels once: as markup, not again in the page's data @once", async ({ request }) => {
    const html = await (await request.get("/nosotros")).text();
    // A subcategory name appears in the menu's markup and nowhere else on a content page.
    const name = /<details[^>]*>[\s\S]*?<ul><li><a href="[^"]+">([^<]+)</.exec(html)?.[1];
    expect(name).toBeTruthy();
    expect(html.split(name!).length - 1).toBe(1);
    expect(html).not.toContain("categoriesTree");
  });

  test("opened while the next page is on its way, stays open when that page arrives @js", async ({
    page,
    ready,
  }) => {
    await page.goto("/");
    await ready();
    // The shopper opens the menu just after the address changed, before the next page shows:
    // the new page closes what was open when the shopper left, not what they opened since.
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        push(...args);
        document.getElementById("menu-categorias")?.showPopover();
      };
    });
    await page.getByRole("banner").getByRole("link", { name: "Mis pedidos" }).click();
    await expect(page).toHaveURL(/\/mi-cuenta\/pedidos$/);
    await expect(page.getByRole("heading", { level: 1, name: /pedido/i })).toBeAttached();
    await expect(menu(page)).toBeVisible();
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

  test("by keyboard only the open category's panel is in the tab order; arrows move; expanded", async ({
    page,
    jsOn,
    ready,
  }) => {
    await page.goto("/categorias");
    await ready();
    await page.getByRole("banner").getByRole("button", { name: "Categorías" }).click();
    const menu = page.locator("#menu-categorias");
    await expect(menu).toBeVisible();
    const tops = menu.locator("summary");
    await expect(tops).toHaveCount(9);
    await expect(menu.locator("details[open]")).toHaveCount(1);

    // Tab from the menu's first control to the last top category: one stop per top category
    // plus the open panel's links, never every panel's.
    const openLinks = await menu.locator("details[open] a").count();
    let presses = 0;
    while (presses < 120) {
      const atLast = await tops.last().evaluate((el) => el === document.activeElement);
      if (atLast) break;
      await page.keyboard.press("Tab");
      presses++;
    }
    expect(presses).toBeLessThanOrEqual(openLinks + 9 + 3);
    expect(presses).toBeLessThan(100);

    // Enter opens the focused category and closes the other one.
    await page.keyboard.press("Enter");
    await expect(menu.locator("details[open]")).toHaveCount(1);
    await expect(menu.locator("details").last()).toHaveAttribute("open", "");
    await expect(
      menu.getByRole("link", { name: /^Ver todo en Cableado Estructurado/ }),
    ).toBeVisible();

    if (jsOn) {
      // Arrow keys move between top categories and open the one reached; aria-expanded follows.
      await page.keyboard.press("Home");
      await expect(tops.first()).toBeFocused();
      await expect(tops.first()).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("ArrowDown");
      await expect(tops.nth(1)).toBeFocused();
      await expect(tops.nth(1)).toHaveAttribute("aria-expanded", "true");
      await expect(tops.first()).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(tops.last()).toBeFocused();
      await expect(tops.last()).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("End");
      await expect(tops.last()).toBeFocused();
    }
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
  // Every page of the site's list that has a footer label.
  for (const entry of SITE_PAGES) {
    if (!("footer" in entry)) continue;
    const link = footer.getByRole("link", { name: entry.footer, exact: true });
    await expect(link).toHaveAttribute("href", entry.path);
  }
  await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

  await footer.getByRole("link", { name: "Garantías", exact: true }).click();
  await expect(page).toHaveURL(/\/garantias$/, { timeout: 15_000 });
});

test("top bar: logo home, search form, login and cart links, landmarks", async ({ page, jsOn }) => {
  await page.goto("/nosotros");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /SegTel Colombia/ })).toHaveAttribute("href", "/");
  await expect(header.getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute(
    "href",
    "/login",
  );
  await expect(header.getByRole("link", { name: "Mis pedidos" })).toHaveAttribute(
    "href",
    "/mi-cuenta/pedidos",
  );
  // The cart is a link to /carrito without JavaScript and the mini-cart button with it.
  const cart = header.getByRole(jsOn ? "button" : "link", {
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
  await expect(page).toHaveURL(/#contenido-principal$/);
  await page.keyboard.press("Tab");
  expect(await page.locator("main :focus").count()).toBe(1);
  // Text browsers follow it too: the target is an element w3m knows (it knows no <main>), and
  // the page's main content starts right inside it.
  const target = page.locator("#contenido-principal");
  expect(await target.evaluate((element) => element.tagName)).toBe("DIV");
  expect(await target.evaluate((element) => element.firstElementChild?.tagName)).toBe("MAIN");
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

test("at 375 px the header stays at most 64 px once scrolled; the first product starts high", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/productos");
  const header = page.getByRole("banner");
  const first = await page.getByRole("main").locator("article").first().boundingBox();
  expect(first!.y).toBeLessThan(450);
  await page.mouse.wheel(0, 900);
  await expect
    .poll(async () => {
      const box = await header.boundingBox();
      return box!.y + box!.height;
    })
    .toBeLessThanOrEqual(64);
  // What stays: categories, search and cart.
  await expect(header.getByRole("button", { name: "Categorías" })).toBeInViewport();
  await expect(header.getByRole("searchbox", { name: "Buscar productos" })).toBeInViewport();
  await expect(
    header
      .getByRole("link", { name: /Carrito/ })
      .or(header.getByRole("button", { name: /Carrito/ })),
  ).toBeInViewport();
});

const WIDE_SCREENS = [
  { name: "inicio", path: "/" },
  { name: "catalogo", path: "/productos" },
  { name: "producto", path: "/producto/18433" },
  { name: "carrito", path: "/carrito" },
];

for (const width of [375, 1280]) {
  test(`home, catalogue, product and cart at ${width} px: no sideways scroll`, async ({
    page,
    cart,
  }, info) => {
    await page.setViewportSize({ width, height: 900 });
    // A cart with one product, so the cart screen shows its table.
    await cart.add("18433");
    for (const screen of WIDE_SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (screen.path === "/carrito") await expect(page.getByRole("table")).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      // The whole screen as a picture when it scrolls sideways, and on the retry of a failed run.
      if (overflow > 0 || info.retry > 0) {
        await info.attach(`${screen.name}-${width}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: "image/png",
        });
      }
      expect(overflow, screen.path).toBeLessThanOrEqual(0);
    }
  });
}
