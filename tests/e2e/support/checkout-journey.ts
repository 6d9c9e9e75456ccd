/**
 * From the cart to the payment page through the checkout wizard (issue 9), as a shopper does:
 * step 1 billing (person), step 2 shipping 'Igual a la facturación', step 3 the payment method,
 * 'Finalizar compra' → /checkout/pago; or the same steps as the wizard's own form posts, for
 * tests about the payment page. Field names are the spec's (§3 flat order payload).
 */
import { expect, type Page } from "@playwright/test";
import { addToCart, type Sellable } from "./payments.ts";

export interface Buyer {
  name: string;
  last_name: string;
  document: string;
  email: string;
  phone: string;
  address: string;
  city: string;
}

const BUYER: Buyer = {
  name: "Ana",
  last_name: "Gómez",
  document: "1020304050",
  email: "ana@example.com",
  phone: "3001234567",
  address: "Calle 10 # 20-30",
  city: "Bogotá",
};

/**
 * Puts `product` in the cart (unless it is already there), walks the checkout from step 1 and
 * stops on /checkout/pago with the order prepared for `method`.
 */
export async function reachPaymentPage(
  page: Page,
  baseURL: string,
  method: "openpay" | "pse",
  options: { product?: Sellable; quantity?: number; buyer?: Partial<Buyer> } = {},
) {
  if (options.product) await addToCart(page, baseURL, options.product, options.quantity ?? 1);
  const buyer = { ...BUYER, ...options.buyer };
  // Step 1 by URL: a checkout restarted after a failed payment opens on step 3.
  await page.goto("/checkout?paso=1");

  // Step 1: billing data of a natural person (the form's default client type).
  const field = (name: string) => page.getByRole("textbox", { name, exact: true });
  await field("Nombre").fill(buyer.name);
  await field("Apellido").fill(buyer.last_name);
  await field("Cédula (opcional)").fill(buyer.document);
  await field("Correo electrónico").fill(buyer.email);
  await field("Teléfono").fill(buyer.phone);
  await page.getByRole("combobox", { name: "Departamento" }).selectOption("11");
  await field("Ciudad o municipio").fill(buyer.city);
  await field("Dirección").fill(buyer.address);
  await page.getByRole("button", { name: "Continuar" }).click();

  // Step 2: shipping to the billing address (checked by default).
  await expect(page.getByRole("checkbox", { name: /Igual a la facturación/ })).toBeChecked();
  await page.getByRole("button", { name: "Continuar" }).click();

  await finalizeCheckout(page, method);
}

/**
 * The same order prepared by the wizard's own form posts (billing, shipping 'Igual a la
 * facturación', the method and 'Finalizar compra', each answered 303), then /checkout/pago opened:
 * for the tests whose subject is the payment page. Walking the wizard's screens is the journey of
 * the first payment test and of checkout.spec.ts.
 */
export async function openPaymentPage(
  page: Page,
  baseURL: string,
  method: "openpay" | "pse",
  options: { product?: Sellable; quantity?: number } = {},
) {
  if (options.product) await addToCart(page, baseURL, options.product, options.quantity ?? 1);
  const post = async (form: Record<string, string>) => {
    const response = await page.request.post("/checkout", {
      form,
      headers: { Origin: new URL(baseURL).origin },
      maxRedirects: 0,
    });
    expect(response.status(), `checkout step ${form.intent}`).toBe(303);
    return response.headers()["location"];
  };
  await post({
    intent: "billing",
    client_type: "person",
    name: BUYER.name,
    last_name: BUYER.last_name,
    document: BUYER.document,
    email: BUYER.email,
    phone: BUYER.phone,
    department: "11",
    city: BUYER.city,
    address: BUYER.address,
  });
  await post({ intent: "shipping", same_as_invoice: "on" });
  // Step 3 as the shopper sees it (the summary they confirm), then 'Finalizar compra'.
  expect((await page.request.get("/checkout")).status()).toBe(200);
  expect(await post({ intent: "finalize", payment_method: method })).toBe("/checkout/pago");
  await page.goto("/checkout/pago");
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: method === "openpay" ? "Pago con tarjeta" : "Pago con PSE",
    }),
  ).toBeVisible();
}

/**
 * On step 3 of the checkout (where 'Intentar nuevamente' also leads after a failed payment, the
 * billing and shipping kept): picks `method`, 'Finalizar compra', and stops on /checkout/pago;
 * or, `to: "pending PSE"`, wherever the order's payment already in progress leads.
 */
export async function finalizeCheckout(
  page: Page,
  method: "openpay" | "pse",
  options: { to?: "pending PSE" } = {},
) {
  await expect(page.getByRole("heading", { level: 1, name: "Método de pago" })).toBeVisible();
  const choice = method === "openpay" ? /Tarjeta de crédito o débito/ : /PSE/;
  await page.getByRole("radio", { name: choice }).check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  if (options.to) return;
  await expect(page).toHaveURL(/\/checkout\/pago$/);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: method === "openpay" ? "Pago con tarjeta" : "Pago con PSE",
    }),
  ).toBeVisible();
}
