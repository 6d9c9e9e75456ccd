/**
 * Accessibility: axe runs once on every screen and state of the store (support/a11y.ts: no
 * serious or critical violation), and the journeys that pass through them do not run it again.
 * The screens come from support/screens.ts (those marked `axe`); the states a shopper or the
 * staff reach on a screen (a menu open, a form with its errors, a payment's result) are the
 * table below. Each runs in both projects unless tagged: @js for a state only JavaScript shows,
 * @nojs for one only the plain form reaches, @once for the server's answer alone. Two staff
 * states exist only on a store process of its own and are checked in staff.spec.ts. Last, a
 * guard that the check fails on what it must catch.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { PAYMENT_FIXTURES, SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { openPaymentPage, postCheckoutSteps } from "./support/checkout-journey.ts";
import { type Cart, expect, sharedPageTest as test } from "./support/fixtures.ts";
import { fillCard, payButton } from "./support/payment-page.ts";
import {
  chargeCard,
  chargePse,
  prepareCheckout,
  rememberPayments,
  type Sellable,
} from "./support/payments.ts";
import { SCREENS } from "./support/screens.ts";
import { signInStaff } from "./support/staff-api.ts";

interface Shop {
  page: Page;
  request: APIRequestContext;
  baseURL: string;
  jsOn: boolean;
  ready: () => Promise<void>;
  cart: Cart;
  products: Sellable[];
}

interface State {
  name: string;
  /** Brings the page to the state (a cart, a checkout, a charge first, then the page itself). */
  reach: (shop: Shop) => Promise<void>;
  /** Only this part of the page: a dialog over a page checked on its own. */
  include?: string;
  /** The header and footer too: a state of theirs (support/a11y.ts, SITE_LAYOUT). */
  wholePage?: true;
  tag?: "@js" | "@nojs" | "@once";
}

const P = SANDBOX_FIXTURES.products;
const TOOL = "/admin/notificaciones";

/** The page at `path`, hydrated. */
const open =
  (path: string) =>
  async ({ page, ready }: Shop) => {
    await page.goto(path);
    await ready();
  };

const click = (page: Page, name: string) => page.getByRole("button", { name, exact: true }).click();

/** A card charge made at the gateway for one unit of a product. */
async function cardCharge({ request, products }: Shop, card: string, email?: string) {
  const order = await prepareCheckout(
    request,
    [{ product: products[0], quantity: 1 }],
    "openpay",
    email,
  );
  return { order, charge: await chargeCard(request, order, card) };
}

/** The staff tool, signed in as the demo account, after sending the notifications of an order. */
async function toolAfterSending(shop: Shop, card: string, chargeEmail: string) {
  const { page, request } = shop;
  const order = await prepareCheckout(
    request,
    [{ product: shop.products[0], quantity: 1 }],
    "openpay",
  );
  await chargeCard(request, order, card, chargeEmail);
  await signInStaff(page.context());
  await page.goto(TOOL);
  await page.getByLabel("Número de pedido (Order ID)", { exact: true }).fill(order.orderId);
  await click(page, "Enviar Notificaciones");
  await expect(page.locator("[data-resultado]")).toBeVisible();
}

const STATES: State[] = [
  // ── Layout ──
  {
    name: "categories menu, open",
    reach: async (shop) => {
      await open("/")(shop);
      await shop.page.getByRole("button", { name: "Categorías", exact: true }).click();
      await expect(shop.page.locator("#menu-categorias")).toBeVisible();
    },
    include: "#menu-categorias",
  },
  {
    name: "contact dialog, open",
    reach: async (shop) => {
      await open("/")(shop);
      await shop.page.getByRole("banner").getByRole("button", { name: "Contacto" }).click();
      await expect(shop.page.locator("#dialogo-contacto")).toBeVisible();
    },
    include: "#dialogo-contacto",
  },
  // ── Catalogue and search ──
  {
    name: "catalogue at 375 px, the filters unfolded and one applied",
    // The header and footer at a phone's width, laid out otherwise than on the desktop.
    wholePage: true,
    reach: async (shop) => {
      const { page } = shop;
      await page.setViewportSize({ width: 375, height: 800 });
      await open("/productos")(shop);
      const filters = page.getByRole("search", { name: "Filtros de productos" });
      await filters.getByText("Filtros", { exact: true }).click();
      await filters.getByLabel("Precio máximo").fill("50000");
      if (!shop.jsOn) await filters.getByRole("button", { name: "Aplicar filtros" }).click();
      await expect(page).toHaveURL(/precio_max=50000/);
      await expect(filters.getByText(/\(1 activo\)/)).toBeVisible();
    },
  },
  {
    name: "search overlay with suggestions",
    tag: "@js",
    // The overlay is the header's search box, opened.
    wholePage: true,
    reach: async (shop) => {
      await open("/categorias")(shop);
      await shop.page
        .getByRole("banner")
        .getByRole("searchbox", { name: "Buscar productos" })
        .click();
      await shop.page.getByRole("dialog").getByRole("combobox").fill("camara");
      await expect(shop.page.getByRole("dialog").getByRole("option").first()).toBeVisible({
        timeout: 20_000,
      });
    },
  },
  // ── Content ──
  {
    name: "login, a field missing",
    reach: async (shop) => {
      await open("/login")(shop);
      await shop.page.getByLabel("Correo electrónico").fill("ana@example.co");
      await click(shop.page, "Iniciar sesión");
      await expect(shop.page.getByRole("main").getByRole("alert")).toBeVisible();
    },
  },
  // ── Checkout ──
  {
    name: "checkout step 1, a person's errors",
    reach: async (shop) => {
      await shop.cart.add(P.complete.id);
      await open("/checkout")(shop);
      await click(shop.page, "Continuar");
      await expect(shop.page.getByRole("heading", { name: "Hay un problema" })).toBeVisible();
    },
  },
  {
    name: "checkout step 1, a company's errors",
    reach: async (shop) => {
      await shop.cart.add(P.complete.id);
      await open("/checkout")(shop);
      await shop.page.getByRole("radio", { name: "Empresa" }).check();
      await click(shop.page, "Continuar");
      await expect(shop.page.getByText("El NIT es obligatorio").first()).toBeVisible();
    },
  },
  {
    name: "checkout step 3, no method chosen",
    reach: async (shop) => {
      await shop.cart.add(P.complete.id);
      await postCheckoutSteps(shop.page, shop.baseURL, 3);
      await open("/checkout?paso=3")(shop);
      await click(shop.page, "Finalizar compra");
      await expect(shop.page.getByText("Selecciona un método de pago").first()).toBeVisible();
    },
  },
  // ── Payments ──
  {
    name: "card form, its errors",
    reach: async ({ page, baseURL, jsOn, products }) => {
      await openPaymentPage(page, baseURL, "openpay", { product: products[1] });
      // With JavaScript the form checks in the browser once its script runs.
      if (jsOn) await expect(page.getByLabel("Número de tarjeta")).not.toHaveAttribute("name");
      await fillCard(page, { number: "4111 1111 1111 1112", holder: "Ana María Gómez", cvv: "12" });
      await payButton(page).click();
      await expect(page).toHaveTitle(/^Error: Pago con tarjeta/);
    },
  },
  {
    name: "PSE form, its errors",
    reach: async ({ page, baseURL, products }) => {
      await openPaymentPage(page, baseURL, "pse", { product: products[1] });
      await page.getByLabel("Número de documento").fill("12");
      await page.getByRole("button", { name: /con PSE$/ }).click();
      await expect(page).toHaveTitle(/^Error: Pago con PSE/);
    },
  },
  {
    name: "payment result, paid by card",
    reach: async (shop) => {
      // Paid by this browser: the store's `pagos` cookie says so.
      const { order, charge } = await cardCharge(shop, "4111111111111111");
      await rememberPayments(shop.page.context(), shop.baseURL, [
        { order, chargeId: charge.chargeId, method: "openpay" },
      ]);
      await open(`/checkout/success/card?id=${charge.chargeId}&order_id=${order.orderId}`)(shop);
      await expect(
        shop.page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
      ).toBeVisible();
    },
  },
  {
    name: "payment failure, a declined card",
    reach: async (shop) => {
      const { order, charge } = await cardCharge(shop, "4000000000000002");
      await open(`/checkout/failure?id=${charge.chargeId}&order_id=${order.orderId}`)(shop);
      await expect(
        shop.page.getByRole("heading", { level: 1, name: "Error en el pago" }),
      ).toBeVisible();
    },
  },
  {
    name: "payment result, PSE pending",
    reach: async (shop) => {
      const { page, request, baseURL, products } = shop;
      const order = await prepareCheckout(request, [{ product: products[0], quantity: 1 }], "pse");
      const charge = await chargePse(request, order, baseURL);
      await rememberPayments(page.context(), baseURL, [
        { order, chargeId: charge.id, method: "pse" },
      ]);
      await page.goto(charge.redirect_url);
      await click(page, "Dejar pendiente");
      await expect(page.getByRole("heading", { level: 1, name: "Pago pendiente" })).toBeVisible();
      await shop.ready();
    },
  },
  {
    name: "PSE bank page",
    reach: async ({ page, request, baseURL, products }) => {
      const order = await prepareCheckout(request, [{ product: products[0], quantity: 1 }], "pse");
      await page.goto((await chargePse(request, order, baseURL)).redirect_url);
      await expect(page.getByRole("heading", { level: 1, name: "Bancolombia" })).toBeVisible();
    },
  },
  {
    name: "order lookup, its errors",
    reach: async (shop) => {
      await open("/mi-cuenta/pedidos")(shop);
      await click(shop.page, "Consultar");
      await expect(shop.page).toHaveTitle(/^Error: Mis pedidos/);
    },
  },
  {
    name: "order lookup, an order found",
    reach: async (shop) => {
      const { page } = shop;
      const { order } = await cardCharge(shop, "5555555555554444", "luis@example.com");
      await open("/mi-cuenta/pedidos")(shop);
      await page.getByLabel("Número de pedido").fill(order.orderId);
      await page.getByLabel("Correo electrónico").fill("luis@example.com");
      await click(page, "Consultar");
      await expect(page.getByRole("heading", { name: `Pedido ${order.orderId}` })).toBeVisible();
    },
  },
  // ── Staff ──
  {
    name: "staff sign-in",
    reach: async ({ page }) => {
      await page.goto(TOOL);
      await expect(
        page.getByRole("heading", { level: 1, name: "Ingreso del personal" }),
      ).toBeVisible();
    },
  },
  {
    name: "staff tool",
    reach: async ({ page }) => {
      await signInStaff(page.context());
      await page.goto(TOOL);
      await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toBeVisible();
    },
  },
  {
    name: "staff tool, an empty Order ID refused",
    tag: "@nojs",
    reach: async ({ page }) => {
      await signInStaff(page.context());
      await page.goto(TOOL);
      await click(page, "Enviar Notificaciones");
      await expect(page).toHaveTitle(/^Error: Notificaciones de pedidos/);
    },
  },
  {
    name: "staff tool, notifications sent",
    reach: (shop) =>
      toolAfterSending(
        shop,
        PAYMENT_FIXTURES.cards.approvedVisa.number,
        PAYMENT_FIXTURES.faults.unsentEmail,
      ),
  },
  {
    name: "staff tool, an unpaid order",
    reach: (shop) =>
      toolAfterSending(shop, PAYMENT_FIXTURES.cards.declined.number, "ana@example.com"),
  },
];

/**
 * The screens checked with the header and footer (support/a11y.ts, SITE_LAYOUT): home, in both
 * projects (the header with and without JavaScript), and the cart with an item (the header's
 * cart control then names a count). Every other screen's check reads its own content only.
 */
const WHOLE_PAGE_SCREENS = new Set(["home", "cart, with an item"]);

for (const screen of SCREENS) {
  if (!screen.axe) continue;
  const tag = screen.axe === "once" ? " @once" : "";
  test(`axe: ${screen.name} (${screen.path})${tag}`, async ({ page, baseURL, ready }) => {
    await screen.prepare?.(page, baseURL!);
    await page.goto(screen.path);
    await ready();
    if (screen.shows) await expect(page.getByRole("main")).toContainText(screen.shows);
    await expectNoSeriousA11yViolations(page, { wholePage: WHOLE_PAGE_SCREENS.has(screen.name) });
  });
}

for (const state of STATES) {
  const tag = state.tag ? ` ${state.tag}` : "";
  test(`axe: ${state.name}${tag}`, async ({
    page,
    request,
    baseURL,
    jsOn,
    ready,
    cart,
    products,
  }) => {
    await state.reach({ page, request, baseURL: baseURL!, jsOn, ready, cart, products });
    await expectNoSeriousA11yViolations(page, {
      include: state.include,
      wholePage: state.wholePage,
    });
  });
}

test("the accessibility check fails on serious and critical violations, and reads the header only when asked", async ({
  page,
}) => {
  // A guard against a configuration that silently checks nothing. With JavaScript on it checks
  // the page in place; with it off, the page re-opened in a scripted one.
  await page.goto("/nosotros");
  await expectNoSeriousA11yViolations(page);
  // An image without a text alternative and a button without a name (critical), a link
  // without a name (serious); and a button without a name in the header.
  await page.getByRole("main").evaluate((main) => {
    main.insertAdjacentHTML(
      "afterbegin",
      '<img src="/favicon.svg" width="20" height="20"><button type="button"></button>' +
        '<a href="/garantias"></a>',
    );
  });
  await page.getByRole("navigation", { name: "Cuenta y compras" }).evaluate((nav) => {
    nav.insertAdjacentHTML("afterbegin", '<button type="button" id="sin-nombre"></button>');
  });
  const failureOf = (wholePage: boolean) =>
    expectNoSeriousA11yViolations(page, { wholePage }).then(
      () => "",
      (error: Error) => error.message,
    );
  const failure = await failureOf(false);
  for (const rule of ["image-alt", "button-name", "link-name"]) {
    expect(failure).toContain(`${rule}: `);
  }
  // The screen's own content only: the header is left out...
  expect(failure).not.toContain("#sin-nombre");
  // ...unless the whole page is asked for.
  expect(await failureOf(true)).toMatch(/button-name: [^\n]*#sin-nombre/);
});
