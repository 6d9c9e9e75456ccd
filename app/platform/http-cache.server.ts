/**
 * The one Cache-Control rule of the store (docs/decisions/0205):
 * - anything personal (a response that sets a cookie, a request that carries the
 *   cart or flash cookie, the cart itself, every non-GET) is `private, no-store`;
 * - otherwise a route's own Cache-Control is kept;
 * - otherwise a successful catalogue page is `public, max-age=60`, varying on
 *   Cookie so a shared cache never serves it to a shopper with a cart.
 */
export const PRIVATE_NO_STORE = "private, no-store";
export const CATALOGUE_CACHE = "public, max-age=60";

const PERSONAL_COOKIES = new Set(["carrito", "__Host-carrito", "aviso", "__Host-aviso"]);
const PRIVATE_PATHS = [/^\/carrito(\/|$)/, /^\/checkout(\/|$)/, /^\/admin(\/|$)/, /^\/login(\/|$)/];
const CATALOGUE_PATHS = [
  /^\/$/,
  /^\/productos\/?$/,
  /^\/categorias\/?$/,
  /^\/categoria\//,
  /^\/producto\//,
  /^\/marca\//,
  /^\/buscar\/?$/,
  /^\/busqueda\/?$/,
  /^\/(nosotros|privacidad|garantias|soporte-tecnico)\/?$/,
];

/** Cookie names present on the request (values are never read here). */
function cookieNames(request: Request): string[] {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  return header.split(";").map((part) => part.split("=", 1)[0].trim());
}

export function carriesPersonalCookie(request: Request): boolean {
  return cookieNames(request).some((name) => PERSONAL_COOKIES.has(name));
}

/** The page path, without the `.data` suffix of client-side data requests. */
function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

export function cacheControlFor(request: Request, status: number, headers: Headers): string | null {
  const method = request.method.toUpperCase();
  const path = pagePath(request);
  if (
    (method !== "GET" && method !== "HEAD") ||
    headers.has("Set-Cookie") ||
    carriesPersonalCookie(request) ||
    PRIVATE_PATHS.some((re) => re.test(path))
  ) {
    return PRIVATE_NO_STORE;
  }
  if (headers.has("Cache-Control")) return null;
  if (status === 200 && CATALOGUE_PATHS.some((re) => re.test(path))) return CATALOGUE_CACHE;
  return null;
}

/** Applies the rule to a document's headers (mutates them). */
export function applyCacheHeaders(request: Request, status: number, headers: Headers): void {
  const value = cacheControlFor(request, status, headers);
  if (!value) return;
  headers.set("Cache-Control", value);
  if (value === CATALOGUE_CACHE) headers.append("Vary", "Cookie");
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
