/**
 * The Node server (`npm start`, `npm run dev`): the app's build, reached through the one object
 * its entry exports (docs/decisions/0540), served by Node's HTTP server, answers from memory
 * first and Express for the rest.
 */
import { loadAppBuild } from "./app-build.ts";
import { createAnswerFromMemory } from "./answer-from-memory.ts";
import { createStoreApp } from "./express-app.ts";
import { createHttpServer } from "./http-server.ts";
import { listenWithSockets } from "./listen.ts";
import { listenMetrics } from "./metrics-routes.ts";
import { warmNextTick } from "./next-tick.ts";
import { createRequestLog } from "./request-log.ts";
import { securityHeaders } from "./security-headers.ts";
import { stopOnSignals } from "./shutdown.ts";

const loaded = await loadAppBuild();
const { host } = loaded;
const checked = host.configure();
if ("error" in checked) {
  console.error(checked.error);
  process.exit(1);
}
const { config: cfg, staff } = checked;
const { logger } = host;
if (checked.generatedSecret) {
  logger.warn("SESSION_SECRET is not set: using a random secret, carts end when the process stops");
}
if (staff.mode === "off") logger.warn(staff.reason);
if (staff.mode === "demo") {
  logger.info("STAFF_USERS is not set: the staff tool (/admin) takes the sandbox demo account");
}

host.metrics.start();
// Rate limits kept in Redis (REDIS_URL) are shared by every instance: connected before the
// first request (or, if Redis is away, failing open and logged until it answers).
await host.limits.connect(cfg.redisUrl);

// Pages from memory (docs/decisions/0384, 0470), for anonymous visitors and, with their own cart
// and notice filled in, for shoppers: fresh 30 s, then refreshed behind a stale answer for up to
// 5 minutes.
const pageCache =
  cfg.pageCacheMb > 0
    ? host.pages.createPageCache({
        maxBytes: cfg.pageCacheMb * 1024 * 1024,
        freshMs: 30_000,
        maxStaleMs: 5 * 60_000,
      })
    : undefined;
if (pageCache) host.metrics.watchPageCache(pageCache.size);

const headers = securityHeaders(cfg.isProduction);
const recordRequest = createRequestLog(host);
const { app, readers } = await createStoreApp({
  app: loaded,
  cfg,
  pageCache,
  securityHeaders: headers,
  recordRequest,
});
// Before Express, a fresh page the cache gives at once; a shopper's only with the production
// build's slots (the development build's change as files are edited).
const answerFromMemory =
  pageCache &&
  createAnswerFromMemory(
    pageCache,
    loaded.buildDir ? host.pages.personalSlots : undefined,
    readers,
    headers,
    recordRequest,
  );

await warmNextTick();
const server = createHttpServer(app, answerFromMemory, logger);
const listening = await listenWithSockets(server, cfg.port, cfg.host);
logger.info(
  {
    url: `http://${cfg.host}:${listening.port}`,
    api: cfg.apiUrl ? "remote" : "sandbox",
    mode: cfg.env,
    limits: cfg.redisUrl ? "redis" : "memory",
  },
  "store listening",
);
// The whole catalogue's first read, once the start's own work is done (see warmWholeCatalogue).
if (cfg.env === "production") setTimeout(() => host.catalogue.warm(), 1000).unref();

const metricsServer = listenMetrics(host, cfg);
stopOnSignals({ store: server, listening, metrics: metricsServer }, host, async () =>
  loaded.vite?.close(),
);
