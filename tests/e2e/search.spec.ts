/**
 * Search: the top-bar box (a GET form without JS, the overlay with JS: combobox, keyboard,
 * Escape), /buscar and /busqueda results, their order, pagination, empty, short and error
 * states, and the suggestions endpoint. Each test runs with JavaScript on and off unless tagged.
 */
import type { Page } from "@playwright/test";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import { cards } from "./support/lists.ts";

/** The overlay waits 400 ms, then lazy-loads its route and data: allow for a loaded machine. */
const SLOW = { timeout: 20_000 };

/** A light page (no product images competing for connections) to open the overlay from. */
const START = "/categorias";

const headerBox = (page: Page) =>
  page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" });
const results = (page: Page) =>
  page.getByRole("list", { name: /^Resultados para/ }).locator("article");

test("results page: breadcrumb, heading, count, 12 cards, pager", async ({ page }) => {
  const response = await page.goto("/buscar?q=camara");
  expect(response?.status()).toBe(200);
  const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
  await expect(crumbs.getByRole("link", { name: "Inicio" })).toBeVisible();
  await expect(crumbs.getByText("Búsqueda: camara")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("camara");
  await expect(page.getByText(/^Se encontraron \d+ productos$/)).toBeVisible();
  await expect(results(page)).toHaveCount(12);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("results pagination lives in the URL", async ({ page, ready }) => {
  await page.goto("/buscar?q=camara");
  await ready();
  const first = await results(page).first().getByRole("heading").innerText();
  const pager = page.getByRole("navigation", { name: "Páginas de resultados" });
  await pager.getByRole("link", { name: "Página 2", exact: true }).click();
  await expect(page).toHaveURL(/q=camara&pagina=2/);
  await expect(pager.getByRole("link", { name: "Página 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(results(page).first().getByRole("heading")).not.toHaveText(first);
  await pager.getByRole("link", { name: "Anterior" }).click();
  await expect(results(page).first().getByRole("heading")).toHaveText(first);
});

test("with JS, 'Buscando productos...' and skeletons show while the next page loads @js", async ({
  page,
  ready,
  holdData,
}) => {
  await page.goto("/buscar?q=camara");
  await ready();
  const release = await holdData();
  await page
    .getByRole("navigation", { name: "Páginas de resultados" })
    .getByRole("link", { name: "Siguiente" })
    .click();
  await expect(page.getByRole("main").getByText("Buscando productos...")).toBeVisible();
  await expect(page.getByTestId("skeletons")).toBeVisible();
  release();
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
  await expect(page).toHaveURL(/q=camara&pagina=2/);
  await expect(results(page)).toHaveCount(12);
});

test("without JS, the results page never shows the loading state @nojs", async ({ page }) => {
  await page.goto("/buscar?q=camara&pagina=2");
  await expect(results(page)).toHaveCount(12);
  await expect(page.getByText("Buscando productos...")).toHaveCount(0);
  await expect(page.getByTestId("skeletons")).toHaveCount(0);
});

test("/busqueda is the same screen @once", async ({ page }) => {
  await page.goto("/busqueda?q=camara");
  await expect(page.getByText(/^Se encontraron \d+ productos$/)).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/buscar\?q=camara$/,
  );
});

test("empty result: hint and 'Ver todas las categorías'; no pager @once", async ({ page }) => {
  await page.goto("/buscar?q=zzqxwv");
  await expect(page.getByRole("heading", { name: "No se encontraron productos" })).toBeVisible();
  await expect(
    page.getByText("Prueba con diferentes palabras clave o navega por nuestras categorías"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todas las categorías" })).toHaveAttribute(
    "href",
    "/categorias",
  );
  await expect(page.getByRole("navigation", { name: "Páginas de resultados" })).toHaveCount(0);
});

test("an API failure shows the error with status 502 @once", async ({ page }) => {
  const response = await page.goto("/buscar?q=falla500");
  expect(response?.status()).toBe(502);
  await expect(page.getByRole("alert")).toContainText(
    "Ocurrió un error al buscar productos. Por favor, intenta de nuevo.",
  );
});

test("a one-character term asks for 2 characters (400) @once", async ({ page }) => {
  const response = await page.goto("/buscar?q=%C3%A1");
  expect(response?.status()).toBe(400);
  await expect(
    page.getByText("Escribe al menos 2 caracteres para ver los resultados"),
  ).toBeVisible();
});

// ── The order of the results ─────────────────────────────────────────────────────────────

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Card titles, in order. */
const cardTitles = (page: Page) => cards(page).getByRole("heading").allInnerTexts();

test("searching a product type shows that type first; unsellable products never lead @once", async ({
  page,
}) => {
  await page.goto("/buscar?q=camara");
  const titles = await cardTitles(page);
  expect(titles).toHaveLength(12);
  // Every card of the first page is a camera, not 'Micrófono para Cámara'.
  for (const title of titles) expect(fold(title)).toMatch(/^camara/);

  await page.goto("/buscar?q=hikvision");
  const texts = await cards(page).allInnerTexts();
  expect(texts[0]).not.toContain("Producto sin título");
  for (const text of texts.slice(0, 6)) {
    expect(text).not.toContain("Producto sin título");
    expect(text).toMatch(/\/ Sin IVA/);
  }
});

test("the overlay and the results page list the same products in the same order @js", async ({
  page,
  ready,
}) => {
  for (const query of ["camara", "hikvision"]) {
    await page.goto(`/buscar?q=${query}`);
    const page1 = await cardTitles(page);
    await page.goto("/categorias");
    await ready();
    await page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" }).click();
    await page.getByRole("dialog").getByRole("combobox").fill(query);
    const options = page.getByRole("dialog").getByRole("option");
    await expect(options.first()).toBeVisible({ timeout: 20_000 });
    const overlay = (await options.allInnerTexts()).map((t) => t.split("\n")[0].trim());
    expect(overlay.length).toBeGreaterThan(3);
    // A results card adds the model to a title other products share; the overlay does not.
    const sameOrder = page1
      .slice(0, overlay.length)
      .map((title, i) =>
        title === overlay[i] || title.startsWith(`${overlay[i]} (`) ? overlay[i] : title,
      );
    expect(sameOrder).toEqual(overlay);
  }
});

// ── The top-bar box ──────────────────────────────────────────────────────────────────────

test("the top-bar box submits to /buscar @nojs @smoke", async ({ page }) => {
  await page.goto("/");
  await headerBox(page).fill("domo");
  await headerBox(page).press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=domo$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("domo");
});

test("with JS: the overlay asks for 2 characters, then shows ranked suggestions @js", async ({
  page,
  ready,
}) => {
  await page.goto(START);
  await ready();
  await headerBox(page).click();
  const dialog = page.getByRole("dialog", { name: "Buscar productos" });
  await expect(dialog).toBeVisible();
  const combo = dialog.getByRole("combobox");
  await expect(combo).toBeFocused();
  await combo.fill("c");
  await expect(
    dialog.getByText("Escribe al menos 2 caracteres para ver los resultados"),
  ).toBeVisible();
  await expect(combo).toHaveAttribute("aria-expanded", "false");
  await combo.fill("camara");
  const listbox = dialog.getByRole("listbox");
  await expect(listbox).toBeVisible(SLOW);
  await expect(combo).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("group", { name: "Sugerencias" })).toBeVisible();
  await expect(listbox.getByRole("option").first()).toBeVisible();
});

test("with JS: arrow keys and Enter open a suggestion @js @smoke", async ({ page, ready }) => {
  await page.goto(START);
  await ready();
  await headerBox(page).click();
  const combo = page.getByRole("dialog").getByRole("combobox");
  await combo.fill("domo");
  const options = page.getByRole("option");
  await expect(options.first()).toBeVisible(SLOW);
  await combo.press("ArrowDown");
  await combo.press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(combo).toHaveAttribute(
    "aria-activedescendant",
    (await second.getAttribute("id")) as string,
  );
  await combo.press("ArrowUp");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const title = (await options.first().locator("span span").first().innerText()).trim();
  await combo.press("Enter");
  await expect(page).toHaveURL(/\/producto\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("with JS: an exact model match is listed under 'Coincidencia Exacta' @js", async ({
  page,
  ready,
}) => {
  // A real model from a results page.
  await page.goto("/buscar?q=domo");
  const model = (
    await page
      .getByText(/^Modelo: /)
      .first()
      .innerText()
  )
    .replace(/^Modelo: /, "")
    .trim();
  await ready();
  await headerBox(page).click();
  await page.getByRole("dialog").getByRole("combobox").fill(model);
  const exact = page.getByRole("group", { name: "Coincidencia Exacta" });
  await expect(exact.getByRole("option").first()).toContainText(model, SLOW);
});

test("with JS: Escape and the close control dismiss the overlay and return focus @js", async ({
  page,
  ready,
}) => {
  await page.goto(START);
  await ready();
  await headerBox(page).click();
  const dialog = page.getByRole("dialog", { name: "Buscar productos" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(headerBox(page)).toBeFocused();
  await headerBox(page).click();
  await dialog.getByRole("button", { name: "Cerrar búsqueda" }).click();
  await expect(dialog).toBeHidden();
  await expect(headerBox(page)).toBeFocused();
});

test("with JS: no match and a failing search both show 'No se encontraron productos' @js", async ({
  page,
  ready,
}) => {
  await page.goto(START);
  await ready();
  await headerBox(page).click();
  const dialog = page.getByRole("dialog");
  const combo = dialog.getByRole("combobox");
  await combo.fill("zzqxwv");
  await expect(dialog.getByText("No se encontraron productos")).toBeVisible(SLOW);
  // Hold the failing request so the loading state is certain to be on screen, not a race.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldRequests = 0;
  await page.route(/\/buscar\/sugerencias.*falla500/, async (route) => {
    heldRequests++;
    await held;
    await route.continue();
  });
  await combo.fill("falla500");
  await expect(dialog.getByText("Buscando productos...")).toBeVisible(SLOW);
  await expect(dialog.locator('ul[aria-hidden="true"] > li')).toHaveCount(4);
  await expect.poll(() => heldRequests, SLOW).toBe(1);
  release();
  await expect(dialog.getByText("No se encontraron productos")).toBeVisible(SLOW);
  await expect(dialog.getByText("Buscando productos...")).toBeHidden();
  // Enter without an active option opens the results page.
  await combo.fill("domo");
  await combo.press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=domo$/);
});

test("the suggestions endpoint answers JSON ranked on the server @once", async ({ request }) => {
  const short = await request.get("/buscar/sugerencias?q=a");
  expect(await short.json()).toMatchObject({ status: "short", exact: [], suggestions: [] });
  const failing = await request.get("/buscar/sugerencias?q=falla500");
  expect(failing.status()).toBe(200);
  expect(await failing.json()).toMatchObject({ status: "ok", exact: [], suggestions: [] });
  const body = await (await request.get("/buscar/sugerencias?q=camara")).json();
  expect(body.suggestions.length).toBeGreaterThan(0);
  expect(body.suggestions.length).toBeLessThanOrEqual(8);
});
