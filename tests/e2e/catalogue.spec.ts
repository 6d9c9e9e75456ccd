/**
 * The catalogue's list screens: /productos, /categoria/…, /marca/…. Filters through the GET
 * form without JavaScript, applied while typing with it; sort, view, pagination, subcategories,
 * brand pages, empty and bad-input states; the filters at phone and desktop widths. Chains of
 * navigations over these lists are catalogue-journeys.spec.ts. Each test runs with JavaScript
 * on and off unless tagged.
 */
import type { Page } from "@playwright/test";
import { expect, sharedPageTest as test, test as ownContextTest } from "./support/fixtures.ts";
import { cardPrices, cards, countLine } from "./support/lists.ts";

const productCount = async (page: Page) => (await countLine(page))[0];

const CATEGORY = "/productos?categoria=22&nombre=Videovigilancia";

/** Submit the filter form: a click without JS, the debounced auto-apply with JS. */
async function applyFilters(page: Page, jsOn: boolean, expectedParam: RegExp) {
  if (!jsOn) await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(expectedParam);
  // The list is busy until the new one is on screen (the skeletons only show after 300 ms).
  await expect(page.getByTestId("resultados")).not.toHaveAttribute("aria-busy", "true");
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
}

test("a category's catalogue: title, banner, count, filters, cards, pager, help", async ({
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

test("the name filter keeps only products with every word @smoke", async ({
  page,
  jsOn,
  ready,
}) => {
  await page.goto(CATEGORY);
  await ready();
  const before = await productCount(page);
  await page.getByLabel("Nombre del producto").fill("domo");
  await applyFilters(page, jsOn, /texto=domo/);
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
  jsOn,
  ready,
}) => {
  await page.goto(CATEGORY);
  await ready();
  const select = page.getByLabel("Marca", { exact: true });
  const options = await select.locator("option").allInnerTexts();
  expect(options[0]).toBe("Todas las marcas");
  expect(options.length).toBeGreaterThan(2);
  const brand = options[1];
  await select.selectOption(brand);
  await applyFilters(
    page,
    jsOn,
    new RegExp(`marca=${encodeURIComponent(brand).replace(/%20/g, "(\\+|%20)")}`),
  );
  // With JavaScript the address changes as the new list is requested: wait for the list.
  await expect(async () => {
    const texts = await cards(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.toLowerCase()).toContain(brand.toLowerCase());
  }).toPass();
});

test("price bounds are inclusive and list only products with a price and stock", async ({
  page,
  jsOn,
  ready,
}) => {
  await page.goto(`${CATEGORY}&orden=precio-asc`);
  await ready();
  // The cheapest card that can be bought (a price range lists only those, docs/decisions/0567).
  const texts = await cards(page).allInnerTexts();
  const prices = await cardPrices(page);
  const first = prices.find((p, i) => p !== null && /Stock: \d/.test(texts[i]));
  expect(first).toBeTruthy();
  // The cheapest such price itself as the minimum: it must still be listed (inclusive).
  await page.getByLabel("Precio mínimo").fill(String(first));
  await page.getByLabel("Precio máximo").fill("2000000");
  await applyFilters(page, jsOn, /precio_max=2000000/);
  const inRange = await cardPrices(page);
  expect(inRange[0]).toBe(first);
  for (const p of inRange) {
    expect(p).not.toBeNull();
    expect(p).toBeGreaterThanOrEqual(first as number);
    expect(p).toBeLessThanOrEqual(2_000_000);
  }
  await expect(cards(page).getByText("Sin stock")).toHaveCount(0);
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
    page.getByText("Escribe el precio mínimo en pesos, por ejemplo 800.000 o 800.000,00."),
  ).toBeVisible();
  await expect(page.getByLabel("Precio mínimo")).toHaveValue("barato");
  await expect(page.getByLabel("Precio mínimo")).toHaveAttribute("aria-invalid", "true");
  await expect(cards(page)).toHaveCount(24);
});

test("'Limpiar' clears every filter and keeps the category", async ({ page, ready }) => {
  await page.goto(`${CATEGORY}&texto=domo&precio_min=1000&orden=nombre`);
  await ready();
  await page.getByRole("link", { name: "Limpiar" }).click();
  await expect(page).toHaveURL(/\/productos\?categoria=22&nombre=Videovigilancia$/);
  await expect(page.getByLabel("Nombre del producto")).toHaveValue("");
  await expect(page.getByLabel("Precio mínimo")).toHaveValue("");
});

ownContextTest(
  "with JS, 'Limpiar' also cancels a filter still being typed @js",
  async ({ page, ready, holdData }) => {
    // A controlled clock: the typing delay elapses when the test says, not by waiting.
    await page.clock.install();
    await page.goto(`${CATEGORY}&precio_min=1000`);
    await ready();
    const release = await holdData();
    await page.getByLabel("Nombre del producto").fill("domo");
    await page.getByRole("link", { name: "Limpiar" }).click();
    await page.clock.runFor(2_000);
    release();
    await expect(page.getByTestId("skeletons")).toHaveCount(0);
    await expect(page).toHaveURL(/\/productos\?categoria=22&nombre=Videovigilancia$/);
    await expect(page.getByLabel("Nombre del producto")).toHaveValue("");
  },
);

test("no match: 'No se encontraron productos' @once", async ({ page }) => {
  await page.goto(`${CATEGORY}&texto=zzqxw`);
  await expect(page.getByRole("heading", { name: "No se encontraron productos" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/^0 productos/)).toBeVisible();
});

test("grid/list switch lives in the URL", async ({ page, jsOn, ready }) => {
  await page.goto(CATEGORY);
  await ready();
  await page.getByRole("link", { name: "Lista" }).click();
  await expect(page).toHaveURL(/vista=lista/);
  await expect(page.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "true");
  // Filtering keeps the view.
  await page.getByLabel("Nombre del producto").fill("domo");
  await applyFilters(page, jsOn, /texto=domo/);
  await expect(page).toHaveURL(/vista=lista/);
});

test("pagination: numbered links, current page, ellipses", async ({ page, ready }) => {
  await page.goto(CATEGORY);
  await ready();
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

test("/marca/{marca}: only that brand's products", async ({ page }) => {
  const response = await page.goto("/marca/Hikvision");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos Hikvision");
  const texts = await cards(page).allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text.toLowerCase()).toContain("hikvision");
  await expect(page.getByLabel("Marca", { exact: true })).toHaveCount(0);
});

test("the brand page and the catalogue's brand filter list the same products @once", async ({
  page,
}) => {
  const countOf = async (path: string) => {
    await page.goto(path);
    return (await page.getByRole("main").locator("#resultados").innerText()).trim();
  };
  for (const brand of ["Hikvision", "Hanwha Vision", "Epcom"]) {
    const onBrandPage = await countOf(`/marca/${encodeURIComponent(brand)}`);
    const filtered = await countOf(`/productos?marca=${encodeURIComponent(brand)}`);
    expect(onBrandPage, brand).toMatch(/^[\d.]+ productos/);
    expect(onBrandPage, brand).toBe(filtered);
  }
  // However the address spells the brand, the canonical URL is the catalogue's spelling.
  await page.goto("/marca/hikvision");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/marca\/Hikvision$/,
  );
});

test("a category offers its subcategories with counts, and the breadcrumb leads back up @once", async ({
  page,
}) => {
  await page.goto("/categoria/32");
  const nav = page.getByRole("navigation", { name: "Subcategorías" });
  await expect(nav).toBeVisible();
  const links = nav.getByRole("link");
  expect(await links.count()).toBeGreaterThan(2);
  // Name and product count, as a link to the subcategory's page.
  const sensors = nav.getByRole("link", { name: /^Contactos y Sensores \([\d.]+ productos\)$/ });
  await expect(sensors).toHaveAttribute("href", "/categoria/263");
  // Above the products.
  const navBox = (await nav.boundingBox())!;
  const firstCard = (await page.getByRole("main").getByRole("article").first().boundingBox())!;
  expect(navBox.y).toBeLessThan(firstCard.y);

  await sensors.click();
  await expect(page).toHaveURL(/\/categoria\/263$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Productos en Contactos y Sensores",
  );
  const down = page.getByRole("navigation", { name: "Subcategorías" });
  await expect(
    down.getByRole("link", { name: /^Detectores de Ruptura de Vidrio \([\d.]+ productos\)$/ }),
  ).toHaveAttribute("href", "/categoria/1581");

  const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
  await crumbs.getByRole("link", { name: "Automatización e Intrusión" }).click();
  await expect(page).toHaveURL(/\/categoria\/32$/);

  // A leaf category has nothing below it.
  await page.goto("/categoria/1581");
  await expect(page.getByRole("navigation", { name: "Subcategorías" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
});

// ── The filters at phone and desktop widths ───────────────────────────────────────────────

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the filters fold behind 'Filtros' and work from there", async ({ page, jsOn, ready }) => {
    await page.goto("/productos");
    await ready();
    const filters = page.getByRole("search", { name: "Filtros de productos" });
    const toggle = filters.getByText("Filtros", { exact: true });
    await expect(toggle).toBeVisible();
    await expect(filters.getByLabel("Precio máximo")).toBeHidden();
    await toggle.click();
    await expect(filters.getByLabel("Precio máximo")).toBeVisible();
    await filters.getByLabel("Precio máximo").fill("50000");
    if (!jsOn) await filters.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/precio_max=50000/);
    await expect(page.getByTestId("skeletons")).toHaveCount(0);
    // The summary says a filter applies.
    await expect(filters.getByText(/\(1 activo\)/)).toBeVisible();
  });

  test("a filter that needs correcting opens the filters to show why", async ({ page }) => {
    await page.goto("/productos?precio_min=abc");
    await expect(
      page.getByText("Escribe el precio mínimo en pesos, por ejemplo 800.000 o 800.000,00."),
    ).toBeVisible();
  });
});

test("at 1280 px the filter row keeps 'Todas las marcas' and the sort names whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/productos?orden=precio-asc");
  for (const label of ["Marca", "Ordenar por"]) {
    const select = page.getByLabel(label, { exact: true });
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = el.options[el.selectedIndex].text;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // The native arrow takes about 20 px of the content box.
      return context.measureText(text).width <= room - 16;
    });
    expect(fits, label).toBe(true);
  }
});

test("in the list view the add-to-cart button keeps a card's width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/productos?vista=lista");
  const button = cards(page)
    .first()
    .getByRole("button", { name: /^Agregar al carrito/ });
  const box = await button.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
});
