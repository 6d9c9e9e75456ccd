/**
 * The one in-process cache (per instance; see docs/decisions/0121). Every
 * cached upstream read goes through `cached()`: cachified gives TTL,
 * stale-while-revalidate and shared in-flight requests; on top of that a value
 * past its TTL is still served for a while when the upstream fails.
 */
import {
  cachified,
  createBatch,
  type Cache,
  type CacheEntry,
  shouldRefresh,
  totalTtl,
} from "@epic-web/cachified";
import { LRUCache } from "lru-cache";
import { behindRequests } from "./arrival.server.ts";
import { logger } from "./logger.server.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Cache policy per kind of data (ms). Products 60 s, prices 6 h (docs/decisions/0552, 0121). */
export const CACHE_POLICY = {
  product: { ttl: 60 * SECOND, swr: 60 * SECOND, staleIfError: 1 * HOUR },
  productList: { ttl: 60 * SECOND, swr: 60 * SECOND, staleIfError: 1 * HOUR },
  price: { ttl: 6 * HOUR, swr: 0, staleIfError: 1 * HOUR },
  categories: { ttl: 5 * MINUTE, swr: 1 * HOUR, staleIfError: 24 * HOUR },
  brands: { ttl: 10 * MINUTE, swr: 1 * HOUR, staleIfError: 24 * HOUR },
  featured: { ttl: 5 * MINUTE, swr: 10 * MINUTE, staleIfError: 24 * HOUR },
  datasheet: { ttl: 1 * HOUR, swr: 1 * HOUR, staleIfError: 24 * HOUR },
} as const;

/** How long any entry may outlive its TTL + SWR to answer during an outage. */
const MAX_STALE_IF_ERROR = 24 * HOUR;

interface CachePolicy {
  /** Fresh for this long. */
  ttl: number;
  /** Then served stale for this long while one background refresh runs. */
  swr?: number;
  /** After ttl + swr, still served for this long if fetching a fresh value fails. */
  staleIfError?: number;
}

export interface CachedOptions<T> extends CachePolicy {
  key: string;
  getFreshValue: () => Promise<T>;
  /**
   * Which failures may be answered with a stale value. Default: upstream
   * outages (5xx, network, timeout) — never a 4xx, which is a real answer.
   */
  serveStaleOn?: (error: unknown) => boolean;
}

export interface AppCache {
  /** Get `key` from the cache or compute it; identical concurrent calls share one computation. */
  cached<T>(options: CachedOptions<T>): Promise<T>;
  /**
   * Per-item caching for batch endpoints: items already cached are served from
   * the cache, the rest are fetched with ONE `getFreshValues` call.
   * `getFreshValues` must return one value per param, in order; `null` values
   * (unknown ids) are returned but not cached.
   */
  cachedBatch<T, P>(options: {
    params: P[];
    key: (param: P) => string;
    policy: CachePolicy;
    getFreshValues: (params: P[]) => Promise<(T | null)[]>;
  }): Promise<(T | null)[]>;
  /**
   * Whether `cached` would answer `key` without waiting: its value is fresh, or stale within its
   * stale-while-revalidate window (then refreshed behind the answer).
   */
  holds(key: string): boolean;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

function defaultServeStaleOn(error: unknown): boolean {
  const status =
    error !== null && typeof error === "object" && "status" in error ? Number(error.status) : NaN;
  // Unknown errors (no status) are treated as outages too.
  return !Number.isFinite(status) || status >= 500;
}

/** Rough weight of a value: lists count one unit per item, so big listings evict more. */
function weighItems(value: unknown): number {
  if (Array.isArray(value)) return value.length + 1;
  if (value !== null && typeof value === "object") {
    for (const field of Object.values(value)) {
      if (Array.isArray(field)) return field.length + 1;
    }
  }
  return 1;
}

/**
 * About the bytes a value holds: its strings by length, its objects and arrays by their parts.
 * A product with its supplier HTML weighs what it holds, not one unit as a price does.
 * Exported for tests.
 */
export function approximateBytes(value: unknown, depth = 0): number {
  if (typeof value === "string") return 16 + value.length;
  if (value === null || typeof value !== "object") return 8;
  if (depth > 5) return 64;
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateBytes(item, depth + 1);
  } else {
    for (const field of Object.values(value)) bytes += 16 + approximateBytes(field, depth + 1);
  }
  return bytes;
}

export interface CacheOptions {
  /**
   * Bound of the entries' weight: items of their lists (default 50,000), or, with `maxBytes`,
   * about the bytes they hold.
   */
  maxWeight?: number;
  /** Bound the cache by about the bytes its values hold instead (docs/decisions/0520). */
  maxBytes?: number;
}

export function createCache(options: CacheOptions = {}): AppCache {
  // The LRU keeps an entry for its cachified lifetime plus the longest
  // stale-if-error window; it reads the same clock as cachified (Date.now).
  const byBytes = options.maxBytes !== undefined;
  const lru = new LRUCache<string, CacheEntry>({
    maxSize: options.maxBytes ?? options.maxWeight ?? 50_000,
    sizeCalculation: byBytes
      ? (entry) => Math.max(1, approximateBytes(entry.value))
      : (entry) => weighItems(entry.value),
    perf: { now: () => Date.now() },
  });
  const adapter: Cache = {
    name: "lru",
    get: (key) => lru.get(key),
    set: (key, entry) => {
      const lifetime = totalTtl(entry.metadata) + MAX_STALE_IF_ERROR;
      lru.set(key, entry, {
        ttl: lifetime === Infinity ? undefined : lifetime,
        start: entry.metadata.createdTime,
      });
    },
    delete: (key) => lru.delete(key),
  };

  async function withStaleFallback<T>(
    key: string,
    policy: CachePolicy,
    serveStaleOn: (error: unknown) => boolean,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const entry = lru.get(key);
      const age = entry ? Date.now() - entry.metadata.createdTime : Infinity;
      const limit =
        totalTtl(entry?.metadata) + Math.min(policy.staleIfError ?? 0, MAX_STALE_IF_ERROR);
      if (entry && serveStaleOn(error) && age <= limit) {
        logger.warn({ key, ageMs: age }, "upstream failed: serving a stale cached value");
        return entry.value as T;
      }
      throw error;
    }
  }

  return {
    cached<T>({
      key,
      ttl,
      swr = 0,
      staleIfError = 0,
      getFreshValue,
      serveStaleOn,
    }: CachedOptions<T>) {
      return withStaleFallback(
        key,
        { ttl, swr, staleIfError },
        serveStaleOn ?? defaultServeStaleOn,
        () =>
          cachified<T>({
            key,
            cache: adapter,
            ttl,
            staleWhileRevalidate: swr,
            // A refresh behind a stale copy: nobody waits for its calls (docs/decisions/0670).
            getFreshValue: ({ background }) =>
              background ? behindRequests(getFreshValue) : getFreshValue(),
          }),
      );
    },

    async cachedBatch<T, P>({
      params,
      key,
      policy,
      getFreshValues,
    }: {
      params: P[];
      key: (param: P) => string;
      policy: CachePolicy;
      getFreshValues: (params: P[]) => Promise<(T | null)[]>;
    }) {
      const batch = createBatch<T | null, P>((missing) => getFreshValues(missing));
      return Promise.all(
        params.map((param) =>
          withStaleFallback(key(param), policy, defaultServeStaleOn, () =>
            cachified<T | null>({
              key: key(param),
              cache: adapter,
              ttl: policy.ttl,
              staleWhileRevalidate: policy.swr ?? 0,
              getFreshValue: batch.add(param, ({ value, metadata }) => {
                // Unknown ids are not cached: they may appear later.
                if (value === null) {
                  metadata.ttl = -1;
                  metadata.swr = 0;
                }
              }),
            }),
          ),
        ),
      );
    },

    holds(key) {
      // cachified's own rule: it waits for a fresh value only once the entry is past ttl + swr.
      const entry = lru.get(key);
      return entry !== undefined && shouldRefresh(entry.metadata) !== "now";
    },
    delete(key) {
      lru.delete(key);
    },
    clear() {
      lru.clear();
    },
    get size() {
      return lru.size;
    },
  };
}

/**
 * The process-wide cache: the API client and route modules share it. Bounded by bytes: counted
 * in items, a walk through every product page kept each product with its supplier HTML and two
 * lists of twelve for a day (the stale-if-error window), hundreds of MB (docs/decisions/0520).
 */
export const appCache = createCache({ maxBytes: 48 * 1024 * 1024 });

/** `appCache.cached`, for route modules (e.g. a full category listing). */
export function cached<T>(options: CachedOptions<T>): Promise<T> {
  return appCache.cached(options);
}
