/**
 * The whole-page cache for anonymous visitors (docs/decisions/0384): documents and their
 * `.data` requests, keyed by the URL, kept only when the app itself declared the answer
 * public (Cache-Control `public`, status 200, no cookie set) and served only to requests
 * without the cart or notice cookie, which are exactly the requests the app answers that
 * way. Each entry is compressed once (brotli and gzip), when it is first asked for again: a
 * URL asked for once (most filter and sort combinations) is answered as it was rendered and
 * never compressed here. A stale entry is served while one background render refreshes it;
 * the total size is bounded (least recently used entries go first).
 *
 * The CSP stays strict without sharing a nonce: a stored document carries no nonce at all.
 * Its inline scripts are allowed by their SHA-256 hashes, computed once per entry, and its
 * external scripts by 'self'. A page rendered for one request (a miss, or anything personal)
 * keeps its own fresh nonce.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { carriesPersonalCookie } from "./http-cache.server.ts";
import { countPageCache } from "./metrics.server.ts";
import { preferredEncoding } from "./precompressed.server.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The header that says how an answer was served: hit, stale, miss (stored) or bypass. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

interface StoredPage {
  headers: Array<[string, string]>;
  identity: Buffer;
  /** Brotli and gzip, made on the entry's first reuse (docs/decisions/0386). */
  encoded?: Promise<Encoded>;
  storedAt: number;
}

interface Encoded {
  br: Buffer;
  gzip: Buffer;
}

/** Response headers that belong to one answer, never to a stored page. */
const NOT_STORED = new Set(["set-cookie", "content-length", "content-encoding", "date"]);

export interface PageCacheOptions {
  /** Upper bound of the stored bytes (all three encodings of every entry). */
  maxBytes: number;
  /** Served as is for this long (ms)… */
  freshMs: number;
  /** …then served while one background render refreshes it, up to this age (ms). */
  maxStaleMs: number;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

/** The request may be answered from the cache: a GET without personal cookies. */
export function anonymousGet(request: Request): boolean {
  return request.method === "GET" && !carriesPersonalCookie(request);
}

/** The app declared this answer the same for every visitor. */
function storable(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return (
    response.status === 200 &&
    (response.headers.get("Cache-Control") ?? "").startsWith("public") &&
    !response.headers.has("Set-Cookie") &&
    (type.startsWith("text/html") || type.startsWith("text/x-script"))
  );
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * A document without its per-response nonce: the nonce attributes go, and the CSP allows
 * the inline scripts by hash and the external ones by origin. Pure: exported for tests.
 */
export function withoutNonce(html: string, csp: string): { html: string; csp: string } {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) return { html, csp };
  const bare = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attributes, body] of bare.matchAll(INLINE_SCRIPT)) {
    // Data blocks (JSON-LD) are never run, so they need no hash; external scripts have none.
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  const scriptSrc = ["script-src 'self'", ...hashes].join(" ");
  return { html: bare, csp: csp.replace(/script-src [^;]*/, scriptSrc) };
}

async function store(response: Response, storedAt: number): Promise<StoredPage> {
  let body: string | Buffer = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const csp = headers.get("Content-Security-Policy");
  if (csp && headers.get("Content-Type")?.startsWith("text/html")) {
    const bare = withoutNonce(body.toString("utf8"), csp);
    body = bare.html;
    headers.set("Content-Security-Policy", bare.csp);
  }
  return {
    headers: [...headers].filter(([name]) => !NOT_STORED.has(name.toLowerCase())),
    identity: Buffer.from(body),
    storedAt,
  };
}

async function encode(identity: Buffer): Promise<Encoded> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        // A window no bigger than the page: the same bytes out, half the work of the default
        // 4 MB window (docs/decisions/0386).
        [constants.BROTLI_PARAM_LGWIN]: Math.min(
          24,
          Math.max(16, Math.ceil(Math.log2(identity.length))),
        ),
      },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return { br, gzip: gz };
}

async function answer(page: StoredPage, request: Request, state: string): Promise<Response> {
  // A page just rendered goes out as it is (the server's compression takes it like any
  // other answer); from its first reuse on, it is compressed once and kept so.
  const encoding =
    state === "miss" ? "identity" : preferredEncoding(request.headers.get("Accept-Encoding"));
  const body =
    encoding === "identity"
      ? page.identity
      : (await (page.encoded ??= encode(page.identity)))[encoding];
  const headers = new Headers(page.headers);
  headers.set("Content-Length", String(body.length));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Vary", "Cookie, Accept-Encoding");
  headers.set(PAGE_CACHE_HEADER, state);
  // zlib's and our own Buffers sit on plain ArrayBuffers, never on shared memory.
  return new Response(body as Buffer<ArrayBuffer>, { status: 200, headers });
}

interface FetchContext {
  render: () => Promise<Response>;
  /** The leader's own answer when it could not be stored. */
  unstored?: Response;
}

export function createPageCache({
  maxBytes,
  freshMs,
  maxStaleMs,
  now = () => performance.now(),
}: PageCacheOptions) {
  const pages = new LRUCache<string, StoredPage, FetchContext>({
    perf: { now },
    ttlResolution: 0, // read the clock each time: it is cheap, and tests move it
    maxSize: maxBytes,
    // Room for the two compressed copies too: HTML compresses to well under a quarter.
    sizeCalculation: (page) => Math.ceil(page.identity.length * 1.5) + 512,
    ttl: freshMs,
    // A stale page answers at once while one render refreshes it; a failed refresh keeps it.
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const response = await context.render();
      if (storable(response)) return store(response, now());
      context.unstored = response;
      return undefined;
    },
  });

  return {
    /**
     * The answer to an anonymous GET: from the cache when it holds the URL, else rendered by
     * `render` (once for concurrent requests of one URL) and stored when it may be.
     */
    async respond(request: Request, render: () => Promise<Response>): Promise<Response> {
      const key = request.url;
      const context: FetchContext = { render };
      const status: LRUCache.Status<string, StoredPage, FetchContext> = {};
      const known = pages.peek(key, { allowStale: true });
      const tooOld = known !== undefined && now() - known.storedAt > freshMs + maxStaleMs;
      // Past its longest stale age a page is rendered again before it answers.
      const page = await pages.fetch(key, {
        context,
        status,
        forceRefresh: tooOld,
        allowStale: !tooOld,
      });
      if (page) {
        const state = status.fetch === "hit" ? "hit" : status.returnedStale ? "stale" : "miss";
        countPageCache(state);
        return answer(page, request, state);
      }
      // Not storable: the leader answers with its own render, a follower renders its own.
      const own = context.unstored ?? (await render());
      countPageCache("bypass");
      const headers = new Headers(own.headers);
      headers.set(PAGE_CACHE_HEADER, "bypass");
      return new Response(own.body, { status: own.status, statusText: own.statusText, headers });
    },
    /** Entries and bytes held, for tests and the health page. */
    size: () => ({ entries: pages.size, bytes: pages.calculatedSize }),
  };
}
