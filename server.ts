/**
 * The Node server: static files, compression, health, the embedded sandbox
 * (when no API_URL is set) and the React Router request handler.
 */
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig, usesGeneratedSecret } from "./app/platform/config.server.ts";
import { logger } from "./app/platform/logger.server.ts";
import { CLIENT_ADDRESS_HEADER } from "./app/platform/rate-limit.server.ts";
import { resolveStaffAccess, type StaffAccess } from "./app/staff/staff-access.server.ts";
import { getSandbox, SANDBOX_PREFIX } from "./sandbox/index.ts";

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

const app = express();
app.disable("x-powered-by");
// Behind a TLS-terminating proxy, TRUST_PROXY lets req.protocol/host come from
// X-Forwarded-*, so the URL React Router compares with the Origin of a POST
// has the public https origin.
if (cfg.trustProxy) {
  app.set("trust proxy", parseTrustProxy(cfg.trustProxy));
  // The request adapter takes the port from the Host header when X-Forwarded-Host has
  // none, which would give https://public-host:3000; the public Host is the right one.
  app.use((req, _res, next) => {
    const forwardedHost = req.get("x-forwarded-host")?.split(",")[0]?.trim();
    // Express keeps its compiled trust function untyped in the app settings.
    const trusts = req.app.get("trust proxy fn") as (
      address: string | undefined,
      hop: number,
    ) => boolean;
    if (forwardedHost && trusts(req.socket.remoteAddress, 0)) {
      req.headers.host = forwardedHost;
    }
    next();
  });
}

app.use(compression());

// One structured line per request: method, path, status, duration. Never the
// query string, headers, cookies or bodies.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    logger.info(
      { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      "request",
    );
  });
  next();
});

app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  if (cfg.isProduction) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  next();
});

app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok", api: cfg.apiUrl ? "remote" : "sandbox" });
});

if (!cfg.apiUrl) {
  // The browser loads the sandbox's images, logos and PDFs from the same origin.
  const sandbox = getSandbox({ dataDir: cfg.sandboxDataDir, publicBase: SANDBOX_PREFIX });
  await sandbox.ready;
  app.use(SANDBOX_PREFIX, async (req, res) => {
    const response = await sandbox.fetch(createRequest(req, res));
    await sendResponse(res, response);
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
  app.use(
    "/assets",
    express.static(path.join(buildDir, "client/assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
    }),
  );
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
}

// The client address rate limits are keyed on (under TRUST_PROXY, from X-Forwarded-For). The
// header is always overwritten, so a client cannot choose its own.
app.use((req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? "unknown";
  next();
});

app.use(
  createRequestHandler({
    build,
    mode: cfg.isProduction ? "production" : "development",
  }),
);

app.use(((error, _req, res, _next) => {
  logger.error({ err: error }, "unhandled error");
  if (!res.headersSent) res.status(500).type("text/plain").send("Error interno del servidor");
}) as express.ErrorRequestHandler);

const server: Server = app.listen(cfg.port, cfg.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : cfg.port;
  logger.info(
    { url: `http://${cfg.host}:${port}`, api: cfg.apiUrl ? "remote" : "sandbox", mode: cfg.env },
    "store listening",
  );
});
server.keepAliveTimeout = 65_000;

// Graceful shutdown: stop accepting, let in-flight requests finish, then exit 0.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  server.close(() => {
    void vite?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    logger.warn("forced exit after 10 s");
    process.exit(1);
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
