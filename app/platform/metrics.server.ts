/**
 * What the store is doing, for an operator's Prometheus (docs/decisions/0440): one prom-client
 * registry per process with the requests, the page cache, the merchant API calls and queue, the
 * payments, the rate-limit refusals, the staff sign-ins and prom-client's default process and
 * event-loop metrics. The parts call the `count…`/`observe…` functions below; nothing here knows
 * a part of the shop.
 *
 * Every label has a small fixed set of values (a route id, a status class, a resource name from
 * a table, an outcome): never a URL, an order id, an e-mail or anything a visitor typed.
 *
 * Under `npm run start:cluster` one scrape gives the whole machine: the primary gathers every
 * worker's registry (prom-client's AggregatorRegistry) and sums it.
 */
import cluster from "node:cluster";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  type PrometheusContentType,
  type Registry,
} from "prom-client";
import { RequestDurations } from "./request-durations.server.ts";

/** How an upstream call ended: the status class it answered with, or why it did not. */
export type UpstreamOutcome = "ok" | "4xx" | "5xx" | "timeout" | "unreachable" | "refused";

/** How a payment attempt ended, as the shopper's next page tells it. */
export type PaymentOutcome = "completed" | "pending" | "failed" | "unknown" | "refused";

export type StaffSignInOutcome = "ok" | "wrong" | "too-many" | "unavailable";

export type PageCacheAnswer = "hit" | "miss" | "stale" | "bypass";

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  // A Registry that, in a cluster worker, also answers the primary's request for its metrics.
  const registry = new AggregatorRegistry<PrometheusContentType>();
  AggregatorRegistry.setRegistries(registry);
  collectDefaultMetrics({ register: registry });
  const registers: Registry[] = [registry];
  const sources: {
    upstreamQueue?: () => { active: number; pending: number };
    pageCache?: () => { entries: number; bytes: number };
  } = {};
  // The two counts every request moves are kept as plain numbers and given to prom-client when
  // scraped: their labelled updates were about 7 % of an answer from memory (0615).
  const pageCacheAnswers: Record<PageCacheAnswer, number> = {
    hit: 0,
    miss: 0,
    stale: 0,
    bypass: 0,
  };
  const requestSeconds = new RequestDurations({
    name: "tienda_http_request_duration_seconds",
    help: "Time to answer a request, by route id, method and status class.",
    labelNames: ["route", "method", "status"] as const,
    buckets: SECONDS,
    registers,
  });
  return {
    registry,
    sources,
    pageCacheAnswers,
    requestSeconds,
    requests: new Counter({
      name: "tienda_http_requests_total",
      help: "Requests answered, by route id, method and status class.",
      labelNames: ["route", "method", "status"] as const,
      registers,
      // The histogram's count of each label set.
      async collect() {
        this.reset();
        for (const { metricName, labels, value } of (await requestSeconds.get()).values) {
          if (metricName?.endsWith("_count")) this.inc(labels, value);
        }
      },
    }),
    pageCache: new Counter({
      name: "tienda_page_cache_answers_total",
      help: "Anonymous pages answered by the page cache: hit, stale, miss (rendered, stored), bypass (rendered, not storable).",
      labelNames: ["result"] as const,
      registers,
      collect() {
        this.reset();
        for (const [result, count] of Object.entries(pageCacheAnswers)) {
          if (count > 0) this.inc({ result }, count);
        }
      },
    }),
    pageCacheEntries: new Gauge({
      name: "tienda_page_cache_entries",
      help: "Pages held by the page cache.",
      registers,
      collect() {
        this.set(sources.pageCache?.().entries ?? 0);
      },
    }),
    pageCacheBytes: new Gauge({
      name: "tienda_page_cache_bytes",
      help: "Bytes counted against the page cache's bound (PAGE_CACHE_MB).",
      registers,
      collect() {
        this.set(sources.pageCache?.().bytes ?? 0);
      },
    }),
    upstreamCalls: new Counter({
      name: "tienda_upstream_calls_total",
      help: "Merchant API calls by resource and outcome (refused: never sent, the queue was full).",
      labelNames: ["resource", "outcome"] as const,
      registers,
    }),
    upstreamSeconds: new Histogram({
      name: "tienda_upstream_call_duration_seconds",
      help: "Time of a merchant API call in its concurrency slot, by resource and outcome.",
      labelNames: ["resource", "outcome"] as const,
      buckets: SECONDS,
      registers,
    }),
    upstreamQueue: new Gauge({
      name: "tienda_upstream_queue_depth",
      help: "Merchant API calls waiting for a concurrency slot (API_CONCURRENCY), up to API_QUEUE_MAX.",
      registers,
      collect() {
        this.set(sources.upstreamQueue?.().pending ?? 0);
      },
    }),
    upstreamActive: new Gauge({
      name: "tienda_upstream_active_calls",
      help: "Merchant API calls in flight.",
      registers,
      collect() {
        this.set(sources.upstreamQueue?.().active ?? 0);
      },
    }),
    payments: new Counter({
      name: "tienda_payments_total",
      help: "Payment attempts by method (openpay, pse) and outcome (completed, pending, failed, unknown, refused by a limit).",
      labelNames: ["method", "outcome"] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "tienda_rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by limit.",
      labelNames: ["limit"] as const,
      registers,
    }),
    rateLimitStoreFailures: new Counter({
      name: "tienda_rate_limit_store_failures_total",
      help: "Rate-limit or revocation store calls that failed or missed their deadline, by limit (the policy then applies).",
      labelNames: ["limit"] as const,
      registers,
    }),
    staffSignIns: new Counter({
      name: "tienda_staff_sign_ins_total",
      help: "Staff sign-in attempts by outcome (ok, wrong, too-many, unavailable).",
      labelNames: ["outcome"] as const,
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

/** The process's registry, made on first use (the server reaches this module through the build). */
let registered: Metrics | undefined;

function metrics(): Metrics {
  registered ??= createMetrics();
  return registered;
}

/**
 * Makes the registry now (the server, at start): the default metrics count from the start, and
 * a cluster worker answers the primary's scrapes from its first moment.
 */
export function startMetrics() {
  metrics();
}

const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/** The status class of an HTTP status: "2xx", "3xx"… */
export function statusClass(status: number): string {
  return STATUS_CLASSES[Math.floor(status / 100) - 1] ?? "other";
}

const METHODS = new Set(["GET", "HEAD", "POST"]);

/** One answered request. `route`: a route id or a fixed class, never the URL. */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  const known = METHODS.has(method) ? method : "other";
  metrics().requestSeconds.record(route, known, statusClass(status), seconds);
}

export function countPageCache(result: PageCacheAnswer) {
  metrics().pageCacheAnswers[result] += 1;
}

/** The page cache whose size the gauges report (the server, once). */
export function watchPageCache(size: () => { entries: number; bytes: number }) {
  metrics().sources.pageCache = size;
}

/** The upstream concurrency limit whose queue the gauges report (the app's API client). */
export function watchUpstreamQueue(counts: () => { active: number; pending: number }) {
  metrics().sources.upstreamQueue = counts;
}

/** One merchant API call; `seconds` is undefined for a call never sent. */
export function observeUpstream(
  resource: string,
  outcome: UpstreamOutcome,
  seconds: number | undefined,
) {
  const m = metrics();
  m.upstreamCalls.inc({ resource, outcome });
  if (seconds !== undefined) m.upstreamSeconds.observe({ resource, outcome }, seconds);
}

/** `method`: a payment method's id (openpay, pse). */
export function countPayment(method: string, outcome: PaymentOutcome) {
  metrics().payments.inc({ method, outcome });
}

/** `limit`: the limit's own name in the code (card-declines-card, staff-signin…). */
export function countRateLimitRefusal(limit: string) {
  metrics().rateLimitRefusals.inc({ limit });
}

/** A limit's (or the revocation list's) store failed or missed its deadline. */
export function countRateLimitStoreFailure(limit: string) {
  metrics().rateLimitStoreFailures.inc({ limit });
}

export function countStaffSignIn(outcome: StaffSignInOutcome) {
  metrics().staffSignIns.inc({ outcome });
}

export interface MetricsText {
  contentType: string;
  body: string;
}

const SCRAPE = "tienda:metrics-scrape";
const SCRAPED = "tienda:metrics-scraped";

interface ScrapeMessage {
  type: typeof SCRAPE;
  id: string;
}
interface ScrapedMessage {
  type: typeof SCRAPED;
  id: string;
  body?: string;
  error?: string;
}

/**
 * The scrape: this process's registry, or, in a cluster worker, the whole machine's, which the
 * primary gathers from every worker (see `serveClusterScrapes`).
 */
export async function scrapeMetrics(): Promise<MetricsText> {
  const { registry } = metrics();
  if (!cluster.isWorker || !process.send) {
    return { contentType: registry.contentType, body: await registry.metrics() };
  }
  const id = randomUUID();
  const body = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error("the primary did not answer")), 10_000);
    function done(error: Error | null, text?: string) {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(text ?? "");
    }
    function onMessage(message: unknown) {
      const answer = message as Partial<ScrapedMessage> | null;
      if (answer?.type !== SCRAPED || answer.id !== id) return;
      done(answer.error ? new Error(answer.error) : null, answer.body);
    }
    process.on("message", onMessage);
    process.send!({ type: SCRAPE, id } satisfies ScrapeMessage);
  });
  return { contentType: registry.contentType, body };
}

/**
 * In the cluster's primary: the whole machine's metrics (every worker's, summed by
 * prom-client), for the primary's own metrics port and for the workers' `scrapeMetrics`.
 */
export function serveClusterScrapes(): () => Promise<MetricsText> {
  const aggregator = new AggregatorRegistry();
  const scrape = async () => ({
    contentType: aggregator.contentType,
    body: await aggregator.clusterMetrics(),
  });
  cluster.on("message", (worker, message: unknown) => {
    const ask = message as Partial<ScrapeMessage> | null;
    if (ask?.type !== SCRAPE || typeof ask.id !== "string") return;
    const id = ask.id;
    scrape().then(
      ({ body }) => worker.send({ type: SCRAPED, id, body } satisfies ScrapedMessage),
      (error: unknown) =>
        worker.send({
          type: SCRAPED,
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ScrapedMessage),
    );
  });
  return scrape;
}

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The answer to a request for `/metrics`: 401 without the token (when one is set), else the
 * scrape (`scrape`: this process's, or in a cluster's primary the machine's), never cached.
 */
export async function metricsAnswer(
  authorization: string | undefined,
  token: string | undefined,
  scrape: () => Promise<MetricsText> = scrapeMetrics,
): Promise<MetricsAnswer> {
  const noStore = { "Cache-Control": "no-store" };
  if (!metricsAllowed(authorization, token)) {
    return {
      status: 401,
      headers: {
        ...noStore,
        "Content-Type": "text/plain",
        "WWW-Authenticate": 'Bearer realm="metrics"',
      },
      body: "Unauthorized",
    };
  }
  try {
    const { contentType, body } = await scrape();
    return { status: 200, headers: { ...noStore, "Content-Type": contentType }, body };
  } catch {
    // A worker that did not answer the primary in time: the next scrape tries again.
    return {
      status: 503,
      headers: { ...noStore, "Content-Type": "text/plain" },
      body: "Unavailable",
    };
  }
}

/** The server of METRICS_PORT: `GET /metrics` and nothing else. */
export function createMetricsServer(
  token: string | undefined,
  scrape: () => Promise<MetricsText> = scrapeMetrics,
): http.Server {
  return http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    void metricsAnswer(req.headers.authorization, token, scrape).then(({ status, headers, body }) =>
      res.writeHead(status, headers).end(body),
    );
  });
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a request may read the metrics: with METRICS_TOKEN set, only with
 * `Authorization: Bearer <token>` (compared in constant time); without it, anyone who reaches
 * the metrics port.
 */
function metricsAllowed(authorization: string | undefined, token: string | undefined) {
  if (!token) return true;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return !!match && timingSafeEqual(digest(match[1]), digest(token));
}
