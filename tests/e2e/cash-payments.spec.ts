/**
 * Cash at a payment point through the store, with JavaScript on and off (docs/decisions/0570),
 * one shopper in one browser: step 3 offers it, 'Finalizar compra' and the cash form lead to the
 * voucher (reference, amount, deadline, networks, barcode with its text, its PDF), the sandbox's
 * counter takes the money and the result page shows it paid, the confirmation sent once; then a
 * second cart's reference lapses at the sandbox's clock, the shopper is told and pays the same
 * cart again by card. The rest (the cap, cancel, the money-safety rule, the faults, the lookup)
 * is tested without a browser: app/payments/methods/cash/cash.server.test.ts and
 * tests/integration/cash-payments.test.ts.
 */
import type { Page } from "@playwright/test";
import { postCheckoutSteps } from "./support/checkout-journey.ts";
import { cartOf, expect, sharedPageTest as test } from "./support/fixtures.ts";
import { fillCard, payButton } from "./support/payment-page.ts";
import { chargesOf, outbox } from "./support/payments.ts";

/** From a cart with `productId`: step 3, cash, 'Finalizar compra', the cash form: the voucher. */
async function cashVoucher(page: Page, baseURL: string, productId: string) {
  await cartOf(page, baseURL, false).add(productId, 1);
  await postCheckoutSteps(page, baseURL, 3);
  await page.goto("/checkout?paso=3");
  await page.getByRole("radio", { name: /Efectivo en puntos de pago/ }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago con efectivo" })).toBeVisible();
  const orderId = await page.locator('input[name="order_id"]').inputValue();
  await page.getByRole("button", { name: /^Generar referencia de pago por \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Esperando tu pago" })).toBeVisible();
  const voucher = page.getByRole("region", { name: "Comprobante de pago en efectivo" });
  const reference = (await voucher.locator("dt:text-is('Referencia de pago') + dd").innerText())
    .replaceAll(/\s/g, "")
    .trim();
  expect(reference).toMatch(/^\d{14}$/);
  return { orderId, reference, result: page.url(), voucher };
}

/** The sandbox's payment point (or its clock) takes the reference. */
async function atPaymentPoint(page: Page, reference: string, clock = false) {
  await page.goto(clock ? "/sandbox/punto-de-pago/vencer" : "/sandbox/punto-de-pago");
  await page.getByLabel("Referencia de pago").fill(reference);
  await page
    .getByRole("button", { name: clock ? "Vencer la referencia" : "Recibir el pago en efectivo" })
    .click();
  await expect(
    page.getByRole("heading", { name: clock ? "Referencia vencida" : "Pago recibido" }),
  ).toBeVisible();
}

test.beforeEach(async ({ context }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.19.${octet()}.${octet()}` });
});

test("pays in cash at the counter, confirmed once; a lapsed reference is said plainly and the cart paid again by card", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  // Two carts' journeys in one browser: one context instead of four.
  test.slow();
  // The voucher: everything a cashier needs, in text, and the bars drawn.
  const paid = await cashVoucher(page, baseURL!, products[0].id);
  const { voucher } = paid;
  await expect(voucher.getByText(/\(hora de Colombia\)/)).toBeVisible();
  await expect(voucher.getByText(paid.orderId)).toBeVisible();
  await expect(voucher.getByRole("listitem").filter({ hasText: "Efecty" })).toBeVisible();
  // The bars, named, in a figure whose caption is their data (for a cashier who types it).
  const figure = voucher.getByRole("figure", {
    name: new RegExp(`^\\(415\\)\\d{13}\\(8020\\)${paid.reference}\\(3900\\)\\d+\\(96\\)\\d{8}$`),
  });
  const barcode = figure.getByRole("img", { name: "Código de barras GS1-128 del pago" });
  expect(await barcode.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBeGreaterThan(0);
  // Its PDF, for this browser (the page's own cookies).
  const pdfLink = page.getByRole("link", { name: "Descargar comprobante de pago (PDF)" });
  const pdf = await page.request.get((await pdfLink.getAttribute("href")) ?? "");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await outbox(request, paid.orderId)).map((e) => e.kind)).toEqual([
    "comprobante-efectivo",
  ]);

  // The counter takes the money: paid, the confirmation once however often the page is seen.
  await atPaymentPoint(page, paid.reference);
  await page.goto(paid.result);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  expect((await outbox(request, paid.orderId)).map((e) => e.kind).sort()).toEqual([
    "aviso-ventas",
    "comprobante-efectivo",
    "confirmacion-cliente",
  ]);

  // A second cart: its reference lapses, the shopper is told, and pays it again by card.
  const lapsed = await cashVoucher(page, baseURL!, products[1].id);
  await atPaymentPoint(page, lapsed.reference, true);
  await page.goto(lapsed.result);
  await expect(
    page.getByRole("heading", { level: 1, name: "Venció el plazo para pagar" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Pagar de nuevo" }).click();
  await page.getByRole("radio", { name: /Tarjeta de crédito o débito/ }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago con tarjeta" })).toBeVisible();
  const card = await page.locator('input[name="order_id"]').inputValue();
  expect(card).not.toBe(lapsed.orderId);
  await fillCard(page, { number: "4111111111111111" });
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  expect((await chargesOf(request, lapsed.orderId)).map((c) => c.status)).toEqual(["expired"]);
  expect((await chargesOf(request, card)).map((c) => c.status)).toEqual(["completed"]);
});
