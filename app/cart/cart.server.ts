/**
 * The cart: a signed cookie session holding only product ids and quantities
 * (cart.ts). Every read re-prices the lines from the API client, so
 * no title, price or total ever comes from the browser.
 */
import { data } from "react-router";
import { safeRedirect } from "remix-utils/safe-redirect";
import { z } from "zod";
import { clampQuantity } from "./add-to-cart";
import {
  addItem,
  CART_LINE_LIMIT_MESSAGE,
  type Cart,
  cartCount,
  clearCart,
  decrementItem,
  exceedsLineLimit,
  isProductId,
  lineQuantity,
  reconcileWithStock,
  removeLine,
  setQuantity,
} from "./cart";
import { hasPrice, type Product } from "~/merchant-api/product";
import { computeTotals, type CartTotals } from "~/money/totals";
import {
  ApiError,
  getProduct,
  getProductsBatch,
  withCurrentPrices,
} from "~/merchant-api/client.server";
import type { FlashNotice } from "~/platform/flash.server";
import { logger } from "~/platform/logger.server";
import type { CookieRequest } from "~/platform/cookie-session.server";
import type { CartOrder } from "./cart-order";
import { type CartOrderStatus, readCartOrder } from "./cart-order.server";
import type { CartCookie } from "./cart-session.server";
import { commitCartCookie, readCartCookie } from "./cart-session.server";

interface CartSummaryLine {
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
  /** The order the cart waits on, while pending; or the order just paid from it. */
  order: CartOrder | null;
}

/** A cart page line: the summary line plus what the table shows. */
export interface CartViewLine extends CartSummaryLine {
  sku: string | null;
  brand: string | null;
  model: string | null;
  stock: number;
}

const UNAVAILABLE_REMOVED_MESSAGE =
  "Algunos productos ya no están disponibles y se retiraron del carrito";

const UNTITLED = "Producto sin título";
const titleOf = (p: Product) => p.title ?? UNTITLED;
const unitsWord = (n: number) => (n === 1 ? "unidad disponible" : "unidades disponibles");

/** The verified cart of the request; a tampered, malformed or foreign cookie reads as empty. */
export async function readCart(request: CookieRequest): Promise<Cart> {
  return (await readCartCookie(request)).cart;
}

/**
 * The Set-Cookie value that stores `cart` as the request's cart, keeping the order it waits on;
 * a change of the cart ends the note of the last paid order.
 */
export async function commitCart(cart: Cart, request?: CookieRequest): Promise<string> {
  const cookie = request
    ? await readCartCookie(request)
    : { cart, id: null, order: null, paid: null };
  return commitCartCookie({ ...cookie, cart, paid: null });
}

interface PricedCart {
  lines: CartViewLine[];
  /** The cart after dropping unavailable products and capping to stock. */
  cart: Cart;
  removed: string[];
  capped: CartViewLine[];
}

/** Re-reads the cart's products and current prices; throws when the API fails. */
async function priceCart(cart: Cart): Promise<PricedCart> {
  if (cart.length === 0) return { lines: [], cart, removed: [], capped: [] };
  const products = await withCurrentPrices(await getProductsBatch(cart.map((l) => l.productId)));
  // A product without a price cannot be bought: it leaves the cart like a missing one.
  const sellable = new Map(products.filter((p) => hasPrice(p.price)).map((p) => [p.id, p]));
  const stock = new Map([...sellable.values()].map((p) => [p.id, p.stock]));
  const reconciled = reconcileWithStock(cart, stock);
  const lines = reconciled.cart.map((line): CartViewLine => {
    const p = sellable.get(line.productId) as Product;
    const unitPrice = p.price as number;
    return {
      productId: p.id,
      title: titleOf(p),
      quantity: line.quantity,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
      image: p.images[0] ?? null,
      sku: p.sku,
      brand: p.brand,
      model: p.model,
      stock: p.stock,
    };
  });
  return {
    lines,
    cart: reconciled.cart,
    removed: reconciled.removed,
    capped: lines.filter((l) => reconciled.capped.includes(l.productId)),
  };
}

function summaryOf(lines: CartViewLine[], order: CartOrder | null): CartSummary {
  return {
    count: lines.reduce((n, l) => n + l.quantity, 0),
    lines: lines.map(({ productId, title, quantity, unitPrice, lineTotal, image }) => ({
      productId,
      title,
      quantity,
      unitPrice,
      lineTotal,
      image,
    })),
    subtotal: lines.reduce((n, l) => n + l.lineTotal, 0),
    order,
  };
}

/** The order to show: a pending or paid one. */
const shownOrder = (status: CartOrderStatus) =>
  status.kind === "pending" || status.kind === "paid" ? status.order : null;

/**
 * What the header shows: count, lines and subtotal, re-priced from the API, and the cart's
 * order; `setCookie` when the order's state changed the cart (paid lines out, order released).
 */
export async function getCartSummary(
  request: CookieRequest,
): Promise<{ summary: CartSummary; setCookie: string | null }> {
  // Every page: the order the cart waits on, not the one paid earlier (the cart page shows it).
  const { status, setCookie, cookie } = await readCartOrder(request, { paid: false });
  const { cart } = cookie;
  const order = shownOrder(status);
  try {
    return { summary: summaryOf((await priceCart(cart)).lines, order), setCookie };
  } catch (error) {
    // The header must never take a page down: show the stored count without lines.
    logger.warn({ err: error }, "cart summary unavailable");
    return { summary: { count: cartCount(cart), lines: [], subtotal: 0, order }, setCookie };
  }
}

export interface CartPageData {
  lines: CartViewLine[];
  totals: CartTotals;
  notices: string[];
  /** The order the cart waits on, while pending; or the order just paid from it. */
  order: CartOrder | null;
}

/**
 * The cart page: lines, totals and notices about products that left the cart or
 * were capped to stock. `headers` rewrites the cookie when the cart changed.
 */
export async function loadCartPage(request: Request): Promise<{
  page: CartPageData;
  headers: Headers;
  /** The cart's order as the merchant's record says (for 'Finalizar compra'). */
  orderStatus: CartOrderStatus;
  /** The cart cookie as this answer leaves it. */
  cookie: CartCookie;
}> {
  const read = await readCartOrder(request);
  const { status, setCookie } = read;
  let { cookie } = read;
  const { cart } = cookie;
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  let priced: PricedCart;
  try {
    priced = await priceCart(cart);
  } catch (error) {
    logger.error({ err: error }, "cart page: products unavailable");
    throw data("No pudimos cargar tu carrito en este momento. Intenta de nuevo en unos minutos.", {
      status: 503,
    });
  }
  const notices: string[] = [];
  if (priced.removed.length > 0) notices.push(UNAVAILABLE_REMOVED_MESSAGE);
  for (const line of priced.capped) {
    notices.push(
      `Solo hay ${line.stock} ${unitsWord(line.stock)} de ${line.title}; ajustamos la cantidad.`,
    );
  }
  if (priced.removed.length > 0 || priced.capped.length > 0) {
    cookie = { ...cookie, cart: priced.cart };
    headers.set("Set-Cookie", await commitCartCookie(cookie));
  }
  const subtotal = priced.lines.reduce((n, l) => n + l.lineTotal, 0);
  const page = {
    lines: priced.lines,
    totals: computeTotals(subtotal),
    notices,
    order: shownOrder(status),
  };
  return { page, headers, orderStatus: status, cookie };
}

/**
 * Where a no-JS cart post returns: a same-site relative path only. Control
 * characters and backslashes are refused too, since browsers drop or rewrite
 * them ('/\t/evil.example' would become '//evil.example').
 */
export function cartRedirectTarget(value: FormDataEntryValue | null): string {
  // Control characters and backslashes have no place in a path of ours.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (typeof value !== "string" || /[\u0000-\u001f\u007f\\]/.test(value)) return "/carrito";
  return safeRedirect(value, "/carrito");
}

// ---------------------------------------------------------------------------
// The cart action (carrito.tsx) — one form, an `intent` field.

/** A typed quantity that is not a number falls back to 1 (docs/decisions/0552). */
const typedQuantity = z.preprocess((v) => {
  const n = typeof v === "number" ? v : Number.parseInt(typeof v === "string" ? v : "", 10);
  return Number.isFinite(n) ? n : 1;
}, z.number().int());

const productId = z.string().trim().refine(isProductId, { error: "Producto inválido" });

const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, quantity: typedQuantity.default(1) }),
  z.object({ intent: z.literal("decrement"), productId }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("set"), productId, quantity: typedQuantity }),
  z.object({ intent: z.literal("clear") }),
]);

export interface CartActionResult {
  ok: boolean;
  status: number;
  notice: FlashNotice;
  /** Set-Cookie for the cart when it changed. */
  cookie: string | null;
  count: number;
}

const INVALID_REQUEST = "No pudimos actualizar el carrito. Revisa los datos e intenta de nuevo.";

function fail(status: number, message: string, cart: Cart): CartActionResult {
  return {
    ok: false,
    status,
    notice: { type: "error", message },
    cookie: null,
    count: cartCount(cart),
  };
}

/**
 * Loads one product with its current price; null when the catalogue no longer
 * has it (404) or does not accept the id at all (400 'ID de producto inválido').
 */
async function currentProduct(id: string): Promise<Product | null> {
  try {
    const [product] = await withCurrentPrices([await getProduct(id)]);
    return product ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Validates the form, applies the intent to the verified cart and says what happened. */
export async function performCartAction(
  request: Request,
  form: FormData,
): Promise<CartActionResult> {
  const cart = await readCart(request);
  const parsed = cartActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return fail(400, INVALID_REQUEST, cart);
  const intent = parsed.data;

  const done = async (next: Cart, message: string, type: FlashNotice["type"] = "success") => ({
    ok: true,
    status: 200,
    notice: { type, message },
    cookie: await commitCart(next, request),
    count: cartCount(next),
  });

  try {
    switch (intent.intent) {
      case "clear":
        return await done(clearCart(), "Vaciamos tu carrito.");
      case "remove":
        return await done(removeLine(cart, intent.productId), "Producto retirado del carrito.");
      case "decrement":
        return await done(decrementItem(cart, intent.productId), "Carrito actualizado.");
      case "set": {
        if (intent.quantity <= 0) {
          return await done(removeLine(cart, intent.productId), "Producto retirado del carrito.");
        }
        const product = await currentProduct(intent.productId);
        if (!product || !hasPrice(product.price) || product.stock <= 0) {
          return await done(
            removeLine(cart, intent.productId),
            UNAVAILABLE_REMOVED_MESSAGE,
            "info",
          );
        }
        if (intent.quantity > product.stock) {
          return await done(
            setQuantity(cart, intent.productId, product.stock),
            `Solo hay ${product.stock} ${unitsWord(product.stock)} de ${titleOf(product)}.`,
            "info",
          );
        }
        return await done(
          setQuantity(cart, intent.productId, intent.quantity),
          "Carrito actualizado.",
        );
      }
      case "add":
        return await add(cart, intent.productId, clampQuantity(intent.quantity, Infinity), done);
    }
  } catch (error) {
    logger.error({ err: error }, "cart action failed");
    return fail(503, "No pudimos actualizar el carrito en este momento. Intenta de nuevo.", cart);
  }
}

async function add(
  cart: Cart,
  id: string,
  quantity: number,
  done: (next: Cart, message: string, type?: FlashNotice["type"]) => Promise<CartActionResult>,
): Promise<CartActionResult> {
  const product = await currentProduct(id);
  if (!product) return fail(404, "Este producto ya no está disponible.", cart);
  const title = titleOf(product);
  if (!hasPrice(product.price)) {
    return fail(
      409,
      `${title} no tiene precio publicado: consulta el precio con nuestros asesores.`,
      cart,
    );
  }
  if (product.stock <= 0) return fail(409, `${title} no tiene stock disponible.`, cart);
  if (exceedsLineLimit(cart, id)) return fail(409, CART_LINE_LIMIT_MESSAGE, cart);

  const inCart = lineQuantity(cart, id);
  const room = product.stock - inCart;
  if (room <= 0) {
    return fail(
      409,
      `Ya tienes en el carrito todo el stock disponible de ${title} (${product.stock} ${product.stock === 1 ? "unidad" : "unidades"}).`,
      cart,
    );
  }
  const added = Math.min(quantity, room);
  const message = `Agregado al carrito: ${added} × ${title}`;
  if (added < quantity) {
    return done(
      addItem(cart, id, added),
      `${message}. Solo hay ${product.stock} ${unitsWord(product.stock)}.`,
      "info",
    );
  }
  return done(addItem(cart, id, added), message);
}
