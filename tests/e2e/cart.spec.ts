/**
 * The cart: add from a card and from the detail page (back where the shopper was without
 * JavaScript), change lines, clear with confirmation, PRG, a tampered or rotated cookie, the
 * cookie size, the header's mini cart and private caching. Each test runs with JavaScript on
 * and off unless tagged.
 */
import type { Locator, Page } from "@playwright/test";
import { createCookie } from "react-router";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { type Cart, CART_COOKIE, expect, sharedPageTest as test } from "./support/fixtures.ts";
import { cards } from "./support/lists.ts";
import { asStaff } from "./support/staff-api.ts";

/** The second (previous) secret of SESSION_SECRET in playwright.config.ts. */
const OLD_SECRET = "e2e-old-secret-0123456789";

/** Cards on /productos that can be added, with at least 5 units in stock. */
async function addableCards(page: Page, ready: () => Promise<void>) {
  await page.goto("/productos");
  await ready();
  return page
    .locator("article")
    .filter({ has: page.getByRole("button", { name: /^Agregar al carrito/ }) })
    .filter({ hasText: /Stock: ([5-9]|\d{2,})(?!\d)/ });
}

async function cardTitle(card: Locator) {
  return (await card.getByRole("heading").innerText()).trim();
}

/** Adds `quantity` of the n-th addable card and waits for the notice. */
async function addFromCard(page: Page, ready: () => Promise<void>, n = 0, quantity = 1) {
  const card = (await addableCards(page, ready)).nth(n);
  const title = await cardTitle(card);
  if (quantity !== 1) await card.getByRole("spinbutton").fill(String(quantity));
  await card.getByRole("button", { name: /^Agregar al carrito/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Agregado al carrito: ${quantity} × ${title}` }),
  ).toBeVisible();
  return title;
}

/** Two products with plenty of stock, for the tests that start from a cart already filled. */
const STOCKED = [SANDBOX_FIXTURES.products.complete.id, SANDBOX_FIXTURES.products.largeStock];

/** The title of a product, as the merchant API records it. */
async function titleOf(page: Page, id: string) {
  const record = (await (
    await page.request.get(`/sandbox/api/productos/${id}`, { headers: await asStaff() })
  ).json()) as { producto: { titulo: string } };
  return record.producto.titulo;
}

/**
 * Puts one unit of `STOCKED[n]` in the cart and returns the product's title. Adding from a card
 * and from the product page, as a shopper does, is the journey of the first two tests; the
 * others start past it.
 */
async function putInCart(page: Page, cart: Cart, n = 0) {
  await cart.add(STOCKED[n]);
  return titleOf(page, STOCKED[n]);
}

test("adds from a card with the notice; a refresh adds nothing twice @smoke", async ({
  page,
  jsOn,
  ready,
  cart,
}) => {
  const title = await addFromCard(page, ready, 0, 2);
  await expect(cart.badge(2)).toBeVisible();
  if (!jsOn) {
    // Post/Redirect/Get: the shopper is back on the catalogue page, not on /carrito.
    expect(new URL(page.url()).pathname).toBe("/productos");
  }
  await page.reload();
  await ready();
  await expect(cart.badge(2)).toBeVisible();

  await page.goto("/carrito");
  await expect(page.getByLabel(`Cantidad de ${title}`)).toHaveValue("2");

  const cookie = await cart.cookie();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.secure).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  // Only ids and quantities: compact and far below the 4 KB browser limit.
  expect(cookie!.value.length).toBeLessThan(4096);
  expect(decodeURIComponent(cookie!.value)).not.toContain(title);
});

test("adds from the product detail page", async ({ page, jsOn, ready, cart }) => {
  const card = (await addableCards(page, ready)).first();
  const title = await cardTitle(card);
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await ready();
  const detailUrl = page.url();
  // The detail form (related-product cards add their title to the name).
  await page.getByRole("button", { name: "Agregar al carrito", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Agregado al carrito: 1 × ${title}` }),
  ).toBeVisible();
  // Same page; without JavaScript the redirect comes back to the buy box, not the top.
  expect(page.url()).toBe(jsOn ? detailUrl : `${detailUrl}#comprar`);
  await expect(cart.badge(1)).toBeVisible();
});

test("adding to the cart without JavaScript comes back to the product, not the top @nojs", async ({
  page,
}) => {
  await page.goto("/productos?pagina=2");
  const card = cards(page)
    .filter({ has: page.getByRole("button", { name: /^Agregar al carrito/ }) })
    .nth(8);
  const id = (await card.getByRole("heading").getByRole("link").getAttribute("href"))!.split(
    "/",
  )[2];
  await card.getByRole("button", { name: /^Agregar al carrito/ }).click();
  await expect(page).toHaveURL(new RegExp(`/productos\\?pagina=2#producto-${id}$`));
  await expect(page.locator(`#producto-${id}`)).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(page.getByRole("status").filter({ hasText: "Agregado al carrito" })).toBeVisible();

  // The home page lays its lower groups out only near the screen (docs/decisions/0390): the
  // fragment still brings a card of the last groups into view.
  await page.goto("/");
  const lower = page
    .getByRole("region", { name: "Productos destacados" })
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^Agregar al carrito/ }) })
    .nth(-2);
  const homeCard = (await lower.getAttribute("id"))!;
  await lower.getByRole("button", { name: /^Agregar al carrito/ }).click();
  await expect(page).toHaveURL(new RegExp(`/#${homeCard}$`));
  await expect(page.locator(`#${homeCard}`)).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);

  await page.goto("/producto/18433");
  await page.getByRole("button", { name: "Agregar al carrito" }).first().click();
  await expect(page).toHaveURL(/\/producto\/18433#comprar$/);
  await expect(page.locator("#comprar")).toBeInViewport();
});

test("changes a line: increment, decrement, set, delete", async ({ page, ready, cart }) => {
  const title = await putInCart(page, cart);
  await page.goto("/carrito");
  await ready();
  await expect(page.getByRole("heading", { level: 1, name: "Carrito de Compras" })).toBeVisible();
  const quantity = page.getByLabel(`Cantidad de ${title}`);
  const minus = page.getByRole("button", { name: `Quitar una unidad de ${title}` });
  await expect(quantity).toHaveValue("1");
  await expect(minus).toBeDisabled();

  await page.getByRole("button", { name: `Agregar una unidad de ${title}` }).click();
  await expect(quantity).toHaveValue("2");
  await expect(minus).toBeEnabled();

  await minus.click();
  await expect(quantity).toHaveValue("1");

  await quantity.fill("3");
  await page.getByRole("button", { name: `Actualizar cantidad de ${title}` }).click();
  await expect(quantity).toHaveValue("3");
  await expect(cart.badge(3)).toBeVisible();

  // Summary (docs/decisions/0202).
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary).toContainText("Subtotal");
  await expect(summary).toContainText("IVA (19%)");
  await expect(summary).toContainText(
    /Te faltan \$\s[\d.]+ para el envío gratis|¡Tu pedido tiene envío gratis!/,
  );
  await expect(summary.getByRole("link", { name: "Proceder al pago" })).toHaveAttribute(
    "href",
    "/checkout",
  );
  await expect(summary.getByRole("link", { name: "Seguir comprando" })).toHaveAttribute(
    "href",
    "/productos",
  );

  await page.getByRole("button", { name: `Eliminar ${title} del carrito` }).click();
  await expect(page.getByRole("main").getByText("Tu carrito está vacío")).toBeVisible();
  await expect(cart.badge(0)).toBeVisible();
});

test("'Vaciar carrito' asks for confirmation first", async ({ page, jsOn, ready, cart }) => {
  await putInCart(page, cart, 0);
  await putInCart(page, cart, 1);
  await page.goto("/carrito");
  await ready();
  await expect(page.getByRole("row")).toHaveCount(3); // header + 2 lines

  await page.getByRole("link", { name: "Vaciar carrito" }).click();
  if (jsOn) {
    const dialog = page.getByRole("dialog", { name: "¿Vaciar el carrito?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\/carrito\?vaciar=1/);
    await expect(page.getByRole("heading", { name: "¿Vaciar el carrito?" })).toBeVisible();
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expect(page.getByRole("heading", { name: "¿Vaciar el carrito?" })).toBeHidden();
  }
  await expect(page.getByRole("row")).toHaveCount(3);

  await page.getByRole("link", { name: "Vaciar carrito" }).click();
  await page.getByRole("button", { name: "Sí, vaciar carrito" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Vaciamos tu carrito." })).toBeVisible();
  await expect(page.getByRole("main").getByText("Tu carrito está vacío")).toBeVisible();
  await expect(cart.badge(0)).toBeVisible();
  expect(await cart.cookie()).toBeUndefined();
});

test("a tampered cart cookie gives an empty cart, not an error", async ({
  page,
  baseURL,
  ready,
  cart,
}) => {
  await putInCart(page, cart);
  const cookie = await cart.cookie();
  const forged = `${cookie!.value.slice(0, -3)}AAA`;
  // __Host- cookies are Secure and host-only; localhost counts as a secure origin.
  const secureUrl = baseURL!.replace(/^http:/, "https:");
  await page.context().addCookies([
    {
      name: CART_COOKIE,
      value: forged,
      url: secureUrl,
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  const response = await page.goto("/carrito");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("main").getByText("Tu carrito está vacío")).toBeVisible();
  await ready();
  await expect(cart.badge(0)).toBeVisible();

  await page
    .context()
    .addCookies([{ name: CART_COOKIE, value: "no-es-una-cookie%%", url: secureUrl, secure: true }]);
  expect((await page.goto("/productos"))?.status()).toBe(200);
});

test("a cookie signed with the previous secret keeps its cart; a vanished product leaves with a notice", async ({
  page,
  baseURL,
  ready,
  cart,
}) => {
  const id = STOCKED[0];
  const title = await titleOf(page, id);
  // Signed the way the store signed it before SESSION_SECRET gained a new first secret.
  const old = createCookie(CART_COOKIE, { secrets: [OLD_SECRET], secure: true, path: "/" });
  const serialized = await old.serialize({ c: `${id}:2,99999999:1` });
  const value = serialized.split(";")[0].slice(CART_COOKIE.length + 1);
  await page.context().addCookies([
    {
      name: CART_COOKIE,
      value,
      url: baseURL!.replace(/^http:/, "https:"),
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  const response = await page.goto("/carrito");
  expect(response?.status()).toBe(200);
  await ready();
  await expect(page.getByLabel(`Cantidad de ${title}`)).toHaveValue("2");
  await expect(page.getByRole("row")).toHaveCount(2); // header + the line still in the catalogue
  await expect(
    page.getByText("Algunos productos ya no están disponibles y se retiraron del carrito"),
  ).toBeVisible();
  await expect(cart.badge(2)).toBeVisible();
  // The cart was rewritten without the vanished line, signed with the current secret.
  const rewritten = await cart.cookie();
  expect(rewritten?.value).not.toBe(value);
  expect(await old.parse(`${CART_COOKIE}=${rewritten!.value}`)).toBeNull();
});

test("cart responses are private and never stored by shared caches @once", async ({
  page,
  baseURL,
  cart,
}) => {
  // A visitor without a cart gets a catalogue page a shared cache may keep.
  const anonymous = await page.goto("/productos");
  expect(anonymous?.headers()["cache-control"]).toMatch(/^public, max-age=60\b/);
  const empty = await page.goto("/carrito");
  expect(empty?.headers()["cache-control"]).toBe("private, no-store");
  await putInCart(page, cart);
  // The same page from the page cache with this shopper's cart: only their browser may keep it,
  // to ask again with its ETag (docs/decisions/0470).
  const withCart = await page.goto("/productos");
  expect(withCart?.headers()["cache-control"]).toBe("private, no-cache");
  // The 303 of a plain cart post is private too.
  const redirect = await page.request.post("/carrito", {
    form: { intent: "clear", redirectTo: "/productos" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(redirect.status()).toBe(303);
  expect(redirect.headers()["location"]).toBe("/productos");
  expect(redirect.headers()["cache-control"]).toBe("private, no-store");
});

test("the header cart: mini cart with JS, a link to /carrito without", async ({
  page,
  jsOn,
  ready,
  cart,
}) => {
  const title = await putInCart(page, cart);
  await page.goto("/productos");
  await ready();
  if (jsOn) {
    await cart.badge(1).click();
    const panel = page.getByRole("dialog", { name: "Tu carrito" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(title);
    await expect(panel).toContainText("Subtotal");
    await expect(panel).toContainText(/Total\s*\$\s[\d.]+/);
    await expect(panel.getByRole("link", { name: "Proceder al pago" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await panel.getByRole("link", { name: "Ver carrito" }).click();
  } else {
    await cart.badge(1).click();
  }
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByLabel(`Cantidad de ${title}`)).toHaveValue("1");
});
