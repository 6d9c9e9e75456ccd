/**
 * Express, for every request not answered from memory: compression, the log line and metrics,
 * the security headers, health, metrics, the host check, the client address, the sandbox mount,
 * the browser files and, last, the app's routes through the request guard.
 */
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "react-router";
import type { AppBuild, PageCache, RequestReaders, StoreConfig, TrustsPeer } from "./app-build.ts";
import { mountHealth } from "./health.ts";
import { mountMetrics } from "./metrics-routes.ts";
import { pathClass, type RecordRequest } from "./request-log.ts";
import { mountSandbox } from "./sandbox-mount.ts";
import { sendResponse, writeCached, writeRendered } from "./send-response.ts";
import { mountStaticFiles } from "./static-files.ts";

/** Seconds a 503 asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

export interface StoreAppParts {
  app: AppBuild;
  cfg: StoreConfig;
  pageCache: PageCache | undefined;
  securityHeaders: Readonly<Record<string, string>>;
  recordRequest: RecordRequest;
}

interface StoreApp {
  app: express.Express;
  /** Reads Node requests as the app and the page cache see them (one reading for both paths). */
  readers: RequestReaders;
}

export async function createStoreApp(parts: StoreAppParts): Promise<StoreApp> {
  const { app: loaded, cfg, securityHeaders, recordRequest } = parts;
  const { host, currentHost } = loaded;
  const app = express();
  app.disable("x-powered-by");
  // Behind a TLS-terminating proxy, TRUST_PROXY lets the request's protocol, host and address
  // come from X-Forwarded-*, so the URL React Router compares with the Origin of a POST has the
  // public https origin. The server reads requests through one set of readers, trusting the
  // peers TRUST_PROXY names (Express's compiled check, kept untyped in its settings).
  if (cfg.trustProxy) app.set("trust proxy", parseTrustProxy(cfg.trustProxy));
  const readers = host.requests.createReaders(
    app.get("trust proxy fn") as TrustsPeer,
    cfg.publicUrl,
  );

  // Pages rendered for one request are compressed as they go out. Brotli's default 4 MB window
  // cost each of them 20 ms of CPU (allocating it under load) and grew the resident memory;
  // 256 KB holds the largest page whole (docs/decisions/0386). Such a page is sent once: quality
  // 1 costs 40 % of 4's CPU for about 1 KB more of a 30 KB page (0715).
  app.use(
    compression({
      // An answer with a strong ETag (the page cache's) is already in its final encoding.
      filter: (req, res) => !res.hasHeader("ETag") && compression.filter(req, res),
      brotli: {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
          [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
        },
      },
    }),
  );

  // Every other answer is logged and counted once written; the app's handler sets its route id.
  const sandboxPrefix = host.sandbox.prefix;
  app.use((req, res, next) => {
    const start = performance.now();
    res.on("finish", () => {
      // Under a mount (the sandbox's), the path the client asked for, not the one below it.
      const path = `${req.baseUrl}${req.path}`;
      const route =
        typeof res.locals.route === "string" ? res.locals.route : pathClass(path, sandboxPrefix);
      recordRequest(req.method, path, res.statusCode, route, start);
    });
    next();
  });

  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    next();
  });

  mountHealth(app, currentHost, !!cfg.apiUrl);
  mountMetrics(app, currentHost, cfg);

  // With PUBLIC_URL, a request naming another host (Host, or a trusted proxy's X-Forwarded-Host)
  // is refused before any page or file is made for it: a cache in front never stores a page for
  // a host the store is not (docs/decisions/0513).
  app.use((req, res, next) => {
    if (!readers.misdirected(req)) return next();
    void sendResponse(res, host.requests.refusal(421)).catch(next);
  });

  // The client address rate limits are keyed on (under TRUST_PROXY, from X-Forwarded-For; an
  // IPv6 client by its /64). The header is always overwritten, so a client cannot choose its
  // own; the embedded sandbox's token call limits read it too.
  app.use((req, _res, next) => {
    const address = host.limits.addressGroup(req.ip ?? "unknown");
    req.headers[host.limits.clientHeader] = address;
    req.headers[host.sandbox.clientHeader] = address;
    next();
  });

  if (!cfg.apiUrl) await mountSandbox(app, host, currentHost, readers);

  if (loaded.vite) app.use(loaded.vite.middlewares);
  if (loaded.buildDir) mountStaticFiles(app, host, loaded.buildDir);

  app.use(appRoutes(parts, readers));

  app.use(((error, _req, res, _next) => {
    host.logger.error({ err: error }, "unhandled error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Error interno del servidor");
  }) as express.ErrorRequestHandler);
  return { app, readers };
}

/**
 * Every app route: the guard refuses what React Router cannot answer well (a method the route
 * does not take, a body that is not a form, an oversized body or URL, a cross-site form post)
 * with a small Spanish page, and hands the request with the body it has read to React Router;
 * a GET the page cache holds is answered from it.
 */
function appRoutes(
  { app: loaded, cfg, pageCache }: StoreAppParts,
  readers: RequestReaders,
): express.Handler {
  const { build, host, currentHost } = loaded;
  const handleRequest = createRequestHandler(
    build,
    cfg.isProduction ? "production" : "development",
  );
  const guard = host.requests.createGuard(build);
  const routeIdOf = host.requests.createRouteIds(build);
  const answer: express.Handler = async (req, res, next) => {
    try {
      const route = (res.locals.route = await routeIdOf(req.path));
      // What is rendered goes through the guard as a Fetch request (as a visitor without the
      // cart and notice cookies would ask, to be stored); what comes from memory needs neither.
      const render = async (anonymous = false) => {
        const verdict = await guard(req, (body) =>
          readers.toFetchRequest(req, res, req.originalUrl, body),
        );
        if ("refusal" in verdict) return verdict.refusal;
        const request = anonymous
          ? host.pages.withoutPersonalCookies(verdict.request)
          : verdict.request;
        return handleRequest(request);
      };
      const fromMemory =
        req.method === "GET" ? readers.pageRequestOf(req, req.originalUrl) : undefined;
      const response =
        pageCache && fromMemory
          ? await pageCache.respond(fromMemory, render, {
              route,
              slots: (await currentHost()).pages.personalSlots,
            })
          : await render();
      if (!(response instanceof Response)) return writeCached(res, response);
      // A temporary outage (upstream down, slow or busy) says when to try again.
      if (response.status === 503 && !response.headers.has("Retry-After")) {
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      }
      const rendered = host.pages.takeRenderedBytes(response);
      if (rendered) writeRendered(res, response, rendered);
      else await sendResponse(res, response);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return; // the client went away mid-answer
      next(error);
    }
  };
  // A request's upstream calls wait their turn by the time it arrived (docs/decisions/0670).
  return (req, res, next) =>
    host.requests.inArrivalOrder(performance.now(), () => answer(req, res, next));
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
