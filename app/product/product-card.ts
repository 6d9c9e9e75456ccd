/** What the product card shows for price, stock and badges (docs/decisions/0552, 0385). */
import { hasPrice, type Product } from "~/merchant-api/product";
import { rememberedNormalizer } from "~/text/normalize";
import type { CardIds } from "~/cart/AddToCartForm";

export type PriceView =
  | { kind: "ask" }
  | {
      kind: "priced";
      price: number;
      listPrice: number | null;
      saving: number;
      savingPercent: number;
    };

/** 'Consultar precio' unless the price is positive; the list price only when it is higher. */
export function priceView(product: Pick<Product, "price" | "listPrice">): PriceView {
  if (!hasPrice(product.price)) return { kind: "ask" };
  const price = product.price;
  const listPrice =
    hasPrice(product.listPrice) && product.listPrice > price ? product.listPrice : null;
  const saving = listPrice === null ? 0 : listPrice - price;
  const savingPercent = listPrice === null ? 0 : Math.round((saving / listPrice) * 100);
  return { kind: "priced", price, listPrice, saving, savingPercent };
}

/**
 * The ids in a product's card, made from its id, not from its place in the page (React's
 * `useId`): the server writes the card without React (card-html.ts, docs/decisions/0660). A
 * product has one card a page, as the title's id always assumed.
 */
export function cardIds(productId: string): CardIds {
  return {
    title: `t-${productId}`,
    anchor: `producto-${productId}`,
    quantity: `cantidad-${productId}`,
    button: `agregar-${productId}`,
  };
}

/**
 * Lists of cards shown on one page, each product in the first list that has it only: its card's
 * ids come from the product (`cardIds`), and a shopper needs it once (a product page's
 * accessories and related products, docs/decisions/0660).
 */
export function onceEach<T extends { id: string }>(...lists: readonly T[][]): T[][] {
  const shown = new Set<string>();
  return lists.map((list) =>
    list.filter((item) => {
      if (shown.has(item.id)) return false;
      shown.add(item.id);
      return true;
    }),
  );
}

/** 'Stock: N' or 'Sin stock'. */
export function stockLabel(stock: number): string {
  return stock > 0 ? `Stock: ${Math.floor(stock)}` : "Sin stock";
}

export interface CardBadge {
  kind: "popular" | "running-low";
  label: string;
}

/** Popular for stock 1–5, 'agotándose' for stock 1–3 (both when 1–3). */
export function cardBadges(stock: number): CardBadge[] {
  const badges: CardBadge[] = [];
  if (stock >= 1 && stock <= 5) badges.push({ kind: "popular", label: "Popular" });
  if (stock >= 1 && stock <= 3) badges.push({ kind: "running-low", label: "¡Agotándose!" });
  return badges;
}

// Titles normalised lately: the server renders the same cards for page after page, and
// normalising (Unicode decomposition and two Unicode regular expressions) was 2 % of a page.
const titleKey = rememberedNormalizer(2_000);

/**
 * The products of a list whose title another product of the list shares: their cards show
 * the model in the title, so a shopper comparing them can tell which is which.
 */
export function sharedTitleIds(
  products: ReadonlyArray<Pick<Product, "id" | "title">>,
): Set<string> {
  const byTitle = new Map<string, string[]>();
  for (const product of products) {
    const key = titleKey(product.title);
    byTitle.set(key, [...(byTitle.get(key) ?? []), product.id]);
  }
  return new Set([...byTitle.values()].filter((ids) => ids.length > 1).flat());
}
