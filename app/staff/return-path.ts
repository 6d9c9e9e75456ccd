/**
 * Where the staff sign-in sends you back to (docs/decisions/0322). Only a path of this site
 * under /admin/ is accepted, so the `volver` parameter cannot become an open redirect; anything
 * else gives the notification tool.
 */

export const STAFF_HOME = "/admin/notificaciones";
export const SIGN_IN_PATH = "/admin/ingresar";
export const SIGN_OUT_PATH = "/admin/salir";

const MAX_LENGTH = 512;
// A stand-in origin to resolve the path against: what matters is that it stays the same.
const BASE = "https://tienda.invalid";

/** The safe path (with its query) to return to after signing in. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) {
    return STAFF_HOME;
  }
  // Only a root-relative path: not "//host", not "/\host" (browsers read "\" as "/"), no
  // scheme, no control characters or spaces that a browser would strip before resolving.
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s\p{Cc}]/u.test(value)) {
    return STAFF_HOME;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return STAFF_HOME;
  }
  if (url.origin !== BASE) return STAFF_HOME;
  // The normalised path ("/admin/../x" is "/x"): a page under /admin/, not the sign-in or out.
  const path = url.pathname;
  if (!path.startsWith("/admin/") || path === SIGN_IN_PATH || path === SIGN_OUT_PATH) {
    return STAFF_HOME;
  }
  return `${path}${url.search}`;
}

/** The sign-in page's address that comes back to `pathAndQuery` afterwards. */
export function signInUrl(pathAndQuery: string): string {
  return `${SIGN_IN_PATH}?volver=${encodeURIComponent(safeReturnPath(pathAndQuery))}`;
}
