/**
 * Cash at a payment point through the store, with JavaScript on and off (docs/decisions/0570):
 * step 3 offers it, 'Finalizar compra' and the cash form lead to the voucher (reference, amount,
 * deadline, networks, barcode with its text), the sandbox's counter takes the money and the
 * result page shows it paid with the confirmation sent once; a second cart's reference lapses
 * at the sandbox's clock, the shopper is told and pays the same cart again by card. The rest
 * (the cap, cancel, the money-safety rule, the PDF's access) is tests/integration/cash-payments.
 */
import type { Page } from "@playwright/test";
import { postCheckoutSteps } from "./support/checkout-journey.ts";
import { cartOf, expect, test } from "./support/fixtures.ts";
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
  await expect(
    page.getByRole("heading", { level: 1, name: "Paga en efectivo tu pedido" }),
  ).toBeVisible();
  const reference = (
    await page.locator("dt:text-is('Referencia de pago') + dd").innerText()
  ).trim();
  expect(reference).toMatch(/^\d{4} \d{4} \d{4} \d{2}$/);
  return { orderId, reference, result: page.url() };
}

test.beforeEach(async ({ context }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.19.${octet()}.${octet()}` });
});

test("pays in cash: the voucher with its barcode and PDF, the counter takes the money, the order confirmed once", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  const { orderId, reference, result } = await cashVoucher(page, baseURL!, products[0].id);
  const voucher = page.getByRole("region", { name: "Comprobante de pago en efectivo" });
  await expect(voucher.getByText(/\(hora de Colombia\)/)).toBeVisible();
  await expect(voucher.getByText(orderId)).toBeVisible();
  await expect(voucher.getByRole("listitem").filter({ hasText: "Efecty" })).toBeVisible();
  const digits = reference.replaceAll(" ", "");
  const barcode = voucher.getByRole("img", { name: /^Código de barras GS1-128 del pago/ });
  await expect(barcode).toHaveAttribute("alt", new RegExp(`\\(8020\\)${digits}\\(3900\\)`));
  // Drawn: the SVG loaded (a broken image has no natural size).
  expect(
    await barcode.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight),
  ).toBeGreaterThan(0);
  // The paying browser's own cookies: the PDF is only for it.
  const pdf = await page.request.get(
    (await voucher.getByRole("link", { name: /PDF/ }).getAttribute("href")) ?? "",
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  // Only the e-mail with the reference so far.
  expect((await outbox(request, orderId)).map((e) => e.kind)).toEqual(["comprobante-efectivo"]);

  await page.goto("/sandbox/punto-de-pago");
  await page.getByLabel("Referencia de pago").fill(reference);
  await page.getByRole("button", { name: "Recibir el pago en efectivo" }).click();
  await expect(page.getByRole("heading", { name: "Pago recibido" })).toBeVisible();

  await page.goto(result);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  const kinds = (await outbox(request, orderId)).map((e) => e.kind).sort();
  expect(kinds).toEqual(["aviso-ventas", "comprobante-efectivo", "confirmacion-cliente"]);
});

test("a reference that lapses: the shopper is told, and pays the same cart again by card, once", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  const { orderId, reference, result } = await cashVoucher(page, baseURL!, products[1].id);
  await page.goto("/sandbox/punto-de-pago/vencer");
  await page.getByLabel("Referencia de pago").fill(reference);
  await page.getByRole("button", { name: "Vencer la referencia" }).click();
  await expect(page.getByRole("heading", { name: "Referencia vencida" })).toBeVisible();

  // With JavaScript the page may still be settling the sandbox's form: go on once it has.
  await page.waitForLoadState("load");
  await page.goto(result, { waitUntil: "commit" });
  await expect(
    page.getByRole("heading", { level: 1, name: "La referencia de pago venció" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Pagar de nuevo" }).click();
  await page.getByRole("radio", { name: /Tarjeta de crédito o débito/ }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago con tarjeta" })).toBeVisible();
  const card = await page.locator('input[name="order_id"]').inputValue();
  expect(card).not.toBe(orderId);
  await fillCard(page, { number: "4111111111111111" });
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  expect((await chargesOf(request, orderId)).map((c) => c.status)).toEqual(["expired"]);
  expect((await chargesOf(request, card)).map((c) => c.status)).toEqual(["completed"]);
});
