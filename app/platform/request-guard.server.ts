/**
 * The one place that refuses a request React Router cannot answer well (docs/decisions/0360):
 * a method the route does not take (405 with `Allow`), a POST body that is not a form (415), a
 * malformed multipart body (400), a body over the form limit (413) and an overlong URL (414).
 * It runs before React Router for every app route, reading what each route accepts from the
 * server build itself, so a new route is covered the day it is added. Each refusal is a small
 * Spanish page and an ordinary answer: nothing is logged as an error.
 */
import type { Readable } from "node:stream";
import { LRUCache } from "lru-cache";
import {
  createStaticHandler,
  type DataRouteMatch,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { plainPage } from "./plain-page.server.ts";

/** Form posts are small: a cart line, a sign-in, a checkout step. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** Longer than any link the store makes (a search with every filter is under 600 characters). */
const URL_LENGTH_LIMIT = 4096;

/** A percent-encoded C0 control character or DEL. */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i;

const READ_METHODS = ["GET", "HEAD"] as const;
const FORM_METHODS = ["GET", "HEAD", "POST"] as const;

type Routes = ServerBuild["routes"];

/**
 * The routes that answer a path, deepest last, from the build's flat route manifest. React
 * Router's own matcher, built once: `matchRoutes` flattens and ranks the whole table again on
 * every call (about 130 µs), this one ranks it once (about 12 µs a call).
 */
function routeMatcher(routes: Routes): (path: string) => DataRouteMatch[] | null {
  const nodes = new Map<string, RouteObject & { id: string }>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    nodes.set(route.id, route.index ? { ...common, index: true } : { ...common, index: false });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    // An index route has no children; a route with none is given none.
    if (parent && !parent.index) (parent.children ??= []).push(nodes.get(route.id)!);
    else if (!parent) roots.push(nodes.get(route.id)!);
  }
  const handler = createStaticHandler(roots);
  return (path) => handler.match(path);
}

/**
 * The methods a path accepts: `GET, HEAD, POST` when the route a form on that path would post
 * to has an action, `GET, HEAD` otherwise. A POST goes to the deepest route with a path, or to
 * the index route when the URL carries a bare `?index` (React Router's own rule); the data
 * requests of client navigations (`/carrito.data`) count as their page.
 */
export function createMethodTable(routes: Routes) {
  const match = routeMatcher(routes);
  const withAction = new Set(
    Object.values(routes)
      .filter((route) => typeof route?.module.action === "function")
      .map((route) => route!.id),
  );
  return function allowedMethods(pathname: string, search: string): readonly string[] {
    const page = pathname.endsWith("/_.data")
      ? pathname.slice(0, -"_.data".length)
      : pathname.replace(/\.data$/, "");
    const matches = match(page) ?? [];
    const last = matches.at(-1)?.route;
    const nakedIndex = new URLSearchParams(search).getAll("index").includes("");
    const target =
      last?.index && nakedIndex
        ? last
        : matches.filter((m, i) => i === 0 || (m.route.path ?? "") !== "").at(-1)?.route;
    return target?.id && withAction.has(target.id) ? FORM_METHODS : READ_METHODS;
  };
}

/**
 * The id of the route that answers a path (a page and its `.data` request alike): the deepest
 * matched route, or the not-found route for any other path. A label from the route table, so
 * the metrics never carry a URL. `build` as for `createRequestGuard`.
 */
export function createRouteIds(build: Build | (() => Promise<Build>)) {
  let table:
    | { routes: Routes; match: ReturnType<typeof routeMatcher>; known: LRUCache<string, string> }
    | undefined;
  return async function routeIdOf(pathname: string): Promise<string> {
    const b = typeof build === "function" ? await build() : build;
    if (table?.routes !== b.routes) {
      table = {
        routes: b.routes,
        match: routeMatcher(b.routes),
        known: new LRUCache({ max: 5_000 }),
      };
    }
    // Every request that reaches Express asks, page-cache hits too: the answer is remembered.
    let id = table.known.get(pathname);
    if (id === undefined) {
      const page = pathname.endsWith("/_.data")
        ? pathname.slice(0, -"_.data".length)
        : pathname.replace(/\.data$/, "");
      id = table.match(page)?.at(-1)?.route.id ?? "unmatched";
      table.known.set(pathname, id);
    }
    return id;
  };
}

export type FormKind = "urlencoded" | "multipart";

/** The kind of form body a Content-Type announces, or undefined when it is not a form. */
export function formKind(contentType: string | undefined): FormKind | undefined {
  const [type = "", ...params] = (contentType ?? "").split(";");
  const mime = type.trim().toLowerCase();
  if (mime === "application/x-www-form-urlencoded") return "urlencoded";
  if (mime === "multipart/form-data") {
    const boundary = params.some((p) => /^\s*boundary\s*=\s*"?[^"\s;]{1,70}"?\s*$/i.test(p));
    return boundary ? "multipart" : undefined;
  }
  return undefined;
}

/**
 * Reads a request body up to `limit` bytes: the bytes, "too-large" as soon as it goes over (the
 * stream is paused and the rest left unread, so the refusal can still be sent), or "aborted"
 * when the client goes away mid-body.
 */
export function readLimitedBody(
  body: Readable,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too-large" | "aborted"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Uint8Array<ArrayBuffer> | "too-large" | "aborted") => {
      body.off("data", onData);
      body.off("end", onEnd);
      body.off("error", onAborted);
      body.off("close", onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += bytes.byteLength;
      if (size > limit) {
        body.pause();
        finish("too-large");
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => finish(new Uint8Array(Buffer.concat(chunks)));
    const onAborted = () => finish("aborted");
    body.on("data", onData);
    body.once("end", onEnd);
    body.once("error", onAborted);
    body.once("close", onAborted);
  });
}

/** Whether a multipart body parses, with the same parser React Router's actions use. */
async function isWellFormedMultipart(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<boolean> {
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

export type RefusalStatus = 400 | 421 | 405 | 413 | 414 | 415;

const REFUSALS: Record<RefusalStatus, { title: string; text: string }> = {
  400: {
    title: "Solicitud no válida",
    text: "No pudimos leer el formulario enviado. Vuelve a la página e inténtalo de nuevo.",
  },
  421: {
    title: "Dirección no reconocida",
    text: "Esta tienda no responde en esa dirección. Entra por su dirección de siempre.",
  },
  405: {
    title: "Acción no permitida",
    text: "Esta dirección de la tienda no admite esa clase de solicitud.",
  },
  413: {
    title: "Formulario demasiado grande",
    text: "El formulario enviado supera el tamaño permitido (64 KB). Revisa los datos e inténtalo de nuevo.",
  },
  414: {
    title: "Dirección demasiado larga",
    text: "La dirección que abriste es más larga de lo que la tienda admite.",
  },
  415: {
    title: "Formato no admitido",
    text: "La tienda solo recibe formularios enviados desde sus páginas. Vuelve a la página e inténtalo de nuevo.",
  },
};

/**
 * A refusal as a small Spanish page with a way back (texts are constants, nothing from the
 * request is echoed). `close` asks the client to drop the connection, for a body left unread.
 */
export function refusalResponse(
  status: RefusalStatus,
  options: { allow?: readonly string[]; close?: boolean } = {},
): Response {
  const { title, text } = REFUSALS[status];
  const headers: Record<string, string> = {};
  if (options.allow) headers.Allow = options.allow.join(", ");
  if (options.close) headers.Connection = "close";
  return plainPage(status, title, text, headers);
}

/**
 * The refusal of a request target no page answers, whatever the method: too long (414), or
 * with a control character (an encoded line break, a NUL) in its path (400). The page cache
 * asks before answering from memory (server.ts); the guard asks first too.
 */
export function targetRefusal(target: string): Response | undefined {
  if (target.length > URL_LENGTH_LIMIT) return refusalResponse(414);
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  return CONTROL_IN_PATH.test(pathname) ? refusalResponse(400) : undefined;
}

/** What the guard needs of an incoming request (a Node/Express request fits). */
export interface IncomingForGuard extends Readable {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

export type GuardVerdict = { refusal: Response } | { request: Request };

type Build = Pick<ServerBuild, "routes" | "allowedActionOrigins">;

/**
 * Checks one request for the app: a refusal to send as it is, or the Fetch request (with the
 * body read and checked, for a POST) to hand to React Router. `build` is the server build (or
 * a getter, for the development server whose build changes); `toRequest` makes the Fetch
 * request from the Node one and a body, or undefined when its URL is not valid.
 */
export function createRequestGuard(build: Build | (() => Promise<Build>)) {
  let table: { routes: Routes; allowed: ReturnType<typeof createMethodTable> } | undefined;
  async function current() {
    const b = typeof build === "function" ? await build() : build;
    if (table?.routes !== b.routes)
      table = { routes: b.routes, allowed: createMethodTable(b.routes) };
    return { allowed: table.allowed, origins: b.allowedActionOrigins || [] };
  }

  return async function guard(
    req: IncomingForGuard,
    toRequest: (body: Uint8Array<ArrayBuffer> | undefined) => Request | undefined,
  ): Promise<GuardVerdict> {
    const target = req.url ?? "/";
    const refusal = targetRefusal(target);
    if (refusal) return { refusal };
    const queryAt = target.indexOf("?");
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? "" : target.slice(queryAt);
    const method = (req.method ?? "GET").toUpperCase();
    if (method === "GET" || method === "HEAD") {
      const request = toRequest(undefined);
      return request ? { request } : { refusal: refusalResponse(400) };
    }

    const { allowed, origins } = await current();
    const allow = allowed(pathname, search);
    // A refusal leaves the body unread: the client is then asked to close the connection.
    const length = header(req.headers["content-length"]);
    const hasBody = req.headers["transfer-encoding"] !== undefined || (!!length && length !== "0");
    if (!allow.includes(method))
      return { refusal: refusalResponse(405, { allow, close: hasBody }) };

    const contentType = header(req.headers["content-type"]);
    const kind = formKind(contentType);
    if (!kind) return { refusal: refusalResponse(415, { close: hasBody }) };
    if (Number(length) > FORM_BODY_LIMIT) return { refusal: refusalResponse(413, { close: true }) };
    const body = await readLimitedBody(req, FORM_BODY_LIMIT);
    if (body === "too-large") return { refusal: refusalResponse(413, { close: true }) };
    if (body === "aborted") return { refusal: refusalResponse(400, { close: true }) };
    if (kind === "multipart" && !(await isWellFormedMultipart(body, contentType!))) {
      return { refusal: refusalResponse(400) };
    }
    const request = toRequest(body);
    if (!request || isCrossOriginPost(request, origins)) return { refusal: refusalResponse(400) };
    return { request };
  };
}

/**
 * React Router's rule against cross-site form posts, applied here so the refusal is the same
 * Spanish 400 page and not an error in the logs: an `Origin` header (also the literal "null")
 * must name the request's own origin, or one of the build's `allowedActionOrigins`.
 */
export function isCrossOriginPost(request: Request, allowedOrigins: readonly string[] = []) {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let host: string;
  try {
    const url = origin === "null" ? undefined : new URL(origin);
    if (url?.origin === new URL(request.url).origin) return false;
    host = url ? url.host : origin;
  } catch {
    return true;
  }
  return !allowedOrigins.some((allowed) => allowed === host || wildcardMatch(host, allowed));
}

/** `*.example.co` (one label) and `**.example.co` (any) as React Router reads them. */
function wildcardMatch(host: string, pattern: string): boolean {
  const hostParts = host.split(".");
  const patternParts = pattern.split(".");
  while (patternParts.length) {
    const part = patternParts.pop();
    const hostPart = hostParts.pop();
    if (part === "**") return patternParts.length === 0 && hostPart !== undefined;
    if (part === "*" ? !hostPart : part !== hostPart) return false;
  }
  return hostParts.length === 0;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
