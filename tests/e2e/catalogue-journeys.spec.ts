/**
 * A shopper on the product lists: chains of navigations on /productos, /categoria/… and
 * /marca/… (filter, sort, page 2, 'Limpiar', a mega menu link, a filter there, back, a card's
 * product, a related one: client navigations of one document with JavaScript), prices
 * that filter and sort as shown, counts that add up, and the loading feedback of slow
 * navigations. Each journey runs with JavaScript on and off unless tagged.
 */
import type { Page } from "@playwright/test";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import { cardPrices, cards, countLine } from "./support/lists.ts";

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const filters = (page: Page) => page.getByRole("search", { name: "Filtros de productos" });

function expectAscending(prices: (number | null)[]) {
  const priced = prices.filter((p): p is number => p !== null);
  expect(priced.length).toBeGreaterThan(0);
  expect(priced).toEqual([...priced].sort((a, b) => a - b));
  // Products without a shown price come last.
  const firstUnpriced = prices.indexOf(null);
  if (firstUnpriced >= 0) expect(prices.slice(firstUnpriced).every((p) => p === null)).toBe(true);
}

/** Applies the filter form: without JS by its button; with JS it applies itself. */
async function apply(page: Page, jsOn: boolean) {
  if (!jsOn) await filters(page).getByRole("button", { name: "Aplicar filtros" }).click();
}

/** A listing screen answered: heading, count and cards, never the not-found page. */
async function expectListing(page: Page, title: string | RegExp) {
  // Busy from the start of a list navigation until the new list is on screen.
  await expect(page.getByTestId("resultados")).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
  await expect(heading(page)).toHaveText(title);
  await expect(page.getByText("Página no encontrada")).toHaveCount(0);
  expect((await countLine(page))[0]).toBeGreaterThan(0);
  await expect(cards(page).first()).toBeVisible();
}

/** Records data requests built on a data URL (`/productos.data.data`): there must be none. */
function watchDataUrls(page: Page): string[] {
  const broken: string[] = [];
  page.on("request", (request) => {
    if (/\.data\.data|\.data\?.*\.data/.test(request.url())) broken.push(request.url());
  });
  return broken;
}

const LISTS = [
  { start: "/productos", title: "Catálogo de Productos", keep: "" },
  { start: "/categoria/22", title: "Productos en Videovigilancia", keep: "" },
  { start: "/marca/Hikvision", title: "Productos Hikvision", keep: "" },
];

for (const list of LISTS) {
  test(`${list.start}: filter, sort, page 2, Limpiar, mega menu, filter, back, a product`, async ({
    page,
    jsOn,
    ready,
  }) => {
    test.setTimeout(120_000);
    const broken = watchDataUrls(page);
    await page.goto(list.start);
    await ready();
    // Set on this document: it survives client navigations only (JavaScript on).
    await page.evaluate(() => Object.assign(window, { firstDocument: true }));
    await expectListing(page, list.title);
    const path = new URL(page.url()).pathname;

    // 1. Price filters, as a shopper types them: 1000 in the minimum, wait, 300000 in the maximum.
    await filters(page).getByLabel("Precio mínimo").fill("1000");
    if (jsOn) await expect(page).toHaveURL(/precio_min=1000/);
    await filters(page).getByLabel("Precio máximo").fill("300000");
    await apply(page, jsOn);
    await expect(page).toHaveURL(/precio_min=1000&precio_max=300000/);
    expect(new URL(page.url()).pathname).toBe(path);
    await expectListing(page, list.title);
    for (const price of await cardPrices(page)) {
      if (price !== null) expect(price).toBeGreaterThanOrEqual(1000);
      if (price !== null) expect(price).toBeLessThanOrEqual(300_000);
    }

    // 2. Sort by price, ascending, on the filtered list.
    await filters(page).getByLabel("Ordenar por").selectOption("precio-asc");
    await apply(page, jsOn);
    await expect(page).toHaveURL(/orden=precio-asc/);
    expect(new URL(page.url()).pathname).toBe(path);
    await expectListing(page, list.title);
    const firstPage = await cardPrices(page);
    expectAscending(firstPage);

    // 3. Page 2 keeps the filters and the order.
    await page
      .getByRole("navigation", { name: "Paginación" })
      .getByRole("link", { name: "Siguiente" })
      .click();
    await expect(page).toHaveURL(/pagina=2/);
    const url = new URL(page.url());
    expect(url.pathname).toBe(path);
    expect(url.searchParams.get("precio_min")).toBe("1000");
    expect(url.searchParams.get("orden")).toBe("precio-asc");
    await expectListing(page, `${list.title}`);
    await expect(page.getByRole("main").getByText(/· página 2 de/)).toBeVisible();
    const secondPage = await cardPrices(page);
    expectAscending(secondPage);
    expect(secondPage.find((p) => p !== null)!).toBeGreaterThanOrEqual(
      firstPage.filter((p): p is number => p !== null).at(-1)!,
    );

    // 4. 'Limpiar' clears every filter, stays on the same list.
    await filters(page).getByRole("link", { name: "Limpiar" }).click();
    await expect(page).not.toHaveURL(/precio_|orden=|pagina=/);
    expect(new URL(page.url()).pathname).toBe(path);
    await expectListing(page, list.title);
    await expect(filters(page).getByLabel("Precio mínimo")).toHaveValue("");
    const cleared = page.url();

    // 5. A mega menu link to another list.
    await page.getByRole("banner").getByRole("button", { name: "Categorías" }).click();
    const menu = page.locator("#menu-categorias");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: /^Cámaras IP\b/ }).click();
    await expect(page).toHaveURL(/\/productos\?categoria=200&nombre=C%C3%A1maras(\+|%20)IP$/);
    await expectListing(page, "Productos en Cámaras IP");
    const fromMenu = page.url();

    // 6. A filter there: one brand.
    await filters(page).getByLabel("Marca", { exact: true }).selectOption("Hikvision");
    await apply(page, jsOn);
    await expect(page).toHaveURL(/\/productos\?.*categoria=200.*marca=Hikvision/);
    await expectListing(page, "Productos en Cámaras IP");
    // With JavaScript the address changes as the new list is requested: wait for the list.
    await expect(async () => {
      for (const text of await cards(page).allInnerTexts()) expect(text).toMatch(/HIKVISION/i);
    }).toPass();

    // 7. Back: with JavaScript the brand filter replaced its history entry (filters do not fill
    // the history), so back returns to the list before the menu link; without it, every
    // submitted form is an entry.
    await page.goBack();
    await expect(page).toHaveURL(jsOn ? cleared : fromMenu);
    await expectListing(page, jsOn ? list.title : "Productos en Cámaras IP");

    // 8. A card's title opens its product; a related product's title opens that one.
    const title = cards(page).first().getByRole("heading").getByRole("link");
    const product = await title.getAttribute("href");
    await title.click();
    await expect(page).toHaveURL(product!);
    await expect(heading(page)).toBeVisible();
    const related = page.getByRole("region", { name: "Productos Relacionados" });
    const next = related.getByRole("article").first().getByRole("heading").getByRole("link");
    const nextProduct = await next.getAttribute("href");
    await next.click();
    await expect(page).toHaveURL(nextProduct!);
    await expect(heading(page)).not.toHaveText(/no encontrado|Error/);

    // With JavaScript every step was a client navigation of the first document.
    expect(await page.evaluate(() => "firstDocument" in window)).toBe(jsOn);
    expect(broken).toEqual([]);
  });
}

test("pagination then sort, and sort then pagination, stay on the list @js", async ({
  page,
  ready,
}) => {
  const broken = watchDataUrls(page);
  await page.goto("/categoria/22?pagina=3");
  await ready();
  await expectListing(page, "Productos en Videovigilancia");
  await filters(page).getByLabel("Ordenar por").selectOption("precio-desc");
  await expect(page).toHaveURL(/\/categoria\/22\?.*orden=precio-desc/);
  await expectListing(page, "Productos en Videovigilancia");
  const pager = page.getByRole("navigation", { name: "Paginación" });
  await pager.getByText("Siguiente").click();
  await expect(page).toHaveURL(/\/categoria\/22\?.*pagina=2/);
  // Page 2 rendered before the next sort (the URL changes a moment before the list does).
  await expect(pager.locator('[aria-current="page"]')).toHaveText(/\b2\b/);
  await filters(page).getByLabel("Ordenar por").selectOption("nombre");
  await expect(page).toHaveURL(/\/categoria\/22\?.*orden=nombre/);
  await expectListing(page, "Productos en Videovigilancia");
  expect(broken).toEqual([]);
});

test("a price filter and the price sort use exactly the price the card shows @once", async ({
  page,
}) => {
  await page.goto("/productos?categoria=1000&precio_max=190000");
  await expectListing(page, "Productos en Cámaras Bala");
  const [total, , pages] = await countLine(page);
  expect(total).toBeGreaterThan(0);
  for (let p = 1; p <= pages; p++) {
    if (p > 1) await page.goto(`/productos?categoria=1000&precio_max=190000&pagina=${p}`);
    for (const price of await cardPrices(page))
      if (price !== null) expect(price).toBeLessThanOrEqual(190_000);
  }
  // 416870 sells at its discounted 187.200 (base 198.500): listed, and shown at that price on
  // its card and on its page.
  await page.goto("/productos?categoria=1000&precio_max=190000&orden=precio-desc");
  const card = cards(page).filter({ has: page.locator('a[href="/producto/416870"]') });
  await expect(card).toContainText("187.200");
  await page.goto("/producto/416870");
  const title = await heading(page).innerText();
  await expect(page.getByRole("region", { name: title })).toContainText(/\$\s?187\.200/);
  await expect(page.getByRole("region", { name: title })).not.toContainText("198.500");

  // 'Menor a mayor' across two pages: in order by the shown price.
  await page.goto("/productos?categoria=1000&orden=precio-asc");
  const one = await cardPrices(page);
  expectAscending(one);
  await page.goto("/productos?categoria=1000&orden=precio-asc&pagina=2");
  const two = await cardPrices(page);
  expectAscending(two);
  expect(two.find((p) => p !== null)!).toBeGreaterThanOrEqual(one.at(-1)!);
  // 'Mayor a menor' starts with the dearest shown price.
  await page.goto("/productos?categoria=1000&orden=precio-desc");
  const desc = (await cardPrices(page)).filter((p): p is number => p !== null);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  expect(desc[0]).toBeGreaterThanOrEqual(Math.max(...one.filter((p): p is number => p !== null)));
});

test("Videovigilancia: every count is true and every product reachable @once", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/categoria/22");
  await expectListing(page, "Productos en Videovigilancia");
  const [total, page1, pages] = await countLine(page);
  // The mega menu says how many products the category has: the page says the same.
  const badge = await page
    .locator("#menu-categorias a", { hasText: "Ver todo en Videovigilancia" })
    .locator("xpath=..")
    .textContent();
  expect(Number(badge!.replace(/\D/g, ""))).toBe(total);
  expect(total).toBe(6825);
  expect([page1, pages]).toEqual([1, Math.ceil(6825 / 24)]);
  await expect(page.getByText(/Por ahora solo podemos mostrar/)).toHaveCount(0);

  // The last page holds the last products, past the API's first 3,000, and they open.
  await page.goto(`/categoria/22?pagina=${pages}`);
  await expect(cards(page)).toHaveCount(6825 - (pages - 1) * 24);
  const href = await cards(page).last().getByRole("heading").getByRole("link").getAttribute("href");
  await page.goto(href!);
  await expect(
    page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link", {
      name: "Videovigilancia",
    }),
  ).toBeVisible();

  // A subcategory's count is its own, and a brand filter counts within the whole category.
  await page.goto("/categoria/200");
  expect((await countLine(page))[0]).toBe(2721);
  await page.goto("/categoria/22?marca=Hikvision");
  const [brandTotal] = await countLine(page);
  expect(brandTotal).toBeGreaterThan(0);
  expect(brandTotal).toBeLessThan(total);
});

// ── Loading feedback (point 5): only with JavaScript, only for slow navigations ──────────────

const progress = (page: Page) => page.getByRole("progressbar", { name: "Cargando la página" });

test("a slow list navigation shows the top bar and 12 skeleton cards, then the list @js", async ({
  page,
  ready,
  holdData,
}) => {
  await page.goto("/productos");
  await ready();
  const release = await holdData();
  await page.getByRole("navigation", { name: "Paginación" }).getByText("Siguiente").click();
  await expect(page.getByTestId("resultados")).toHaveAttribute("aria-busy", "true");
  await expect(progress(page)).toBeVisible();
  await expect(page.getByTestId("skeletons").locator(":scope > *")).toHaveCount(12);
  await expect(page.getByRole("main").getByText("Cargando productos...")).toBeVisible();
  release();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(progress(page)).toHaveCount(0);
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(24);
});

test("a mega menu link to another list shows the skeletons while it loads @js", async ({
  page,
  ready,
  holdData,
}) => {
  await page.goto("/productos");
  await ready();
  const release = await holdData();
  await page.getByRole("banner").getByRole("button", { name: "Categorías" }).click();
  await page
    .locator("#menu-categorias")
    .getByRole("link", { name: /^Cámaras IP\b/ })
    .click();
  await expect(progress(page)).toBeVisible();
  await expect(page.getByTestId("skeletons").locator(":scope > *")).toHaveCount(12);
  release();
  await expect(heading(page)).toHaveText("Productos en Cámaras IP");
  await expect(progress(page)).toHaveCount(0);
});

test("a slow search shows the top bar, then 'Buscando productos...' on the results page @js", async ({
  page,
  ready,
  holdData,
}) => {
  // Leaving a page for another screen: the old page says it is loading.
  await page.goto("/categorias");
  await ready();
  let release = await holdData();
  await page
    .getByRole("main")
    .getByRole("link", { name: /Ver productos/ })
    .first()
    .click();
  await expect(progress(page)).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/categoria\//);
  await expect(progress(page)).toHaveCount(0);

  // A new search from the results page: the bar and 'Buscando productos...'.
  await page.unrouteAll();
  await page.goto("/buscar?q=camara");
  await ready();
  release = await holdData();
  const box = page.getByRole("main").getByRole("searchbox", { name: "Buscar productos" });
  await box.fill("sirena");
  await box.press("Enter");
  await expect(progress(page)).toBeVisible();
  await expect(page.getByRole("main").getByText("Buscando productos...")).toBeVisible();
  release();
  await expect(page).toHaveURL(/q=sirena/);
  await expect(page.getByRole("main").getByText("Buscando productos...")).toHaveCount(0);
  await expect(progress(page)).toHaveCount(0);
});

test("without JavaScript no loading state is ever rendered @nojs", async ({ page }) => {
  await page.goto("/productos");
  await page.getByRole("navigation", { name: "Paginación" }).getByText("Siguiente").click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(progress(page)).toHaveCount(0);
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
});
