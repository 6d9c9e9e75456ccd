import { beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_CART_LINES } from "./cart";
import type { Product } from "~/merchant-api/product";
import { loadConfig } from "~/platform/config.server";
import { createCartSessionStorage } from "./cart-session.server";

// The API client is the only dependency: a small in-memory catalogue stands in.
const catalogue = new Map<string, Product>();
vi.mock("~/merchant-api/client.server", () => {
  class ApiError extends Error {
    status: number;
    constructor(message: string, status: number) {
      super(message);
      this.status = status;
    }
  }
  return {
    ApiError,
    getProduct: async (id: string) => {
      // Like the API: ids it cannot read are a 400, not a 404.
      if (id.startsWith("bad")) throw new ApiError("ID de producto inválido", 400);
      const p = catalogue.get(id);
      if (!p) throw new ApiError("Producto no encontrado", 404);
      return p;
    },
    getProductsBatch: async (ids: string[]) =>
      ids.flatMap((id) => (catalogue.has(id) ? [catalogue.get(id) as Product] : [])),
    withCurrentPrices: async (products: Product[]) => products,
  };
});

const {
  cartRedirectTarget,
  commitCart,
  getCartSummary,
  loadCartPage,
  performCartAction,
  readCart,
} = await import("./cart.server");

function product(id: string, price: number | null, stock: number, title = `Cámara ${id}`): Product {
  return {
    id,
    title,
    model: null,
    sku: `SKU-${id}`,
    brand: "Marca",
    categoryId: null,
    categoryName: null,
    subcategory: null,
    categories: [],
    images: [`/img/${id}.jpg`],
    description: null,
    descriptionHtml: null,
    specifications: {},
    features: [],
    stock,
    price,
    listPrice: null,
    available: stock > 0,
    popular: false,
    runningLow: false,
    updatedAt: null,
  };
}

/** A request carrying the cookie from a Set-Cookie value. */
function withCookie(setCookie: string | null, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (setCookie) headers.set("Cookie", setCookie.split(";")[0]);
  return new Request("http://localhost/carrito", { ...init, headers });
}

async function act(cookie: string | null, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const result = await performCartAction(withCookie(cookie), form);
  return { result, cookie: result.cookie ?? cookie };
}

beforeEach(() => {
  catalogue.clear();
  catalogue.set("10", product("10", 50_000, 5));
  catalogue.set("20", product("20", 12_345, 2));
  catalogue.set("nop", product("nop", null, 9));
  catalogue.set("zero", product("zero", 0, 9));
  catalogue.set("out", product("out", 9_000, 0));
});

describe("cart action", () => {
  it("adds with the 'Agregado al carrito' notice and increments an existing line", async () => {
    let { result, cookie } = await act(null, { intent: "add", productId: "10", quantity: "2" });
    expect(result.ok).toBe(true);
    expect(result.notice.message).toBe("Agregado al carrito: 2 × Cámara 10");
    ({ result, cookie } = await act(cookie, { intent: "add", productId: "10" }));
    expect(await readCart(withCookie(cookie))).toEqual([{ productId: "10", quantity: 3 }]);
    expect(result.count).toBe(3);
  });

  it("caps an add to the stock and refuses once the stock is in the cart", async () => {
    const first = await act(null, { intent: "add", productId: "20", quantity: "5" });
    const cookie = first.cookie;
    let result = first.result;
    expect(result.notice.message).toBe(
      "Agregado al carrito: 2 × Cámara 20. Solo hay 2 unidades disponibles.",
    );
    expect(await readCart(withCookie(cookie))).toEqual([{ productId: "20", quantity: 2 }]);
    ({ result } = await act(cookie, { intent: "add", productId: "20" }));
    expect(result.ok).toBe(false);
    expect(result.status).toBe(409);
    expect(result.cookie).toBeNull();
  });

  it.each([
    ["nop", /no tiene precio publicado/],
    ["zero", /no tiene precio publicado/],
    ["out", /no tiene stock disponible/],
    ["gone", /ya no está disponible/],
    ["bad-id", /ya no está disponible/],
  ])("refuses to add %s", async (productId, message) => {
    const { result } = await act(null, { intent: "add", productId });
    expect(result.ok).toBe(false);
    expect(result.notice.type).toBe("error");
    expect(result.notice.message).toMatch(message);
    expect(result.cookie).toBeNull();
  });

  it("decrements, sets, removes and clears", async () => {
    let { cookie } = await act(null, { intent: "add", productId: "10", quantity: "3" });
    ({ cookie } = await act(cookie, { intent: "add", productId: "20" }));
    ({ cookie } = await act(cookie, { intent: "decrement", productId: "10" }));
    expect(await readCart(withCookie(cookie))).toContainEqual({ productId: "10", quantity: 2 });
    ({ cookie } = await act(cookie, { intent: "set", productId: "10", quantity: "4" }));
    expect(await readCart(withCookie(cookie))).toContainEqual({ productId: "10", quantity: 4 });
    ({ cookie } = await act(cookie, { intent: "set", productId: "10", quantity: "abc" }));
    expect(await readCart(withCookie(cookie))).toContainEqual({ productId: "10", quantity: 1 });
    ({ cookie } = await act(cookie, { intent: "set", productId: "10", quantity: "99" }));
    expect(await readCart(withCookie(cookie))).toContainEqual({ productId: "10", quantity: 5 });
    ({ cookie } = await act(cookie, { intent: "set", productId: "10", quantity: "0" }));
    expect(await readCart(withCookie(cookie))).toEqual([{ productId: "20", quantity: 1 }]);
    ({ cookie } = await act(cookie, { intent: "decrement", productId: "20" }));
    expect(await readCart(withCookie(cookie))).toEqual([]);
    ({ cookie } = await act(cookie, { intent: "add", productId: "20" }));
    ({ cookie } = await act(cookie, { intent: "remove", productId: "20" }));
    expect(await readCart(withCookie(cookie))).toEqual([]);
    ({ cookie } = await act(cookie, { intent: "add", productId: "20" }));
    const cleared = await act(cookie, { intent: "clear" });
    expect(cleared.result.cookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("rejects unknown intents and malformed ids with 400", async () => {
    const cases: Record<string, string>[] = [
      { intent: "steal" },
      { intent: "add", productId: "<x>" },
      {},
    ];
    for (const fields of cases) {
      const { result } = await act(null, fields);
      expect(result.status).toBe(400);
      expect(result.ok).toBe(false);
    }
  });

  it("refuses a new line past the limit with a Spanish message", async () => {
    let cookie: string | null = null;
    for (let i = 0; i < MAX_CART_LINES; i++) {
      catalogue.set(`p${i}`, product(`p${i}`, 1000, 10));
      ({ cookie } = await act(cookie, { intent: "add", productId: `p${i}` }));
    }
    // The full cart still fits a browser cookie.
    expect((cookie as string).length).toBeLessThan(4096);
    const { result } = await act(cookie, { intent: "add", productId: "10" });
    expect(result.notice.message).toMatch(/máximo permitido/);
  });
});

describe("reading the cookie", () => {
  it("reads a tampered or malformed cookie as an empty cart", async () => {
    const good = await commitCart([{ productId: "10", quantity: 2 }]);
    const value = good.split(";")[0];
    const tampered = value.replace(/=(.)/, (_m, c: string) => `=${c === "e" ? "f" : "e"}`);
    for (const cookie of [tampered, "carrito=%%%", "carrito=bm90anNvbg.abc", "carrito="]) {
      const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
      expect(await readCart(request)).toEqual([]);
      expect((await getCartSummary(request)).summary.count).toBe(0);
    }
  });

  it("verifies a cookie signed with an older secret after rotation", async () => {
    const before = createCartSessionStorage(
      loadConfig({ NODE_ENV: "test", SESSION_SECRET: "old-secret-0123456789" }),
    );
    const after = createCartSessionStorage(
      loadConfig({
        NODE_ENV: "test",
        SESSION_SECRET: "new-secret-0123456789,old-secret-0123456789",
      }),
    );
    const other = createCartSessionStorage(
      loadConfig({ NODE_ENV: "test", SESSION_SECRET: "someone-else-0123456789" }),
    );
    const session = await before.getSession();
    session.set("c", "10:2");
    const cookie = (await before.commitSession(session)).split(";")[0];
    expect((await after.getSession(cookie)).get("c")).toBe("10:2");
    expect((await other.getSession(cookie)).get("c")).toBeUndefined();
  });
});

describe("cart page", () => {
  it("re-prices lines, drops vanished products and caps to stock with notices", async () => {
    const cookie = await commitCart([
      { productId: "10", quantity: 2 },
      { productId: "20", quantity: 2 },
      { productId: "gone", quantity: 1 },
    ]);
    catalogue.set("10", product("10", 60_000, 5)); // the price changed
    catalogue.set("20", product("20", 12_345, 1)); // the stock dropped
    const { page, headers } = await loadCartPage(withCookie(cookie));
    expect(page.lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      ["10", 2, 60_000, 120_000],
      ["20", 1, 12_345, 12_345],
    ]);
    expect(page.totals).toMatchObject({
      subtotal: 132_345,
      iva: 25_146,
      shipping: 0,
      total: 157_491,
    });
    expect(page.notices).toEqual([
      "Algunos productos ya no están disponibles y se retiraron del carrito",
      "Solo hay 1 unidad disponible de Cámara 20; ajustamos la cantidad.",
    ]);
    const rewritten = headers.get("Set-Cookie");
    expect(await readCart(withCookie(rewritten))).toEqual([
      { productId: "10", quantity: 2 },
      { productId: "20", quantity: 1 },
    ]);
  });

  it("leaves the cookie alone when nothing changed", async () => {
    const cookie = await commitCart([{ productId: "10", quantity: 1 }]);
    const { page, headers } = await loadCartPage(withCookie(cookie));
    expect(page.notices).toEqual([]);
    expect(headers.has("Set-Cookie")).toBe(false);
    expect(page.totals.shipping).toBe(5000);
  });
});

describe("cartRedirectTarget", () => {
  it.each([
    ["/producto/10?x=1", "/producto/10?x=1"],
    ["/productos", "/productos"],
    ["//evil.example", "/carrito"],
    ["/\\evil.example", "/carrito"],
    ["/\t/evil.example", "/carrito"],
    ["https://evil.example/", "/carrito"],
    ["", "/carrito"],
    [null, "/carrito"],
  ])("%s → %s", (input, expected) => {
    expect(cartRedirectTarget(input)).toBe(expected);
  });
});
