/**
 * What a shopper sees fit on their screen, and what follows them between tabs and through the
 * history: cards on a phone, the cart table at tablet and laptop widths, the header's search
 * box, the results after filtering, targets and contrast; the cart count of a second tab, the
 * unsent step 2 of the checkout after Back and Forward; the price filter's reading of amounts;
 * the headings of the lists and the picture of a product's link preview.
 */
import type { Page } from "@playwright/test";
import { postCheckoutSteps } from "./support/checkout-journey.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { cartOf, expect, sharedPageTest as test } from "./support/fixtures.ts";

const PHONE = { width: 375, height: 667 };

/** Top and bottom of the first `count` product cards. */
async function cardBoxes(page: Page, count: number) {
  const cards = page.locator("article[id^='producto-']");
  await expect(cards.nth(count - 1)).toBeVisible();
  return cards.evaluateAll(
    (elements, n) =>
      elements.slice(0, n).map((element) => {
        const box = element.getBoundingClientRect();
        return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
      }),
    count,
  );
}

/** The height the sticky header keeps over the page once scrolled. */
async function stickyHeaderHeight(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 400));
  const height = await page
    .getByRole("banner")
    .evaluate((header) => Math.max(0, header.getBoundingClientRect().bottom));
  await page.evaluate(() => window.scrollTo(0, 0));
  return height;
}

/** Product card controls (links, buttons, inputs) smaller than the 24 × 24 px target. */
function smallTargets(page: Page) {
  return page
    .locator("article[id^='producto-'] :is(a, button, input:not([type=hidden]))")
    .evaluateAll((elements) =>
      elements
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.outerHTML.slice(0, 60)} ${Math.round(box.width)}×${Math.round(box.height)}`;
        })
        .filter((text) => {
          const [w, h] = text.split(" ").at(-1)!.split("×").map(Number);
          return w < 24 || h < 24;
        }),
    );
}

/**
 * Whether the header's search box shows its whole placeholder: the text set as the box's value
 * does not scroll, with whatever room the box's own parts (a clear button) take.
 */
function placeholderFits(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("searchbox", { name: "Buscar productos" })
    .evaluate((input: HTMLInputElement) => {
      const fits = { text: input.placeholder, overflow: 0 };
      input.value = input.placeholder;
      fits.overflow = input.scrollWidth - input.clientWidth;
      input.value = "";
      return fits;
    });
}

// One phone, one page at a time: every check of the screen at 375 px in one test.
test("a phone (375 × 667): the first products on the first screen, two whole cards a screen, 24 px targets, the whole search placeholder, the results in view after filtering", async ({
  page,
  ready,
}) => {
  // Five pages in one test, instead of four tests of a context each.
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await ready();
  expect(await placeholderFits(page)).toEqual({ text: "Buscar productos", overflow: 0 });
  // A common Android width keeps it whole too.
  await page.setViewportSize({ width: 360, height: PHONE.height });
  expect(await placeholderFits(page)).toEqual({ text: "Buscar productos", overflow: 0 });
  await page.setViewportSize(PHONE);
  expect(await smallTargets(page), "/").toEqual([]);

  // /productos last: its targets and its filter follow.
  for (const path of ["/categoria/22", "/buscar?q=camara", "/productos"]) {
    await page.goto(path);
    const [first, second] = await cardBoxes(page, 2);
    // The first card's picture and title show without scrolling.
    expect(first.top + 120, path).toBeLessThanOrEqual(PHONE.height);
    const room = PHONE.height - (await stickyHeaderHeight(page));
    expect(second.bottom - first.top, `${path}: two cards in ${room} px`).toBeLessThanOrEqual(room);
  }
  await ready();
  expect(await smallTargets(page), "/productos").toEqual([]);

  await page.getByText("Filtros", { exact: true }).click();
  await page.getByRole("textbox", { name: "Precio mínimo" }).fill("100.000");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/precio_min=100\.000/);
  await expect(page.getByRole("heading", { level: 2, name: /productos/ })).toBeInViewport();
  await expect(page.locator("article[id^='producto-']").first()).toBeInViewport();
});

test("the cart at 768 and 1280 px: whole names, visible pictures; its two-digit badge passes contrast and axe", async ({
  page,
  jsOn,
  cart,
  products,
}) => {
  for (const product of products) await cart.add(product.id, 5);
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/carrito");
  const rows = page.locator("main table tbody tr");
  await expect(rows).toHaveCount(products.length);
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const row of await rows.all()) {
      const picture = await row.locator("img").boundingBox();
      expect(picture?.width ?? 0, `${width} px`).toBeGreaterThanOrEqual(64);
      const name = await row.getByRole("link").first().boundingBox();
      // A name set in a column wide enough for it: not one word a line.
      expect(name?.width ?? 0, `${width} px`).toBeGreaterThanOrEqual(180);
    }
    // For a person to look at when it fails (a retry), as layout.spec.ts does; nothing reads it.
    if (test.info().retry) {
      await page.screenshot({ path: test.info().outputPath(`carrito-${width}.png`) });
    }
  }
  await expect(cart.badge(10)).toBeVisible();
  // The badge's colours are the same link or button; the whole cart page is axe-checked with
  // and without JavaScript in a11y.spec.ts ('cart, with an item').
  if (jsOn) await expectNoSeriousA11yViolations(page, { include: "header" });
});

test("a second tab shows the cart changed in the first at once @js", async ({
  page,
  ready,
  baseURL,
  products,
}) => {
  await page.goto(`/producto/${products[0].id}`);
  await ready();
  const second = await page.context().newPage();
  await second.goto("/productos");
  await expect(
    second.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" }),
  ).toHaveAttribute("aria-haspopup", "dialog", { timeout: 20_000 });
  await expect(cartOf(second, baseURL!, true).badge(0)).toBeVisible();

  await page
    .getByRole("main")
    .getByRole("button", { name: /Agregar al carrito/ })
    .first()
    .click();
  await expect(cartOf(page, baseURL!, true).badge(1)).toBeVisible();
  // Another tab follows without a reload, its mini cart too: told at once by a message (no
  // polling), it asks for its cart again, which a loaded machine may take seconds to answer.
  await expect(cartOf(second, baseURL!, true).badge(1)).toBeVisible();
  await cartOf(second, baseURL!, true).badge(1).click();
  await expect(second.getByRole("dialog").getByText(products[0].title)).toBeVisible();
  await second.close();
});

test("what was typed on step 2 survives Back and Forward", async ({
  page,
  ready,
  cart,
  products,
  baseURL,
}) => {
  await cart.add(products[0].id);
  await postCheckoutSteps(page, baseURL!, 2);
  await page.goto("/carrito");
  await ready();
  await page.getByRole("link", { name: "Proceder al pago" }).click();
  const instructions = page.getByRole("textbox", { name: /Indicaciones de entrega/ });
  await instructions.fill("Dejar en portería, torre 2");
  await instructions.blur();
  await page.goBack();
  await expect(page).toHaveURL(/\/carrito$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/checkout(\?paso=2)?$/);
  await expect(instructions).toHaveValue("Dejar en portería, torre 2");
});

test.describe("the server's answers @once", () => {
  test("a price range reads '800.000,00', swaps reversed bounds and lists only what can be bought", async ({
    page,
  }) => {
    const answer = await page.goto("/productos?precio_min=800.000,00&precio_max=300.000");
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "intercambiamos" })).toHaveText(
      "El precio mínimo era mayor que el máximo: los intercambiamos.",
    );
    await expect(page.getByRole("textbox", { name: "Precio mínimo" })).toHaveValue("300.000");
    await expect(page.getByRole("textbox", { name: "Precio máximo" })).toHaveValue("800.000,00");
    const cards = page.locator("article[id^='producto-']");
    await expect(cards.first()).toBeVisible();
    await expect(cards.getByText("Consultar precio")).toHaveCount(0);
    await expect(cards.getByText("Sin stock")).toHaveCount(0);
    const prices = await cards
      .locator("strong")
      .allTextContents()
      .then((texts) => texts.map((text) => Number(text.replace(/\D/g, ""))));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(300_000);
      expect(price).toBeLessThanOrEqual(800_000);
    }
  });

  test("the lists' headings go h1, h2, h3 without a jump", async ({ page }) => {
    for (const path of ["/buscar?q=camara", "/marca/Hikvision", "/productos"]) {
      await page.goto(path);
      const levels = await page
        .locator("main :is(h1, h2, h3, h4, h5, h6)")
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      expect(levels[0], path).toBe(1);
      for (let i = 1; i < levels.length; i++) {
        expect(
          levels[i] - levels[i - 1],
          `${path}: h${levels[i - 1]} → h${levels[i]}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });

  test("a product's preview picture is a PNG, also when its first picture is missing", async ({
    page,
    request,
  }) => {
    // 15268: the sandbox product whose first picture answers 404 (sandbox/fixtures.ts).
    for (const id of ["15268", "18433"]) {
      await page.goto(`/producto/${id}`);
      const og = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(new URL(og!).pathname).toBe(`/producto/${id}/imagen.png`);
      const picture = await request.get(og!);
      expect(picture.status()).toBe(200);
      expect(picture.headers()["content-type"]).toBe("image/png");
      const bytes = await picture.body();
      expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
      // IHDR: 1200 px wide.
      expect(bytes.readUInt32BE(16)).toBe(1200);
    }
  });
});
