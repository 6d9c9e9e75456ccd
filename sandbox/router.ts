/**
 * The sandbox's router for the catalogue side of the merchant API, behind the answers every
 * route shares: 404 and 405 in JSON, HEAD like GET, a malformed path as 400, and no stack or
 * internal message ever sent. It runs on the catalogue's own thread; the payments side answers
 * its own paths on the main thread (./open.ts, docs/decisions/0685).
 */
import { Hono } from "hono";
import { createCatalogueApp } from "./catalogue/routes.ts";
import type { CatalogueStore } from "./catalogue/db.ts";
import { error, HttpError } from "./http.ts";
import { SANDBOX_PREFIX } from "./browser-paths.ts";

export interface SandboxAppOptions {
  catalogue: CatalogueStore;
  /** "/sandbox", or "" for URLs absolute from the request origin. */
  publicBase: string;
}

/** The path routes see: without the mount prefix (tolerated) and without a trailing slash. */
function routePath(url: string): string {
  let path = new URL(url).pathname;
  if (path.startsWith(`${SANDBOX_PREFIX}/`)) path = path.slice(SANDBOX_PREFIX.length);
  return path.replace(/(.)\/+$/, "$1");
}

/** A path that does not decode (a lone %E0) is answered 400 by either side. */
export function malformedPath(url: string): Response | null {
  try {
    decodeURIComponent(new URL(url).pathname);
    return null;
  } catch {
    return error(400, "Ruta mal formada");
  }
}

export function createSandboxApp({ catalogue, publicBase }: SandboxAppOptions): Hono {
  const app = new Hono({ getPath: (request) => routePath(request.url) });
  app.use(async (c, next) => {
    const malformed = malformedPath(c.req.url);
    if (malformed) return malformed;
    await next();
  });
  app.route("/", createCatalogueApp({ store: catalogue, publicBase }));

  app.notFound((c) => {
    const [handlers] = app.router.match("GET", routePath(c.req.url));
    if (c.req.method !== "GET" && handlers.length > 0) {
      const response = error(405, "Método no permitido");
      response.headers.set("Allow", "GET, HEAD");
      return response;
    }
    return error(404, "Ruta no encontrada");
  });
  app.onError((err) => {
    if (err instanceof HttpError) return error(err.status, err.message);
    console.error("sandbox: unexpected error", err);
    return error(500, "Error interno del sandbox");
  });
  return app;
}
