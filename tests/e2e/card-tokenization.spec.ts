/**
 * With JavaScript the card number never reaches the store (docs/decisions/0432): the
 * browser tokenizes at the merchant API (the embedded sandbox's /sandbox, or a remote API on
 * another port answering CORS for the store's origin) and posts only the token. Every request
 * the browser makes to the store's own app is recorded and searched for the number and CVV, for
 * an approved card, a declined one and a form error; the CSP reports no violation. When the API
 * cannot be reached from the browser, nothing is charged and the card is never sent to the store
 * instead. With the no-JavaScript card path turned off, a browser without JavaScript is offered
 * PSE.
 */
import type { Page } from "@playwright/test";
import { openPaymentPage } from "./support/checkout-journey.ts";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import { freePort, startMerchantApi } from "./support/merchant-api.ts";
import { type Card, fillCard, orderIdOf, payButton } from "./support/payment-page.ts";
import { chargesOf } from "./support/payments.ts";
import { startStoreOnFreePort } from "./support/store-process.ts";

const YEAR = String(new Date().getFullYear() + 4);
const CVV = "987";
/** A card of these tests: their own expiry and CVV, to find in what the store receives. */
const card = (number: string, cvv = CVV): Card => ({ number, month: "11", year: YEAR, cvv });

/**
 * What the browser sends the store's own app (the embedded sandbox under /sandbox stands in for
 * the gateway and is left out), and the CSP violations it reports.
 */
function watch(page: Page, storeOrigin: string) {
  const sent: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== storeOrigin || url.pathname.startsWith("/sandbox/")) return;
    sent.push(`${request.method()} ${request.url()}\n${request.postData() ?? ""}`);
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return {
    violations,
    /** Nothing the store received holds these card digits (plain or grouped) or the CVV. */
    expectClean(number: string) {
      const everything = sent.join("\n");
      expect(sent.length).toBeGreaterThan(0);
      expect(everything).not.toContain(number);
      expect(everything).not.toContain(number.replace(/(\d{4})(?=\d)/g, "$1 "));
      expect(everything).not.toMatch(new RegExp(`cvv2?=${CVV}|"cvv2?":"?${CVV}`));
    },
  };
}

/** Once the form's script runs, the number input has lost its name: the card goes to the API. */
const enhanced = (page: Page) =>
  expect(page.getByLabel("Número de tarjeta")).not.toHaveAttribute("name");

test("@js an approved card, a declined one and a form error: the store sees tokens only, charged once", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  const store = watch(page, new URL(baseURL!).origin);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.60" });

  // A form error: caught in the browser, nothing sent to the gateway or the store.
  await openPaymentPage(page, baseURL!, "openpay", { product: products[0] });
  await enhanced(page);
  await fillCard(page, card("4111 1111 1111 1112", "12"));
  await payButton(page).click();
  await expect(page.getByRole("link", { name: "Número de tarjeta inválido" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "El CVV debe tener exactamente 3 dígitos" }),
  ).toBeVisible();

  // Declined at the charge: the failure page.
  await fillCard(page, card("4444 4444 4444 4448"));
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "Error en el pago" })).toBeVisible();
  store.expectClean("4444444444444448");

  // Approved: one charge.
  await page.getByRole("link", { name: "Intentar nuevamente" }).click();
  await page.getByRole("radio", { name: /Tarjeta de crédito o débito/ }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  const orderId = await orderIdOf(page);
  await fillCard(page, card("5555 5555 5555 4444"));
  await payButton(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
  expect(await chargesOf(request, orderId)).toHaveLength(1);
  store.expectClean("5555555555554444");
  store.expectClean("4111111111111112");
  expect(store.violations).toEqual([]);
});

test("@js a merchant API the browser cannot reach: nothing charged, PSE offered, the card never sent to the store", async ({
  page,
  request,
  baseURL,
  products,
}) => {
  const store = watch(page, new URL(baseURL!).origin);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.61" });
  await openPaymentPage(page, baseURL!, "openpay", { product: products[0] });
  const orderId = await orderIdOf(page);
  await enhanced(page);
  await page.route("**/payments/card/token", (route) => route.abort("connectionrefused"));
  await fillCard(page, card("4242 4242 4242 4242"));
  await payButton(page).click();
  await expect(page.getByText(/no se realizó ningún cobro/)).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue("");
  // A second failure empties the number and CVV again.
  await fillCard(page, card("4242 4242 4242 4242"));
  await payButton(page).click();
  await expect(page.getByLabel("Número de tarjeta")).toHaveValue("");
  await expect(page.getByLabel("CVV")).toHaveValue("");
  await page.unroute("**/payments/card/token");
  await page.getByRole("link", { name: "Pagar con PSE" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();
  expect(await chargesOf(request, orderId)).toEqual([]);
  store.expectClean("4242424242424242");
});

test("a remote merchant API on another port, and the no-JavaScript card path turned off", async ({
  page,
  jsOn,
  products,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const api = await startMerchantApi([origin]);
  const store = await startStoreOnFreePort({
    PORT: String(port),
    API_URL: api.url,
    CARD_FORM_WITHOUT_JS: "off",
  });
  try {
    const watched = watch(page, origin);
    await openPaymentPage(page, store.origin, "openpay", { product: products[0] });
    if (jsOn) {
      // The card goes from the browser to the API's origin, answered with CORS for the store.
      const orderId = await orderIdOf(page);
      await enhanced(page);
      const [token] = await Promise.all([
        page.waitForResponse((r) => r.url() === `${api.url}/payments/card/token`),
        (async () => {
          await page.getByLabel("Nombre del titular").fill("Ana Gómez");
          await fillCard(page, card("4111 1111 1111 1111"));
          await payButton(page).click();
        })(),
      ]);
      expect(token.headers()["access-control-allow-origin"]).toBe(origin);
      await expect(page.getByRole("heading", { level: 1, name: "¡Pago exitoso!" })).toBeVisible();
      expect(await api.charges(orderId)).toHaveLength(1);
      watched.expectClean("4111111111111111");
      expect(watched.violations).toEqual([]);
    } else {
      // No card form: the way to pay is PSE.
      await expect(page.getByText(/El pago con tarjeta necesita JavaScript/)).toBeVisible();
      await expect(page.getByLabel("Número de tarjeta")).toHaveCount(0);
      // A card posted by hand is refused without being used.
      const answer = await page.request.post(`${store.origin}/checkout/pago`, {
        form: {
          intent: "pay-card",
          holder_name: "Ana Gómez",
          card_number: "4111111111111111",
          expiration_month: "11",
          expiration_year: YEAR,
          cvv2: CVV,
        },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(422);
      await page.getByRole("link", { name: "Pagar con PSE" }).click();
      await page.getByRole("radio", { name: /^PSE/ }).check();
      await page.getByRole("button", { name: "Finalizar compra" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Pago con PSE" })).toBeVisible();
    }
  } finally {
    await store.stop();
    await api.stop();
  }
});
