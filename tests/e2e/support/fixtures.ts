/**
 * The `test` every browser spec imports: Playwright's own, with what the specs share about the
 * shopper in front of the store. A spec asks for what it needs by name (`{ page, jsOn, ready,
 * cart }`) instead of carrying its own copy of these helpers.
 */
import { type Cookie, expect, type Locator, type Page, test as base } from "@playwright/test";
import { sellableProducts, type Sellable } from "./payments.ts";

export { expect };

/** The shopper's cart, as the browser of this test holds it. */
export interface Cart {
  /**
   * Puts `quantity` of a product in the cart by the cart form's own POST (303), its cookie kept
   * by the page's context. Adding as a shopper does, from a card or the product page, is the
   * journey of cart.spec.ts; other tests start past it.
   */
  add(productId: string, quantity?: number): Promise<void>;
  /** Sets a line's quantity the same way, as another tab of the shopper would. */
  set(productId: string, quantity: number): Promise<void>;
  /** The signed cart cookie, if the browser has one. */
  cookie(): Promise<Cookie | undefined>;
  /** The header's cart control naming `count` products: a link without JavaScript, the mini cart's button with it. */
  badge(count: number): Locator;
}

interface ShopFixtures {
  /** True in the js-on project. */
  jsOn: boolean;
  /**
   * With JavaScript, waits until the page has hydrated (the header's search box then opens the
   * search dialog; a loaded machine may take a while); without it, returns at once.
   */
  ready: () => Promise<void>;
  cart: Cart;
  /** Holds the page's data requests (client navigations) until the returned function is called. */
  holdData: () => Promise<() => void>;
  /** Two products with a price and at least 5 units in stock, from the sandbox catalogue. */
  products: Sellable[];
}

/** The cart cookie's name in production mode (Secure, so the __Host- prefix). */
export const CART_COOKIE = "__Host-carrito";

/** The cart of `page`'s browser on the store at `baseURL` (the `cart` fixture is the test page's). */
export function cartOf(page: Page, baseURL: string, jsOn: boolean): Cart {
  const post = async (intent: "add" | "set", productId: string, quantity: number) => {
    const response = await page.request.post(`${baseURL}/carrito`, {
      form: { intent, productId, quantity: String(quantity), redirectTo: "/carrito" },
      headers: { Origin: new URL(baseURL).origin },
      maxRedirects: 0,
    });
    expect(response.status(), `cart ${intent} ${productId}`).toBe(303);
  };
  return {
    add: (productId, quantity = 1) => post("add", productId, quantity),
    set: (productId, quantity) => post("set", productId, quantity),
    cookie: async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === CART_COOKIE),
    badge: (count) =>
      page.getByRole(jsOn ? "button" : "link", {
        name: new RegExp(`^Carrito\\s*,\\s*${count} ${count === 1 ? "producto" : "productos"}$`),
      }),
  };
}

let products: Promise<Sellable[]> | undefined;

export const test = base.extend<ShopFixtures>({
  jsOn: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },

  ready: async ({ page, jsOn }, use) => {
    await use(async () => {
      if (!jsOn) return;
      await expect(
        page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" }),
      ).toHaveAttribute("aria-haspopup", "dialog", { timeout: 20_000 });
    });
  },

  cart: async ({ page, jsOn, baseURL }, use) => {
    await use(cartOf(page, baseURL!, jsOn));
  },

  holdData: async ({ page }, use) => {
    await use(async () => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/*.data*", async (route) => {
        await gate;
        await route.continue();
      });
      return () => release();
    });
  },

  products: async ({ request }, use) => {
    // The same two for every test of a worker: the lookup walks the sandbox catalogue.
    products ??= sellableProducts(request, 2);
    await use(await products);
  },
});
