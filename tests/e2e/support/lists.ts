/**
 * The product lists (catalogue, category, brand and search pages) as the tests read them: the
 * cards, the prices they show and the count line above them.
 */
import type { Page } from "@playwright/test";

export const cards = (page: Page) => page.getByRole("main").locator("article");

/** Card prices in pesos, as shown (null for 'Consultar precio'). */
export async function cardPrices(page: Page): Promise<(number | null)[]> {
  const texts = await cards(page).allInnerTexts();
  return texts.map((t) => {
    const m = /\$\s?([\d.]+)\s*\/ Sin IVA/.exec(t.replace(/\u00a0/g, " "));
    return m ? Number(m[1].replace(/\./g, "")) : null;
  });
}

/** The count line: '6.825 productos · página 1 de 285' → [6825, 1, 285]. */
export async function countLine(page: Page): Promise<[number, number, number]> {
  const text = await page
    .getByRole("main")
    .getByText(/^[\d.]+ productos?\b/)
    .innerText();
  const m = /^([\d.]+) productos?(?: · página (\d+) de (\d+))?/.exec(text);
  if (!m) throw new Error(`count line: ${text}`);
  return [Number(m[1].replace(/\./g, "")), Number(m[2] ?? 1), Number(m[3] ?? 1)];
}
