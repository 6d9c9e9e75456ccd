/**
 * Paying through the store, from the cart through the checkout wizard to the result, with
 * JavaScript on and off: a card approved (the result page, its receipt, the e-mails once, and
 * what another browser sees), every declined code, form errors, a double submit and a replayed
 * POST (one charge, checked in the gateway's charges list), PSE through the bank page (rejected,
 * left pending while the page refreshes itself, approved later), and in a second store process
 * behind a fault proxy: a charge answer that never came, the card-testing limit, and a run whose
 * logs, cookies and pages never hold a card number or CVV. The first test walks the wizard's
 * screens to the payment page; the others reach it by the wizard's own form posts
 * (support/checkout-journey.ts). The result pages of charges made at the gateway directly are
 * payments.spec.ts.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { startFaultProxy } from "../support/fault-proxy.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { finalizeCheckout, openPaymentPage, reachPaymentPage } from "./support/checkout-journey.ts";
import { becomeNewVisitor, cartOf, expect, sharedPageTest as test } from "./support/fixtures.ts";
import { freePort, startMerchantApi } from "./support/merchant-api.ts";
import {
  CARD_YEAR,
  cardPost,
  detail,
  fillCard,
  formatCOP,
  orderIdOf,
  payButton,
} from "./support/payment-page.ts";
import { chargesOf, outbox } from "./support/payments.ts";
import { startStoreOnFreePort } from "./support/store-process.ts";

const VISA = "4111111111111111";
/** Luhn-valid American Express, approved by the sandbox with a 4-digit code. */
const AMEX = "378282246310005";

/** On the PSE payment page: pays at Bancolombia and leaves the payment pending at the bank. */
async function leavePsePending(page: Page) {
  const orderId = await orderIdOf(page);
  await page.getByLabel("Banco").selectOption({ label: "Bancolombia" });
  await page.getByRole("button", { name: /con PSE$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/banco-pse\/tr/);
  const bank = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Dejar pendiente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago pendiente" })).toBeVisible();
  return { orderId, bank };
}

test.beforeEach(async ({ context }) => {
  // Each test is a shopper at its own address: the card-attempt limit counts per address.
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${octet()}.${octet()}` });
});

test("pays by card through the store: one charge, the result page, its receipt and the e-mails once, the cart emptied; a replayed POST charges nothing; another browser sees the status alone", async ({
  page,
  request,
  baseURL,
  jsOn,
  cart,
  products,
}) => {
  test.slow();
  const [product, other] = products;
  await cart.add(product.id, 2);
  await reachPaymentPage(page, baseURL!, "openpay");
  await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute(
    "href",
    "/checkout?paso=3",
  );
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" })).toContainText(
    product.title,
  );
  const orderId = await orderIdOf(page);
  const total = Number((await payButton(page).innerText()).replace(/\D/g, ""));

  const number = page.getByLabel("Número de tarjeta");
  await expect(number).toHaveAttribute("autocomplete", "cc-number");
  await expect(number).toHaveAttribute("maxlength", "19");
  if (jsOn) {
    // Groups of four as typed, and the brand shown.
    await number.pressSequentially(VISA);
    await expect(number).toHaveValue("4111 1111 1111 1111");
    await expect(page.locator("#tarjeta-marca")).toHaveText("Visa");
  }
  await fillCard(page, { number: VISA });
  const replay = await cardPost(page, VISA);
  await payButton(page).click();

  await expect(page).toHaveURL(
    new RegExp(`/checkout/success/card\\?id=tr[a-z0-9]+&order_id=${orderId}$`),
  );
  const resultUrl = page.url();
  const charges = await chargesOf(request, orderId);
  expect(charges).toHaveLength(1);
  expect(charges[0].status).toBe("completed");
  expect(charges[0].amount).toBe(total);
  const chargeId = charges[0].id;
  await expect(page).toHaveTitle(/^Pago exitoso/);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await expect(page.getByText("Estado del pago: Completado")).toBeVisible();
  await expect(detail(page, "Pedido")).toHaveText(orderId);
  await expect(detail(page, "Autorización")).toHaveText(charges[0].authorization!);
  await expect(detail(page, "Método de pago")).toHaveText("Visa terminada en 1111");
  await expect(detail(page, "Total pagado")).toHaveText(formatCOP(total));
  await expect(detail(page, "Fecha")).toHaveText(/\d{4}/);
  await expect(page.getByRole("cell", { name: product.title })).toBeVisible();
  await expect(page.getByText("Tu pedido será procesado en 24-48 horas.")).toBeVisible();
  await expect(page.getByText("La entrega se realiza en 2-5 días hábiles.")).toBeVisible();
  // Settled once: the order's lines left the cart and the checkout is gone (the header says so
  // too), the e-mails are in the outbox, and the page holds no card number.
  await expect(cart.badge(0)).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "__Host-checkout")).toBe(false);
  expect(await page.content()).not.toContain(VISA);
  const sent = await outbox(request, orderId);
  expect(sent.map((mail) => mail.kind).sort()).toEqual(["aviso-ventas", "confirmacion-cliente"]);
  expect(sent.find((mail) => mail.kind === "confirmacion-cliente")?.to).toEqual([
    "ana@example.com",
  ]);

  // The same POST replayed after the payment: its result again, no second charge.
  const replayed = await page.request.post("/checkout/pago", {
    form: replay,
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(replayed.status()).toBe(303);
  expect(new URL(replayed.headers().location, baseURL).href).toBe(resultUrl);
  expect(await chargesOf(request, orderId)).toHaveLength(1);

  // 'Descargar comprobante (PDF)': a real PDF, also without JavaScript.
  const receipt = page.getByRole("link", { name: "Descargar comprobante (PDF)" });
  const pdf = await page.request.get((await receipt.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const [download] = await Promise.all([page.waitForEvent("download"), receipt.click()]);
  expect(download.suggestedFilename()).toBe(`comprobante-${orderId}.pdf`);
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString()).toBe("%PDF-");
  expect((await PDFDocument.load(file)).getTitle()).toBe(`Comprobante de pago ${orderId}`);

  // 'Imprimir comprobante': the print dialog with JavaScript, the printable PDF without it.
  const print = page.getByRole("link", { name: "Imprimir comprobante" });
  await expect(print).toHaveAttribute("href", `/checkout/comprobante/${chargeId}.pdf`);
  if (jsOn) {
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
  await expect(receipt).toBeHidden();
  await expect(page.getByRole("heading", { name: "Comprobante de pago" })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Back after paying: the order was paid, with its receipt, never 'Carrito Vacío'.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Compra finalizada" })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: `Tu pedido ${orderId} está pagado` })
      .getByRole("link", { name: "Ver comprobante" }),
  ).toBeVisible();

  // A reload with a new cart: shown again, the new cart kept, nothing sent twice.
  await cart.add(other.id);
  await page.goto(resultUrl);
  await expect(detail(page, "Pedido")).toHaveText(orderId);
  expect(await cart.cookie()).toBeTruthy();
  expect(await outbox(request, orderId)).toHaveLength(2);

  // Another browser with the same URL: the status, no personal data, no receipt. This page, as a
  // new visitor (no cookies, no storage).
  await becomeNewVisitor(page);
  const strangerPage = page;
  await strangerPage.goto(resultUrl);
  await expect(
    strangerPage.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
  ).toBeVisible();
  await expect(strangerPage.getByText("Estado del pago: Completado")).toBeVisible();
  const html = await strangerPage.content();
  for (const secret of [orderId, "terminada en", formatCOP(total), "Gómez", "Autorización"]) {
    expect(html).not.toContain(secret);
  }
  await expect(strangerPage.getByRole("link", { name: /comprobante/i })).toHaveCount(0);
  // The way back to the order from this device: the lookup.
  await expect(
    strangerPage.getByRole("main").getByRole("link", { name: "Consultar mis pedidos" }),
  ).toHaveAttribute("href", "/mi-cuenta/pedidos");
  const stolen = await strangerPage.request.get(`${baseURL}/checkout/comprobante/${chargeId}.pdf`);
  expect(stolen.status()).toBe(404);
});

test("a double submit and two tabs paying the same order make one charge @smoke", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  await openPaymentPage(page, baseURL!, "openpay", { product: products[0] });
  const orderId = await orderIdOf(page);
  const post = await cardPost(page, "5555555555554444");
  // Two tabs posting at once.
  const [a, b] = await Promise.all(
    [0, 1].map(() =>
      page.request.post("/checkout/pago", {
        form: post,
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      }),
    ),
  );
  expect(a.status()).toBe(303);
  expect(b.headers().location).toBe(a.headers().location);
  // And the page's own button clicked twice.
  await fillCard(page, { number: "5555 5555 5555 4444" });
  await payButton(page).dblclick();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(a.headers().location);
  expect(await chargesOf(request, orderId)).toHaveLength(1);
});

test("a payment under way says so in view and locks the form and 'Volver' until it ends @js", async ({
  page,
  baseURL,
  products,
  ready,
  holdData,
}) => {
  await openPaymentPage(page, baseURL!, "openpay", { product: products[0] });
  await ready();
  await fillCard(page, { number: "4242 4242 4242 4242" });
  // The charge's answer is held, as a slow gateway holds it.
  const release = await holdData();
  await payButton(page).click();
  const status = page.getByRole("status").filter({ hasText: "Estamos procesando tu pago" });
  await expect(status).toBeInViewport();
  await expect(page.getByLabel("Número de tarjeta")).toBeDisabled();
  await expect(page.getByLabel("Nombre del titular")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Procesando" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Volver", exact: true })).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
});

test("form errors keep the holder and expiry and never the card number or CVV; an American Express code has 4 digits", async ({
  page,
  request,
  baseURL,
  jsOn,
  products,
}) => {
  await openPaymentPage(page, baseURL!, "openpay", { product: products[1] });
  const orderId = await orderIdOf(page);
  // With JavaScript, the form checks in the browser once its script runs (the number input then
  // loses its name); a click before that is a plain post, answered by the server.
  if (jsOn) await expect(page.getByLabel("Número de tarjeta")).not.toHaveAttribute("name");
  await fillCard(page, { number: "4111 1111 1111 1112", holder: "Ana María Gómez", cvv: "12" });
  await payButton(page).click();

  await expect(page).toHaveTitle(/^Error: Pago con tarjeta/);
  const summary = page.getByRole("alert").filter({ hasText: "Hay un problema" });
  await expect(summary.getByRole("link", { name: "Número de tarjeta inválido" })).toHaveAttribute(
    "href",
    "#pago-tarjeta-card_number",
  );
  await expect(
    summary.getByRole("link", { name: "El CVV debe tener exactamente 3 dígitos" }),
  ).toHaveAttribute("href", "#pago-tarjeta-cvv2");
  if (jsOn) await expect(summary).toBeFocused();
  await expect(page.getByLabel("Número de tarjeta")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nombre del titular")).toHaveValue("Ana María Gómez");
  await expect(page.getByLabel("Mes", { exact: true })).toHaveValue("12");
  await expect(page.getByLabel("Año", { exact: true })).toHaveValue(CARD_YEAR);
  // Without JavaScript the server answered: the number and CVV come back empty. With it, the
  // browser caught the errors before sending anything, and the shopper's typing stays put.
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue(jsOn ? "4111 1111 1111 1112" : "");
  await expect(page.getByLabel("CVV")).toHaveValue(jsOn ? "12" : "");

  const html = await page.content();
  expect(html).not.toContain("4111 1111 1111 1112");
  expect(await chargesOf(request, orderId)).toEqual([]);

  // American Express: its code has 4 digits, which the field takes with or without
  // JavaScript; 3 are refused in the shopper's words, never sent on as a truncated code.
  // Without JavaScript room for 4 and a hint for both; with it, a Visa number typed gives 3.
  const cvv = page.getByLabel("CVV");
  if (jsOn) await page.getByLabel("Número de tarjeta").fill(VISA);
  await expect(cvv).toHaveAttribute("maxlength", jsOn ? "3" : "4");
  await expect(page.locator("#pago-tarjeta-cvv2-hint")).toHaveText(
    jsOn
      ? "Los 3 dígitos al respaldo de tu tarjeta"
      : "Los 3 dígitos al respaldo de tu tarjeta; en American Express, los 4 del frente",
  );
  await fillCard(page, { number: AMEX, cvv: "123" });
  if (jsOn) {
    // The hint and the length follow the brand typed.
    await expect(page.locator("#tarjeta-marca")).toHaveText("American Express");
    await expect(page.locator("#pago-tarjeta-cvv2-hint")).toHaveText(
      "Los 4 dígitos al frente de tu tarjeta American Express",
    );
    await expect(cvv).toHaveAttribute("maxlength", "4");
  }
  await payButton(page).click();
  await expect(
    summary.getByRole("link", { name: "El código de American Express tiene 4 dígitos" }),
  ).toHaveAttribute("href", "#pago-tarjeta-cvv2");
  await expect(summary).not.toContainText("Número de tarjeta inválido");
  expect(await chargesOf(request, orderId)).toEqual([]);

  await fillCard(page, { number: AMEX, cvv: "1234" });
  await expect(cvv).toHaveValue("1234");
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await expect(detail(page, "Método de pago")).toContainText("0005");
  const charges = await chargesOf(request, orderId);
  expect(charges).toHaveLength(1);
  expect(charges[0].status).toBe("completed");
});

test("each declined code goes to the failure page; 'Intentar nuevamente' starts over with a new order", async ({
  page,
  baseURL,
  jsOn,
  cart,
  products,
}) => {
  test.setTimeout(180_000);
  const declines = [
    ["4000000000000002", "3001", "Tarjeta declinada"],
    ["4000000000000069", "3002", "Tarjeta expirada"],
    ["4444444444444448", "3003", "Fondos insuficientes"],
    ["4000000000000119", "3004", "Tarjeta reportada como robada"],
    ["4000000000000127", "3005", "Rechazada por riesgo de fraude"],
  ] as const;
  const orders = new Set<string>();
  await openPaymentPage(page, baseURL!, "openpay", { product: products[0] });
  for (const [index, [number, code, description]] of declines.entries()) {
    // Each new try goes on from the payment method, where 'Intentar nuevamente' left the shopper.
    if (index > 0) await finalizeCheckout(page, "openpay");
    orders.add(await orderIdOf(page));
    // Each project its own expiry: a card is its number and expiry to the card-testing limit,
    // which the two projects (and a retry) share on this server.
    await fillCard(page, { number, year: jsOn ? CARD_YEAR : String(Number(CARD_YEAR) + 1) });
    await payButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/failure\?id=tr/);
    await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
    await expect(detail(page, "Código de error")).toHaveText(code);
    await expect(detail(page, "Descripción")).toHaveText(description);
    if (index === 0) {
      // What the failure page offers, whatever the code.
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
      await expect(page.getByRole("link", { name: "Ver carrito" })).toHaveAttribute(
        "href",
        "/carrito",
      );
      await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute(
        "href",
        "/",
      );
    }
    // The cart is kept for the next try.
    expect(await cart.cookie()).toBeTruthy();
    // Back to the payment method with the data kept; 'Finalizar compra' mints a new order.
    await page.getByRole("link", { name: "Intentar nuevamente" }).click();
    await expect(page).toHaveURL(/\/checkout\?paso=3$/);
    await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();
  }
  expect(orders.size).toBe(declines.length);
});

test("PSE through the store: form errors, the bank rejects; then the payment left pending, its page refreshing itself until the bank approves", async ({
  page,
  request,
  jsOn,
  baseURL,
  cart,
  products,
}) => {
  test.setTimeout(180_000);
  // Rejected: 'Pago fallido', the cart kept.
  await openPaymentPage(page, baseURL!, "pse", { product: products[1] });
  await page.getByLabel("Número de documento").fill("12");
  await page.getByRole("button", { name: /con PSE$/ }).click();
  await expect(page).toHaveTitle(/^Error: Pago con PSE/);
  await expect(
    page.getByRole("link", { name: "El número de documento debe tener entre 6 y 12 dígitos." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Selecciona tu banco" })).toBeVisible();
  await page.getByLabel("Número de documento").fill("1020304050");
  await page.getByLabel("Banco").selectOption({ label: "Bancolombia" });
  await page.getByRole("button", { name: /con PSE$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/banco-pse\/tr/);
  await page.getByRole("button", { name: "Rechazar pago" }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/pse\?id=tr/);
  await expect(page.getByRole("heading", { level: 1, name: "Pago fallido" })).toBeVisible();
  await expect(page.getByText("Estado del pago: Fallido")).toBeVisible();
  expect(await cart.cookie()).toBeTruthy();
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();

  // Left pending: 'Pago pendiente', refreshing itself, which the shopper can stop.
  await finalizeCheckout(page, "pse");
  const { orderId, bank } = await leavePsePending(page);
  const chargeId = new URL(page.url()).searchParams.get("id")!;
  const pending = `/checkout/success/pse?id=${chargeId}`;
  await expect(page).toHaveURL(new RegExp(`${pending.replace("?", "\\?")}$`));
  await expect(
    page.getByText("Los pagos pendientes suelen resolverse en 24-48 horas."),
  ).toBeVisible();
  // Without JavaScript a meta refresh (inside <noscript>) reloads the page; with it, the page
  // asks again by itself. Either way it can be stopped.
  if (jsOn) {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  } else {
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
      "content",
      `10;url=${pending}&intento=1`,
    );
  }
  await expect(page.getByRole("link", { name: "Dejar de actualizar" })).toHaveAttribute(
    "href",
    `${pending}&actualizar=no`,
  );
  await expect(page.getByRole("link", { name: "Continuar en el banco" })).toHaveAttribute(
    "href",
    bank,
  );

  // Step 3 and the cart say so; 'Finalizar compra' by card meanwhile is refused: no new order.
  await page.goto("/checkout?paso=3");
  const notice = page.getByRole("region", { name: /^Tienes un pago pendiente por \$/ });
  await expect(notice).toContainText(`(pedido ${orderId})`);
  await expect(notice.getByRole("link", { name: "Continuar en el banco" })).toHaveAttribute(
    "href",
    bank,
  );
  await expect(
    notice.getByRole("button", { name: "Cancelar y pagar con otro medio" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await finalizeCheckout(page, "openpay", { to: "pending PSE" });
  await expect(page.getByText("Este carrito ya tiene un pago pendiente.").first()).toBeVisible();
  expect(await chargesOf(request, orderId)).toHaveLength(1);
  // A product added meanwhile is not part of the pending order, and the cart page says so.
  await cart.add(products[0].id, 1);
  await page.goto("/carrito");
  await expect(page.getByRole("region", { name: /^Tienes un pago pendiente/ })).toBeVisible();
  await expect(
    page.getByText(
      "1 unidad agregada después de finalizar la compra: no forma parte del pedido pendiente.",
    ),
  ).toBeVisible();

  // The bank decides later; the pending page finds out by itself, with or without JavaScript.
  await page.goto(pending);
  await expect(page.getByRole("heading", { level: 1, name: "Pago pendiente" })).toBeVisible();
  const decided = await request.post(bank, { form: { decision: "aprobar" }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible({
    timeout: 25_000,
  });
  await expect(page).toHaveURL(/&intento=\d+$/);
  await expect(detail(page, "Pedido")).toHaveText(orderId);
  await expect(detail(page, "Método de pago")).toHaveText("PSE · Bancolombia");
  // The receipt lists the order, not the cart as it is now: the product added later stayed.
  const [charge] = await chargesOf(request, orderId);
  await expect(detail(page, "Total pagado")).toHaveText(formatCOP(charge.amount));
  await expect(page.getByRole("cell", { name: products[1].title })).toBeVisible();
  await expect(page.getByRole("cell", { name: products[0].title })).toHaveCount(0);
  await expect(cart.badge(1)).toBeVisible();

  // Another device: the lookup (the order number typed in lower case) shows the same receipt. This
  // page, as a new visitor (no cookies, no storage).
  await becomeNewVisitor(page);
  const elsewhere = page;
  await elsewhere.goto(`${baseURL}/mi-cuenta/pedidos`);
  await elsewhere.getByLabel("Número de pedido").fill(orderId.toLowerCase());
  await elsewhere.getByLabel("Correo electrónico").fill("ana@example.com");
  await elsewhere.getByRole("button", { name: "Consultar" }).click();
  await expect(detail(elsewhere, "Total pagado")).toHaveText(formatCOP(charge.amount));
  await expect(elsewhere.getByRole("cell", { name: products[1].title })).toBeVisible();
  await expect(elsewhere.getByText(/^Vendedor: .* · NIT \d/)).toBeVisible();
  await expectNoSeriousA11yViolations(elsewhere);
  const download = elsewhere.waitForEvent("download");
  await elsewhere.getByRole("button", { name: "Descargar comprobante (PDF)" }).click();
  const pdf = await PDFDocument.load(await readFile(await (await download).path()));
  expect(pdf.getTitle()).toBe(`Comprobante de pago ${orderId}`);
});

test("a pending PSE payment cancelled from the cart: the bank's late approval is refused, and the cart is paid by card once", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  test.slow();
  await openPaymentPage(page, baseURL!, "pse", { product: products[1] });
  const { orderId: pse, bank } = await leavePsePending(page);

  await page.goto("/carrito");
  await page.getByRole("button", { name: "Cancelar y pagar con otro medio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();
  await expect(page.getByText(`Cancelamos el pago pendiente del pedido ${pse}`)).toBeVisible();
  expect((await chargesOf(request, pse)).map((c) => c.status)).toEqual(["cancelled"]);
  const late = await request.post(bank, { form: { decision: "aprobar" }, maxRedirects: 0 });
  expect(late.status()).toBe(409);

  await finalizeCheckout(page, "openpay");
  const card = await orderIdOf(page);
  expect(card).not.toBe(pse);
  await fillCard(page, { number: VISA });
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  expect((await chargesOf(request, card)).map((c) => c.status)).toEqual(["completed"]);
  expect((await chargesOf(request, pse)).map((c) => c.status)).toEqual(["cancelled"]);
});

test("a second store behind a flaky gateway: no answer is 'Pago en proceso', then plainly not charged and paid in one click; a declined card is stopped, not the shoppers beside it; no card number or CVV anywhere", async ({
  page,
  context,
  jsOn,
  products,
}) => {
  test.setTimeout(240_000);
  const port = await freePort();
  // The store's pages tokenize cards at the API from the browser (through the proxy too).
  const api = await startMerchantApi([`http://127.0.0.1:${port}`]);
  const proxy = await startFaultProxy(api.url);
  const store = await startStoreOnFreePort({
    PORT: String(port),
    API_URL: proxy.url,
    LOG_LEVEL: "debug",
    TRUST_PROXY: "loopback",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_GRACE_SECONDS: "2",
  });
  // The shoppers take turns in the test's page, each a new visitor to the store (no cookies, no
  // storage) at its own client address.
  const bodies: string[] = [];
  page.on("response", (response) => {
    if (!response.url().startsWith(store.origin) || response.url().includes("/assets/")) return;
    response.text().then(
      (text) => bodies.push(text),
      () => {},
    );
  });
  /** A shopper at a client address (several shoppers may share one). */
  const shopper = async (address: string) => {
    await becomeNewVisitor(page);
    await context.unrouteAll();
    // The address goes to the store only: the browser's own call to the API has no such header.
    await context.route(`${store.origin}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": address } }),
    );
    return { context, page };
  };
  const charge = { method: "POST", path: /^\/payments\/card\/charge/ } as const;
  const office = "198.51.100.20";
  try {
    // The charge request gets a proxy's HTML 502 and never reaches the gateway.
    const first = await shopper("198.51.100.10");
    await openPaymentPage(first.page, store.origin, "openpay", { product: products[0] });
    const orderId = await orderIdOf(first.page);
    await fillCard(first.page, { number: VISA });
    proxy.add({ ...charge, fault: { when: "before", answer: "html502" }, times: 1 });
    await payButton(first.page).click();
    await expect(
      first.page.getByRole("heading", { level: 1, name: "Pago en proceso" }),
    ).toBeVisible();
    await expect(first.page.getByText(/No pagues de nuevo mientras tanto/)).toBeVisible();
    expect(await cartOf(first.page, store.origin, jsOn).cookie()).toBeTruthy();
    // Past the grace period, the gateway still has no charge: nothing was charged. Asked again
    // by reloading, every quarter of a second: the heading is the server's, there at the load.
    await expect
      .poll(
        async () => {
          await first.page.reload();
          return first.page
            .getByRole("heading", { level: 1, name: "No se realizó ningún cobro" })
            .isVisible();
        },
        { timeout: 15_000, intervals: [250] },
      )
      .toBe(true);
    await first.page.getByRole("link", { name: "Pagar de nuevo" }).click();
    await fillCard(first.page, { number: VISA });
    await payButton(first.page).click();
    await expect(
      first.page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
    ).toBeVisible();
    expect((await api.charges(orderId)).map((c) => c.status)).toEqual(["completed"]);
    const firstCookies = JSON.stringify(await first.context.cookies());

    // The gateway charges, then the connection drops: the store finds the charge, once.
    const second = await shopper("198.51.100.11");
    await openPaymentPage(second.page, store.origin, "openpay", { product: products[1] });
    const secondOrder = await orderIdOf(second.page);
    await fillCard(second.page, { number: "5555555555554444" });
    proxy.add({ ...charge, fault: { when: "after", answer: "reset" }, times: 1 });
    await payButton(second.page).click();
    await expect(
      second.page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
    ).toBeVisible();
    expect(await api.charges(secondOrder)).toHaveLength(1);

    // Card testing: one card declined three times, over new orders, then 429 with Retry-After.
    const tester = await shopper(office);
    await openPaymentPage(tester.page, store.origin, "openpay", { product: products[1] });
    for (let attempt = 1; attempt <= 3; attempt++) {
      if (attempt > 1) await finalizeCheckout(tester.page, "openpay");
      await fillCard(tester.page, { number: "4000000000000002" });
      await payButton(tester.page).click();
      await expect(
        tester.page.getByRole("heading", { level: 1, name: "Error en el pago" }),
      ).toBeVisible();
      await tester.page.getByRole("link", { name: "Intentar nuevamente" }).click();
    }
    await finalizeCheckout(tester.page, "openpay");
    const testerOrder = await orderIdOf(tester.page);
    await fillCard(tester.page, { number: "4000000000000002" });
    const [answer] = await Promise.all([
      tester.page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().includes("/checkout/pago"),
      ),
      payButton(tester.page).click(),
    ]);
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(
      tester.page.getByText(
        /Demasiados intentos de pago con esta tarjeta: .* durante una hora\. No se realizó ningún cobro\. Puedes pagar ahora con otra tarjeta, o con PSE/,
      ),
    ).toBeVisible();
    expect(await api.charges(testerOrder)).toEqual([]);
    const testerCookies = JSON.stringify(await tester.context.cookies());

    // A colleague behind the same office address pays with a good card.
    const colleague = await shopper(office);
    await openPaymentPage(colleague.page, store.origin, "openpay", { product: products[0] });
    await fillCard(colleague.page, { number: "4242424242424242" });
    await payButton(colleague.page).click();
    await expect(
      colleague.page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
    ).toBeVisible();

    // Nothing of the cards typed in this run is anywhere the store keeps or sends.
    const logs = store.output();
    expect(logs).toContain('"msg":"card charge"');
    const decoded = (cookies: string) =>
      cookies +
      [...cookies.matchAll(/"value":"([^"]+)"/g)]
        .map(([, value]) =>
          Buffer.from(decodeURIComponent(value).split(".")[0], "base64").toString(),
        )
        .join("\n");
    for (const haystack of [
      logs,
      bodies.join("\n"),
      decoded(firstCookies),
      decoded(testerCookies),
    ]) {
      for (const number of [VISA, "4242424242424242", "5555555555554444", "4000000000000002"]) {
        expect(haystack).not.toContain(number);
        expect(haystack).not.toContain(number.replace(/(\d{4})(?=\d)/g, "$1 "));
      }
      expect(haystack).not.toMatch(/cvv2?"?\s*[:=]\s*"?123/i);
    }
  } finally {
    await store.stop();
    await proxy.close();
    await api.stop();
  }
});
