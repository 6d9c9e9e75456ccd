/**
 * Pure cart operations (docs/decisions/0200, 0201) on the only thing the cart stores: product
 * ids and quantities. Prices, titles and totals are never kept here.
 */
interface CartLine {
  productId: string;
  quantity: number;
}
export type Cart = readonly CartLine[];

/** Keeps the signed cookie well under 4 KB (see docs/decisions/0201). */
export const MAX_CART_LINES = 40;
/** Upper bound for one line whatever the stock says; keeps the encoding short. */
const MAX_LINE_QUANTITY = 9999;

export const CART_LINE_LIMIT_MESSAGE = `Tu carrito ya tiene ${MAX_CART_LINES} productos distintos, el máximo permitido. Retira alguno o finaliza la compra para agregar otros.`;

/** Product ids as the catalogue uses them; anything else is refused. */
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,40}$/;

export function isProductId(value: string): boolean {
  return PRODUCT_ID.test(value);
}

function clampLineQuantity(quantity: number): number {
  return Math.min(Math.max(Math.trunc(quantity), 0), MAX_LINE_QUANTITY);
}

/** True when adding `productId` would need a line the cart has no room for. */
export function exceedsLineLimit(cart: Cart, productId: string): boolean {
  return cart.length >= MAX_CART_LINES && !cart.some((l) => l.productId === productId);
}

/** Adds `quantity` (default 1): increments an existing line, else appends a new one. */
export function addItem(cart: Cart, productId: string, quantity = 1): Cart {
  const amount = clampLineQuantity(quantity);
  if (amount <= 0) return cart;
  if (cart.some((l) => l.productId === productId)) {
    return cart.map((l) =>
      l.productId === productId ? { ...l, quantity: clampLineQuantity(l.quantity + amount) } : l,
    );
  }
  if (cart.length >= MAX_CART_LINES) return cart;
  return [...cart, { productId, quantity: amount }];
}

/** Removes one unit; the line goes away when it had 1. */
export function decrementItem(cart: Cart, productId: string): Cart {
  return cart.flatMap((l) => {
    if (l.productId !== productId) return [l];
    return l.quantity <= 1 ? [] : [{ ...l, quantity: l.quantity - 1 }];
  });
}

export function removeLine(cart: Cart, productId: string): Cart {
  return cart.filter((l) => l.productId !== productId);
}

/** Sets a line's quantity; 0 or less removes it. Unknown ids are left alone. */
export function setQuantity(cart: Cart, productId: string, quantity: number): Cart {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeLine(cart, productId);
  return cart.map((l) =>
    l.productId === productId ? { ...l, quantity: Math.max(1, clampLineQuantity(quantity)) } : l,
  );
}

export function clearCart(): Cart {
  return [];
}

/** Replaces the whole cart: merges duplicate ids, drops invalid lines, keeps the line limit. */
export function replaceCart(lines: ReadonlyArray<{ productId: string; quantity: number }>): Cart {
  let cart: Cart = [];
  for (const line of lines) {
    if (!isProductId(line.productId) || !Number.isFinite(line.quantity)) continue;
    cart = addItem(cart, line.productId, line.quantity);
  }
  return cart;
}

/** Total units, for the header badge. */
export function cartCount(cart: Cart): number {
  return cart.reduce((sum, l) => sum + l.quantity, 0);
}

export function lineQuantity(cart: Cart, productId: string): number {
  return cart.find((l) => l.productId === productId)?.quantity ?? 0;
}

/**
 * Caps every line to the stock the catalogue reports now and drops lines whose
 * product is gone (`stock` has no entry) or out of stock.
 */
export function reconcileWithStock(
  cart: Cart,
  stock: ReadonlyMap<string, number>,
): { cart: Cart; removed: string[]; capped: string[] } {
  const removed: string[] = [];
  const capped: string[] = [];
  const next: CartLine[] = [];
  for (const line of cart) {
    const available = stock.get(line.productId);
    if (available === undefined || available <= 0) {
      removed.push(line.productId);
    } else if (line.quantity > available) {
      capped.push(line.productId);
      next.push({ ...line, quantity: available });
    } else {
      next.push(line);
    }
  }
  return { cart: next, removed, capped };
}

/**
 * Compact cookie encoding: `id:qty` joined by `,` (about 10 bytes a line instead
 * of ~40 as JSON objects). Ids are restricted to [A-Za-z0-9_-], so the
 * separators are unambiguous.
 */
export function encodeCart(cart: Cart): string {
  return cart.map((l) => `${l.productId}:${l.quantity}`).join(",");
}

/** Inverse of `encodeCart`; any malformed input yields the valid lines only (or an empty cart). */
export function decodeCart(value: unknown): Cart {
  if (typeof value !== "string" || value === "") return [];
  const lines: CartLine[] = [];
  for (const part of value.split(",", MAX_CART_LINES * 2)) {
    const match = /^([A-Za-z0-9_-]{1,40}):(\d{1,6})$/.exec(part);
    if (!match) continue;
    lines.push({ productId: match[1], quantity: Number(match[2]) });
  }
  return replaceCart(lines);
}

/** A cart change as the cart form posts it (`intent`, `productId`, `quantity`). */
export interface CartIntentFields {
  intent: string | null;
  productId: string | null;
  quantity: string | null;
}

/**
 * Applies a posted change to a cart, the way the server will. The browser uses
 * it only for the optimistic badge and lines until the server answers.
 */
export function applyIntent(cart: Cart, fields: CartIntentFields): Cart {
  const id = fields.productId ?? "";
  const parsed = Number.parseInt(fields.quantity ?? "", 10);
  const quantity = Number.isFinite(parsed) ? parsed : 1;
  switch (fields.intent) {
    case "add":
      return addItem(cart, id, Math.max(1, quantity));
    case "decrement":
      return decrementItem(cart, id);
    case "remove":
      return removeLine(cart, id);
    case "set":
      return setQuantity(cart, id, quantity);
    case "clear":
      return clearCart();
    default:
      return cart;
  }
}

/**
 * The cart once an order is paid: the paid quantities leave it, and whatever the shopper added
 * after the order was recorded stays (a line added twice keeps the units beyond the order's).
 */
export function withoutPaidLines(
  cart: Cart,
  paid: ReadonlyArray<{ productId: string | null; quantity: number }>,
): Cart {
  const left = new Map<string, number>();
  for (const line of paid) {
    if (line.productId) left.set(line.productId, (left.get(line.productId) ?? 0) + line.quantity);
  }
  return cart.flatMap((line) => {
    const quantity = line.quantity - (left.get(line.productId) ?? 0);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

/**
 * The units of each cart line that a recorded order does not hold: what the shopper added after
 * 'Finalizar compra', which a pending order will not pay for. Only lines with such units.
 */
export function unitsOutsideOrder(
  cart: Cart,
  order: ReadonlyArray<{ productId: string | null; quantity: number }>,
): Map<string, number> {
  const outside = new Map<string, number>();
  for (const line of withoutPaidLines(cart, order)) outside.set(line.productId, line.quantity);
  return outside;
}
