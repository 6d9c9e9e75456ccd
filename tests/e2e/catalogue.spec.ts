/**
 * Catalogue screens (issue 4): /productos, /categoria/…, /marca/…. Filters through the GET
 * form without JavaScript, applied while typing with it; sort, view, pagination, empty and
 * bad-input states; axe. Each test runs with JavaScript on and off.
 */
import { type Page, type TestInfo, expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";

const CATEGORY = "/productos?categoria=22&nombre=Videovigilancia";
const jsOn = (info: TestInfo) => info.project.name === "js-on";

/** With JS, wait for hydration (the top-bar search box then opens the overlay). */
async function ready(page: Page, info: TestInfo) {
  if (jsOn(info)) {
    await expect(
      page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" }),
    ).toHaveAttribute(
      "aria-haspopup",
      "dialog",
      { timeout: 20_000 }, // hydration on a loaded machine
    );
  }
}

const cards = (page: Page) => page.getByRole("main").locator("article");

async function productCount(page: Page): Promise<number> {
  const text = await page
    .getByRole("main")
    .getByText(/^[\d.]+ productos?\b/)
    .innerText();
  return Number(text.split(" ")[0].replace(/\./g, ""));
}

/** Card prices in pesos (null for 'Consultar precio'). */
async function cardPrices(page: Page): Promise<(number | null)[]> {
  const texts = await cards(page).allInnerTexts();
  return texts.map((t) => {
    const m = /\$\s?([\d.]+)\s*\/ Sin IVA/.exec(t.replace(/\u00a0/g, " "));
    return m ? Number(m[1].replace(/\./g, "")) : null;
  });
}

/** Submit the filter form: a click without JS, the debounced auto-apply with JS. */
async function applyFilters(page: Page, info: TestInfo, expectedParam: RegExp) {
  if (!jsOn(info)) await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(expectedParam);
  // The list is busy until the new one is on screen (the skeletons only show after 300 ms).
  await expect(page.getByTestId("resultados")).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
}

test("a category's catalogue: title, banner, count, filters, cards, pager, help; axe clean", async ({
  page,
}) => {
  const response = await page.goto(CATEGORY);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos en Videovigilancia");
  await expect(page.locator('img[src="/banners/categorias/videovigilancia.svg"]')).toHaveCount(1);
  expect(await productCount(page)).toBeGreaterThan(24);
  await expect(cards(page)).toHaveCount(24);
  const filters = page.getByRole("search", { name: "Filtros de productos" });
  await expect(filters.getByLabel("Nombre del producto")).toBeVisible();
  await expect(filters.getByLabel("Marca", { exact: true })).toContainText("Todas las marcas");
  await expect(filters.getByLabel("Precio mínimo")).toBeVisible();
  await expect(filters.getByLabel("Precio máximo")).toBeVisible();
  await expect(filters.getByRole("link", { name: "Limpiar" })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Paginación" });
  await expect(pager.getByRole("link", { name: "Página 1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(pager.getByText("…")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "¿Necesitas ayuda para elegir?" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Llamar al/ })).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/,
  );
  await expect(page.getByRole("button", { name: "Contactar a un asesor" })).toBeVisible();
  // The category's own page is the canonical copy.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/categoria\/22$/);
  await expectNoSeriousA11yViolations(page);
});

test("without a category: 'Catálogo de Productos', no banner @once", async ({ page }) => {
  await page.goto("/productos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catálogo de Productos");
  await expect(page.locator('img[src^="/banners/categorias/"]')).toHaveCount(0);
  expect(await productCount(page)).toBeGreaterThan(3000);
  await expect(cards(page)).toHaveCount(24);
});

test("a search list: 'Resultados para …' and noindex @once", async ({ page }) => {
  await page.goto("/productos?search=domo");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para domo");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(cards(page).first()).toBeVisible();
});

test("the name filter keeps only products with every word", async ({ page }, info) => {
  await page.goto(CATEGORY);
  await ready(page, info);
  const before = await productCount(page);
  await page.getByLabel("Nombre del producto").fill("domo");
  await applyFilters(page, info, /texto=domo/);
  const after = await productCount(page);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The typed value stays in the field; the category stays in the URL.
  await expect(page.getByLabel("Nombre del producto")).toHaveValue("domo");
  await expect(page).toHaveURL(/categoria=22/);
});

test("the brand select lists the brands present and keeps only that brand", async ({
  page,
}, info) => {
  await page.goto(CATEGORY);
  await ready(page, info);
  const select = page.getByLabel("Marca", { exact: true });
  const options = await select.locator("option").allInnerTexts();
  expect(options[0]).toBe("Todas las marcas");
  expect(options.length).toBeGreaterThan(2);
  const brand = options[1];
  await select.selectOption(brand);
  await applyFilters(
    page,
    info,
    new RegExp(`marca=${encodeURIComponent(brand).replace(/%20/g, "(\\+|%20)")}`),
  );
  // With JavaScript the address changes as the new list is requested: wait for the list.
  await expect(async () => {
    const texts = await cards(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.toLowerCase()).toContain(brand.toLowerCase());
  }).toPass();
});

test("price bounds are inclusive and keep products without a price", async ({ page }, info) => {
  await page.goto(`${CATEGORY}&orden=precio-asc`);
  await ready(page, info);
  const first = (await cardPrices(page)).find((p) => p !== null);
  expect(first).toBeTruthy();
  // The cheapest price itself as the minimum: it must still be listed (inclusive).
  await page.getByLabel("Precio mínimo").fill(String(first));
  await page.getByLabel("Precio máximo").fill("2000000");
  await applyFilters(page, info, /precio_max=2000000/);
  const prices = await cardPrices(page);
  expect(prices[0]).toBe(first);
  for (const p of prices) {
    if (p === null) continue;
    expect(p).toBeGreaterThanOrEqual(first as number);
    expect(p).toBeLessThanOrEqual(2_000_000);
  }
});

test("sorting by price, descending @once", async ({ page }) => {
  await page.goto(`${CATEGORY}&orden=precio-desc`);
  const prices = (await cardPrices(page)).filter((p): p is number => p !== null);
  expect(prices.length).toBeGreaterThan(5);
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
});

test("a bad price is explained, ignored and kept in the field (400)", async ({ page }) => {
  const response = await page.goto(`${CATEGORY}&precio_min=barato`);
  expect(response?.status()).toBe(400);
  await expect(
    page.getByText("El precio mínimo debe ser un número entero de pesos."),
  ).toBeVisible();
  await expect(page.getByLabel("Precio mínimo")).toHaveValue("barato");
  await expect(page.getByLabel("Precio mínimo")).toHaveAttribute("aria-invalid", "true");
  await expect(cards(page)).toHaveCount(24);
});

test("'Limpiar' clears every filter and keeps the category", async ({ page }, info) => {
  await page.goto(`${CATEGORY}&texto=domo&precio_min=1000&orden=nombre`);
  await ready(page, info);
  await page.getByRole("link", { name: "Limpiar" }).click();
  await expect(page).toHaveURL(/\/productos\?categoria=22&nombre=Videovigilancia$/);
  await expect(page.getByLabel("Nombre del producto")).toHaveValue("");
  await expect(page.getByLabel("Precio mínimo")).toHaveValue("");
});

test("with JS, 'Limpiar' also cancels a filter still being typed @js", async ({ page }, info) => {
  // A controlled clock: the typing delay elapses when the test says, not by waiting.
  await page.clock.install();
  await page.goto(`${CATEGORY}&precio_min=1000`);
  await ready(page, info);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.data*", async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByLabel("Nombre del producto").fill("domo");
  await page.getByRole("link", { name: "Limpiar" }).click();
  await page.clock.runFor(2_000);
  release();
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
  await expect(page).toHaveURL(/\/productos\?categoria=22&nombre=Videovigilancia$/);
  await expect(page.getByLabel("Nombre del producto")).toHaveValue("");
});

test("no match: 'No se encontraron productos' @once", async ({ page }) => {
  await page.goto(`${CATEGORY}&texto=zzqxw`);
  await expect(page.getByRole("heading", { name: "No se encontraron productos" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/^0 productos/)).toBeVisible();
});

test("grid/list switch lives in the URL", async ({ page }, info) => {
  await page.goto(CATEGORY);
  await ready(page, info);
  await page.getByRole("link", { name: "Lista" }).click();
  await expect(page).toHaveURL(/vista=lista/);
  await expect(page.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "true");
  // Filtering keeps the view.
  await page.getByLabel("Nombre del producto").fill("domo");
  await applyFilters(page, info, /texto=domo/);
  await expect(page).toHaveURL(/vista=lista/);
});

test("pagination: numbered links, current page, ellipses", async ({ page }, info) => {
  await page.goto(CATEGORY);
  await ready(page, info);
  const firstTitle = await cards(page).first().getByRole("heading").innerText();
  const pager = page.getByRole("navigation", { name: "Paginación" });
  await pager.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(pager.getByRole("link", { name: "Página 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstTitle);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/categoria\/22\?pagina=2$/,
  );
  // The last page link takes the shopper to the end.
  const last = pager.getByRole("link", { name: /^Página \d+$/ }).last();
  const lastNumber = Number((await last.innerText()).trim());
  await last.click();
  await expect(page).toHaveURL(new RegExp(`pagina=${lastNumber}`));
  await expect(pager.getByText("Siguiente")).toHaveAttribute("aria-disabled", "true");
});

test("with JS, 12 skeleton cards show while the list reloads @js", async ({ page }, info) => {
  await page.goto(CATEGORY);
  await ready(page, info);
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.data*", async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole("link", { name: "Siguiente" }).click();
  await expect(page.getByTestId("skeletons").locator(":scope > *")).toHaveCount(12);
  release();
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
  await expect(page).toHaveURL(/pagina=2/);
});

test("without JS, typing does nothing until 'Aplicar filtros' @nojs", async ({ page }) => {
  await page.goto(CATEGORY);
  await page.getByLabel("Nombre del producto").fill("domo");
  expect(page.url()).not.toContain("texto=");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/texto=domo/);
});

test("/categoria/{id}: the same screen with breadcrumb; levels resolve to the deepest id", async ({
  page,
}) => {
  await page.goto("/categoria/22");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos en Videovigilancia");
  const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
  await expect(crumbs.getByRole("link", { name: "Categorías" })).toHaveAttribute(
    "href",
    "/categorias",
  );
  // Follow a subcategory from /categorias search to get a real deeper id.
  const sub = await page.request.get("/categorias?q=domo");
  const html = await sub.text();
  const id = /href="\/categoria\/(\d+)"/.exec(html)?.[1];
  expect(id).toBeTruthy();
  const response = await page.goto(`/categoria/22/x/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/Domo/i);
  await expect(crumbs.getByRole("link", { name: "Videovigilancia" })).toBeVisible();
});

test("an unknown category answers 404 @once", async ({ page }) => {
  const response = await page.goto("/categoria/987654321");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Categoría no encontrada")).toBeVisible();
});

test("/marca/{marca}: only that brand's products; axe clean", async ({ page }) => {
  const response = await page.goto("/marca/Hikvision");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos Hikvision");
  const texts = await cards(page).allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text.toLowerCase()).toContain("hikvision");
  await expect(page.getByLabel("Marca", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
