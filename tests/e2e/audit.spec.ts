/**
 * What an outside audit of the store found (issue 17): products a shopper can tell apart,
 * brands and subcategories to browse, clean supplier HTML, the keyboard path on the home page
 * and sitemap dates. Markup validity is markup.spec.ts. Each test runs with JavaScript on and
 * off unless tagged.
 */
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { asStaff } from "./support/staff-api.ts";

const P = SANDBOX_FIXTURES.products;
const jsOn = (info: TestInfo) => info.project.name === "js-on";

async function jsonLdProduct(page: Page): Promise<Record<string, unknown>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const docs = texts.map((t) => JSON.parse(t) as Record<string, unknown>);
  return docs.find((d) => d["@type"] === "Product")!;
}

/** With JavaScript, wait until the page has hydrated (the header search opens a dialog). */
async function ready(page: Page, info: TestInfo) {
  if (!jsOn(info)) return;
  await expect(
    page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" }),
  ).toHaveAttribute("aria-haspopup", "dialog", { timeout: 20_000 });
}

// ── 1. Products a shopper can tell apart ────────────────────────────────────────────────

test("three brands' products with one title get titles, descriptions and JSON-LD names with brand and model @once", async ({
  page,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  const names = new Set<string>();
  for (const { id, brand, model } of P.sameTitle) {
    await page.goto(`/producto/${id}`);
    // The heading stays the supplier's title; Marca and Modelo are shown under it.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Detector de Ruptura de Vidrio Acústico, Cableado, cobertura Hasta 9 m",
    );
    const title = await page.title();
    expect(title).toContain(`${brand} ${model}`);
    expect(title.length).toBeLessThanOrEqual(70);
    const description = (await page.locator('meta[name="description"]').getAttribute("content"))!;
    expect(description).toContain(brand);
    expect(description).toContain(model);
    const name = String((await jsonLdProduct(page)).name);
    expect(name).toContain(`${brand} ${model}`);
    titles.add(title);
    descriptions.add(description);
    names.add(name);
  }
  expect(titles.size).toBe(3);
  expect(descriptions.size).toBe(3);
  expect(names.size).toBe(3);
});

test("a listing names the model on cards whose titles repeat, so every card has its own name @once", async ({
  page,
}) => {
  // A category of glass-break detectors: many products, two titles.
  await page.goto("/categoria/1581");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(10);
  const names: string[] = [];
  for (const card of await cards.all()) {
    const link = card.getByRole("heading", { level: 3 }).getByRole("link");
    const name = (await link.innerText()).trim();
    const model = (await card.getByText(/^Modelo: /).innerText()).replace(/^Modelo: /, "").trim();
    // Visible in the title and so in the link's name: '… Hasta 9 m (B5778)'.
    expect(name.endsWith(`(${model})`), name).toBe(true);
    names.push(name);
  }
  expect(new Set(names).size).toBe(names.length);
});

test("a card whose title is unique in its list keeps the plain title @once", async ({ page }) => {
  await page.goto(`/buscar?q=${encodeURIComponent(P.complete.sku)}`);
  const card = page.getByRole("main").getByRole("article").first();
  const title = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
  expect(title).not.toMatch(/\)$/);
});

// ── 2. Brands to browse ────────────────────────────────────────────────────────────────

test("the home page's brand logos link to brand pages that list the brand's products", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const strip = page.getByRole("group", { name: "Logotipos de marcas" });
  const links = strip.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(50);
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")!));
  expect(hrefs.every((href) => /^\/marca\/[^/]+$/.test(href))).toBe(true);
  expect(new Set(hrefs).size).toBe(hrefs.length);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);

  await strip.getByRole("link", { name: "Hikvision", exact: true }).click();
  await expect(page).toHaveURL(/\/marca\/Hikvision$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos Hikvision");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Hikvision");
});

test("the brand page and the catalogue's brand filter list the same products @once", async ({
  page,
}) => {
  const countOf = async (path: string) => {
    await page.goto(path);
    return (await page.getByRole("main").locator("p[aria-live]").first().innerText()).trim();
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

test("brand pages are in the sitemap @nojs", async ({ request, baseURL }) => {
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain(`<loc>${baseURL}/sitemaps/marcas.xml</loc>`);
  const res = await request.get("/sitemaps/marcas.xml");
  expect(res.status()).toBe(200);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThanOrEqual(50);
  expect(locs).toContain(`${baseURL}/marca/Hikvision`);
  expect(locs).toContain(`${baseURL}/marca/Hanwha%20Vision`);
  for (const loc of locs.slice(0, 5)) expect((await request.get(loc)).status(), loc).toBe(200);
});

// ── 3. A way down a category ───────────────────────────────────────────────────────────

test("a category offers its subcategories with counts, and the breadcrumb leads back up @once", async ({
  page,
}, info) => {
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
  await expectNoSeriousA11yViolations(page);

  await ready(page, info);
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

// ── 4. Junk in supplier HTML ───────────────────────────────────────────────────────────

test("a description with junk HTML shows neither a broken image nor an orphan invitation @once", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const failed: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(new URL(response.url()).pathname);
  });
  await page.goto(`/producto/${P.junkHtml}`);
  const description = page.getByRole("region", { name: "Características Principales" });
  await expect(description).toContainText("Schneider Electric");
  await expect(description.locator("img")).toHaveCount(0);
  await expect(description).not.toContainText("Haga clic aquí");
  await expect(description.locator("a:not([href])")).toHaveCount(0);
  // Wait for lazy images and late requests before looking at what was asked for.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState("networkidle");
  expect(requested).not.toContain("/producto/x");
  expect(failed.filter((path) => path.startsWith("/producto/"))).toEqual([]);
});

// ── 5. Keyboard path on the home page ──────────────────────────────────────────────────

test("the first product card is within 15 Tabs of the top of the home page", async ({
  page,
}, info) => {
  // With JavaScript the hero autoplays unless motion is reduced, and its pause button takes a
  // stop: count it. Without JavaScript nothing moves, so the suite's reduced motion is kept.
  if (jsOn(info)) await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const hero = page.locator('[aria-roledescription="carrusel"]');
  if (jsOn(info)) {
    // Hydrated (a loaded machine can take a while).
    await expect(hero.getByRole("button", { name: /Pausar/ })).toBeVisible({ timeout: 30_000 });
  }
  const firstCard = page
    .getByRole("region", { name: "Productos destacados" })
    .getByRole("article")
    .first();
  let presses = 0;
  for (; presses < 20; presses++) {
    if (await firstCard.evaluate((card) => card.contains(document.activeElement))) break;
    await page.keyboard.press("Tab");
  }
  expect(presses, "Tab presses to the first product card").toBeLessThanOrEqual(15);
  await expect(firstCard.getByRole("link").first()).toBeFocused();
});

test("hidden hero slides are out of the tab order", async ({ page }, info) => {
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="diapositiva"]');
  await expect(slides).toHaveCount(5);
  if (jsOn(info)) {
    await expect(slides.nth(1)).toHaveAttribute("inert", "", { timeout: 30_000 });
    for (let i = 1; i < 5; i++) await expect(slides.nth(i)).toHaveAttribute("inert", "");
    await expect(slides.first()).not.toHaveAttribute("inert");
  } else {
    for (let i = 1; i < 5; i++) {
      await expect(slides.nth(i).getByRole("link", { name: /^Ver productos/ })).toBeHidden();
    }
  }
  // The slide on show keeps its links; the dots are pointer shortcuts.
  await expect(slides.first().getByRole("link", { name: /^Ver productos/ })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Elegir banner" }).getByRole("link").first(),
  ).toHaveAttribute("tabindex", "-1");
});

test("with JS, moving by keyboard keeps the focus on the arrow of the slide shown @js", async ({
  page,
}) => {
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="diapositiva"]');
  await expect(slides.nth(1)).toHaveAttribute("inert", "", { timeout: 30_000 });
  await slides.first().getByRole("link", { name: "Banner siguiente" }).focus();
  await page.keyboard.press("Enter");
  await expect(slides.nth(1).getByRole("link", { name: "Banner siguiente" })).toBeFocused();
  await expect(slides.first()).toHaveAttribute("inert", "");
  await expect(slides.nth(1)).not.toHaveAttribute("inert");
  await page.keyboard.press("Shift+Tab");
  await expect(slides.nth(1).getByRole("link", { name: "Banner anterior" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(slides.first().getByRole("link", { name: "Banner anterior" })).toBeFocused();
});

test("without JS, the arrows show the next slide and its links @nojs", async ({ page }) => {
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="diapositiva"]');
  await slides.first().getByRole("link", { name: "Banner siguiente" }).click();
  await expect(page).toHaveURL(/#banner-2$/);
  await expect(slides.nth(1).getByRole("link", { name: /^Ver productos/ })).toBeVisible();
  await expect(slides.first().getByRole("link", { name: /^Ver productos/ })).toBeHidden();
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
});

// ── 7. Sitemap dates ───────────────────────────────────────────────────────────────────

test("sitemap dates come from the API, and undated pages have none @nojs", async ({
  request,
  baseURL,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  const record = async (id: string) =>
    (
      (await (
        await request.get(`/sandbox/api/productos/${id}`, { headers: await asStaff() })
      ).json()) as {
        producto: { fecha_actualizacion?: string };
      }
    ).producto;

  const products = await (await request.get("/sitemaps/productos-1.xml")).text();
  const dated = await record(P.complete.id);
  const instant = `${new Date(dated.fecha_actualizacion!).toISOString().slice(0, 19)}Z`;
  expect(products).toContain(
    `<url><loc>${baseURL}/producto/${P.complete.id}</loc><lastmod>${instant}</lastmod></url>`,
  );
  expect(await record(P.noUpdatedAt)).not.toHaveProperty("fecha_actualizacion");
  expect(products).toContain(`<url><loc>${baseURL}/producto/${P.noUpdatedAt}</loc></url>`);

  const pages = await (await request.get("/sitemaps/paginas.xml")).text();
  expect(pages).toContain(`<url><loc>${baseURL}/categorias</loc></url>`);
  expect(pages).toContain(
    `<url><loc>${baseURL}/privacidad</loc><lastmod>2025-09-07</lastmod></url>`,
  );
  const categories = await (await request.get("/sitemaps/categorias.xml")).text();
  expect(categories).toMatch(
    new RegExp(
      `<loc>${baseURL}/categoria/22</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:]{8}Z</lastmod>`,
    ),
  );

  const index = await (await request.get("/sitemap.xml")).text();
  for (const xml of [index, products, pages, categories]) {
    expect(xml).not.toContain(`<lastmod>${today}`);
  }
});
