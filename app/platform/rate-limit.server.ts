/**
 * Rate limits (card attempts, staff sign-in) through rate-limiter-flexible: a per-process
 * memory store by default, Redis when REDIS_URL is set so a limit holds across instances.
 * If Redis fails, the limit fails open (the request goes on) and the failure is logged: a
 * shopper is never refused because a limiter's store is down.
 */
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { config } from "./config.server.ts";
import { logger } from "./logger.server.ts";
import { countRateLimitRefusal } from "./metrics.server.ts";

export interface RateLimitOptions {
  /** Distinguishes this limit's keys from other limits' in a shared store. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimit {
  /** Counts one attempt for each key; false when any key is over its limit. */
  consume(keys: string[]): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /**
   * Whether the keys are already over the limit, without counting an attempt. A blocked answer
   * refuses the request: it is counted in the metrics as a refusal of this limit.
   */
  isBlocked(keys: string[]): Promise<{ blocked: boolean; retryAfterSeconds: number }>;
  /** The attempts counted for `key` in its current window (0 when the store fails). */
  attempts(key: string): Promise<number>;
  /** Forgets the keys' attempts (a successful sign-in). */
  reset(keys: string[]): Promise<void>;
}

/**
 * server.ts imports this module natively and the app's build bundles its own copy: the one
 * connection lives on globalThis so both use it.
 */
const REDIS_KEY = Symbol.for("tienda-seguridad.rate-limit.redis");
const holder = globalThis as typeof globalThis & { [REDIS_KEY]?: Redis };

/**
 * The process's one Redis connection (the limits here, the staff sign-outs in
 * revocation.server.ts). It reconnects on its own (every 2 s at most) while Redis is away; the
 * loss and the return are logged once each, not at every attempt.
 */
export function sharedRedis(url: string): Redis {
  const existing = holder[REDIS_KEY];
  if (existing) return existing;
  const client = new Redis(url, {
    // Fail fast instead of queueing commands while Redis is away: the limit fails open.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  let available: boolean | undefined;
  client.on("ready", () => {
    if (available === false)
      logger.info("redis available again: rate limits and staff sign-outs shared");
    available = true;
  });
  client.on("error", (error: Error) => {
    if (available !== false) {
      logger.warn(
        { err: error.message },
        "redis unavailable: rate limits and staff sign-out checks fail open (this process only)",
      );
    }
    available = false;
  });
  holder[REDIS_KEY] = client;
  return client;
}

/**
 * Where the limits are kept, for the health answer and the start-up log: "memory" (this
 * process only), "redis" (shared by every instance), or "redis-unavailable" (failing open).
 * Opens the Redis connection when REDIS_URL is set, so a wrong address shows at start.
 */
export function rateLimitStore(
  redisUrl: string | undefined = config().redisUrl,
): "memory" | "redis" | "redis-unavailable" {
  if (!redisUrl) return "memory";
  return sharedRedis(redisUrl).status === "ready" ? "redis" : "redis-unavailable";
}

/**
 * Opens the Redis connection (when REDIS_URL is set) and waits for it, at most `timeoutMs`: the
 * server starts taking requests with its limits shared, or, if Redis does not answer in time,
 * starts anyway with them failing open (logged) until it does.
 */
export async function connectRateLimitStore(
  redisUrl: string | undefined = config().redisUrl,
  timeoutMs = 2_000,
): Promise<ReturnType<typeof rateLimitStore>> {
  if (!redisUrl) return "memory";
  const client = sharedRedis(redisUrl);
  if (client.status !== "ready") {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      client.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return rateLimitStore(redisUrl);
}

/** Closes the Redis connection, if any (graceful shutdown). */
export async function closeRateLimitStore(): Promise<void> {
  const client = holder[REDIS_KEY];
  holder[REDIS_KEY] = undefined;
  await client?.quit().catch(() => {});
}

export function createRateLimit(
  options: RateLimitOptions,
  redisUrl: string | undefined = config().redisUrl,
): RateLimit {
  const base = {
    keyPrefix: `rl:${options.name}`,
    points: options.points,
    duration: options.durationSeconds,
  };
  const limiter: RateLimiterAbstract = redisUrl
    ? new RateLimiterRedis({ ...base, storeClient: sharedRedis(redisUrl) })
    : new RateLimiterMemory(base);

  const failOpen = (error: unknown) => {
    logger.warn(
      { limit: options.name, err: error instanceof Error ? error.message : String(error) },
      "rate limit store failed: request allowed",
    );
  };

  return {
    async consume(keys) {
      let retry = 0;
      let allowed = true;
      for (const key of keys) {
        try {
          await limiter.consume(key);
        } catch (result) {
          if (!(result instanceof RateLimiterRes)) {
            failOpen(result);
            continue;
          }
          allowed = false;
          retry = Math.max(retry, Math.ceil(result.msBeforeNext / 1000));
        }
      }
      return { allowed, retryAfterSeconds: retry };
    },
    async isBlocked(keys) {
      let retry = 0;
      for (const key of keys) {
        try {
          const result = await limiter.get(key);
          if (result && result.consumedPoints > options.points) {
            retry = Math.max(retry, Math.ceil(result.msBeforeNext / 1000));
          }
        } catch (error) {
          failOpen(error);
        }
      }
      if (retry > 0) countRateLimitRefusal(options.name);
      return { blocked: retry > 0, retryAfterSeconds: retry };
    },
    async attempts(key) {
      try {
        return (await limiter.get(key))?.consumedPoints ?? 0;
      } catch (error) {
        failOpen(error);
        return 0;
      }
    },
    async reset(keys) {
      for (const key of keys) {
        await limiter.delete(key).catch(failOpen);
      }
    },
  };
}

/** Set by server.ts on every request from the socket (or X-Forwarded-For under TRUST_PROXY). */
export const CLIENT_ADDRESS_HEADER = "x-tienda-client-address";

/** The client address a limit is keyed on. */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
