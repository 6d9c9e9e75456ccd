/**
 * Transport to the merchant API (docs/merchant-api.md, generic behaviour): one exchange
 * (http-client.server.ts) for a remote API (API_URL) and for the embedded sandbox, with the bearer
 * token, a timeout, a concurrency limit and the error mapping every call shares.
 * Resource-specific meaning (404 → placeholder, etc.) lives in the call modules;
 * what a failure means for the shopper's page is failure.server.ts.
 */
import type { AppCache } from "~/platform/cache.server.ts";
import { config, storeOrigin } from "~/platform/config.server.ts";
import { observeUpstream, type UpstreamOutcome } from "~/platform/metrics.server.ts";
import { noteUpstreamOutcome } from "~/platform/readiness.server.ts";
import { getSandbox, SANDBOX_PREFIX } from "../../sandbox/index.ts";
import {
  createHttpClient,
  type Exchange,
  type Reply,
  replyOfAnswer,
} from "./http-client.server.ts";
import { createUpstreamQueue } from "./upstream-queue.server.ts";

/**
 * How an upstream call failed: the API answered with an error status (`answered`), it did not
 * answer in time (`timeout`), it could not be reached at all (`unreachable`), or the call was
 * never sent because too many were already waiting for a slot (`busy`, a 503).
 */
export type FailureKind = "answered" | "timeout" | "unreachable" | "busy";

/**
 * An upstream failure with a message fit to show ('Producto no encontrado', 'Error HTTP: 500', …).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly kind: FailureKind;
  /** The parsed JSON error body when the API answered (payment calls read their codes from it). */
  readonly body: unknown;
  constructor(
    message: string,
    status: number,
    options?: { cause?: unknown; kind?: FailureKind; body?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
    this.status = status;
    this.kind = options?.kind ?? "answered";
    this.body = options?.body;
  }
}

export const TIMEOUT_MESSAGE = "Tiempo de espera agotado al consultar el servidor";
export const NETWORK_MESSAGE = "Error de red: no se pudo conectar con el servidor";
export const BUSY_MESSAGE =
  "La tienda está atendiendo a muchas personas en este momento. Intenta de nuevo en unos segundos.";

/** Socket errors that happen before a request leaves: the API never saw it. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);

/**
 * Whether a failed call certainly never reached the API: it was refused before it was sent
 * (`busy`), or the connection itself could not be opened. A reset, a timeout or a bad answer
 * after the request left are not: the API may have acted on it.
 */
export function neverSent(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === "busy") return true;
  if (error.kind !== "unreachable") return false;
  const seen = new Set<unknown>();
  const refused = (value: unknown): boolean => {
    if (value === null || typeof value !== "object" || seen.has(value)) return false;
    seen.add(value);
    const record = value as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof record.code === "string" && NOT_SENT_CODES.has(record.code)) return true;
    // Node tries every address of a host (AggregateError): refused only if all were.
    if (Array.isArray(record.errors) && record.errors.length > 0)
      return record.errors.every(refused);
    return refused(record.cause);
  };
  return refused(error.cause);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface TransportOptions {
  /** Origin (optionally with a path prefix) of a remote API; undefined → embedded sandbox. */
  baseUrl?: string;
  token?: string;
  timeoutMs: number;
  concurrency: number;
  /**
   * Calls that may wait for a slot; past it a call fails at once with a `busy` ApiError (503)
   * instead of queueing without bound. Default: API_QUEUE_MAX.
   */
  queueMax?: number;
  /** Embedded sandbox only. */
  sandboxDataDir?: string;
}

export interface Transport {
  /**
   * GET a JSON resource: parsed body ({} when it is not JSON); ApiError when not OK. Callers
   * asking for a path while it is on its way share its answer (read it, never change it).
   */
  getJson(path: string): Promise<unknown>;
  /** GET a resource to stream (PDF): the OK response; ApiError when not OK. */
  getRaw(path: string): Promise<Response>;
  /**
   * GET a product picture by the address the API gave for it, as a browser would load it: a
   * path of the embedded sandbox's mount, a path on the API's origin, or a URL of its own (no
   * token is sent there). Its type and bytes, at most `maxBytes`; null when it is not there, is
   * not an image or is larger.
   */
  getImage(src: string, maxBytes: number): Promise<{ type: string; bytes: Uint8Array } | null>;
  /**
   * POST a JSON body (none when undefined): parsed answer; ApiError when not OK, carrying the
   * parsed error body. Never cached and never retried: a payment call happens once.
   */
  postJson(path: string, body?: unknown, headers?: Record<string, string>): Promise<unknown>;
  /** Upstream calls running now and waiting for a slot (for health and tests). */
  readonly activeCount: number;
  readonly pendingCount: number;
}

/** What every group of calls (catalogue, prices, payments) is built on. */
export interface CallContext {
  transport: Transport;
  cache: AppCache;
  /** Cache key prefix naming the API, so clients of different APIs can share a cache. */
  ns: string;
}

/** Status and message only: never headers, tokens or bodies in logs. */
export function errorSummary(error: unknown) {
  return error instanceof ApiError
    ? { status: error.status, message: error.message }
    : { message: error instanceof Error ? error.message : String(error) };
}

const SANDBOX_ORIGIN = "http://sandbox.internal";
const ABSOLUTE = /^https?:\/\//i;

export function createTransport(options: TransportOptions): Transport {
  const queue = createUpstreamQueue(options.concurrency);
  const queueMax = options.queueMax ?? config().apiQueueMax;
  const baseUrl = options.baseUrl?.replace(/\/+$/, "");

  let sandbox: ReturnType<typeof getSandbox> | undefined;
  function embeddedSandbox() {
    sandbox ??= getSandbox({
      dataDir: options.sandboxDataDir ?? ".data/sandbox",
      publicBase: SANDBOX_PREFIX,
      storeOrigin: storeOrigin(),
    });
    return sandbox;
  }

  const sendRemote = createHttpClient(options.concurrency);
  async function send(url: string, exchange: Exchange): Promise<Reply> {
    if (baseUrl || !url.startsWith(SANDBOX_ORIGIN)) return sendRemote(url, exchange);
    // The catalogue answers from its own thread, so a walk through many pages (the whole
    // catalogue at start) no longer holds this one (docs/decisions/0520, 0685).
    const { method, headers, body, signal } = exchange;
    return replyOfAnswer(await embeddedSandbox().call({ method, url, headers, body }, signal));
  }

  /** The URL and the exchange of a call. */
  function prepare(
    path: string,
    accept: string,
    signal: AbortSignal,
    post?: { body: unknown; headers?: Record<string, string> },
  ): [string, Exchange] {
    // A picture's own URL may be another host's: the API's token goes to the API only.
    const elsewhere = ABSOLUTE.test(path);
    const headers: Record<string, string> = { Accept: accept };
    if (options.token && !elsewhere) headers.Authorization = `Bearer ${options.token}`;
    const url = elsewhere ? path : (baseUrl ?? SANDBOX_ORIGIN) + path;
    if (!post) return [url, { method: "GET", headers, signal }];
    Object.assign(headers, post.headers, { "Content-Type": "application/json" });
    const body = post.body === undefined ? undefined : JSON.stringify(post.body);
    return [url, { method: "POST", headers, body, signal }];
  }

  /**
   * Runs one upstream exchange inside a concurrency slot with its own timeout.
   * `read` consumes the response while the slot and the timer are still held.
   */
  async function exchange<T>(
    path: string,
    accept: string,
    read: (reply: Reply) => Promise<T>,
    post?: { body: unknown; headers?: Record<string, string> },
  ) {
    // The sandbox builds its catalogue on first start: wait for it outside the
    // request timeout. A failed build is answered by the sandbox itself (503).
    if (!baseUrl) await embeddedSandbox().ready.catch(() => {});
    // A burst of shoppers never queues without bound: past the maximum, a quick 503.
    const resource = upstreamResource(path);
    if (queue.running >= options.concurrency && queue.waiting >= queueMax) {
      observeUpstream(resource, "refused", undefined);
      throw new ApiError(BUSY_MESSAGE, 503, { kind: "busy" });
    }
    return queue.run(async () => {
      const started = performance.now();
      let outcome: UpstreamOutcome = "ok";
      const controller = new AbortController();
      const timedOut = new Promise<never>((_, reject) => {
        controller.signal.addEventListener("abort", () =>
          reject(new ApiError(TIMEOUT_MESSAGE, 504, { kind: "timeout" })),
        );
      });
      timedOut.catch(() => {}); // handled through the race below
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        // The race also bounds an in-process sandbox that ignores the signal.
        return await Promise.race([
          (async () => {
            let reply: Reply;
            try {
              reply = await send(...prepare(path, accept, controller.signal, post));
            } catch (error) {
              throw toNetworkError(error, controller.signal);
            }
            if (!reply.ok) throw await errorFromReply(reply);
            return read(reply);
          })(),
          timedOut,
        ]);
      } catch (error) {
        // A body cut off mid-read is a network failure too (or the timeout firing).
        const failure = toNetworkError(error, controller.signal);
        outcome = outcomeOf(failure);
        throw failure;
      } finally {
        clearTimeout(timer);
        observeUpstream(resource, outcome, (performance.now() - started) / 1000);
        noteUpstreamOutcome(outcome);
      }
    });
  }

  // A GET already on its way answers every caller that asks for the same path meanwhile: the
  // same product, list or page asked for by many first visits at once is one upstream call.
  const inFlight = new Map<string, Promise<unknown>>();
  function sharedGet(path: string): Promise<unknown> {
    const running = inFlight.get(path);
    if (running) return running;
    const call = exchange(path, "application/json", readJson).finally(() => inFlight.delete(path));
    inFlight.set(path, call);
    return call;
  }

  return {
    getJson: sharedGet,
    // Headers only: the body is streamed later, outside the slot and the timer.
    getRaw: (path) =>
      exchange(path, "application/pdf, */*", (r) => Promise.resolve(r.toResponse())),
    getImage: async (src, maxBytes) => {
      let path: string;
      if (ABSOLUTE.test(src)) path = src;
      else if (!src.startsWith("/") || src.startsWith("//")) return null;
      else if (baseUrl) path = new URL(src, baseUrl).href;
      else if (src.startsWith(`${SANDBOX_PREFIX}/`)) path = src.slice(SANDBOX_PREFIX.length);
      else return null;
      try {
        return await exchange(path, "image/*", async (reply) => {
          const type = (reply.header("Content-Type") ?? "").split(";")[0].trim();
          const length = Number(reply.header("Content-Length") ?? 0);
          if (!type.startsWith("image/") || length > maxBytes) {
            reply.discard();
            return null;
          }
          const bytes = await reply.bytes();
          return bytes.byteLength > maxBytes ? null : { type, bytes };
        });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    postJson: (path, body, headers) =>
      exchange(path, "application/json", readJson, { body, headers }),
    get activeCount() {
      return queue.running;
    },
    get pendingCount() {
      return queue.waiting;
    },
  };
}

/** The metrics' outcome of a failed call. */
function outcomeOf(error: ApiError): UpstreamOutcome {
  if (error.kind === "answered") return error.status < 500 ? "4xx" : "5xx";
  if (error.kind === "busy") return "refused";
  return error.kind;
}

/**
 * The calls of docs/merchant-api.md by name, for the metrics' `resource` label: a fixed set, never
 * a path with its ids or query. Exported for tests.
 */
const RESOURCES: Array<[RegExp, string]> = [
  [/^\/api\/productos\/batch$/, "productos-batch"],
  [/^\/api\/productos\/[^/]+$/, "producto"],
  [/^\/api\/productos$/, "productos"],
  [/^\/api\/categorias$/, "categorias"],
  [/^\/api\/categorias\/[^/]+$/, "categoria"],
  [/^\/api\/categorias\/[^/]+\/subcategorias$/, "subcategorias"],
  [/^\/api\/marcas$/, "marcas"],
  [/^\/api\/products\/search$/, "search"],
  [/^\/api\/precios\/simple\/[^/]+$/, "precio"],
  [/^\/productos\/[^/]+\/relacionados$/, "relacionados"],
  [/^\/productos\/[^/]+\/accesorios$/, "accesorios"],
  [/^\/productos_ids_consolidados\.json$/, "destacados"],
  [/^\/syscom\/productos\/[^/]+\/pdf_exists$/, "pdf-exists"],
  [/^\/syscom\/productos\/[^/]+\/pdf$/, "pdf"],
  [/\.(svg|png|jpe?g|gif|webp)$/i, "imagen"],
  [/^\/payments\/prepare-checkout$/, "prepare-checkout"],
  [/^\/payments\/link-payment$/, "link-payment"],
  [/^\/payments\/checkout-data\/[^/]+$/, "checkout-data"],
  [/^\/payments\/pse-banks$/, "pse-banks"],
  [/^\/payments\/pse$/, "pse-charge"],
  [/^\/payments\/card\/token$/, "card-token"],
  [/^\/payments\/card\/charge$/, "card-charge"],
  [/^\/payments\/status\/[^/]+$/, "payment-status"],
  [/^\/payments\/charges$/, "charges"],
  [/^\/payments\/manual-notification\/[^/]+$/, "manual-notification"],
  [/^\/api\/payments\/confirm-success-page\/[^/]+$/, "confirm-success-page"],
];

export function upstreamResource(path: string): string {
  const bare = path.split("?")[0] ?? "";
  return RESOURCES.find(([pattern]) => pattern.test(bare))?.[1] ?? "other";
}

/**
 * A body that is not JSON (an HTML error page, an empty body) reads as `{}` (docs/merchant-api.md).
 */
async function readJson(reply: Reply): Promise<unknown> {
  const text = await reply.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

async function errorFromReply(reply: Reply): Promise<ApiError> {
  const body = await readJson(reply).catch(() => ({}));
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message =
    nonEmptyString(record.error) ?? nonEmptyString(record.message) ?? `Error HTTP: ${reply.status}`;
  return new ApiError(message, reply.status, { body });
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function toNetworkError(error: unknown, signal: AbortSignal): ApiError {
  if (error instanceof ApiError) return error;
  if (signal.aborted) return new ApiError(TIMEOUT_MESSAGE, 504, { cause: error, kind: "timeout" });
  return new ApiError(NETWORK_MESSAGE, 502, { cause: error, kind: "unreachable" });
}
