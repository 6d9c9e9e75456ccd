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

export interface RateLimitOptions {
  /** Distinguishes this limit's keys from other limits' in a shared store. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimit {
  /** Counts one attempt for each key; false when any key is over its limit. */
  consume(keys: string[]): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Whether the keys are already over the limit, without counting an attempt. */
  isBlocked(keys: string[]): Promise<{ blocked: boolean; retryAfterSeconds: number }>;
  /** Forgets the keys' attempts (a successful sign-in). */
  reset(keys: string[]): Promise<void>;
}

let redis: Redis | undefined;

function sharedRedis(url: string): Redis {
  redis ??= new Redis(url, {
    // Fail fast instead of queueing commands while Redis is away: the limit fails open.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  redis.on("error", (error: Error) => logger.warn({ err: error.message }, "redis unavailable"));
  return redis;
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
      return { blocked: retry > 0, retryAfterSeconds: retry };
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
