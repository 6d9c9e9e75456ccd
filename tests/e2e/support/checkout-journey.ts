/**
 * From the cart to the payment page through the checkout wizard, as a shopper does: step 1
 * billing (person), step 2 shipping 'Igual a la facturación', step 3 the payment method,
 * 'Finalizar compra' → /checkout/pago; or the same steps as the wizard's own form posts, for
 * tests about the payment page. Field names are the order payload's (docs/merchant-api.md).
 */
import { expect, type Page } from "@playwright/test";
import { ANA, personBilling } from "../../support/buyer.ts";
import { cartOf } from "./fixtures.ts";
import type { Sellable } from "./payments.ts";

/** A natural person's billing data, as step 1 asks for it. */
export interface Buyer {
  name: string;
  lastName: string;
  /** The optional cédula. */
  document?: string;
  email: string;
  phone: string;
  /** The department's code (11 Bogotá, 05 Antioquia). */
  department: string;
  city: string;
  address: string;
}

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/** Step 1 for a natural person: name, surname, the cédula if given, then the contact fields. */
export async function fillPerson(page: Page, buyer: Buyer) {
  await textbox(page, "Nombre").fill(buyer.name);
  await textbox(page, "Apellido").fill(buyer.lastName);
  if (buyer.document !== undefined) await textbox(page, "Cédula (opcional)").fill(buyer.document);
  await fillContact(page, buyer);
}

/** The fields of step 1 a person and a company share. */
export async function fillContact(page: Page, buyer: Buyer) {
  await textbox(page, "Correo electrónico").fill(buyer.email);
  await textbox(page, "Teléfono").fill(buyer.phone);
  await page.getByRole("combobox", { name: "Departamento" }).selectOption(buyer.department);
  await textbox(page, "Ciudad o municipio").fill(buyer.city);
  await textbox(page, "Dirección").fill(buyer.address);
}

interface Order {
  /** Put in the cart first (by the cart form's POST), `quantity` units of it. */
  product?: Sellable;
  quantity?: number;
}

/**
 * Puts `product` in the cart (unless it is already there), walks the checkout from step 1 and
 * stops on /checkout/pago with the order prepared for `method`.
 */
export async function reachPaymentPage(
  page: Page,
  baseURL: string,
  method: "openpay" | "pse",
  options: Order & { buyer?: Partial<Buyer> } = {},
) {
  if (options.product) {
    await cartOf(page, baseURL, false).add(options.product.id, options.quantity ?? 1);
  }
  // Step 1 by URL: a checkout restarted after a failed payment opens on step 3.
  await page.goto("/checkout?paso=1");
  // Step 1: billing data of a natural person (the form's default client type).
  await fillPerson(page, { ...ANA, ...options.buyer });
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
  options: Order = {},
) {
  if (options.product) {
    await cartOf(page, baseURL, false).add(options.product.id, options.quantity ?? 1);
  }
  await postCheckoutSteps(page, baseURL, 3);
  // Step 3 as the shopper sees it (the summary they confirm), then 'Finalizar compra'.
  expect((await page.request.get(`${baseURL}/checkout`)).status()).toBe(200);
  const post = checkoutPost(page, baseURL);
  expect(await post({ intent: "finalize", payment_method: method })).toBe("/checkout/pago");
  await page.goto(`${baseURL}/checkout/pago`);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: method === "openpay" ? "Pago con tarjeta" : "Pago con PSE",
    }),
  ).toBeVisible();
}

/** A POST of one of the wizard's forms, answered 303; its Location. */
function checkoutPost(page: Page, baseURL: string) {
  return async (form: Record<string, string>) => {
    const response = await page.request.post(`${baseURL}/checkout`, {
      form,
      headers: { Origin: new URL(baseURL).origin },
      maxRedirects: 0,
    });
    expect(response.status(), `checkout step ${form.intent}`).toBe(303);
    return response.headers()["location"];
  };
}

/**
 * Takes the checkout of the cart in `page`'s browser to step `step` by the wizard's own posts:
 * billing (a person), then for step 3 shipping 'Igual a la facturación'.
 */
export async function postCheckoutSteps(page: Page, baseURL: string, step: 2 | 3) {
  const post = checkoutPost(page, baseURL);
  await post(personBilling());
  if (step === 3) await post({ intent: "shipping", same_as_invoice: "on" });
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
