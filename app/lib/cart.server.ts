/**
 * Cart session. SKELETON — being written by the cart issue.
 */
export interface CartSummaryLine {
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
}

export interface CartSummary {
  /** Total units, for the header badge. */
  count: number;
  lines: CartSummaryLine[];
  subtotal: number;
}

/** What the header shows: count, lines and subtotal, re-priced from the API. */
export async function getCartSummary(_request: Request): Promise<CartSummary> {
  return { count: 0, lines: [], subtotal: 0 };
}
