/**
 * The category list page: breadcrumb, title, GET search with highlight, counts, cards, 20 per
 * page with Anterior / Siguiente / 'Página X de Y', empty state. Each test runs with JavaScript
 * on and off unless tagged.
 */
import type { Page } from "@playwright/test";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";

const cards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^Ver productos/ }) });

test("lists categories 20 per page, sorted by name", async ({ page }) => {
  const response = await page.goto("/categorias");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Lista de Categorías/);
  const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
  await expect(crumbs.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByText("Categorías")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lista de Categorías");
  await expect(page.getByPlaceholder("Buscar categoría...")).toBeVisible();
  const countText = await page.getByText(/^[\d.]+ categorías en total$/).innerText();
  const total = Number(countText.split(" ")[0].replace(/\./g, ""));
  expect(total).toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(20);
  const names = await cards(page).getByRole("heading").allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
  const first = cards(page).first();
  await expect(first.getByText("ID", { exact: true })).toBeVisible();
  await expect(first.getByText("Nivel", { exact: true })).toBeVisible();
  const href = await first.getByRole("link", { name: /^Ver productos/ }).getAttribute("href");
  expect(href).toMatch(/^\/categoria\/\d+$/);
  await expect(page.getByText(`Página 1 de ${Math.ceil(total / 20)}`)).toBeVisible();
});

test("Siguiente and Anterior move between pages", async ({ page, ready }) => {
  await page.goto("/categorias");
  await ready();
  const firstName = await cards(page).first().getByRole("heading").innerText();
  await page.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstName);
  await page.getByRole("link", { name: "Anterior" }).click();
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await expect(cards(page).first().getByRole("heading")).toHaveText(firstName);
});

test("the search finds by name, ignoring accents, and highlights the first match", async ({
  page,
  ready,
}) => {
  await page.goto("/categorias");
  await ready();
  await page.getByPlaceholder("Buscar categoría...").fill("CAMARAS");
  await page.getByRole("main").getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/q=CAMARAS/);
  await expect(page.getByText(/^\d+ categorías? encontradas?$/)).toBeVisible();
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const mark = cards(page).nth(i).locator("mark");
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveText(/^cámaras$/i);
  }
  await expect(page.getByPlaceholder("Buscar categoría...")).toHaveValue("CAMARAS");
});

test("no match: 'No se encontraron categorías' @once", async ({ page }) => {
  await page.goto("/categorias?q=zzqxw");
  await expect(page.getByText("No se encontraron categorías")).toBeVisible();
  await expect(page.getByText("0 categorías encontradas")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Paginación" })).toHaveCount(0);
});

test("'Ver productos' opens the category's catalogue", async ({ page, ready }) => {
  await page.goto("/categorias?q=Videovigilancia");
  await ready();
  await page.getByRole("link", { name: "Ver productos de Videovigilancia" }).click();
  await expect(page).toHaveURL(/\/categoria\/22$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos en Videovigilancia");
});
