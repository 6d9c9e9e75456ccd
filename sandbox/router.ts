/**
 * The sandbox's one router: the catalogue side and the payments side of the
 * merchant API, behind the answers every route shares: 404 and 405 in JSON, HEAD like GET,
 * a malformed path as 400, and no stack or internal message ever sent.
 */
import { Hono } from "hono";
import { createCatalogueApp } from "./catalogue/routes.ts";
import type { CatalogueStore } from "./catalogue/db.ts";
import { error, HttpError } from "./http.ts";
import { isPaymentsPath, type Payments } from "./payments/index.ts";
import { SANDBOX_PREFIX } from "./browser-paths.ts";

export interface SandboxAppOptions {
  catalogue: CatalogueStore;
  /** The payments side (its own store and error shapes; see payments/README.md). */
  payments: Payments;
  /** "/sandbox", or "" for URLs absolute from the request origin. */
  publicBase: string;
}

/** The path routes see: without the mount prefix (tolerated) and without a trailing slash. */
function routePath(url: string): string {
  let path = new URL(url).pathname;
  if (path.startsWith(`${SANDBOX_PREFIX}/`)) path = path.slice(SANDBOX_PREFIX.length);
  return path.replace(/(.)\/+$/, "$1");
}

export function createSandboxApp({ catalogue, payments, publicBase }: SandboxAppOptions): Hono {
  const app = new Hono({ getPath: (request) => routePath(request.url) });
  app.use(async (c, next) => {
    try {
      decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return error(400, "Ruta mal formada");
    }
    await next();
  });
  // The payments side answers its own paths, with its fault prefixes and Openpay error shapes.
  app.use(async (c, next) => {
    if (isPaymentsPath(new URL(c.req.url).pathname)) return payments.fetch(c.req.raw);
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
