/**
 * The payment result pages of charges made at the sandbox gateway by the test, with JavaScript
 * on and off: a declined charge on a result page, a crafted failure link, result pages without a
 * payment to show, the pending page and the order lookup. The browser that "made" a charge
 * carries the store's `pagos` cookie. Paying through the store's forms, from the cart through
 * the checkout to every result, is payment-journeys.spec.ts.
 */
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import { detail, formatCOP } from "./support/payment-page.ts";
import { chargeCard, prepareCheckout, rememberPayments } from "./support/payments.ts";

test("a declined charge: its failure page for any browser, 'Pago fallido' on the result page of the one that paid; a crafted failure link says nothing of its own", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  const [product] = products;
  const order = await prepareCheckout(request, [{ product, quantity: 1 }], "openpay");
  const declined = await chargeCard(request, order, "4000000000000002");
  expect(declined.status).toBe(402);
  // Its failure page in a fresh browser with the link: someone else's payment, so no code, no
  // description and no promise about a cart this browser does not have.
  const failureUrl = `/checkout/failure?id=${declined.chargeId}&order_id=${order.orderId}`;
  await page.goto(failureUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("3001");
  await expect(page.locator("main")).not.toContainText("Tarjeta declinada");
  await expect(page.locator("main")).not.toContainText("se conservan");
  await expect(page.getByRole("main").getByRole("link", { name: "Mis pedidos" })).toBeVisible();

  // The browser that paid: the gateway's code and description, and its cart kept (every code,
  // paid through the store, is payment-journeys.spec.ts).
  await rememberPayments(page.context(), baseURL!, [
    { order, chargeId: declined.chargeId, method: "openpay" },
  ]);
  await page.goto(failureUrl);
  await expect(detail(page, "Código de error")).toHaveText("3001");
  await expect(detail(page, "Descripción")).toHaveText("Tarjeta declinada");
  await expect(page.locator("main")).toContainText(
    "Tu carrito y los datos de tu compra se conservan.",
  );
  // The same charge on a result page: 'Pago fallido', read from the gateway.
  await page.goto(`/checkout/success/card?id=${declined.chargeId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pago fallido" })).toBeVisible();
  await expect(
    page.getByText("Hubo un problema con tu pago. Por favor, intenta nuevamente."),
  ).toBeVisible();
  await expect(page.getByText(`Pedido ${order.orderId}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Intentar nuevamente" })).toHaveAttribute(
    "href",
    "/checkout?paso=3",
  );
  await expect(page.getByRole("link", { name: /comprobante/i })).toHaveCount(0);

  // The failure link of a charge that did not fail leads to its result page, an answer no
  // cache keeps (as the pages themselves).
  const paidOrder = await prepareCheckout(request, [{ product, quantity: 1 }], "openpay");
  const paid = await chargeCard(request, paidOrder, "4111111111111111");
  const toResult = await request.get(`/checkout/failure?id=${paid.chargeId}`, { maxRedirects: 0 });
  expect(toResult.status()).toBeGreaterThanOrEqual(300);
  expect(toResult.status()).toBeLessThan(400);
  expect(toResult.headers()["cache-control"]).toBe("private, no-store");

  // A crafted link cannot make the failure page say what it likes.
  await page.goto("/checkout/failure?code=9999&description=Llame%20al%20555%20para%20pagar");
  await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("9999");
  await expect(page.locator("main")).not.toContainText("Llame");
});

test("result pages without a payment to show: no id, an unknown id, a status call that fails", async ({
  page,
}) => {
  expect((await page.goto("/checkout/success/card"))?.status()).toBe(404);
  await expect(
    page.getByText(
      "No se encontró información del pago. Puede que haya ocurrido un error en la redirección.",
    ),
  ).toBeVisible();
  expect((await page.goto("/checkout/success/pse?id=trnoexiste"))?.status()).toBe(404);
  await expect(page.getByText(/^No se encontró información del pago/)).toBeVisible();

  expect((await page.goto("/checkout/success/pse?id=trfalla500"))?.status()).toBe(502);
  await expect(
    page.getByText(
      "Error al verificar el estado del pago. Por favor, contacta con soporte si el problema persiste.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Reintentar" })).toBeVisible();
});

test("the pending page leads to the order lookup, which answers only with the right e-mail", async ({
  page,
  request,
  jsOn,
  products,
}) => {
  await page.goto("/checkout/pending");
  await expect(page.getByRole("heading", { level: 1, name: "Pago en proceso" })).toBeVisible();
  await expect(
    page.getByText(/Los pagos pendientes suelen resolverse en 24-48 horas\./),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");

  const [product] = products;
  const order = await prepareCheckout(
    request,
    [{ product, quantity: 1 }],
    "openpay",
    "luis@example.com",
  );
  await chargeCard(request, order, "5555555555554444");

  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Mis pedidos" }),
  ).toHaveAttribute("href", "/mi-cuenta/pedidos");
  await page.getByRole("main").getByRole("link", { name: "Consultar mis pedidos" }).click();
  await expect(page).toHaveURL(/\/mi-cuenta\/pedidos$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mis pedidos" })).toBeVisible();
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page).toHaveTitle(/^Error: Mis pedidos/);
  const summary = page.getByRole("alert").filter({ hasText: "Hay un problema" });
  await expect(summary.getByRole("link", { name: "Ingresa el número de pedido" })).toHaveAttribute(
    "href",
    "#consulta-pedido-order_id",
  );
  await expect(summary.getByRole("link", { name: "El correo es obligatorio" })).toBeVisible();
  if (jsOn) await expect(summary).toBeFocused();
  const orderField = page.getByLabel("Número de pedido");
  await expect(orderField).toHaveAttribute("aria-invalid", "true");

  await orderField.fill(order.orderId);
  await page.getByLabel("Correo electrónico").fill("otra@example.com");
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(
    page.getByText(
      "No encontramos un pedido con ese número y correo electrónico. Revisa los datos e intenta de nuevo.",
    ),
  ).toBeVisible();
  await expect(page.getByText("Estado del pago", { exact: true })).toHaveCount(0);
  // The values typed are kept.
  await expect(orderField).toHaveValue(order.orderId);

  await page.getByLabel("Correo electrónico").fill("LUIS@example.com");
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByRole("heading", { name: `Pedido ${order.orderId}` })).toBeVisible();
  await expect(detail(page, "Estado del pago")).toHaveText("Completado");
  await expect(detail(page, "Método de pago")).toHaveText("Mastercard terminada en 4444");
  await expect(detail(page, "Total pagado")).toHaveText(formatCOP(order.total));
  await expect(page).toHaveTitle(/^Mis pedidos/);
  // The e-mail never went into a URL.
  expect(page.url()).not.toContain("example.com");

  // The receipt PDF for the same proof, posted again (a native form, with or without JavaScript).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar comprobante (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`comprobante-${order.orderId}.pdf`);
  const pdf = await readFile(await download.path());
  expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Comprobante de pago ${order.orderId}`);
});
