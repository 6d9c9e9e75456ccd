/**
 * The answers the page cache gives from a stored page (docs/decisions/0384, 0386, 0470): the
 * bytes in the encoding the client takes, a strong ETag of exactly those bytes and a 304 when the
 * client already holds them (a shopper's, with their own slots filled in: shopper-answer.server.ts).
 * Written to the socket as they are: a Fetch Response would copy the body first.
 */
import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gzip } from "node:zlib";
import { type DeflatedPiece, ownBytes } from "./gzip-splice.server.ts";
import type { CookieRequest } from "./cookie-session.server.ts";
import { type Encoding, preferredEncoding } from "./precompressed.server.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The header that says how an answer was served: hit, stale, miss (stored) or bypass. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

export type CacheState = "hit" | "stale" | "miss";

/**
 * An answer from memory: its status, headers (lower-case names) and body, in pieces (a shopper's
 * page is the stored pieces around their own: written as they are, never copied into one).
 */
export interface CachedAnswer {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string | string[]>>;
  readonly body: readonly Buffer[];
  /** The id of the route that answered, when known (the metrics label). */
  readonly route?: string;
}

export interface StoredPage {
  /** The rendered answer's headers (lower-case names), without those of one answer. */
  headers: Readonly<Record<string, string>>;
  storedAt: number;
  /** The id of the route that answered it (the metrics label of its answers). */
  route?: string;
  /**
   * The page's bytes in each encoding: brotli, made as it is stored and all it keeps of the
   * page (its plain bytes are read back out of it when asked for, docs/decisions/0635); gzip,
   * made on its first answer in gzip (0620), for the rare client without brotli.
   */
  encodings: { br: Buffer; gzip?: Buffer };
  /** The gzip copy while it is being made. */
  gzipping?: Promise<Buffer>;
  /** The strong validator of each encoding's bytes, made when first asked for. */
  tags: Partial<Record<Encoding, string>>;
  /**
   * Whether the page has the shoppers' slots (null: not), found on its first answer to a
   * shopper, and its gzip pieces around them.
   */
  cut?: Cut | null;
  /**
   * Its fresh answers for anyone, each made once and then given as it is, frozen: by encoding,
   * status (200 or 304) and whether private (a `.data` answer to a shopper); see `hitIndex`.
   */
  hits?: CachedAnswer[];
}

/** A stored document cut at its slots. */
export interface Cut {
  /** Its segments deflated apart, for gzip answers, and the validator of those bytes… */
  deflating?: Promise<DeflatedCut>;
  /** …once made. */
  gzip?: DeflatedCut;
}

export interface DeflatedCut {
  pieces: DeflatedPiece[];
  tag: string;
  /**
   * Shoppers' fresh answers by their slots' validator, then status (200, 304), the slots asked
   * for last at the end.
   */
  answers?: Map<string, Array<CachedAnswer | undefined>>;
}

/**
 * What the page cache reads of a request: its URL (the key) and a few headers. No Fetch Request
 * is made for an answer from memory: one with an abort signal costs about 50 µs.
 */
export interface PageRequest extends CookieRequest {
  readonly url: string;
}

/** What the app's build offers to fill a stored document in for one shopper (0470). */
export interface PersonalSlots {
  /** Each slot's HTML as every stored page holds it (rendered for nobody), in page order. */
  anonymous: readonly string[];
  /**
   * This request's HTML for each slot (the same array for the same slots), and the cookies its
   * answer sets (a notice read).
   */
  fill(request: CookieRequest): Promise<{ slots: readonly string[]; cookies: readonly string[] }>;
  /** The slots `fill` keeps for this request's cookies, if it keeps some: no read, no render. */
  kept(request: CookieRequest): readonly string[] | undefined;
}

export const tagOf = (bytes: Buffer | string) => hash("sha256", bytes, "base64url").slice(0, 22);

// Brotli's quality for a page stored the first time (maybe never asked for again, as a crawl's
// pages) and again: 0 costs an eighth of 6's CPU for about a quarter more bytes, about gzip's
// (docs/decisions/0660, 0665).
export const BROTLI_QUALITY = { first: 0, again: 6 } as const;

/**
 * A document or `.data` answer as the page cache keeps it: in brotli only. A page kept as it
 * was rendered took about five times the bytes, so 64 MB held about 800 pages, fewer than a
 * browsing crowd asks for again, and each page pushed out was rendered again (0635).
 */
export async function storedPage(
  identity: Buffer,
  headers: Readonly<Record<string, string>>,
  storedAt: number,
  { route, again = false }: { route?: string; again?: boolean } = {},
): Promise<StoredPage> {
  const size = identity.length;
  const br = await brotli(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: again ? BROTLI_QUALITY.again : BROTLI_QUALITY.first,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      // A window no bigger than the page: the same bytes out, half the work of the default
      // 4 MB window (docs/decisions/0386).
      [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(size)))),
    },
  });
  return { headers, storedAt, route, encodings: { br: ownBytes(br) }, tags: {} };
}

/**
 * The bytes an entry counts against the cache's bound: its brotli copy, room for the gzip copy
 * and gzip pieces it may be given (each a little larger), and its bookkeeping.
 */
export const storedSize = (page: StoredPage) => Math.ceil(page.encodings.br.length * 3.5) + 1024;

/** The page's plain bytes, read back out of its brotli copy (about 0.1 ms for a 60 KB page). */
export const identityOf = (page: StoredPage) => brotliDecompressSync(page.encodings.br);

/**
 * The If-None-Match header names this validator (a weak comparison, as RFC 9110 asks). The
 * validator is written out only for a request that names some: most name none.
 */
export function holds(request: PageRequest, etag: () => string): boolean {
  const header = request.headers.get("If-None-Match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag() || t === `W/${etag()}`;
  });
}

export function headersOf(page: StoredPage, state: CacheState, cacheControl?: string) {
  const headers: Record<string, string | string[]> = { ...page.headers };
  if (cacheControl) headers["cache-control"] = cacheControl;
  headers.vary = "Cookie, Accept-Encoding";
  headers[PAGE_CACHE_HEADER.toLowerCase()] = state;
  return headers;
}

/**
 * The page's answer, or a 304 when the client holds its bytes already (`notModified`: only
 * bytes we encoded, with their validator).
 */
export function finish(
  page: StoredPage,
  headers: Record<string, string | string[]>,
  body: Buffer[],
  encoding: Encoding,
  etag: string | undefined,
  notModified: boolean,
): CachedAnswer {
  const { route } = page;
  if (etag) headers.etag = etag;
  if (etag && notModified) {
    // What the 200 would say about the page, and nothing about a body that is not sent.
    delete headers["content-type"];
    delete headers["content-security-policy"];
    return { status: 304, headers, body: [], route };
  }
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.reduce((length, piece) => length + piece.length, 0));
  return { status: 200, headers, body, route };
}

/**
 * The stored page as it is, for anyone (or for one shopper, private: a `.data` answer holds no
 * shopper's part), if it can be given at once: undefined while its gzip copy is being made.
 */
export function storedAnswerNow(
  page: StoredPage,
  request: PageRequest,
  state: CacheState,
  cacheControl?: string,
): CachedAnswer | undefined {
  const encoding = preferredEncoding(request.headers.get("Accept-Encoding"));
  const body = encoding === "identity" ? identityOf(page) : page.encodings[encoding];
  if (!body) return undefined;
  const tag = (page.tags[encoding] ??= tagOf(body));
  const etag = () => `"${tag}"`;
  const notModified = holds(request, etag);
  const given = () =>
    finish(page, headersOf(page, state, cacheControl), [body], encoding, etag(), notModified);
  // A plain answer is not kept: it would hold the bytes the entry does not count.
  if (state !== "hit" || encoding === "identity") return given();
  // Most answers: the same every time, so made once (docs/decisions/0615).
  return keptAnswer((page.hits ??= []), hitIndex(encoding, notModified, !!cacheControl), given);
}

/** Where a stored page keeps its answer in this encoding, status and privacy. */
const hitIndex = (encoding: "br" | "gzip", notModified: boolean, personal: boolean) =>
  (encoding === "br" ? 0 : 4) + (notModified ? 2 : 0) + (personal ? 1 : 0);

/** The answer kept at `at`: made by `make` and frozen on its first ask, then as it is. */
export function keptAnswer(
  answers: Array<CachedAnswer | undefined>,
  at: number,
  make: () => CachedAnswer,
) {
  let answer = answers[at];
  if (!answer) {
    answer = make();
    Object.freeze(answer.headers);
    answers[at] = Object.freeze(answer);
  }
  return answer;
}

/** The same, waiting for the compressed copy (made on the first answer that needs it). */
export async function storedAnswer(
  page: StoredPage,
  request: PageRequest,
  state: CacheState,
  cacheControl?: string,
): Promise<CachedAnswer> {
  const now = storedAnswerNow(page, request, state, cacheControl);
  if (now) return now;
  // Not at once: the gzip copy is missing.
  page.encodings.gzip = await (page.gzipping ??= gzipAsync(identityOf(page), { level: 6 }).then(
    ownBytes,
  ));
  return storedAnswerNow(page, request, state, cacheControl)!;
}
