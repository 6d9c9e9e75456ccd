/**
 * Every screen the e2e suite visits, as a list other checks walk: the markup validation of
 * markup.spec.ts over all of them, and axe (a11y.spec.ts) over those marked `axe`. A new screen
 * is one more entry (a page of the site's own list, app/content/site-pages.ts, is there already,
 * axe as its entry says); `prepare` puts the browser in the state the screen needs first (a cart with
 * an item, a checkout in progress) by the store's own form posts.
 */
import type { Page } from "@playwright/test";
import { SITE_PAGES } from "../../../app/content/site-pages.ts";
import { SANDBOX_FIXTURES } from "../../../sandbox/fixtures.ts";
import { openPaymentPage, postCheckoutSteps } from "./checkout-journey.ts";
import { cartOf } from "./fixtures.ts";

export interface Screen {
  /** What the screen is, for test titles and failure messages. */
  name: string;
  path: string;
  /** The HTTP status the screen answers with: 200 unless said; "5xx" for an upstream failure. */
  status?: number | "5xx";
  prepare?: (page: Page, baseURL: string) => Promise<void>;
  /** A text the screen must show, to be sure it is the state meant (e.g. a cart with an item). */
  shows?: string;
  /**
   * Checked by axe in both projects, or `once` (JavaScript off) when it is the server's answer
   * alone; unset when another entry or a state of a11y.spec.ts covers the same screen.
   */
  axe?: "both" | "once";
}

const P = SANDBOX_FIXTURES.products;
const C = SANDBOX_FIXTURES.categories;

/** One unit of the complete product in the cart. */
const cartWithAnItem = (page: Page, baseURL: string) =>
  cartOf(page, baseURL, false).add(P.complete.id);

/** A cart with an item and the checkout taken to `step` by its forms. */
function checkoutAt(step: 2 | 3) {
  return async (page: Page, baseURL: string) => {
    await cartWithAnItem(page, baseURL);
    await postCheckoutSteps(page, baseURL, step);
  };
}

/** A cart with an item and the checkout finished for `method`: the payment page. */
function paymentPage(method: "openpay" | "pse") {
  return async (page: Page, baseURL: string) => {
    await cartWithAnItem(page, baseURL);
    await openPaymentPage(page, baseURL, method);
  };
}

export const SCREENS: readonly Screen[] = [
  { name: "home", path: "/", axe: "both" },
  { name: "catalogue", path: "/productos" },
  {
    name: "catalogue, filtered and sorted",
    path: `/productos?categoria=${C.top}&orden=nombre`,
    axe: "both",
  },
  { name: "catalogue, a search", path: "/productos?search=domo" },
  {
    name: "catalogue, bad price (400)",
    path: `/categoria/${C.top}?precio_min=barato`,
    status: 400,
  },
  { name: "category list", path: "/categorias", axe: "both" },
  { name: "category list, no match", path: "/categorias?q=zzqxw" },
  { name: "category, top level", path: `/categoria/${C.top}`, axe: "once" },
  { name: "category, level 2", path: `/categoria/${C.large.id}` },
  { name: "category, level 3", path: `/categoria/${C.leaf.id}` },
  { name: "category, unknown (404)", path: "/categoria/987654321", status: 404 },
  { name: "brand", path: "/marca/Hikvision", axe: "both" },
  { name: "brand, two words", path: "/marca/Hanwha%20Vision" },
  { name: "product, complete", path: `/producto/${P.complete.id}`, axe: "both" },
  { name: "product, no price", path: `/producto/${P.noPrice}`, axe: "both" },
  { name: "product, no stock", path: `/producto/${P.stock0}` },
  { name: "product, stock 2", path: `/producto/${P.stock2}` },
  { name: "product, no images", path: `/producto/${P.noImages}` },
  { name: "product, broken image", path: `/producto/${P.brokenImage}` },
  { name: "product, hostile HTML", path: `/producto/${P.hostileHtml}` },
  { name: "product, junk HTML", path: `/producto/${P.junkHtml}` },
  { name: "product, no title", path: `/producto/${P.noTitle}` },
  { name: "product, no brand", path: `/producto/${P.noBrand}` },
  { name: "product, shared title", path: `/producto/${P.sameTitle[0].id}` },
  { name: "product, unknown (404)", path: `/producto/${P.unknown}`, status: 404, axe: "once" },
  { name: "product, API failure", path: "/producto/999000500", status: "5xx" },
  { name: "search", path: "/buscar?q=camara", axe: "both" },
  { name: "search, second page", path: "/buscar?q=camara&pagina=2" },
  { name: "search, no results", path: "/buscar?q=zzqxwv" },
  { name: "search, API failure", path: "/buscar?q=falla500", status: "5xx", axe: "once" },
  { name: "search, other path", path: "/busqueda?q=camara" },
  { name: "cart, empty", path: "/carrito", axe: "both" },
  {
    name: "cart, with an item",
    path: "/carrito",
    prepare: cartWithAnItem,
    shows: "Vaciar carrito",
    axe: "both",
  },
  { name: "checkout, empty cart", path: "/checkout", shows: "Carrito Vacío", axe: "both" },
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
    axe: "both",
  },
  {
    name: "checkout, payment method",
    path: "/checkout?paso=3",
    prepare: checkoutAt(3),
    shows: "Finalizar compra",
  },
  {
    name: "payment, card form",
    path: "/checkout/pago",
    prepare: paymentPage("openpay"),
    shows: "Pago con tarjeta",
    axe: "both",
  },
  {
    name: "payment, PSE form",
    path: "/checkout/pago",
    prepare: paymentPage("pse"),
    shows: "Pago con PSE",
  },
  { name: "payment pending", path: "/checkout/pending", shows: "Pago en proceso", axe: "both" },
  { name: "payment failure", path: "/checkout/failure", shows: "Posibles causas" },
  { name: "payment result, no id (404)", path: "/checkout/success/card", status: 404, axe: "both" },
  {
    name: "payment result, status failure",
    path: "/checkout/success/pse?id=trfalla500",
    status: "5xx",
    axe: "both",
  },
  // The site's own pages: each shows its title.
  ...SITE_PAGES.map((page): Screen => ({
    name: page.title,
    path: page.path,
    shows: page.title,
    axe: "axe" in page ? page.axe : undefined,
  })),
  { name: "unknown path (404)", path: "/esta-pagina/no-existe", status: 404, axe: "both" },
];
