/**
 * Paying through the store (issue 10), from the cart through the checkout wizard to the result,
 * with JavaScript on and off: card approved and declined, form errors, tokenization error,
 * double submit and replayed POST (one charge, checked in the gateway's charges list), PSE at
 * the bank page, and in a second store process the gateway down, the card-testing limit and a
 * run whose logs, cookies and pages never hold a card number or CVV. The first test walks the
 * wizard's screens to the payment page; the others, about the payment page, reach it by the
 * wizard's own form posts (support/checkout-journey.ts).
 */
import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { asStaff } from "./support/staff-api.ts";
import { finalizeCheckout, openPaymentPage, reachPaymentPage } from "./support/checkout-journey.ts";
import {
  cartCookie,
  chargesOf,
  outbox,
  type Sellable,
  sellableProducts,
} from "./support/payments.ts";
import { gatewayProxy, startStore } from "./support/second-store.ts";

const jsOn = (info: TestInfo) => info.project.name === "js-on";
const YEAR = String(new Date().getFullYear() + 2);
const VISA = "4111111111111111";

interface Card {
  number: string;
  holder?: string;
  month?: string;
  year?: string;
  cvv?: string;
}

async function fillCard(page: Page, card: Card) {
  if (card.holder !== undefined) await page.getByLabel("Nombre del titular").fill(card.holder);
  await page.getByLabel("Número de tarjeta").fill(card.number);
  await page.getByLabel("Mes", { exact: true }).selectOption(card.month ?? "12");
  await page.getByLabel("Año", { exact: true }).selectOption(card.year ?? YEAR);
  await page.getByLabel("CVV").fill(card.cvv ?? "123");
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar \$/ });

/** The value shown next to a label of a details list. */
const detail = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The card fields as a plain form posts them (for replaying a POST by hand). */
async function cardPost(page: Page, number: string) {
  const orderId = await page.locator('input[name="order_id"]').inputValue();
  const expected = await page.locator('input[name="expected_total"]').inputValue();
  return {
    intent: "pay-card",
    order_id: orderId,
    expected_total: expected,
    holder_name: "Ana Gómez",
    card_number: number,
    expiration_month: "12",
    expiration_year: YEAR,
    cvv2: "123",
  };
}

let products: Sellable[] = [];
test.beforeEach(async ({ request, context }) => {
  if (products.length === 0) products = await sellableProducts(request, 2);
  // Each test is a shopper at its own address: the card-attempt limit counts per address.
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${octet()}.${octet()}` });
});

test("pays by card through the store: one charge, the cart emptied, the receipt and the e-mails; a replayed POST charges nothing", async ({
  page,
  request,
  baseURL,
}, info) => {
  await reachPaymentPage(page, baseURL!, "openpay", { product: products[0], quantity: 2 });
  await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute(
    "href",
    "/checkout?paso=3",
  );
  await expect(page.getByRole("complementary", { name: "Resumen del pedido" })).toContainText(
    products[0].title,
  );
  const orderId = await page.locator('input[name="order_id"]').inputValue();
  await expectNoSeriousA11yViolations(page);

  const number = page.getByLabel("Número de tarjeta");
  await expect(number).toHaveAttribute("autocomplete", "cc-number");
  await expect(number).toHaveAttribute("maxlength", "19");
  if (jsOn(info)) {
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
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await expect(detail(page, "Pedido")).toHaveText(orderId);
  await expect(detail(page, "Método de pago")).toHaveText("Visa terminada en 1111");
  const resultUrl = page.url();
  expect(await cartCookie(page.context())).toBeUndefined();
  expect((await page.context().cookies()).some((c) => c.name === "__Host-checkout")).toBe(false);
  expect(await page.content()).not.toContain(VISA);
  const charges = await chargesOf(request, orderId);
  expect(charges).toHaveLength(1);
  expect(charges[0].status).toBe("completed");
  expect(await outbox(request, orderId)).toHaveLength(2);
  const pdf = await page.request.get(
    (await page.getByRole("link", { name: "Descargar comprobante (PDF)" }).getAttribute("href"))!,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // The same POST replayed after the payment: its result again, no second charge.
  const replayed = await page.request.post("/checkout/pago", {
    form: replay,
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(replayed.status()).toBe(303);
  expect(new URL(replayed.headers().location, baseURL).href).toBe(resultUrl);
  expect(await chargesOf(request, orderId)).toHaveLength(1);
});

test("a double submit and two tabs paying the same order make one charge", async ({
  page,
  request,
  baseURL,
}) => {
  await openPaymentPage(page, baseURL!, "openpay", { product: products[0] });
  const orderId = await page.locator('input[name="order_id"]').inputValue();
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

test("form errors keep the holder and expiry and never the card number or CVV; a refused card says so", async ({
  page,
  request,
  baseURL,
}, info) => {
  await openPaymentPage(page, baseURL!, "openpay", { product: products[1] });
  const orderId = await page.locator('input[name="order_id"]').inputValue();
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
  if (jsOn(info)) await expect(summary).toBeFocused();
  await expect(page.getByLabel("Número de tarjeta")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Nombre del titular")).toHaveValue("Ana María Gómez");
  await expect(page.getByLabel("Mes", { exact: true })).toHaveValue("12");
  await expect(page.getByLabel("Año", { exact: true })).toHaveValue(YEAR);
  // Without JavaScript the server answered: the number and CVV come back empty. With it, the
  // browser caught the errors before sending anything, and the shopper's typing stays put.
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue(
    jsOn(info) ? "4111 1111 1111 1112" : "",
  );
  await expect(page.getByLabel("CVV")).toHaveValue(jsOn(info) ? "12" : "");
  await expectNoSeriousA11yViolations(page);

  // A number the form accepts but the gateway's tokenization refuses (its holder limit is 80).
  await fillCard(page, { number: VISA, holder: "A".repeat(90) });
  await payButton(page).click();
  await expect(
    page.getByText("Error al procesar la tarjeta. Por favor, verifique los datos."),
  ).toBeVisible();
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue("");
  await expect(page.getByLabel("CVV")).toHaveValue("");
  await expect(page.getByLabel("Mes", { exact: true })).toHaveValue("12");
  const html = await page.content();
  expect(html).not.toContain(VISA);
  expect(html).not.toContain("4111 1111");
  expect(await chargesOf(request, orderId)).toEqual([]);
});

test("each declined code goes to the failure page; 'Intentar nuevamente' starts over with a new order", async ({
  page,
  baseURL,
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
    orders.add(await page.locator('input[name="order_id"]').inputValue());
    await fillCard(page, { number });
    await payButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/failure\?id=tr/);
    await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
    await expect(detail(page, "Código de error")).toHaveText(code);
    await expect(detail(page, "Descripción")).toHaveText(description);
    // The cart is kept for the next try.
    expect(await cartCookie(page.context())).toBeTruthy();
    // Back to the payment method with the data kept; 'Finalizar compra' mints a new order.
    await page.getByRole("link", { name: "Intentar nuevamente" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();
  }
  expect(orders.size).toBe(declines.length);
});

test("PSE through the store: the bank approves, rejects, or leaves the payment pending", async ({
  page,
  baseURL,
}, info) => {
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
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Número de documento").fill("1020304050");
  await page.getByLabel("Banco").selectOption({ label: "Bancolombia" });
  await page.getByRole("button", { name: /con PSE$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/banco-pse\/tr/);
  await page.getByRole("button", { name: "Rechazar pago" }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/pse\?id=tr/);
  await expect(page.getByRole("heading", { level: 1, name: "Pago fallido" })).toBeVisible();
  expect(await cartCookie(page.context())).toBeTruthy();
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();

  // Left pending, then approved from 'Continuar en el banco'.
  await finalizeCheckout(page, "pse");
  await page.getByLabel("Banco").selectOption({ label: "Bancolombia" });
  await page.getByRole("button", { name: /con PSE$/ }).click();
  await page.getByRole("button", { name: "Dejar pendiente" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago pendiente" })).toBeVisible();
  await page.getByRole("link", { name: "Continuar en el banco" }).click();
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  await expect(detail(page, "Método de pago")).toHaveText("PSE · Bancolombia");
  expect(await cartCookie(page.context())).toBeUndefined();
  if (jsOn(info)) await expectNoSeriousA11yViolations(page);
});

test("a second store: the gateway down keeps the cart, the card-testing limit answers 429, and no card number or CVV reaches its logs, cookies or pages", async ({
  browser,
  request,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const proxy = await gatewayProxy(baseURL!, await asStaff());
  const store = await startStore({
    API_URL: `${proxy.url}/sandbox`,
    LOG_LEVEL: "debug",
    TRUST_PROXY: "loopback",
  });
  const bodies: string[] = [];
  /** A shopper at its own client address (the limit is per address and per checkout). */
  const shopper = async (address: string) => {
    const context = await browser.newContext({
      baseURL: store.baseURL,
      javaScriptEnabled: jsOn(info),
      extraHTTPHeaders: { "X-Forwarded-For": address },
    });
    const page = await context.newPage();
    page.on("response", (response) => {
      if (!response.url().startsWith(store.baseURL) || response.url().includes("/assets/")) return;
      response.text().then(
        (text) => bodies.push(text),
        () => {},
      );
    });
    return { context, page };
  };
  try {
    // The payments API goes down between showing the form and paying.
    const down = await shopper("198.51.100.10");
    await openPaymentPage(down.page, store.baseURL, "openpay", { product: products[0] });
    const orderId = await down.page.locator('input[name="order_id"]').inputValue();
    await fillCard(down.page, { number: VISA });
    proxy.paymentsDown = true;
    await payButton(down.page).click();
    await expect(
      down.page.getByText(
        "Error al conectar con la plataforma de pagos. Por favor, inténtelo de nuevo más tarde.",
      ),
    ).toBeVisible();
    expect(await cartCookie(down.context)).toBeTruthy();
    proxy.paymentsDown = false;
    if (jsOn(info)) {
      // The answer came back in place: the card number and CVV are empty.
      await expect(down.page.getByLabel("Número de tarjeta")).toHaveValue("");
      await expect(down.page.getByLabel("CVV")).toHaveValue("");
    } else {
      // The page itself says the payments platform cannot be reached, and offers to retry.
      await expect(down.page.getByLabel("Número de tarjeta")).toHaveCount(0);
      await down.page.getByRole("link", { name: "Reintentar" }).click();
    }
    await fillCard(down.page, { number: VISA });
    await payButton(down.page).click();
    await expect(
      down.page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" }),
    ).toBeVisible();
    expect(await chargesOf(request, orderId)).toHaveLength(1);
    const downCookies = JSON.stringify(await down.context.cookies());
    await down.context.close();

    // Card testing: five attempts, then 429.
    const tester = await shopper("198.51.100.20");
    await openPaymentPage(tester.page, store.baseURL, "openpay", { product: products[1] });
    const testerOrder = await tester.page.locator('input[name="order_id"]').inputValue();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillCard(tester.page, { number: "4242424242424242", holder: "B".repeat(90) });
      await payButton(tester.page).click();
      await expect(
        tester.page.getByText("Error al procesar la tarjeta. Por favor, verifique los datos."),
      ).toBeVisible();
    }
    await fillCard(tester.page, { number: "4242424242424242", holder: "Ana Gómez" });
    const [answer] = await Promise.all([
      tester.page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().includes("/checkout/pago"),
      ),
      payButton(tester.page).click(),
    ]);
    expect(answer.status()).toBe(429);
    await expect(
      tester.page.getByText("Demasiados intentos de pago. Intenta de nuevo en unos minutos."),
    ).toBeVisible();
    expect(await chargesOf(request, testerOrder)).toEqual([]);
    const testerCookies = JSON.stringify(await tester.context.cookies());
    await tester.context.close();

    // Nothing of the cards typed in this run is anywhere the store keeps or sends.
    const logs = store.logs();
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
      decoded(downCookies),
      decoded(testerCookies),
    ]) {
      for (const number of [VISA, "4242424242424242"]) {
        expect(haystack).not.toContain(number);
        expect(haystack).not.toContain(number.replace(/(\d{4})(?=\d)/g, "$1 "));
      }
      expect(haystack).not.toMatch(/cvv2?"?\s*[:=]\s*"?123/i);
    }
  } finally {
    await store.stop();
    await proxy.close();
  }
});
