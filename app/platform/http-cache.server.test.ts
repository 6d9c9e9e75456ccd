import { describe, expect, it } from "vitest";
import {
  CATALOGUE_CACHE,
  PRIVATE_NO_STORE,
  applyCacheHeaders,
  cacheControlFor,
} from "./http-cache.server";

const req = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init);

describe("cacheControlFor", () => {
  it("lets anonymous catalogue pages be cached, varying on Cookie", () => {
    const headers = new Headers();
    applyCacheHeaders(req("/productos?categoria=22"), 200, headers);
    expect(headers.get("Cache-Control")).toBe(CATALOGUE_CACHE);
    expect(headers.get("Vary")).toBe("Cookie");
    expect(cacheControlFor(req("/producto/10.data"), 200, new Headers())).toBe(CATALOGUE_CACHE);
    expect(cacheControlFor(req("/_root.data"), 200, new Headers())).toBe(CATALOGUE_CACHE);
  });

  it("makes anything personal private, no-store", () => {
    const cookie = { headers: { Cookie: "otra=1; __Host-carrito=abc" } };
    expect(cacheControlFor(req("/productos", cookie), 200, new Headers())).toBe(PRIVATE_NO_STORE);
    expect(
      cacheControlFor(req("/", { headers: { Cookie: "carrito=x" } }), 200, new Headers()),
    ).toBe(PRIVATE_NO_STORE);
    const setsCookie = new Headers({ "Set-Cookie": "aviso=; Max-Age=0" });
    expect(cacheControlFor(req("/"), 200, setsCookie)).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor(req("/carrito"), 200, new Headers())).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor(req("/carrito.data"), 200, new Headers())).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor(req("/productos", { method: "POST" }), 200, new Headers())).toBe(
      PRIVATE_NO_STORE,
    );
  });

  it("keeps a route's own header and leaves errors and other pages alone", () => {
    const own = new Headers({ "Cache-Control": "public, max-age=3600" });
    expect(cacheControlFor(req("/robots.txt"), 200, own)).toBeNull();
    expect(cacheControlFor(req("/productos"), 500, new Headers())).toBeNull();
    expect(cacheControlFor(req("/algo-raro"), 404, new Headers())).toBeNull();
    // A cookie that is not ours does not make a page personal.
    expect(cacheControlFor(req("/", { headers: { Cookie: "_ga=1" } }), 200, new Headers())).toBe(
      CATALOGUE_CACHE,
    );
  });
});
