/**
 * Payment result pages, receipts, the pending and failure pages and the order lookup (issue 10),
 * with JavaScript on and off. Charges are made at the sandbox gateway by the test; the browser
 * that "made" them carries the store's `pagos` cookie. Paying through the store's forms, from
 * the cart through the checkout, is tests/e2e/payment-journeys.spec.ts.
 */
import { readFile } from "node:fs/promises";
import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import {
  addToCart,
  cartCookie,
  chargeCard,
  chargePse,
  outbox,
  prepareCheckout,
  rememberPayments,
  sellableProducts,
} from "./support/payments.ts";

const jsOn = (info: TestInfo) => info.project.name === "js-on";
const formatCOP = (amount: number) =>
  new Intl.NumberFormat("es-CO", {
    style: "currency",
    currency: "COP",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);

/** The value shown next to a label of a details list. */
const detail = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

test("a card payment: details, receipt and an emptied cart for its browser, the status alone for another", async ({
  page,
  request,
  baseURL,
  browser,
}, info) => {
  const [product, other] = await sellableProducts(request);
  await addToCart(page, baseURL!, product, 2);
  expect(await cartCookie(page.context())).toBeTruthy();
  const order = await prepareCheckout(request, [{ product, quantity: 2 }], "openpay");
  const charge = await chargeCard(request, order, "4111111111111111");
  expect(charge.status).toBe(200);
  await rememberPayments(page.context(), baseURL!, [
    { order, chargeId: charge.chargeId, method: "openpay" },
  ]);

  const url = `/checkout/success/card?id=${charge.chargeId}&order_id=${order.orderId}`;
  expect((await page.goto(url))?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Pago exitoso/);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await expect(page.getByText("Estado del pago: Completado")).toBeVisible();
  await expect(detail(page, "Pedido")).toHaveText(order.orderId);
  await expect(detail(page, "Autorización")).toHaveText(charge.authorization!);
  await expect(detail(page, "Método de pago")).toHaveText("Visa terminada en 1111");
  await expect(detail(page, "Total pagado")).toHaveText(formatCOP(order.total));
  await expect(detail(page, "Fecha")).toHaveText(/\d{4}/);
  await expect(page.getByRole("cell", { name: product.title })).toBeVisible();
  await expect(page.getByText("Tu pedido será procesado en 24-48 horas.")).toBeVisible();
  await expect(page.getByText("La entrega se realiza en 2-5 días hábiles.")).toBeVisible();
  // Settled once: the cart is emptied (the header says so too), the e-mails are in the outbox.
  expect(await cartCookie(page.context())).toBeUndefined();
  await expect(
    page.getByRole(jsOn(info) ? "button" : "link", { name: /^Carrito\s*,\s*0 productos$/ }),
  ).toBeVisible();
  const sent = await outbox(request, order.orderId);
  expect(sent.map((mail) => mail.kind).sort()).toEqual(["aviso-ventas", "confirmacion-cliente"]);
  expect(sent.find((mail) => mail.kind === "confirmacion-cliente")?.to).toEqual([order.email]);
  await expectNoSeriousA11yViolations(page);

  // 'Descargar comprobante (PDF)': a real PDF, also without JavaScript.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Descargar comprobante (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`comprobante-${order.orderId}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Comprobante de pago ${order.orderId}`);

  // 'Imprimir comprobante': the print dialog with JavaScript, the printable PDF without it.
  const print = page.getByRole("link", { name: "Imprimir comprobante" });
  await expect(print).toHaveAttribute("href", `/checkout/comprobante/${charge.chargeId}.pdf`);
  if (jsOn(info)) {
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await print.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe("/checkout/success/card");
  }
  // The printed receipt: the page's content without the shop's frame and buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("link", { name: "Descargar comprobante (PDF)" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Comprobante de pago" })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // A reload with a new cart: shown again, the new cart kept, nothing sent twice.
  await addToCart(page, baseURL!, other, 1);
  await page.goto(url);
  await expect(detail(page, "Pedido")).toHaveText(order.orderId);
  expect(await cartCookie(page.context())).toBeTruthy();
  expect(await outbox(request, order.orderId)).toHaveLength(2);

  // Another browser with the same URL: the status, no personal data, no receipt.
  const stranger = await browser.newContext({ javaScriptEnabled: jsOn(info) });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${baseURL}${url}`);
  await expect(
    strangerPage.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
  ).toBeVisible();
  await expect(strangerPage.getByText("Estado del pago: Completado")).toBeVisible();
  const html = await strangerPage.content();
  for (const secret of [
    order.orderId,
    "terminada en",
    formatCOP(order.total),
    "Gómez",
    "Autorización",
  ]) {
    expect(html).not.toContain(secret);
  }
  await expect(strangerPage.getByRole("link", { name: /comprobante/i })).toHaveCount(0);
  // The way back to the order from this device: the lookup (issue 27).
  await expect(
    strangerPage.getByRole("main").getByRole("link", { name: "Consultar mis pedidos" }),
  ).toHaveAttribute("href", "/mi-cuenta/pedidos");
  const receipt = await strangerPage.request.get(
    `${baseURL}/checkout/comprobante/${charge.chargeId}.pdf`,
  );
  expect(receipt.status()).toBe(404);
  await stranger.close();
});

test("declined card charges: the failure page shows the gateway's code and description", async ({
  page,
  request,
  baseURL,
}) => {
  const [product] = await sellableProducts(request, 1);
  const declines = [
    ["4000000000000002", "3001", "Tarjeta declinada"],
    ["4000000000000069", "3002", "Tarjeta expirada"],
    ["4444444444444448", "3003", "Fondos insuficientes"],
    ["4000000000000119", "3004", "Tarjeta reportada como robada"],
    ["4000000000000127", "3005", "Rechazada por riesgo de fraude"],
  ] as const;
  for (const [number, code, description] of declines) {
    const order = await prepareCheckout(request, [{ product, quantity: 1 }], "openpay");
    const charge = await chargeCard(request, order, number);
    expect(charge.status).toBe(402);
    await page.goto(`/checkout/failure?id=${charge.chargeId}&order_id=${order.orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
    await expect(detail(page, "Código de error")).toHaveText(code);
    await expect(detail(page, "Descripción")).toHaveText(description);
  }
  await expect(page.locator("main").getByRole("listitem")).toContainText([
    "Fondos insuficientes en la cuenta o la tarjeta",
    "Datos de pago incorrectos",
    "Restricciones de tu banco para compras en línea",
    "Problemas temporales con el procesador de pagos",
    "Rechazo por parte de la entidad emisora",
  ]);
  await expect(page.getByRole("link", { name: "Intentar nuevamente" })).toHaveAttribute(
    "href",
    "/checkout?paso=3",
  );
  await expect(page.getByRole("link", { name: "Ver carrito" })).toHaveAttribute("href", "/carrito");
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(page);

  // The same declined charge on a result page: 'Pago fallido', read from the gateway.
  const order = await prepareCheckout(request, [{ product, quantity: 1 }], "openpay");
  const declined = await chargeCard(request, order, "4000000000000002");
  await rememberPayments(page.context(), baseURL!, [
    { order, chargeId: declined.chargeId, method: "openpay" },
  ]);
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

  // A crafted link cannot make the failure page say what it likes.
  await page.goto("/checkout/failure?code=9999&description=Llame%20al%20555%20para%20pagar");
  await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("9999");
  await expect(page.locator("main")).not.toContainText("Llame");
});

test("PSE at the bank page: approved, rejected, and left pending while the page refreshes itself", async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const [product] = await sellableProducts(request, 1);
  const orders = await Promise.all(
    [0, 1, 2].map(() => prepareCheckout(request, [{ product, quantity: 1 }], "pse")),
  );
  const charges: Array<{ id: string; redirect_url: string }> = [];
  for (const order of orders) charges.push(await chargePse(request, order, baseURL!));
  await rememberPayments(
    page.context(),
    baseURL!,
    orders.map((order, i) => ({ order, chargeId: charges[i].id, method: "pse" as const })),
  );

  await page.goto(charges[0].redirect_url);
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/success/pse\\?id=${charges[0].id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await expect(detail(page, "Método de pago")).toHaveText("PSE · Bancolombia");
  await expect(detail(page, "Pedido")).toHaveText(orders[0].orderId);

  await page.goto(charges[1].redirect_url);
  await page.getByRole("button", { name: "Rechazar pago" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago fallido" })).toBeVisible();
  await expect(page.getByText("Estado del pago: Fallido")).toBeVisible();

  await page.goto(charges[2].redirect_url);
  await page.getByRole("button", { name: "Dejar pendiente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago pendiente" })).toBeVisible();
  await expect(
    page.getByText("Los pagos pendientes suelen resolverse en 24-48 horas."),
  ).toBeVisible();
  // Without JavaScript a meta refresh (inside <noscript>) reloads the page; with it, the page
  // asks again by itself. Either way it can be stopped.
  const next = new RegExp(`^/checkout/success/pse\\?id=${charges[2].id}&intento=1$`);
  if (jsOn(info)) {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  } else {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
      "content",
      new RegExp(`^10;url=${next.source.slice(1)}`),
    );
  }
  await expect(page.getByRole("link", { name: "Dejar de actualizar" })).toHaveAttribute(
    "href",
    `/checkout/success/pse?id=${charges[2].id}&actualizar=no`,
  );
  await expect(page.getByRole("link", { name: "Continuar en el banco" })).toHaveAttribute(
    "href",
    charges[2].redirect_url,
  );
  await expectNoSeriousA11yViolations(page);
  // The bank decides later; the page finds out by itself, with or without JavaScript.
  const decided = await request.post(charges[2].redirect_url, {
    form: { decision: "aprobar" },
    maxRedirects: 0,
  });
  expect(decided.status()).toBe(303);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page).toHaveURL(/&intento=\d+$/);
  await expect(detail(page, "Pedido")).toHaveText(orders[2].orderId);
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
  await expectNoSeriousA11yViolations(page);
  expect((await page.goto("/checkout/success/pse?id=trnoexiste"))?.status()).toBe(404);
  await expect(page.getByText(/^No se encontró información del pago/)).toBeVisible();

  expect((await page.goto("/checkout/success/pse?id=trfalla500"))?.status()).toBe(502);
  await expect(
    page.getByText(
      "Error al verificar el estado del pago. Por favor, contacta con soporte si el problema persiste.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Reintentar" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the pending page leads to the order lookup, which answers only with the right e-mail", async ({
  page,
  request,
}, info) => {
  await page.goto("/checkout/pending");
  await expect(page.getByRole("heading", { level: 1, name: "Pago en proceso" })).toBeVisible();
  await expect(
    page.getByText(/Los pagos pendientes suelen resolverse en 24-48 horas\./),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  await expectNoSeriousA11yViolations(page);

  const [product] = await sellableProducts(request, 1);
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
  if (jsOn(info)) await expect(summary).toBeFocused();
  const orderField = page.getByLabel("Número de pedido");
  await expect(orderField).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

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
  await expect(detail(page, "Monto")).toHaveText(formatCOP(order.total));
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
  await expectNoSeriousA11yViolations(page);
});
