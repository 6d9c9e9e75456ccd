/**
 * Every screen the e2e suite visits, as a list other checks can walk (the markup validation
 * of markup.spec.ts). A new screen (checkout, payment results, the staff tool) is one more
 * entry; `prepare` puts the browser in the state the screen needs first (a cart with an item,
 * a checkout in progress), with JavaScript off, through forms like a shopper.
 */
import type { Page } from "@playwright/test";
import { SANDBOX_FIXTURES } from "../../../sandbox/fixtures.ts";

export interface Screen {
  /** What the screen is, for test titles and failure messages. */
  name: string;
  path: string;
  /** The HTTP status the screen answers with: 200 unless said; "5xx" for an upstream failure. */
  status?: number | "5xx";
  prepare?: (page: Page) => Promise<void>;
  /** A text the screen must show, to be sure it is the state meant (e.g. a cart with an item). */
  shows?: string;
}

const P = SANDBOX_FIXTURES.products;
const C = SANDBOX_FIXTURES.categories;

/** Adds one unit of the complete product through the detail page's form (no JavaScript). */
async function cartWithAnItem(page: Page) {
  await page.goto(`/producto/${P.complete.id}`);
  await page
    .getByRole("main")
    .getByRole("button", { name: "Agregar al carrito", exact: true })
    .click();
  await page.waitForURL(`**/producto/${P.complete.id}*`);
}

/** A cart with an item and the checkout taken to `step` through its forms (no JavaScript). */
function checkoutAt(step: 2 | 3 | 4) {
  return async (page: Page) => {
    await cartWithAnItem(page);
    await page.goto("/checkout");
    const field = (name: string) => page.getByRole("textbox", { name, exact: true });
    await field("Nombre").fill("Ana María");
    await field("Apellido").fill("Gómez");
    await field("Correo electrónico").fill("ana@example.co");
    await field("Teléfono").fill("3001234567");
    await page.getByRole("combobox", { name: "Departamento" }).selectOption("05");
    await field("Ciudad o municipio").fill("Medellín");
    await field("Dirección").fill("Calle 10 # 43-12");
    await page.getByRole("button", { name: "Continuar" }).click();
    if (step === 2) return;
    await page.getByRole("button", { name: "Continuar" }).click();
    if (step === 3) return;
    await page.getByRole("radio", { name: /PSE/ }).check();
    await page.getByRole("button", { name: "Finalizar compra" }).click();
  };
}

export const SCREENS: readonly Screen[] = [
  { name: "home", path: "/" },
  { name: "catalogue", path: "/productos" },
  { name: "catalogue, filtered and sorted", path: `/productos?categoria=${C.top}&orden=nombre` },
  { name: "catalogue, a search", path: "/productos?search=domo" },
  {
    name: "catalogue, bad price (400)",
    path: `/categoria/${C.top}?precio_min=barato`,
    status: 400,
  },
  { name: "category list", path: "/categorias" },
  { name: "category list, no match", path: "/categorias?q=zzqxw" },
  { name: "category, top level", path: `/categoria/${C.top}` },
  { name: "category, level 2", path: `/categoria/${C.large.id}` },
  { name: "category, level 3", path: `/categoria/${C.leaf.id}` },
  { name: "category, unknown (404)", path: "/categoria/987654321", status: 404 },
  { name: "brand", path: "/marca/Hikvision" },
  { name: "brand, two words", path: "/marca/Hanwha%20Vision" },
  { name: "product, complete", path: `/producto/${P.complete.id}` },
  { name: "product, no price", path: `/producto/${P.noPrice}` },
  { name: "product, no stock", path: `/producto/${P.stock0}` },
  { name: "product, stock 2", path: `/producto/${P.stock2}` },
  { name: "product, no images", path: `/producto/${P.noImages}` },
  { name: "product, broken image", path: `/producto/${P.brokenImage}` },
  { name: "product, hostile HTML", path: `/producto/${P.hostileHtml}` },
  { name: "product, junk HTML", path: `/producto/${P.junkHtml}` },
  { name: "product, no title", path: `/producto/${P.noTitle}` },
  { name: "product, no brand", path: `/producto/${P.noBrand}` },
  { name: "product, shared title", path: `/producto/${P.sameTitle[0].id}` },
  { name: "product, unknown (404)", path: `/producto/${P.unknown}`, status: 404 },
  { name: "product, API failure", path: "/producto/999000500", status: "5xx" },
  { name: "search", path: "/buscar?q=camara" },
  { name: "search, second page", path: "/buscar?q=camara&pagina=2" },
  { name: "search, no results", path: "/buscar?q=zzqxwv" },
  { name: "search, API failure", path: "/buscar?q=falla500", status: "5xx" },
  { name: "search, other path", path: "/busqueda?q=camara" },
  { name: "cart, empty", path: "/carrito" },
  {
    name: "cart, with an item",
    path: "/carrito",
    prepare: cartWithAnItem,
    shows: "Vaciar carrito",
  },
  { name: "checkout, empty cart", path: "/checkout", shows: "Carrito Vacío" },
  {
    name: "checkout, billing",
    path: "/checkout?paso=1",
    prepare: cartWithAnItem,
    shows: "Datos de facturación",
  },
  {
    name: "checkout, shipping",
    path: "/checkout?paso=2",
    prepare: checkoutAt(2),
    shows: "Datos de envío",
  },
  {
    name: "checkout, payment method",
    path: "/checkout?paso=3",
    prepare: checkoutAt(3),
    shows: "Finalizar compra",
  },
  {
    name: "payment, PSE form",
    path: "/checkout/pago",
    prepare: checkoutAt(4),
    shows: "Pago con PSE",
  },
  { name: "payment pending", path: "/checkout/pending", shows: "Pago en proceso" },
  { name: "payment failure", path: "/checkout/failure", shows: "Posibles causas" },
  { name: "payment result, no id (404)", path: "/checkout/success/card", status: 404 },
  {
    name: "payment result, status failure",
    path: "/checkout/success/pse?id=trfalla500",
    status: "5xx",
  },
  { name: "order lookup", path: "/mi-cuenta/pedidos", shows: "Mis pedidos" },
  { name: "about", path: "/nosotros" },
  { name: "privacy", path: "/privacidad" },
  { name: "warranty", path: "/garantias" },
  { name: "support", path: "/soporte-tecnico" },
  { name: "login", path: "/login" },
  { name: "unknown path (404)", path: "/esta-pagina/no-existe", status: 404 },
];
