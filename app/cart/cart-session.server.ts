/**
 * The cart's signed cookie: `encodeCart` output (product ids and quantities) and three ids, never
 * an amount: the cart's own id (the merchant lists a cart's orders by it), the order the cart
 * waits on (recorded at 'Finalizar compra', kept while its payment is live, for as long as the
 * cart lives) and the last order paid from it (docs/decisions/0530).
 */
import { randomBytes } from "node:crypto";
import type { SessionStorage } from "react-router";
import type { Config } from "~/platform/config.server";
import { config } from "~/platform/config.server";
import { createSignedCookieSession, type CookieRequest } from "~/platform/cookie-session.server";
import { logger } from "~/platform/logger.server";
import { type Cart, decodeCart, encodeCart } from "./cart";

export interface CartSessionData {
  c: string;
  /** The cart's id. */
  i?: string;
  /** The order the cart waits on. */
  o?: string;
  /** The last order paid from this cart. */
  p?: string;
}

export function createCartSessionStorage(cfg: Config = config()): SessionStorage<CartSessionData> {
  return createSignedCookieSession<CartSessionData>(
    { name: "carrito", maxAge: 60 * 60 * 24 * 30 },
    cfg,
  );
}

let storage: SessionStorage<CartSessionData> | undefined;

function cartSessionStorage(): SessionStorage<CartSessionData> {
  storage ??= createCartSessionStorage();
  return storage;
}

/** What the cart cookie holds. */
export interface CartCookie {
  cart: Cart;
  id: string | null;
  /** The order the cart waits on: recorded at 'Finalizar compra', until paid or released. */
  order: string | null;
  /** The last order paid from this cart, until the cart changes or a new order is recorded. */
  paid: string | null;
}

const ID = /^[\w.:-]{1,100}$/;
const idOf = (value: unknown) => (typeof value === "string" && ID.test(value) ? value : null);

/** The verified cookie of the request; a tampered, malformed or foreign cookie reads as empty. */
export async function readCartCookie(request: CookieRequest): Promise<CartCookie> {
  const empty: CartCookie = { cart: [], id: null, order: null, paid: null };
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader) return empty;
  try {
    const session = await cartSessionStorage().getSession(cookieHeader);
    return {
      cart: decodeCart(session.get("c")),
      id: idOf(session.get("i")),
      order: idOf(session.get("o")),
      paid: idOf(session.get("p")),
    };
  } catch {
    logger.warn("unreadable cart cookie");
    return empty;
  }
}

/**
 * The Set-Cookie value that stores `state`. A cart gets its id the first time it is stored; a
 * cookie with nothing left to keep (no line, no order) is deleted.
 */
export async function commitCartCookie(state: CartCookie): Promise<string> {
  const sessions = cartSessionStorage();
  const session = await sessions.getSession();
  if (state.cart.length === 0 && !state.order && !state.paid) {
    return sessions.destroySession(session);
  }
  session.set("c", encodeCart(state.cart));
  session.set("i", state.id ?? randomBytes(12).toString("base64url"));
  if (state.order) session.set("o", state.order);
  if (state.paid) session.set("p", state.paid);
  return sessions.commitSession(session);
}
