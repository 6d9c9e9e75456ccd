/**
 * The `test` every browser spec imports: Playwright's own, with what the specs share about the
 * shopper in front of the store. A spec asks for what it needs by name (`{ page, jsOn, ready,
 * cart }`) instead of carrying its own copy of these helpers.
 *
 * Two of them: `test` gives each test a browser context of its own, as Playwright does;
 * `sharedPageTest` gives it the worker's one page, put back as a new page would be (see
 * `sharedPageTest` below), which costs a fraction of a new context.
 */
import {
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  expect,
  type Locator,
  type Page,
  test as base,
} from "@playwright/test";
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

/** The one page a worker keeps for the tests of `sharedPageTest`. */
interface WorkerPage {
  /** The options it was made with: the project's. */
  options: BrowserContextOptions;
  /** The page, made on first use and again if a test closed it. */
  open(): Promise<Page>;
  /** Puts the page back as a new one would be, for the next test. */
  reset(): Promise<void>;
}

interface ShopWorkerFixtures {
  workerPage: WorkerPage;
}

/** Page events a test may listen to; the next test on the same page must not hear them. */
const PAGE_EVENTS = [
  "console",
  "dialog",
  "download",
  "filechooser",
  "framenavigated",
  "load",
  "domcontentloaded",
  "pageerror",
  "popup",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "websocket",
  "worker",
] as const;

/**
 * The same for the context's events (a test may listen to every page's requests); "page" stays,
 * Playwright's own listener is on it.
 */
const CONTEXT_EVENTS = [
  "console",
  "dialog",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "weberror",
] as const;

/** The context options of a project that a page keeps for its life. */
export function contextOptionsOf(use: BrowserContextOptions): BrowserContextOptions {
  const { baseURL, javaScriptEnabled, viewport, userAgent, deviceScaleFactor, isMobile } = use;
  const { hasTouch, reducedMotion, colorScheme, locale, timezoneId } = use;
  return {
    baseURL,
    javaScriptEnabled,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    reducedMotion,
    colorScheme,
    locale,
    timezoneId,
  };
}

/**
 * Takes `page` to about:blank, so no script of its document runs on (timers, animations,
 * requests), and empties the session and local storage of the origin it was on.
 *
 * The document itself navigates: about:blank then keeps its origin, as the first document of a
 * new tab is allowed to load the store's stylesheets (a test may write a page into it). One
 * Playwright navigates to has no origin, and Chromium refuses it anything from a loopback
 * address. Storage is emptied after the document has gone, since leaving writes to it (React
 * Router keeps scroll positions in the tab's session storage).
 */
async function leaveForBlank(page: Page) {
  if (page.url() !== "about:blank") {
    const left = page.waitForURL("about:blank");
    const asked = await page
      .evaluate(() => location.replace("about:blank"))
      .then(
        () => true,
        () => false,
      );
    if (asked) await left.catch(() => page.goto("about:blank"));
    else await page.goto("about:blank");
  }
  await page
    .evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    })
    .catch(() => {});
}

/**
 * Makes `page` another visitor to the store, as a second browser is to it: the document left,
 * no cookies, no storage, no extra headers. What stays is the HTTP cache (stylesheets, scripts,
 * pictures), as on the shared page between tests.
 */
export async function becomeNewVisitor(page: Page) {
  await leaveForBlank(page);
  await page.context().clearCookies();
  await page.context().setExtraHTTPHeaders({});
  await page.setExtraHTTPHeaders({});
}

let products: Promise<Sellable[]> | undefined;

export const test = base.extend<ShopFixtures, ShopWorkerFixtures>({
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

  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const options = contextOptionsOf(workerInfo.project.use);
      let context: BrowserContext | undefined;
      let page: Page | undefined;
      await use({
        options,
        async open() {
          if (!context) {
            const made = await browser.newContext(options);
            // A test may close it: the next one gets a new one.
            made.on("close", () => {
              if (context === made) context = page = undefined;
            });
            context = made;
          }
          if (!page || page.isClosed()) page = await context.newPage();
          return page;
        },
        async reset() {
          if (!context || !page || page.isClosed()) return;
          for (const other of context.pages()) if (other !== page) await other.close();
          await leaveForBlank(page);
          for (const event of PAGE_EVENTS) page.removeAllListeners(event);
          for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
          await page.unrouteAll({ behavior: "ignoreErrors" });
          await context.unrouteAll({ behavior: "ignoreErrors" });
          await context.clearCookies();
          await context.clearPermissions();
          await context.setExtraHTTPHeaders({});
          await page.setExtraHTTPHeaders({});
          // Off the page, so nothing is hovered when the next document lays out.
          await page.mouse.move(-1, -1);
        },
      });
      await context?.close();
    },
    { scope: "worker" },
  ],
});

/**
 * The same fixtures, on the worker's one page instead of a new browser context: a new context
 * and its first page cost the browser more CPU than most tests (docs/decisions/0580). Before each
 * test the page has no cookies, no storage, no routes, no listeners, no extra pages, no granted
 * permissions, the test's viewport and media, and shows about:blank; what it keeps is the HTTP
 * cache and the history of earlier tests. For checks of what a screen shows, journeys through
 * forms and links, anything whose state lives in cookies. A test that installs a fake clock,
 * an init script or an exposed function, or changes an option a page keeps (JavaScript,
 * user agent, locale), needs `test`, a context of its own.
 */
export const sharedPageTest = test.extend({
  context: async (
    { workerPage, javaScriptEnabled, baseURL, viewport, reducedMotion, colorScheme },
    use,
    testInfo,
  ) => {
    const kept = workerPage.options;
    if (javaScriptEnabled !== kept.javaScriptEnabled || baseURL !== kept.baseURL) {
      throw new Error("sharedPageTest keeps the project's javaScriptEnabled and baseURL: use test");
    }
    const page = await workerPage.open();
    if (viewport) await page.setViewportSize(viewport);
    await page.emulateMedia({
      media: null,
      reducedMotion: reducedMotion ?? "no-preference",
      colorScheme: colorScheme ?? "light",
      forcedColors: "none",
    });
    await use(page.context());
    // A failed test ends its worker; its page stays as it was for the report.
    if (testInfo.status === testInfo.expectedStatus) await workerPage.reset();
  },
  page: async ({ context, workerPage }, use) => {
    void context;
    await use(await workerPage.open());
  },
});
