import type { HeadersArgs } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import {
  applyCacheHeaders,
  carriesPersonalCookie,
  personalPage,
  PRIVATE_NO_STORE,
  PUBLIC_PAGE,
  publicPage,
  withoutPersonalCookies,
} from "./http-cache.server";

const req = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);
const args = (over: Partial<HeadersArgs> = {}) => ({
  loaderHeaders: new Headers(),
  parentHeaders: new Headers(),
  actionHeaders: new Headers(),
  errorHeaders: undefined,
  ...over,
});

describe("personal cookies", () => {
  it("tells a request with the cart or notice cookie by the names of its pairs, never their values", () => {
    const carries = (cookie: string) => carriesPersonalCookie(req("/", { headers: { cookie } }));
    for (const cookie of [
      "carrito=1",
      "__Host-carrito=abc.sig",
      "tema=claro; aviso=Hola",
      "tema=claro;  __Host-aviso =x",
      "carrito",
    ]) {
      expect(carries(cookie), cookie).toBe(true);
    }
    for (const cookie of [
      "",
      "tema=carrito=1",
      "carritos=1",
      "mi-carrito=1",
      "__Host-carrito-viejo=1",
      "tema=claro; x=aviso",
    ]) {
      expect(carries(cookie), cookie).toBe(false);
    }
    expect(carriesPersonalCookie(req("/"))).toBe(false);
  });
});

describe("route policies", () => {
  it("a public page may be cached a minute, varying on Cookie and compression, unless its loader says otherwise", () => {
    expect(new Headers(publicPage(args())).get("Cache-Control")).toBe(
      "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
    );
    expect(new Headers(publicPage(args())).get("Vary")).toBe("Cookie, Accept-Encoding");
    const own = new Headers({ "Cache-Control": "no-store" });
    expect(new Headers(publicPage(args({ loaderHeaders: own }))).get("Cache-Control")).toBe(
      "no-store",
    );
  });

  it("a personal page is never stored", () => {
    expect(new Headers(personalPage()).get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(new Headers(personalPage(args())).has("Retry-After")).toBe(false);
  });

  it("a personal page passes on the Retry-After of its action or loader, and nothing else", () => {
    const refused = new Headers({ "Retry-After": "840", "X-Other": "1" });
    for (const headers of [
      personalPage(args({ actionHeaders: refused })),
      personalPage(args({ loaderHeaders: refused })),
      personalPage(args({ errorHeaders: refused })),
    ]) {
      expect(new Headers(headers).get("Retry-After")).toBe("840");
      expect(new Headers(headers).has("X-Other")).toBe(false);
      expect(new Headers(headers).get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    }
  });
});

describe("the safety net for every response", () => {
  it("makes anything personal private, no-store, whatever the route said", () => {
    const cases: [Request, Headers][] = [
      [req("/productos", { headers: { Cookie: "otra=1; __Host-carrito=abc" } }), new Headers()],
      [req("/", { headers: { Cookie: "aviso=x" } }), new Headers()],
      [req("/", {}), new Headers({ "Set-Cookie": "aviso=; Max-Age=0" })],
      [req("/productos", { method: "POST" }), new Headers()],
    ];
    for (const [request, headers] of cases) {
      headers.set("Cache-Control", PUBLIC_PAGE);
      applyCacheHeaders(request, 200, headers);
      expect(headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    }
  });

  it("never lets an error answer be cached under a public page's policy", () => {
    const headers = new Headers({ "Cache-Control": PUBLIC_PAGE });
    applyCacheHeaders(req("/producto/1"), 404, headers);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("leaves an anonymous page's own policy alone; a cookie that is not ours changes nothing", () => {
    const headers = new Headers({ "Cache-Control": PUBLIC_PAGE });
    applyCacheHeaders(req("/", { headers: { Cookie: "_ga=1" } }), 200, headers);
    expect(headers.get("Cache-Control")).toBe(PUBLIC_PAGE);
  });
});

describe("withoutPersonalCookies", () => {
  it("makes the request an anonymous visitor would make: other cookies stay", () => {
    const cookie = (value: string) =>
      withoutPersonalCookies(req("/p?x=1", { headers: { Cookie: value, Accept: "text/html" } }));
    const shopper = cookie("_ga=1; __Host-carrito=abc; __Host-aviso=x; pagos=y");
    expect(shopper.headers.get("Cookie")).toBe("_ga=1; pagos=y");
    expect(shopper.headers.get("Accept")).toBe("text/html");
    expect(shopper.url).toBe("http://localhost/p?x=1");
    expect(cookie("carrito=abc").headers.has("Cookie")).toBe(false);
  });
});

describe("the route table", () => {
  const PERSONAL_PATHS = /^(carrito|checkout|admin|login|mi-cuenta)(\/|$)/;
  const pages = routes.filter((r) => !/\.ts$/.test(r.file));

  it("every page route declares a cache policy", async () => {
    for (const route of pages) {
      const mod = (await import(`../${route.file}`)) as { headers?: unknown };
      expect([publicPage, personalPage], route.file).toContain(mod.headers);
    }
  });

  it("no route under /carrito, /checkout, /admin, /login or /mi-cuenta is ever cacheable", async () => {
    const personal = routes.filter((r) => r.path && PERSONAL_PATHS.test(r.path));
    expect(personal.length).toBeGreaterThan(0);
    for (const route of personal) {
      const mod = (await import(`../${route.file}`)) as { headers?: unknown };
      expect(mod.headers, route.file).toBe(personalPage);
    }
  });
});
