/**
 * `npm run start:cluster`: one store process (server/main.ts) per core with node:cluster, sharing the
 * port. The primary serves nothing: it checks the configuration once, gives every worker the
 * same session secret, replaces a worker that dies and, on SIGTERM/SIGINT, lets each worker
 * finish its requests and exits when they all have (docs/decisions/0364). It also gathers the
 * workers' metrics into one scrape for the whole machine, on METRICS_PORT (served here) or
 * through any worker's `/metrics` (docs/decisions/0440).
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadAppBuild } from "./app-build.ts";

const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();

// The primary reads the configuration, logs and gathers metrics through the same build's object
// as its workers (docs/decisions/0540); it serves no page.
const { host } = await loadAppBuild();
const checked = host.configure();
if ("error" in checked) {
  console.error(checked.error);
  process.exit(1);
}
const cfg = checked.config;
const { logger } = host;

const env: Record<string, string> = {};
if (checked.generatedSecret) {
  // Each worker would draw its own secret and refuse the others' cookies: one for all (the one
  // the configuration drew, which it put in this process's environment).
  env.SESSION_SECRET = cfg.sessionSecrets[0];
  logger.warn("SESSION_SECRET is not set: using a random secret, carts end when the cluster stops");
}
if (!process.env.REDIS_URL?.trim()) {
  logger.warn(
    { workers },
    "REDIS_URL is not set: each worker keeps its own rate limits (set it to share them)",
  );
}

// One scrape for the whole machine: every worker's metrics, summed (prom-client).
const scrape = host.metrics.serveClusterScrapes();
const metricsServer = cfg.metricsPort
  ? host.metrics.createServer(cfg.metricsToken, scrape)
  : undefined;
metricsServer?.listen(cfg.metricsPort, cfg.host, () => {
  logger.info({ port: cfg.metricsPort, workers: "all" }, "metrics listening");
});

// The workers run the main module beside this one: `.js` in the build, `.ts` in development.
const main = new URL(`./main${path.extname(import.meta.url)}`, import.meta.url);
cluster.setupPrimary({ exec: fileURLToPath(main) });

let stopping = false;
const starts = new Map<number, number>();

function fork(): Worker {
  const worker = cluster.fork(env);
  starts.set(worker.id, Date.now());
  return worker;
}

cluster.on("exit", (worker, code, signal) => {
  const lived = Date.now() - (starts.get(worker.id) ?? 0);
  starts.delete(worker.id);
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info("all workers stopped");
      process.exit(0);
    }
    return;
  }
  // A worker that exits 1 at once refused to start (its configuration, an unwritable data
  // folder, a port in use: its own log line says which); every other would too, so stop.
  if (code === 1 && lived < 5_000) {
    logger.error({ pid: worker.process.pid }, "a worker could not start: stopping the store");
    shutdown("SIGTERM");
    return;
  }
  logger.error({ pid: worker.process.pid, code, signal }, "worker died: starting another");
  // A worker that dies soon after it started is not restarted in a tight loop.
  setTimeout(fork, lived < 5_000 ? 5_000 : 0);
});

function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  metricsServer?.close();
  logger.info({ signal }, "stopping the workers");
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  setTimeout(() => {
    logger.warn("forced exit after 15 s");
    process.exit(1);
  }, 15_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

logger.info({ workers }, "starting the store workers");
for (let i = 0; i < workers; i++) fork();
