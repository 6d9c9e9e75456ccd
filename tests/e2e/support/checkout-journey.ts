/**
 * From the cart to the payment page through the checkout wizard (issue 9), as a shopper does:
 * step 1 billing (person), step 2 shipping 'Igual a la facturación', step 3 the payment method,
 * 'Finalizar compra' → /checkout/pago. Field names are the spec's (§3 flat order payload).
 */
import { expect, type Page } from "@playwright/test";
import { addToCart, type Sellable } from "./payments.ts";

export interface Buyer {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
}

const BUYER: Buyer = {
  name: "Ana",
  last_name: "Gómez",
  email: "ana@example.com",
  phone: "3001234567",
  address: "Calle 10 # 20-30",
  city: "Bogotá",
};

async function fillIfEmpty(page: Page, name: string, value: string) {
  const field = page.locator(`[name="${name}"]`).first();
  await expect(field).toBeVisible();
  const tag = await field.evaluate((element) => element.tagName).catch(() => "INPUT");
  if (tag === "SELECT") {
    const options = await field.locator("option").allTextContents();
    const wanted = options.find((option) => option.includes(value)) ?? options.find(Boolean);
    if (wanted) await field.selectOption({ label: wanted });
    return;
  }
  await field.fill(value);
}

/**
 * Puts `product` in the cart (unless it is already there), walks the checkout and stops on
 * /checkout/pago with the order prepared for `method`.
 */
export async function reachPaymentPage(
  page: Page,
  baseURL: string,
  method: "openpay" | "pse",
  options: { product?: Sellable; quantity?: number; buyer?: Partial<Buyer> } = {},
) {
  if (options.product) await addToCart(page, baseURL, options.product, options.quantity ?? 1);
  const buyer = { ...BUYER, ...options.buyer };
  await page.goto("/checkout");

  // Step 1: billing data of a natural person.
  await page.locator('input[name="client_type"][value="person"]').check();
  for (const field of ["name", "last_name", "email", "phone", "address"] as const) {
    await fillIfEmpty(page, field, buyer[field]);
  }
  if ((await page.locator('[name="department"]').count()) > 0) {
    await fillIfEmpty(page, "department", "Bogotá");
  }
  await fillIfEmpty(page, "city", buyer.city);
  await page.getByRole("button", { name: "Continuar" }).click();

  // Step 2: shipping to the billing address.
  const same = page.getByLabel("Igual a la facturación");
  await expect(same).toBeVisible();
  await same.check();
  await page.getByRole("button", { name: "Continuar" }).click();

  // Step 3: the payment method, then 'Finalizar compra'.
  const choice = page.locator(`input[name="payment_method"][value="${method}"]`);
  await expect(choice).toBeAttached();
  await choice.check();
  await page.getByRole("button", { name: "Finalizar compra" }).click();
  await expect(page).toHaveURL(/\/checkout\/pago$/);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: method === "openpay" ? "Pago con tarjeta" : "Pago con PSE",
    }),
  ).toBeVisible();
}
