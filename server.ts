/**
 * The Node server: static files, compression, health, the embedded sandbox
 * (when no API_URL is set) and the React Router request handler.
 */
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { sendResponse as writeResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import {
  ConfigError,
  loadConfig,
  storeOrigin,
  usesGeneratedSecret,
} from "./app/platform/config.server.ts";
import { logger } from "./app/platform/logger.server.ts";
import {
  createMetricsServer,
  metricsAnswer,
  observeRequest,
  startMetrics,
  watchPageCache,
} from "./app/platform/metrics.server.ts";
import { withoutPersonalCookies } from "./app/platform/http-cache.server.ts";
import {
  type CachedAnswer,
  createPageCache,
  type PersonalSlots,
} from "./app/platform/page-cache.server.ts";
import { servePrecompressed } from "./app/platform/precompressed.server.ts";
import {
  CLIENT_ADDRESS_HEADER,
  closeRateLimitStore,
  connectRateLimitStore,
  addressGroup,
  probeRateLimitStore,
  rateLimitStore,
} from "./app/platform/rate-limit.server.ts";
import { createRequestReaders, type TrustsPeer } from "./app/platform/node-request.server.ts";
import { merchantApiReadiness } from "./app/platform/readiness.server.ts";
import {
  createRequestGuard,
  createRouteIds,
  FORM_BODY_LIMIT,
  readLimitedBody,
  refusalResponse,
} from "./app/platform/request-guard.server.ts";
import { resolveStaffAccess, type StaffAccess } from "./app/staff/staff-access.server.ts";
import { currentStaff } from "./app/staff/staff-session.server.ts";
import {
  getSandbox,
  isBrowserLoad,
  SANDBOX_CLIENT_HEADER,
  SANDBOX_PREFIX,
} from "./sandbox/index.ts";

let cfg;
let staff: StaffAccess;
try {
  cfg = loadConfig();
  staff = resolveStaffAccess(cfg);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
if (usesGeneratedSecret()) {
  logger.warn("SESSION_SECRET is not set: using a random secret, carts end when the process stops");
}
if (staff.mode === "off") logger.warn(staff.reason);
if (staff.mode === "demo") {
  logger.info("STAFF_USERS is not set: the staff tool (/admin) takes the sandbox demo account");
}

startMetrics();
/** Headers of every answer (what the browser may do with it). */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  ...(cfg.isProduction && {
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  }),
};

const app = express();
app.disable("x-powered-by");
// Behind a TLS-terminating proxy, TRUST_PROXY lets the request's protocol, host and address come
// from X-Forwarded-*, so the URL React Router compares with the Origin of a POST has the public
// https origin. The server reads requests through one set of readers, trusting the peers
// TRUST_PROXY names (Express's compiled check, kept untyped in its settings).
if (cfg.trustProxy) app.set("trust proxy", parseTrustProxy(cfg.trustProxy));
const { misdirected, pageRequestOf, toFetchRequest } = createRequestReaders(
  app.get("trust proxy fn") as TrustsPeer,
  cfg.publicUrl,
);

// Pages from memory (docs/decisions/0384, 0470), for anonymous visitors and, with their own cart
// and notice filled in, for shoppers: fresh 30 s, then refreshed behind a stale answer for up to
// 5 minutes.
const pageCache =
  cfg.pageCacheMb > 0
    ? createPageCache({
        maxBytes: cfg.pageCacheMb * 1024 * 1024,
        freshMs: 30_000,
        maxStaleMs: 5 * 60_000,
      })
    : undefined;
if (pageCache) watchPageCache(pageCache.size);
// The build's slots for a shopper's page (set once the production build is loaded).
let slotsAtOnce: PersonalSlots | undefined;

// Pages rendered for one request are compressed as they go out. Brotli's default 4 MB window
// cost each of them 20 ms of CPU (allocating it under load) and grew the resident memory;
// 256 KB holds the largest page whole (docs/decisions/0386).
app.use(
  compression({
    // An answer with a strong ETag (the page cache's) is already in its final encoding.
    filter: (req, res) => !res.hasHeader("ETag") && compression.filter(req, res),
    brotli: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
  }),
);

// Every other answer is logged and counted once written; the app's handler sets its route id.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    // Under a mount (the sandbox's), the path the client asked for, not the one below it.
    const path = `${req.baseUrl}${req.path}`;
    const route = typeof res.locals.route === "string" ? res.locals.route : pathClass(path);
    recordRequest(req.method, path, res.statusCode, route, start);
  });
  next();
});

app.use((_req, res, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  next();
});

// Rate limits kept in Redis (REDIS_URL) are shared by every instance: connected before the
// first request (or, if Redis is away, failing open and logged until it answers).
await connectRateLimitStore(cfg.redisUrl);

// Healthy while the process serves pages: a Redis outage only shows in `limits` (they fail open).
app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok", api: cfg.apiUrl ? "remote" : "sandbox", limits: rateLimitStore() });
});

// Ready to sell: the merchant API answered in the last 30 s (else one probe call, waited for at
// most 2 s) and Redis, when configured, is reachable. 503 otherwise, so a load balancer sends
// shoppers elsewhere (docs/decisions/0441).
app.get("/readyz", async (_req, res) => {
  // The development build loads on first use; the API client registers its probe as it loads.
  if (typeof build === "function") await build();
  const api = await merchantApiReadiness();
  // A frozen Redis keeps its socket open: a PING within the command deadline tells (0512).
  const limits = await probeRateLimitStore();
  const ready = api === "ok" && (limits === "memory" || limits === "redis");
  res.status(ready ? 200 : 503).setHeader("Cache-Control", "no-store");
  res.json({ status: ready ? "ready" : "not-ready", api, limits });
});

// The metrics on the shop's own port only behind METRICS_TOKEN, and only when no METRICS_PORT
// gives them a port of their own; otherwise /metrics is an ordinary unknown page (404).
if (cfg.metricsToken && !cfg.metricsPort) {
  const token = cfg.metricsToken;
  app.get("/metrics", (req, res, next) => {
    void sendMetrics(req, res, token).catch(next);
  });
}

// With PUBLIC_URL, a request naming another host (Host, or a trusted proxy's X-Forwarded-Host)
// is refused before any page or file is made for it: a cache in front never stores a page for a
// host the store is not (docs/decisions/0513).
app.use((req, res, next) => {
  if (!misdirected(req)) return next();
  void sendResponse(res, refusalResponse(421)).catch(next);
});

// The client address rate limits are keyed on (under TRUST_PROXY, from X-Forwarded-For; an
// IPv6 client by its /64). The header is always overwritten, so a client cannot choose its own;
// the embedded sandbox's token call limits read it too.
app.use((req, _res, next) => {
  const address = addressGroup(req.ip ?? "unknown");
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  req.headers[SANDBOX_CLIENT_HEADER] = address;
  next();
});

if (!cfg.apiUrl) {
  // The browser loads the sandbox's drawings, logos and bank page from the same origin; the
  // rest of the mount (the outbox, the API) is for signed-in staff (docs/decisions/0410).
  const sandbox = getSandbox({
    dataDir: cfg.sandboxDataDir,
    publicBase: SANDBOX_PREFIX,
    storeOrigin: storeOrigin(cfg),
  });
  // A catalogue that cannot be written (disk full, a folder that cannot be created) stops the
  // process with one line, like a bad setting: a store up with nothing to sell would pass its
  // health checks (docs/decisions/0366).
  await sandbox.ready.catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`The sandbox catalogue could not be built in SANDBOX_DATA_DIR: ${reason}`);
    process.exit(1);
  });
  app.use(SANDBOX_PREFIX, async (req, res) => {
    // Anyone else gets the sandbox's own 404, so the mount does not tell which addresses exist.
    const open = isBrowserLoad(req.method, mountPath(req.url));
    if (!open && !(await signedInStaff(req))) {
      res.status(404).set("Cache-Control", "no-store").json({ error: "Ruta no encontrada" });
      return;
    }
    let body: Uint8Array<ArrayBuffer> | undefined;
    if (req.method !== "GET" && req.method !== "HEAD") {
      const read =
        Number(req.get("content-length")) > FORM_BODY_LIMIT
          ? "too-large"
          : await readLimitedBody(req, FORM_BODY_LIMIT);
      if (read === "aborted") return void res.destroy();
      if (read === "too-large") {
        res
          .status(413)
          .set("Connection", "close")
          .json({ error: "Cuerpo de la solicitud demasiado grande" });
        return;
      }
      body = read;
    }
    const request = toFetchRequest(req, res, req.url, body);
    if (!request) {
      res.status(400).json({ error: "Solicitud no válida" });
      return;
    }
    const response = await sandbox.fetch(request);
    await sendResponse(res, open ? response : privateAnswer(response));
  });
}

let build: ServerBuild | (() => Promise<ServerBuild>);
const vite = cfg.isProduction
  ? undefined
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
if (vite) {
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const assets = path.join(buildDir, "client/assets");
  app.use(
    "/assets",
    // Hashed assets: brotli 11 and gzip 9 made at build time (docs/decisions/0386), else plain.
    servePrecompressed(assets, { maxAge: "1y", immutable: true }),
    express.static(assets, { immutable: true, maxAge: "1y", index: false }),
  );
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  // Every public file has an extension: a page (or its `.data`) does not wait for a look on
  // the disk, which was 3 % of a browsing load's CPU.
  app.use((req, res, next) =>
    /\.(?!data$)\w+$/.test(req.path) ? publicFiles(req, res, next) : next(),
  );
  build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  slotsAtOnce = await personalSlots();
}

// Every app route: the guard refuses what React Router cannot answer well (a method the route
// does not take, a body that is not a form, an oversized body or URL, a cross-site form post)
// with a small Spanish page, and hands the request with the body it has read to React Router.
const handleRequest = createRequestHandler(build, cfg.isProduction ? "production" : "development");
const guard = createRequestGuard(build);
const routeIdOf = createRouteIds(build);
app.use(async (req, res, next) => {
  try {
    const route = (res.locals.route = await routeIdOf(req.path));
    // What is rendered goes through the guard as a Fetch request (as a visitor without the cart
    // and notice cookies would ask, to be stored); what comes from memory needs neither.
    const render = async (anonymous = false) => {
      const verdict = await guard(req, (body) => toFetchRequest(req, res, req.originalUrl, body));
      if ("refusal" in verdict) return verdict.refusal;
      return handleRequest(anonymous ? withoutPersonalCookies(verdict.request) : verdict.request);
    };
    const fromMemory = req.method === "GET" ? pageRequestOf(req, req.originalUrl) : undefined;
    const response =
      pageCache && fromMemory
        ? await pageCache.respond(fromMemory, render, { route, slots: await personalSlots() })
        : await render();
    if (!(response instanceof Response)) return writeCached(res, response);
    // A temporary outage (upstream down, slow or busy) says when to try again.
    if (response.status === 503 && !response.headers.has("Retry-After")) {
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    }
    await sendResponse(res, response);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return; // the client went away mid-answer
    next(error);
  }
});

app.use(((error, _req, res, _next) => {
  logger.error({ err: error }, "unhandled error");
  if (!res.headersSent) res.status(500).type("text/plain").send("Error interno del servidor");
}) as express.ErrorRequestHandler);

// Limits set on purpose (docs/decisions/0363): request headers (with the request line) up to
// 16 KB, else 431, and only the first 100 header fields read (Node drops the rest); the headers must arrive within 20 s and the whole request
// within 30 s, else 408, checked every 5 s (a slow client cannot hold a connection open); an
// idle keep-alive connection stays open 65 s, longer than the usual 60 s idle timeout of load
// balancers, so the store never closes a connection a balancer is about to reuse. Bodies and
// URLs are capped by the request guard (64 KB forms, 4,096-character URLs). Most requests are a
// fresh page from memory, answered before Express (docs/decisions/0500).
const server = http.createServer(
  { maxHeaderSize: 16 * 1024, connectionsCheckingInterval: 5_000 },
  (req, res) => {
    let answered = false;
    try {
      answered = answerFromMemory(req, res);
    } catch (error) {
      // As Express would for a failing middleware: logged, and the request still answered.
      logger.error({ err: error }, "answer from memory failed");
      if (res.headersSent) return void res.destroy();
    }
    if (!answered) void app(req, res);
  },
);
server.maxHeadersCount = 100;
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;
server.keepAliveTimeout = 65_000;
server.listen(cfg.port, cfg.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  logger.info(
    {
      url: `http://${cfg.host}:${port}`,
      api: cfg.apiUrl ? "remote" : "sandbox",
      mode: cfg.env,
      limits: cfg.redisUrl ? "redis" : "memory",
    },
    "store listening",
  );
});

// The metrics port (METRICS_PORT): `/metrics` alone, behind METRICS_TOKEN when it is set too.
// Under start:cluster the primary serves it for the whole machine, not each worker.
const metricsServer =
  cfg.metricsPort && !cluster.isWorker ? createMetricsServer(cfg.metricsToken) : undefined;
metricsServer?.listen(cfg.metricsPort, cfg.host, () => {
  logger.info({ port: cfg.metricsPort, token: !!cfg.metricsToken }, "metrics listening");
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then exit 0.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  metricsServer?.close();
  server.close(() => {
    void Promise.all([vite?.close(), closeRateLimitStore()]).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => {
    logger.warn("forced exit after 10 s");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

/** The path below the mount as the sandbox will route it (normalised like its request URL). */
function mountPath(url: string): string {
  try {
    return new URL(`http://store.invalid${url}`).pathname;
  } catch {
    return "";
  }
}

/** A staff answer, never kept by a shared cache for the next visitor. */
function privateAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  const { status, statusText, body } = response;
  return new Response(body, { status, statusText, headers });
}

/** Whether the request carries a valid staff session (the check of every /admin page). */
async function signedInStaff(req: express.Request): Promise<boolean> {
  const cookie = req.get("cookie");
  if (!cookie) return false;
  try {
    const request = new Request("http://store.invalid/", { headers: { cookie } });
    return (await currentStaff(request)) !== null;
  } catch {
    // The tool off answers 404 by throwing; it is never off while the sandbox is mounted.
    return false;
  }
}

/**
 * The metrics label of a request no app route answered: a fixed class of its path, never the
 * path itself (the app's requests carry their route id in `res.locals.route`).
 */
function pathClass(pathname: string): string {
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") {
    return pathname.slice(1);
  }
  if (pathname.startsWith("/assets/")) return "asset";
  if (pathname === SANDBOX_PREFIX || pathname.startsWith(`${SANDBOX_PREFIX}/`)) return "sandbox";
  return /\.\w+$/.test(pathname) ? "static" : "other";
}

async function sendMetrics(req: express.Request, res: express.Response, token: string) {
  const { status, headers, body } = await metricsAnswer(req.get("authorization"), token);
  res.status(status).set(headers).send(body);
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * What the build's entry module offers the page cache to fill a stored page in for a shopper
 * (app/entry.server.tsx): it lives in the build, with the API client and caches it reads.
 */
async function personalSlots(): Promise<PersonalSlots | undefined> {
  const { entry } = typeof build === "function" ? await build() : build;
  return (entry.module as { personalSlots?: PersonalSlots }).personalSlots;
}

/**
 * An answer from the page cache, written in one go: as it is, or (a page just stored) through
 * the compression middleware like any rendered page.
 */
function writeCached(res: express.Response, answer: CachedAnswer): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body.length === 1 ? answer.body[0] : Buffer.concat(answer.body));
}

/**
 * One structured line per request (method, path, status, duration; never the query string,
 * headers, cookies or bodies) and its metrics, under its route id or a fixed class of path,
 * never the URL (docs/decisions/0440).
 */
function recordRequest(method: string, path: string, status: number, route: string, start: bigint) {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  logger.info({ method, path, status, ms: Math.round(ms * 10) / 10 }, "request");
  observeRequest(route, method, status, ms / 1000);
}

/**
 * A GET whose fresh page the page cache gives at once, answered as Express would with the same
 * headers, log line and metrics, without its per-request work (about 40 % of such an answer's
 * CPU, docs/decisions/0500). False for anything else, which Express then takes.
 */
function answerFromMemory(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!pageCache || req.method !== "GET" || !req.url?.startsWith("/")) return false;
  const start = process.hrtime.bigint();
  const request = pageRequestOf(req, req.url);
  const answer = request && pageCache.answerAtOnce(request, slotsAtOnce);
  if (!answer) return false;
  res.writeHead(answer.status, Object.assign(answer.headers, SECURITY_HEADERS));
  // The pieces leave in one write of the socket, as they are.
  res.cork();
  for (const piece of answer.body) res.write(piece);
  res.end();
  const at = req.url.indexOf("?");
  const path = at < 0 ? req.url : req.url.slice(0, at);
  recordRequest("GET", path, answer.status, answer.route ?? "other", start);
  return true;
}

/** Seconds a 503 asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

/** Writes a Fetch response, with the standard reason phrase when it has none ("200 OK"). */
function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (response.statusText || !http.STATUS_CODES[response.status]) {
    return writeResponse(res, response);
  }
  const { status, headers, body } = response;
  return writeResponse(
    res,
    new Response(body, { status, statusText: http.STATUS_CODES[status], headers }),
  );
}
