/**
 * The whole-page cache (docs/decisions/0384, 0470): documents and their `.data` requests, keyed
 * by the URL, kept only when the app itself declared the answer public (Cache-Control `public`,
 * status 200, no cookie set) to a request without the cart or notice cookie, so every stored page
 * is the one an anonymous visitor gets. Anonymous visitors get it as it is. A shopper with a cart
 * or a notice gets the same page with the slots that belong to them (the header's cart count,
 * the notice, the data the browser hydrates them with) filled in for the request, privately
 * (page-answer.server.ts); a `.data` request that asks for the root's data (the cart) is rendered
 * for them. Each entry is kept in brotli only, compressed once as it is stored, and its first
 * answer is that copy (docs/decisions/0635); cheaply the first time its URL is stored, better
 * when it is stored again (0660). A stale entry is served while one background render refreshes
 * it; the total size is bounded (least recently used entries go first).
 *
 * The CSP stays strict without sharing a nonce: a stored document carries no nonce at all.
 * Its inline scripts are allowed by their SHA-256 hashes, computed once per entry, and its
 * external scripts by 'self'. A page rendered for one request (a miss, or anything personal)
 * keeps its own fresh nonce.
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { behindRequests } from "./arrival.server.ts";
import { logger } from "./logger.server.ts";
import { carriesPersonalCookie, PRIVATE_REVALIDATE } from "./http-cache.server.ts";
import { countPageCache } from "./metrics.server.ts";
import {
  type CachedAnswer,
  type CacheState,
  PAGE_CACHE_HEADER,
  type PageRequest,
  type PersonalSlots,
  storedAnswer,
  storedAnswerNow,
  type StoredPage,
  storedPage,
  storedSize,
} from "./page-answer.server.ts";
import { createPersonalAnswers } from "./shopper-answer.server.ts";

export { type CachedAnswer, PAGE_CACHE_HEADER, type PageRequest, type PersonalSlots };

/**
 * Renders the page: for the request as it came, or (`anonymous`) as a visitor without the cart
 * and notice cookies would ask for it, for the cache.
 */
export type Render = (anonymous: boolean) => Promise<Response>;

/** Response headers that belong to one answer, never to a stored page. */
const NOT_STORED = new Set(["set-cookie", "content-length", "content-encoding", "date"]);

export interface PageCacheOptions {
  /**
   * Upper bound of the stored bytes: every entry's copies and pieces, and (an eighth of it) the
   * shoppers' answers kept in one buffer.
   */
  maxBytes: number;
  /** Served as is for this long (ms)… */
  freshMs: number;
  /** …then served while one background render refreshes it, up to this age (ms). */
  maxStaleMs: number;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

export interface RespondOptions {
  /**
   * The id of the route that answers the request. A shopper's page is taken from memory only on
   * a route whose pages have been stored: a personal route (the cart, the checkout) is rendered
   * for them at once, never first for nobody.
   */
  route?: string;
  /** The build's slots for a shopper; without them a shopper's page is rendered. */
  slots?: PersonalSlots;
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
 * the inline scripts by hash and the external ones by origin. `html` is the document's UTF-8
 * bytes read as Latin-1, one character a byte (see `store`), so each script is hashed over its
 * bytes. Pure: exported for tests.
 */
export function withoutNonce(html: string, csp: string): { html: string; csp: string } {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) return { html, csp };
  const bare = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attributes, body] of bare.matchAll(INLINE_SCRIPT)) {
    // Data blocks (JSON-LD) are never run, so they need no hash; external scripts have none.
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "latin1").digest("base64")}'`);
  }
  const scriptSrc = ["script-src 'self'", ...hashes].join(" ");
  return { html: bare, csp: csp.replace(/script-src [^;]*/, scriptSrc) };
}

/**
 * A rendered document's text, taken once: by the page cache, which stores it, or by its answer's
 * stream, when the answer is sent as rendered. Whoever takes it leaves nothing behind: an answer
 * outlives its request until V8's next full collection (scavenges keep it), and its text, about
 * 60 KB a page, was a third of what each first visit moved to the old generation
 * (docs/decisions/0690).
 */
interface RenderedText {
  text: string | undefined;
}

/** The documents the app rendered, beside their answers (`documentResponse`). */
const documentTexts = new WeakMap<Response, RenderedText>();

function take(rendered: RenderedText): string {
  const { text } = rendered;
  // Two readers of one answer would be a bug: said, not answered with an empty page.
  if (text === undefined) throw new Error("a rendered document was taken twice");
  rendered.text = undefined;
  return text;
}

/**
 * The answer of a document the app rendered, given as its UTF-8 bytes read as Latin-1 (one
 * character a byte, as `entry.server` rewrites it): the page cache stores it from that text,
 * without reading the answer's stream or decoding its bytes again (docs/decisions/0605, 0665).
 * The stream makes the bytes only when read (a stored page's answer never is).
 */
export function documentResponse(latin1: string, init: ResponseInit): Response {
  const rendered: RenderedText = { text: latin1 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(Buffer.from(take(rendered), "latin1"));
        controller.close();
      },
    },
    // Nothing queued before a read: by default a stream pulls as it starts, to fill a queue of
    // one chunk, and made every page's bytes for nobody (docs/decisions/0670).
    { highWaterMark: 0 },
  );
  const response = new Response(body, init);
  documentTexts.set(response, rendered);
  return response;
}

/**
 * The bytes of a document the app rendered, taken from its answer so that the server writes them
 * in one piece, not through the answer's stream (docs/decisions/0720); undefined for any other
 * answer. The answer's stream has nothing left to give after this.
 */
export function takeRenderedBytes(response: Response): Buffer | undefined {
  const rendered = documentTexts.get(response);
  return rendered && Buffer.from(take(rendered), "latin1");
}

async function store(
  response: Response,
  storedAt: number,
  options: { route?: string; again: boolean },
): Promise<StoredPage> {
  const headers = new Headers(response.headers);
  const csp = headers.get("Content-Security-Policy");
  // A document the app rendered comes as its text; any other answer (a `.data` one) as bytes.
  const rendered = documentTexts.get(response);
  const body = rendered ? take(rendered) : Buffer.from(await response.arrayBuffer());
  let identity: Buffer;
  if (csp && headers.get("Content-Type")?.startsWith("text/html")) {
    // Read as Latin-1, one character a byte: the markup rewritten is ASCII, and the page goes
    // back to bytes as it came, its text never decoded from UTF-8 and encoded again.
    const bare = withoutNonce(typeof body === "string" ? body : body.toString("latin1"), csp);
    identity = Buffer.from(bare.html, "latin1");
    headers.set("Content-Security-Policy", bare.csp);
  } else identity = typeof body === "string" ? Buffer.from(body, "latin1") : body;
  const kept = Object.fromEntries([...headers].filter(([name]) => !NOT_STORED.has(name)));
  return storedPage(identity, kept, storedAt, options);
}

/**
 * A `.data` request for the root route's data, which holds the shopper's cart and notice: all
 * routes, unless React Router names the ones it wants in `_routes` (the root is left out of
 * client navigations, app/root.tsx `shouldRevalidate`).
 */
function asksForRootData(request: PageRequest): boolean {
  const at = request.url.indexOf("?");
  if (!(at < 0 ? request.url : request.url.slice(0, at)).endsWith(".data")) return false;
  const routes = new URLSearchParams(at < 0 ? "" : request.url.slice(at)).get("_routes");
  return routes === null || routes.split(",").includes("root");
}

const isDocument = (page: StoredPage) => page.headers["content-type"]?.startsWith("text/html");

interface FetchContext {
  render: () => Promise<Response>;
  route?: string;
  /** A stale page answers the request while this render refreshes it. */
  background?: boolean;
  /** The leader's own answer when it could not be stored. */
  unstored?: Response;
}

export function createPageCache({
  maxBytes,
  freshMs,
  maxStaleMs,
  now = () => performance.now(),
}: PageCacheOptions) {
  /** Routes with a page stored at least once: their pages are the same for everyone. */
  const publicRoutes = new Set<string>();
  // An eighth of the bound for shoppers' answers kept in one buffer (shopper-answer.server.ts).
  const joinedBytes = Math.floor(maxBytes / 8);
  const pages = new LRUCache<string, StoredPage, FetchContext>({
    perf: { now },
    ttlResolution: 0, // read the clock each time: it is cheap, and tests move it
    maxSize: maxBytes - joinedBytes,
    sizeCalculation: storedSize,
    ttl: freshMs,
    // A stale page answers at once while one render refreshes it; a failed refresh keeps it.
    allowStale: true,
    noDeleteOnStaleGet: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, stale, { context }) => {
      // Nobody waits for a refresh behind a stale page: its calls wait their turn (0670).
      const response = await (context.background
        ? behindRequests(context.render)
        : context.render());
      if (!storable(response)) {
        context.unstored = response;
        return undefined;
      }
      if (context.route) publicRoutes.add(context.route);
      // A page stored before was asked for again: it is worth its smaller copy (0660).
      return store(response, now(), { route: context.route, again: stale !== undefined });
    },
  });
  const personal = createPersonalAnswers(joinedBytes);

  /** The stored page of the request's URL: fresh, stale (refreshed behind), or rendered now. */
  async function lookUp(request: PageRequest, context: FetchContext) {
    const key = request.url;
    // Most answers: a fresh page, at once.
    const fresh = pages.get(key, { allowStale: false });
    if (fresh) return { page: fresh, state: "hit" as const };
    const status: LRUCache.Status<string, StoredPage, FetchContext> = {};
    const known = pages.peek(key, { allowStale: true });
    const tooOld = known !== undefined && now() - known.storedAt > freshMs + maxStaleMs;
    context.background = known !== undefined && !tooOld;
    // Past its longest stale age a page is rendered again before it answers.
    const page = await pages.fetch(key, {
      context,
      status,
      forceRefresh: tooOld,
      allowStale: !tooOld,
    });
    const state: CacheState =
      status.fetch === "hit" ? "hit" : status.returnedStale ? "stale" : "miss";
    return { page, state };
  }

  /** A shopper's answer: their page from memory when it can be, else rendered for them. */
  async function respondPersonal(
    request: PageRequest,
    render: Render,
    { route, slots }: RespondOptions,
  ): Promise<Response | CachedAnswer> {
    if (!slots || !route || !publicRoutes.has(route) || asksForRootData(request)) {
      return render(false);
    }
    const context = { render: () => render(true), route };
    const { page, state } = await lookUp(request, context);
    // Not the same for everyone after all (an error, a redirect): rendered for the shopper.
    if (!page) return render(false);
    if (!isDocument(page)) {
      countPageCache(state);
      return storedAnswer(page, request, state, PRIVATE_REVALIDATE);
    }
    const answer = await personal.answer(page, request, state, slots);
    if (answer) {
      countPageCache(state);
      return answer;
    }
    logger.warn({ route }, "page cache: a stored page without the shopper's slots");
    return render(false);
  }

  return {
    /**
     * The answer to a GET when a fresh stored page gives it at once, with nothing to render,
     * read or compress first: most answers, which the server then writes before any other
     * middleware (docs/decisions/0500). Undefined otherwise: `respond` answers.
     */
    answerAtOnce(request: PageRequest, slots?: PersonalSlots): CachedAnswer | undefined {
      const page = pages.get(request.url, { allowStale: false });
      if (!page) return undefined;
      let answer: CachedAnswer | null | undefined;
      if (!carriesPersonalCookie(request)) answer = storedAnswerNow(page, request, "hit");
      else if (!slots || asksForRootData(request)) return undefined;
      else if (!isDocument(page)) {
        answer = storedAnswerNow(page, request, "hit", PRIVATE_REVALIDATE);
      } else answer = personal.answerNow(page, request, "hit", slots);
      if (!answer) return undefined;
      countPageCache("hit");
      return answer;
    },
    /**
     * The answer to a GET: from the cache when it holds the URL, else rendered by `render`
     * (once for concurrent requests of one URL) and stored when it may be. A request with the
     * cart or notice cookie gets the stored page with its own slots filled in, or its own render.
     */
    async respond(
      request: PageRequest,
      render: Render,
      options: RespondOptions = {},
    ): Promise<Response | CachedAnswer> {
      if (carriesPersonalCookie(request)) return respondPersonal(request, render, options);
      const context: FetchContext = { render: () => render(false), route: options.route };
      const { page, state } = await lookUp(request, context);
      if (page) {
        countPageCache(state);
        return storedAnswer(page, request, state);
      }
      // Not storable: the leader answers with its own render, a follower renders its own.
      const own = context.unstored ?? (await render(false));
      countPageCache("bypass");
      const headers = new Headers(own.headers);
      headers.set(PAGE_CACHE_HEADER, "bypass");
      const answer = new Response(own.body, {
        status: own.status,
        statusText: own.statusText,
        headers,
      });
      // Still a rendered document: its text goes with the copy.
      const rendered = documentTexts.get(own);
      if (rendered) documentTexts.set(answer, rendered);
      return answer;
    },
    /** Entries and bytes held, for tests and the health page. */
    size: () => ({ entries: pages.size, bytes: pages.calculatedSize }),
  };
}
