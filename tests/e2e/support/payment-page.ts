/**
 * The payment page and the result pages as the payment tests read and fill them: the card
 * form, its pay button, the plain POST it makes, and the values of a details list.
 */
import type { Page } from "@playwright/test";

/** An expiry year the card form offers, a couple of years ahead. */
export const CARD_YEAR = String(new Date().getFullYear() + 2);

export interface Card {
  number: string;
  holder?: string;
  month?: string;
  year?: string;
  cvv?: string;
}

export async function fillCard(page: Page, card: Card) {
  if (card.holder !== undefined) await page.getByLabel("Nombre del titular").fill(card.holder);
  await page.getByLabel("Número de tarjeta").fill(card.number);
  await page.getByLabel("Mes", { exact: true }).selectOption(card.month ?? "12");
  await page.getByLabel("Año", { exact: true }).selectOption(card.year ?? CARD_YEAR);
  await page.getByLabel("CVV").fill(card.cvv ?? "123");
}

export const payButton = (page: Page) => page.getByRole("button", { name: /^Pagar \$/ });

/** The order id of the payment page's form. */
export const orderIdOf = (page: Page) => page.locator('input[name="order_id"]').inputValue();

/** The card fields as the plain form posts them (for replaying a POST by hand). */
export async function cardPost(page: Page, number: string) {
  return {
    intent: "pay-card",
    order_id: await orderIdOf(page),
    expected_total: await page.locator('input[name="expected_total"]').inputValue(),
    holder_name: "Ana Gómez",
    card_number: number,
    expiration_month: "12",
    expiration_year: CARD_YEAR,
    cvv2: "123",
  };
}

/** The value shown next to a label of a details list. */
export const detail = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

export const formatCOP = (amount: number) =>
  new Intl.NumberFormat("es-CO", {
    style: "currency",
    currency: "COP",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
