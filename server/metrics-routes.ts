/**
 * `/metrics` (docs/decisions/0440): on the shop's own port only behind METRICS_TOKEN, and only
 * when no METRICS_PORT gives them a port of their own (otherwise /metrics is an ordinary unknown
 * page, 404); or on METRICS_PORT, `/metrics` alone.
 */
import cluster from "node:cluster";
import type http from "node:http";
import type express from "express";
import type { ServerHost } from "./app-build.ts";

interface MetricsSettings {
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  host: string;
}

/** `host`: the entry's object of the current build (in development it follows the edits). */
export function mountMetrics(
  app: express.Express,
  host: () => Promise<ServerHost>,
  cfg: MetricsSettings,
): void {
  if (!cfg.metricsToken || cfg.metricsPort) return;
  const token = cfg.metricsToken;
  app.get("/metrics", (req, res, next) => {
    host()
      .then(({ metrics }) => metrics.answer(req.get("authorization"), token))
      .then(({ status, headers, body }) => void res.status(status).set(headers).send(body), next);
  });
}

/**
 * The metrics port (METRICS_PORT): `/metrics` alone, behind METRICS_TOKEN when it is set too.
 * Under start:cluster the primary serves it for the whole machine, not each worker.
 */
export function listenMetrics(host: ServerHost, cfg: MetricsSettings): http.Server | undefined {
  if (!cfg.metricsPort || cluster.isWorker) return undefined;
  const server = host.metrics.createServer(cfg.metricsToken);
  server.listen(cfg.metricsPort, cfg.host, () => {
    host.logger.info({ port: cfg.metricsPort, token: !!cfg.metricsToken }, "metrics listening");
  });
  return server;
}
