/**
 * The cart (issue 5): add from a card and from the detail page, change lines,
 * clear with confirmation, PRG, a tampered cookie, the cookie size and axe.
 * Each test runs with JavaScript on and off (playwright projects).
 */
import { type Page, type TestInfo, expect, test } from "@playwright/test";
import { createCookie } from "react-router";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { asStaff } from "./support/staff-api.ts";

const CART_COOKIE = "__Host-carrito"; // production mode: Secure + __Host- prefix
/** The second (previous) secret of SESSION_SECRET in playwright.config.ts. */
const OLD_SECRET = "e2e-old-secret-0123456789";

const jsOn = (info: TestInfo) => info.project.name === "js-on";

/** With JS, wait until the header cart control has hydrated into the mini-cart button. */
async function ready(page: Page, info: TestInfo) {
  if (jsOn(info)) {
    await expect(
      page.getByRole("button", { name: /^Carrito\s*,\s*\d+ productos?$/ }),
    ).toBeVisible();
  }
}

/** The header badge: a link without JS, the mini-cart opener with JS. */
function cartControl(page: Page, info: TestInfo, count: number) {
  const name = new RegExp(`^Carrito\\s*,\\s*${count} ${count === 1 ? "producto" : "productos"}$`);
  return page.getByRole(jsOn(info) ? "button" : "link", { name });
}

/** Cards on /productos that can be added, with at least 5 units in stock. */
async function addableCards(page: Page, info: TestInfo) {
  await page.goto("/productos");
  await ready(page, info);
  return page
    .locator("article")
    .filter({ has: page.getByRole("button", { name: /^Agregar al carrito/ }) })
    .filter({ hasText: /Stock: ([5-9]|\d{2,})(?!\d)/ });
}

async function titleOf(card: ReturnType<Page["locator"]>) {
  return (await card.getByRole("heading").innerText()).trim();
}

/** Adds `quantity` of the n-th addable card and waits for the notice. */
async function addFromCard(page: Page, info: TestInfo, n = 0, quantity = 1) {
  const card = (await addableCards(page, info)).nth(n);
  const title = await titleOf(card);
  if (quantity !== 1) await card.getByRole("spinbutton").fill(String(quantity));
  await card.getByRole("button", { name: /^Agregar al carrito/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Agregado al carrito: ${quantity} × ${title}` }),
  ).toBeVisible();
  return title;
}

/** Two products with plenty of stock, for the tests that start from a cart already filled. */
const STOCKED = [SANDBOX_FIXTURES.products.complete.id, SANDBOX_FIXTURES.products.largeStock];

/**
 * Puts one unit of `STOCKED[n]` in the cart by the cart form's own POST, its cookie kept by the
 * page's context, and returns the product's title. Adding from a card and from the product page,
 * as a shopper does, is the journey of the first two tests; the others start past it.
 */
async function putInCart(page: Page, n = 0) {
  const id = STOCKED[n];
  const response = await page.request.post("/carrito", {
    form: { intent: "add", productId: id, quantity: "1", redirectTo: "/carrito" },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const record = (await (
    await page.request.get(`/sandbox/api/productos/${id}`, { headers: await asStaff() })
  ).json()) as {
    producto: { titulo: string };
  };
  return record.producto.titulo;
}

async function cartCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === CART_COOKIE);
}

test("adds from a card with the notice; a refresh adds nothing twice", async ({ page }, info) => {
  const title = await addFromCard(page, info, 0, 2);
  await expect(cartControl(page, info, 2)).toBeVisible();
  if (!jsOn(info)) {
    // Post/Redirect/Get: the shopper is back on the catalogue page, not on /carrito.
    expect(new URL(page.url()).pathname).toBe("/productos");
  }
  await page.reload();
  await ready(page, info);
  await expect(cartControl(page, info, 2)).toBeVisible();

  await page.goto("/carrito");
  await expect(page.getByLabel(`Cantidad de ${title}`)).toHaveValue("2");

  const cookie = await cartCookie(page);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.secure).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  // Only ids and quantities: compact and far below the 4 KB browser limit.
  expect(cookie!.value.length).toBeLessThan(4096);
  expect(decodeURIComponent(cookie!.value)).not.toContain(title);
});

test("adds from the product detail page", async ({ page }, info) => {
  const card = (await addableCards(page, info)).first();
  const title = await titleOf(card);
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await ready(page, info);
  const detailUrl = page.url();
  // The detail form (related-product cards add their title to the name).
  await page.getByRole("button", { name: "Agregar al carrito", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Agregado al carrito: 1 × ${title}` }),
  ).toBeVisible();
  // Same page; without JavaScript the redirect comes back to the buy box, not the top.
  expect(page.url()).toBe(jsOn(info) ? detailUrl : `${detailUrl}#comprar`);
  await expect(cartControl(page, info, 1)).toBeVisible();
});

test("changes a line: increment, decrement, set, delete", async ({ page }, info) => {
  const title = await putInCart(page);
  await page.goto("/carrito");
  await ready(page, info);
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
  await expect(cartControl(page, info, 3)).toBeVisible();

  // Summary of spec §9.
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
  await expect(cartControl(page, info, 0)).toBeVisible();
});

test("'Vaciar carrito' asks for confirmation first", async ({ page }, info) => {
  await putInCart(page, 0);
  await putInCart(page, 1);
  await page.goto("/carrito");
  await ready(page, info);
  await expect(page.getByRole("row")).toHaveCount(3); // header + 2 lines

  await page.getByRole("link", { name: "Vaciar carrito" }).click();
  if (jsOn(info)) {
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
  await expect(cartControl(page, info, 0)).toBeVisible();
  expect(await cartCookie(page)).toBeUndefined();
});

test("a tampered cart cookie gives an empty cart, not an error", async ({
  page,
  baseURL,
}, info) => {
  await putInCart(page);
  const cookie = await cartCookie(page);
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
  await ready(page, info);
  await expect(cartControl(page, info, 0)).toBeVisible();

  await page
    .context()
    .addCookies([{ name: CART_COOKIE, value: "no-es-una-cookie%%", url: secureUrl, secure: true }]);
  expect((await page.goto("/productos"))?.status()).toBe(200);
});

test("a cookie signed with the previous secret keeps its cart; a vanished product leaves with a notice", async ({
  page,
  baseURL,
}, info) => {
  const id = STOCKED[0];
  const record = (await (
    await page.request.get(`/sandbox/api/productos/${id}`, { headers: await asStaff() })
  ).json()) as {
    producto: { titulo: string };
  };
  const title = record.producto.titulo;
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
  await ready(page, info);
  await expect(page.getByLabel(`Cantidad de ${title}`)).toHaveValue("2");
  await expect(page.getByRole("row")).toHaveCount(2); // header + the line still in the catalogue
  await expect(
    page.getByText("Algunos productos ya no están disponibles y se retiraron del carrito"),
  ).toBeVisible();
  await expect(cartControl(page, info, 2)).toBeVisible();
  // The cart was rewritten without the vanished line, signed with the current secret.
  const rewritten = await cartCookie(page);
  expect(rewritten?.value).not.toBe(value);
  expect(await old.parse(`${CART_COOKIE}=${rewritten!.value}`)).toBeNull();
});

test("cart responses are private and never stored by shared caches @once", async ({
  page,
  baseURL,
}) => {
  // A visitor without a cart gets a catalogue page a shared cache may keep.
  const anonymous = await page.goto("/productos");
  expect(anonymous?.headers()["cache-control"]).toMatch(/^public, max-age=60\b/);
  const empty = await page.goto("/carrito");
  expect(empty?.headers()["cache-control"]).toBe("private, no-store");
  await putInCart(page);
  const withCart = await page.goto("/productos");
  expect(withCart?.headers()["cache-control"]).toBe("private, no-store");
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

test("the cart page has no serious accessibility violations, empty or with items", async ({
  page,
}, info) => {
  await page.goto("/carrito");
  await ready(page, info);
  await expectNoSeriousA11yViolations(page);
  await putInCart(page);
  await page.goto("/carrito");
  await ready(page, info);
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the header cart: mini cart with JS, a link to /carrito without", async ({ page }, info) => {
  const title = await putInCart(page);
  await page.goto("/productos");
  await ready(page, info);
  if (jsOn(info)) {
    await cartControl(page, info, 1).click();
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
    await cartControl(page, info, 1).click();
  }
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByLabel(`Cantidad de ${title}`)).toHaveValue("1");
});
