/**
 * Cache-Control for pages (docs/decisions/0205). Each route module declares its own policy
 * next to its loader by exporting one of the `headers` functions below: `publicPage` (the
 * same for every visitor) or `personalPage` (never stored). On top of that one safety net
 * holds for every response: anything personal (a request carrying the cart or notice cookie,
 * a response setting a cookie, every non-GET) is `private, no-store`. A public page the page
 * cache fills in for a shopper is `private, no-cache` (docs/decisions/0470).
 */
import type { HeadersArgs } from "react-router";
import type { CookieRequest } from "./cookie-session.server.ts";

export const PRIVATE_NO_STORE = "private, no-store";
/**
 * A minute in a browser and in a shared cache (a CDN, nginx's proxy_cache), which may then
 * answer with it for 5 more minutes while it fetches a new copy, as the store's own page cache
 * does (docs/decisions/0476).
 */
export const PUBLIC_PAGE = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";
/** A public page differs by the cart and notice cookies and by its compression. */
const PUBLIC_VARY = "Cookie, Accept-Encoding";
/**
 * A public page filled in for one shopper from the page cache (docs/decisions/0470): only their
 * browser may keep it, and only to ask again with its ETag (a 304 while the cart is the same).
 */
export const PRIVATE_REVALIDATE = "private, no-cache";

const PERSONAL_COOKIES = new Set(["carrito", "__Host-carrito", "aviso", "__Host-aviso"]);

/** A page for anyone: shared caches may keep it a minute (never an error or a 5xx answer). */
export function publicPage({ loaderHeaders, errorHeaders }: HeadersArgs): HeadersInit {
  if (errorHeaders) return errorHeaders;
  const own = loaderHeaders.get("Cache-Control");
  return { "Cache-Control": own ?? PUBLIC_PAGE, Vary: PUBLIC_VARY };
}

/**
 * A page for one shopper (cart, checkout, staff, sign-in): never stored anywhere. A `Retry-After`
 * set by its action or loader (a 429) goes out with it: a route's `headers` export is the only
 * way a header reaches the response.
 */
export function personalPage({
  actionHeaders,
  loaderHeaders,
  errorHeaders,
}: Partial<Pick<HeadersArgs, "actionHeaders" | "loaderHeaders" | "errorHeaders">> = {}): Headers {
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  const retryAfter = [errorHeaders, actionHeaders, loaderHeaders]
    .map((h) => h?.get("Retry-After"))
    .find((v) => v != null);
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * `headers` with `Cache-Control: private, no-store`: for a redirect a personal page throws,
 * which its route's `headers` export never reaches.
 */
export function privateNoStore(headers?: HeadersInit): Headers {
  const copy = new Headers(headers);
  copy.set("Cache-Control", PRIVATE_NO_STORE);
  return copy;
}

const cookieName = (pair: string) => pair.split("=", 1)[0].trim();

/** A pair of a Cookie header named as one of those, read without splitting the header. */
const PERSONAL_PAIR = new RegExp(`(?:^|;)\\s*(?:${[...PERSONAL_COOKIES].join("|")})\\s*(?:=|;|$)`);

/** The request carries the cart or notice cookie: its pages are personal. */
export function carriesPersonalCookie(request: CookieRequest): boolean {
  return PERSONAL_PAIR.test(request.headers.get("Cookie") ?? "");
}

/** The same request as an anonymous visitor makes it: without the cart and notice cookies. */
export function withoutPersonalCookies(request: Request): Request {
  const headers = new Headers(request.headers);
  const others = (request.headers.get("Cookie") ?? "")
    .split(";")
    .filter((pair) => pair.trim() && !PERSONAL_COOKIES.has(cookieName(pair)));
  if (others.length > 0) headers.set("Cookie", others.join(";"));
  else headers.delete("Cookie");
  return new Request(request, { headers });
}

function isPersonal(request: Request, headers: Headers): boolean {
  const method = request.method.toUpperCase();
  return (
    (method !== "GET" && method !== "HEAD") ||
    headers.has("Set-Cookie") ||
    carriesPersonalCookie(request)
  );
}

/** The safety net, applied to every document's headers (mutates them). */
export function applyCacheHeaders(request: Request, status: number, headers: Headers): void {
  if (isPersonal(request, headers)) {
    headers.set("Cache-Control", PRIVATE_NO_STORE);
  } else if (status !== 200 && headers.get("Cache-Control")?.startsWith("public")) {
    // A route's public policy is for its page, not for an error answered on its path.
    headers.set("Cache-Control", "no-store");
  }
}

/** Same rule for a data (`.data`) or redirect response; copies it when its headers are frozen. */
export function withCacheHeaders(request: Request, response: Response): Response {
  try {
    applyCacheHeaders(request, response.status, response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    applyCacheHeaders(request, copy.status, copy.headers);
    return copy;
  }
}
