/**
 * What the checkout's page and its forms share: the cart priced as it is charged, and the 303
 * they answer with.
 */
import { redirect } from "react-router";
import { type CartViewLine, loadCartPage } from "~/cart/cart.server";
import type { CartOrder } from "~/cart/cart-order";
import type { CartOrderStatus } from "~/cart/cart-order.server";
import type { CartCookie } from "~/cart/cart-session.server";
import { PRIVATE_NO_STORE } from "~/platform/http-cache.server";
import { type CartTotals, computeTotals, subtotalOf } from "~/money/totals";

export interface PricedCart {
  lines: CartViewLine[];
  totals: CartTotals;
  /** The cart part's notices (products that left the cart, quantities capped to stock). */
  notices: string[];
  /** Set-Cookie of the cart when the cart part rewrote it. */
  headers: Headers;
  /** The order the cart waits on, as the merchant's record says (docs/decisions/0530). */
  orderStatus: CartOrderStatus;
  /** What the page shows of it: pending, or just paid. */
  order: CartOrder | null;
  /** The cart cookie as this answer leaves it. */
  cookie: CartCookie;
}

/** The cart re-priced from the API (the cart part's rule); throws when the API fails. */
export async function pricedCart(request: Request): Promise<PricedCart> {
  const { page, headers, orderStatus, cookie } = await loadCartPage(request);
  // Whole pesos per unit, as paymentLines sends them: the total shown is the total charged.
  return {
    lines: page.lines,
    totals: computeTotals(subtotalOf(page.lines)),
    notices: page.notices,
    headers,
    orderStatus,
    order: page.order,
    cookie,
  };
}

/** 303 to `location`, never stored by a cache. */
export function seeOther(location: string, headers = new Headers()): Response {
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return redirect(location, { status: 303, headers });
}
