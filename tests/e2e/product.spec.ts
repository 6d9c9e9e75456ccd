/**
 * The product detail page, the datasheet route and the product cards of the lists, against the
 * sandbox's well-known products: products a shopper can tell apart, each thing said once,
 * supplier HTML made harmless, missing and broken images. Each test runs with JavaScript on and
 * off unless tagged.
 */
import type { Page } from "@playwright/test";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { expect, test as ownContextTest, sharedPageTest as test } from "./support/fixtures.ts";
import { cards } from "./support/lists.ts";
import { shareOfColour } from "./support/pixels.ts";

const P = SANDBOX_FIXTURES.products;

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test("a complete product shows title, model, brand, price, stock, description and specifications @smoke", async ({
  page,
}) => {
  const response = await page.goto(`/producto/${P.complete.id}`);
  expect(response?.status()).toBe(200);
  const main = page.getByRole("main");
  const h1 = main.getByRole("heading", { level: 1 });
  await expect(h1).not.toBeEmpty();
  const title = (await h1.textContent())!.trim();
  // The tab names the product's noun phrase with its brand and model (docs/decisions/0240).
  const head = title.split(",")[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(page).toHaveTitle(new RegExp(`^${head} Hikvision DS-YD792`));

  // The summary next to the gallery is the region named by the title.
  const summary = main.getByRole("region", { name: title, exact: true });
  await expect(summary.getByText("Modelo:", { exact: true })).toBeVisible();
  await expect(summary.getByText(P.complete.sku, { exact: true })).toBeVisible();
  const brand = summary.locator("dd").getByRole("link");
  await expect(brand).toHaveAttribute("href", /^\/marca\/.+/);

  // Price without IVA, the crossed-out list price and the saving.
  await expect(summary.getByText("/ Sin IVA")).toBeVisible();
  await expect(summary.locator("s")).toHaveText(/^\$\s[\d.]+$/);
  await expect(summary.getByText(/^Ahorras \$\s[\d.]+ \(\d+%\)$/)).toBeVisible();
  await expect(summary.getByText(/^Stock: \d+$/)).toBeVisible();
  await expect(summary.getByRole("button", { name: "Agregar al carrito" })).toBeEnabled();

  // Breadcrumb: Inicio > category > subcategory > title.
  const crumbs = page.getByRole("navigation", { name: "Ruta de navegación" });
  await expect(crumbs.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByRole("link").nth(1)).toHaveAttribute("href", /^\/categoria\/\d+$/);
  await expect(crumbs.getByRole("link").nth(2)).toHaveAttribute(
    "href",
    /^\/categoria\/\d+\/[^/]+$/,
  );
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);

  const description = main.getByRole("region", { name: "Características Principales" });
  await expect(description.locator("p").first()).not.toBeEmpty();
  await expect(description).not.toContainText("Este producto no tiene descripción disponible.");

  const specs = main.getByRole("table", { name: "Especificaciones" });
  await expect(specs.locator('th[scope="row"]').first()).toBeVisible();
  expect(await specs.locator("tr").count()).toBeGreaterThan(1);

  await expect(
    main.getByRole("heading", { level: 2, name: "Accesorios Opcionales" }),
  ).toBeVisible();
  const related = main.getByRole("region", { name: "Productos Relacionados" });
  const relatedCount = await related.getByRole("article").count();
  expect(relatedCount).toBeGreaterThan(0);
  expect(relatedCount).toBeLessThanOrEqual(12);
});

test("meta tags and JSON-LD describe the product and its breadcrumb @once", async ({ page }) => {
  await page.goto(`/producto/${P.complete.id}`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/producto/${P.complete.id}$`),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^https?:\/\//,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{3,}/);

  const docs = await jsonLd(page);
  const product = docs.find((d) => d["@type"] === "Product")!;
  expect(product).toMatchObject({ sku: P.complete.sku });
  // The heading's title with brand and model after its noun phrase (docs/decisions/0240).
  const heading = (await page.locator("h1").textContent())!;
  const [head, ...rest] = heading.split(", ");
  expect(product.name).toBe(`${head} Hikvision DS-YD792, ${rest.join(", ")}`);
  const offer = product.offers as Record<string, unknown>;
  expect(offer).toMatchObject({ priceCurrency: "COP", availability: "https://schema.org/InStock" });
  // The offer's price is the price on screen.
  const title = (await page.locator("h1").textContent())!;
  const summary = page.getByRole("region", { name: title, exact: true });
  const shown = (await summary.locator("p", { hasText: "/ Sin IVA" }).textContent())!;
  expect(Number(shown.replace(/\D/g, ""))).toBe(offer.price);

  const breadcrumb = docs.find((d) => d["@type"] === "BreadcrumbList")!;
  const items = breadcrumb.itemListElement as { position: number; item: string }[];
  expect(items.map((i) => i.position)).toEqual([1, 2, 3, 4]);
  expect(items.at(-1)!.item).toMatch(new RegExp(`/producto/${P.complete.id}$`));
});

test("a product without price shows 'Consultar precio' and a way to contact sales @once", async ({
  page,
}) => {
  await page.goto(`/producto/${P.noPrice}`);
  const title = (await page.locator("h1").textContent())!;
  const summary = page.getByRole("region", { name: title, exact: true });
  await expect(summary.getByText("Consultar precio").first()).toBeVisible();
  await expect(summary.getByText("/ Sin IVA")).toHaveCount(0);
  await expect(summary.getByRole("button", { name: "Contactar a ventas" })).toBeVisible();
  const product = (await jsonLd(page)).find((d) => d["@type"] === "Product")!;
  expect(product).not.toHaveProperty("offers");
});

test("a product without stock says 'Sin stock' and is out of stock in JSON-LD @once", async ({
  page,
}) => {
  await page.goto(`/producto/${P.stock0}`);
  await expect(page.getByRole("main").getByText("Sin stock").first()).toBeVisible();
  const product = (await jsonLd(page)).find((d) => d["@type"] === "Product")!;
  expect(product.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
});

test("a product with stock 2 shows the popular and running-low badges @once", async ({ page }) => {
  await page.goto(`/producto/${P.stock2}`);
  const badges = page.getByRole("main").getByRole("list").filter({ hasText: "Popular" }).first();
  await expect(badges).toContainText("Popular");
  await expect(badges).toContainText("Agotándose");
  await expect(page.getByRole("main").getByText("Stock: 2", { exact: true })).toBeVisible();
});

test("the datasheet section links to a PDF streamed by the store @once", async ({
  page,
  request,
}) => {
  await page.goto(`/producto/${P.withPdf.id}`);
  const section = page.getByRole("region", { name: "Documentación técnica" });
  const link = section.getByRole("link", { name: /Ver ficha técnica/ });
  await expect(link).toHaveAttribute("href", `/documentacion/${P.withPdf.sku}`);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);

  const pdf = await request.get(`/documentacion/${P.withPdf.sku}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(/^inline; filename="[\w.-]+\.pdf"$/);
  expect(pdf.headers()["cache-control"]).toMatch(/max-age=\d+/);
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("a product without datasheet has no documentation section; its PDF URL is a 404 page @once", async ({
  page,
  request,
}) => {
  await page.goto(`/producto/${P.withoutPdf.id}`);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Documentación técnica" })).toHaveCount(0);
  const missing = await request.get(`/documentacion/${P.withoutPdf.sku}`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toMatch(/^text\/html/);
  expect(await missing.text()).toContain("Documentación no disponible");
});

test("an unknown, over-long or non-numeric product id answers 404 'Producto no encontrado' @once", async ({
  page,
}) => {
  // 20 digits pass the store's own check and are refused by the API (400): still a 404 page.
  for (const id of [P.unknown, "no-es-un-id", "99999999999999999999", "1".repeat(40)]) {
    const response = await page.goto(`/producto/${id}`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Producto no encontrado" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^Producto no encontrado \|/);
    await expect(
      page.getByRole("main").getByRole("link", { name: "Ver el catálogo" }),
    ).toHaveAttribute("href", "/productos");
  }
});

test("an API failure shows 'Error al cargar el producto:' with a 5xx status and a retry link @once", async ({
  page,
}) => {
  const path = `/producto/${SANDBOX_FIXTURES.faults.productId}`;
  const response = await page.goto(path);
  expect(response?.status()).toBeGreaterThanOrEqual(500);
  expect(response?.status()).toBeLessThan(600);
  await expect(
    page.getByRole("alert").filter({ hasText: "Error al cargar el producto:" }),
  ).toContainText(SANDBOX_FIXTURES.faults.message);
  await expect(page).toHaveTitle(/^Error al cargar el producto \|/);
  const retry = page.getByRole("link", { name: "Reintentar" });
  await expect(retry).toHaveAttribute("href", path);
  await retry.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Error al cargar el producto:" }),
  ).toBeVisible();
});

test("hostile supplier HTML is shown as harmless text @once", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`/producto/${P.hostileHtml}`);
  const description = page.getByRole("region", { name: "Características Principales" });
  await expect(description).toBeVisible();
  await expect(description.locator("script")).toHaveCount(0);
  await expect(description.locator("[onclick], [onerror], [onload], [style]")).toHaveCount(0);
  await expect(description.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // What lost its script is gone too: the invitation to click and the link without a target.
  await expect(description.getByText("Haga clic aquí para ver la promoción")).toHaveCount(0);
  await expect(description.getByText("Descargar manual")).toHaveCount(0);
  await description.click();
  expect(dialogs).toEqual([]);
});

test("the gallery moves between images with its thumbnails", async ({ page, jsOn, ready }) => {
  await page.goto(`/producto/${P.complete.id}`);
  await ready(); // a click before hydration is a plain in-page link
  const thumbs = page.getByRole("list", { name: "Miniaturas" }).getByRole("link");
  await expect(thumbs).toHaveCount(2);
  const second = page.locator("#imagen-2");
  await expect(second).not.toBeInViewport({ ratio: 0.5 });
  await thumbs.nth(1).click();
  await expect(second).toBeInViewport({ ratio: 0.5 });
  if (!jsOn) {
    // Without JavaScript the thumbnail is a plain in-page link.
    expect(new URL(page.url()).hash).toBe("#imagen-2");
  } else {
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Imagen anterior" }).click();
    await expect(page.locator("#imagen-1")).toBeInViewport({ ratio: 0.5 });
  }
});

test("a product without images shows the placeholder; a broken image falls back", async ({
  page,
  jsOn,
}) => {
  await page.goto(`/producto/${P.noImages}`);
  const gallery = page.getByRole("main").locator("img").first();
  await expect(gallery).toHaveAttribute("src", /placeholder-producto\.svg$/);

  await page.goto(`/producto/${P.brokenImage}`);
  const image = page.locator("#imagen-1 img");
  if (!jsOn) {
    // No script can swap it: the frame's placeholder background shows through the empty alt-less box.
    await expect(image).toHaveAttribute("src", /\/sandbox\//);
  } else {
    await expect(image).toHaveAttribute("src", /placeholder-producto\.svg$/);
  }
});

/** The product card of one product, found by its SKU in the search results. */
async function cardOf(page: Page, sku: string, id: string) {
  await page.goto(`/buscar?q=${encodeURIComponent(sku)}`);
  return page
    .getByRole("main")
    .locator("article")
    .filter({ has: page.locator(`a[href="/producto/${id}"]`) })
    .first();
}

test("product cards: missing title and brand, list price with saving, badges and stock @once", async ({
  page,
}) => {
  const untitled = await cardOf(page, "PL-9326", P.noTitle);
  await expect(untitled.getByRole("heading", { name: "Producto sin título" })).toBeVisible();

  const unbranded = await cardOf(page, "HT729", P.noBrand);
  await expect(unbranded.getByText("Sin marca", { exact: true })).toBeVisible();

  const discounted = await cardOf(page, "I5-709IP5S89", P.listPriceAbove);
  await expect(discounted.locator("s")).toHaveText(/^\$\s[\d.]+$/);
  await expect(discounted.getByText(/^Ahorras \$\s[\d.]+ \(\d+%\)$/)).toBeVisible();
  await expect(discounted.getByText("/ Sin IVA")).toBeVisible();
  await expect(discounted.getByRole("button", { name: /^Agregar al carrito/ })).toBeEnabled();

  const scarce = await cardOf(page, "IC-F1092D", P.stock2);
  const badges = scarce.getByRole("list").filter({ hasText: "Popular" });
  await expect(badges).toContainText("Popular");
  await expect(badges).toContainText("¡Agotándose!");
  await expect(scarce.getByText("Stock: 2", { exact: true })).toBeVisible();
  await expect(scarce.getByRole("spinbutton")).toHaveAttribute("max", "2");

  const soldOut = await cardOf(page, "DS-XO029", P.stock0);
  await expect(soldOut.getByRole("button", { name: "Sin stock" })).toBeDisabled();
  await expect(soldOut.getByText(/^(Popular|¡Agotándose!)$/)).toHaveCount(0);
});

test("a card names its quantity and its button after its title, which it carries once", async ({
  page,
}) => {
  const card = await cardOf(page, "I5-709IP5S89", P.listPriceAbove);
  const title = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
  expect(title).toMatch(/^[^&<>"]{20,}$/); // plain text: the same in the markup
  await expect(
    card.getByRole("spinbutton", { name: `Cantidad de ${title}`, exact: true }),
  ).toHaveValue("1");
  await expect(
    card.getByRole("button", { name: `Agregar al carrito ${title}`, exact: true }),
  ).toBeEnabled();
  // Named through aria-labelledby, not with hidden copies of the title (docs/decisions/0385).
  const markup = await card.evaluate((el) => el.outerHTML);
  expect(markup.split(title)).toHaveLength(2);
});

test("a card without price opens the contact dialog from 'Consultar precio'", async ({ page }) => {
  const card = await cardOf(page, "HAE76626", P.noPrice);
  await expect(
    card.getByRole("button", { name: "Consultar precio", disabled: true }),
  ).toBeVisible();
  await expect(card.getByText("/ Sin IVA")).toHaveCount(0);
  await card.getByRole("button", { name: "Consultar precio", disabled: false }).click();
  const dialog = page.getByRole("dialog", { name: "Contacta a nuestro equipo de ventas" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(dialog.getByRole("link", { name: /\d/ })).toHaveAttribute("href", /^tel:\+?\d+$/);
});

test("a product without title or brand says so on its page @once", async ({ page }) => {
  await page.goto(`/producto/${P.noTitle}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Producto sin título");
  await expect(page).toHaveTitle(/^Producto sin título /);
  await page.goto(`/producto/${P.noBrand}`);
  const facts = page.getByRole("main").locator("dl").first();
  await expect(facts).toContainText("Marca:Sin marca");
  await expect(facts.getByRole("link")).toHaveCount(0);
});

test("a related product opens fresh: quantity 1, first image, top of the page @js", async ({
  page,
}) => {
  await page.goto(`/producto/${P.complete.id}`);
  const summary = page.getByRole("main").locator("section").first();
  await summary.getByRole("button", { name: "Aumentar cantidad" }).click();
  await expect(summary.getByRole("spinbutton")).toHaveValue("2");
  await page.getByRole("link", { name: "Ver imagen 2 de 2" }).click();
  await expect(page.locator("#imagen-2")).toBeInViewport({ ratio: 0.5 });

  const related = page
    .getByRole("region", { name: "Productos Relacionados" })
    .locator("article h3 a")
    .first();
  const href = (await related.getAttribute("href"))!;
  await related.click();
  await expect(page).toHaveURL(href, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await expect(
    page.getByRole("main").locator("section").first().getByRole("spinbutton"),
  ).toHaveValue("1");
  const strip = page.getByRole("group", { name: /^Imágenes del producto/ });
  if ((await strip.count()) > 0) expect(await strip.evaluate((el) => el.scrollLeft)).toBe(0);
});

// ── Products a shopper can tell apart ────────────────────────────────────────────────────

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
    const name = String((await jsonLd(page)).find((d) => d["@type"] === "Product")!.name);
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

// ── Each thing said once, supplier HTML cleaned, images that fail ─────────────────────────

test("/producto/18433 shows its features and its specification table once @once", async ({
  page,
}) => {
  await page.goto("/producto/18433");
  const main = page.getByRole("main");
  await expect(
    main.getByRole("listitem").filter({ hasText: /^Verificación por foto$/ }),
  ).toHaveCount(1);
  await expect(main.getByRole("table")).toHaveCount(1);
  await expect(main.getByRole("table", { name: "Especificaciones" })).toBeVisible();
  await expect(main.getByRole("cell", { name: "32 zonas" })).toHaveCount(1);
  await expect(main.getByText("Especificaciones", { exact: true })).toHaveCount(1);
  // The supplier's prose stays.
  await expect(main.getByText(/es un equipo pensado para sistemas de alarma/)).toBeVisible();
});

// A context of its own: what the page asks for, which a warm HTTP cache could answer unseen.
ownContextTest(
  "a description with junk HTML shows neither a broken image nor an orphan invitation @once",
  async ({ page }) => {
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
  },
);

/** The placeholder's background colour: a broken image must show it, not white or an icon. */
const PLACEHOLDER_BG = "#f1f4f8";

test("a broken product image shows the placeholder on the page and on its card", async ({
  page,
  jsOn,
}) => {
  await page.goto("/producto/15268");
  const image = page.getByRole("main").locator("figure img").first();
  await expect(image).toBeVisible();
  // The image did fail (without JavaScript nothing swapped it).
  if (!jsOn) expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
  expect(await shareOfColour(image, PLACEHOLDER_BG)).toBeGreaterThan(0.5);

  await page.goto("/buscar?q=A30-132-W");
  const card = cards(page).first();
  await expect(card).toContainText("A30-132");
  expect(await shareOfColour(card.locator("img").first(), PLACEHOLDER_BG)).toBeGreaterThan(0.5);
});
