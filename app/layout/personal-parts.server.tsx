/**
 * A shopper's parts of a page on the server (docs/decisions/0470): read for the root's data of
 * a rendered page, and rendered as the slots the page cache fills into a stored page. The slots
 * are the very components the layout renders, so a filled-in page is the page React would have
 * rendered for this shopper, byte for byte, and it hydrates without a mismatch.
 */
import { LRUCache } from "lru-cache";
import { renderToString } from "react-dom/server";
import { CartCount } from "~/cart/CartButton";
import { getCartSummary } from "~/cart/cart.server";
import { paidNotice } from "~/cart/cart-order";
import type { CookieRequest } from "~/platform/cookie-session.server";
import { logger } from "~/platform/logger.server";
import type { PersonalSlots } from "~/platform/page-cache.server";
import { getFlash } from "~/platform/flash.server";
import { NOBODY, NoticeAndParts, type PersonalParts } from "./PersonalParts";

/** The request's parts, and the headers they need (a notice read is cleared by a cookie). */
export async function readPersonalParts(
  request: CookieRequest,
): Promise<{ parts: PersonalParts; headers: Headers }> {
  // The header degrades instead of failing the whole page when the API is down.
  const [cart, flash] = await Promise.all([
    getCartSummary(request).catch((error: unknown) => {
      logger.warn({ err: error }, "cart summary unavailable");
      return { summary: NOBODY.cart, setCookie: null };
    }),
    getFlash(request),
  ]);
  const { headers } = flash;
  let notice = flash.notice;
  // The cart's order was paid or released since the last page: the cart changes with it, and a
  // payment the bank approved while the shopper was away is said on this page (0530).
  if (cart.setCookie) {
    headers.append("Set-Cookie", cart.setCookie);
    const order = cart.summary.order;
    if (order?.state === "paid") notice = paidNotice(order);
  }
  return { parts: { cart: cart.summary, notice }, headers };
}

/** The slots in page order: the header's cart count, then the notice and the parts' data. */
function slotsOf(parts: PersonalParts): string[] {
  return [
    renderToString(<CartCount count={parts.cart.count} />),
    renderToString(<NoticeAndParts parts={parts} />),
  ];
}

// The slots of one cart and notice are rendered once (and are then the same array each time).
const rendered = new LRUCache<string, string[]>({ max: 5_000 });
// A shopper asks for page after page with the same cookies: their slots are kept 5 s, a small
// delay next to the minute products are cached (docs/decisions/0121), and half the cost of their
// page from memory. A notice is read once, so slots with one are never kept.
const byCookies = new LRUCache<string, string[]>({
  ttl: 5_000,
  maxSize: 4 * 1024 * 1024, // the Cookie headers, which may hold a checkout's draft
  sizeCalculation: (_slots, cookies) => cookies.length + 64,
});

/** What the page cache fills a stored page in with (offered through app/entry.server.tsx). */
export const personalSlots: PersonalSlots = {
  anonymous: slotsOf(NOBODY),
  async fill(request) {
    const cookies = request.headers.get("Cookie") ?? "";
    const kept = byCookies.get(cookies);
    if (kept) return { slots: kept, cookies: [] };
    const { parts, headers } = await readPersonalParts(request);
    const key = JSON.stringify(parts);
    let slots = rendered.get(key);
    if (!slots) {
      slots = slotsOf(parts);
      rendered.set(key, slots);
    }
    const read = headers.getSetCookie();
    if (read.length === 0) byCookies.set(cookies, slots);
    return { slots, cookies: read };
  },
  kept: (request) => byCookies.get(request.headers.get("Cookie") ?? ""),
};
