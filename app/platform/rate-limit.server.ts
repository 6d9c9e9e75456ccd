/**
 * Rate limits (card attempts, staff sign-in) through rate-limiter-flexible: a per-process
 * memory store by default, Redis when REDIS_URL is set so a limit holds across instances.
 * Every Redis command has a deadline (REDIS_COMMAND_TIMEOUT_MS): a Redis that is away or frozen
 * is a failure, never a wait. On a failure the caller's policy applies (docs/decisions/0512):
 * the shoppers' limits fail open (the request goes on, logged and counted), the staff sign-in
 * fails closed.
 */
import { isIPv6 } from "node:net";
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { config } from "./config.server.ts";
import { logger } from "./logger.server.ts";
import { countRateLimitRefusal, countRateLimitStoreFailure } from "./metrics.server.ts";

/**
 * The deadline of every Redis command: far longer than a healthy answer (under a millisecond on
 * a private network) or a busy event loop's pause, short for a shopper.
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface RateLimitOptions {
  /** Distinguishes this limit's keys from other limits' in a shared store. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** What a reservation says: `failed` when the store did not answer (then `allowed` is true). */
interface Reservation {
  allowed: boolean;
  retryAfterSeconds: number;
  failed: boolean;
  /** Points of the key taken in its window, this one included (0 when the store failed). */
  taken: number;
}

export interface RateLimit {
  /**
   * Takes one point of `key` before the work it guards, atomically in the store, so that
   * parallel requests cannot all pass: refused (and nothing kept) once the points are taken.
   * A store that fails or misses its deadline allows it, with `failed` set.
   */
  reserve(key: string): Promise<Reservation>;
  /** Gives back a point reserve() took (the work succeeded or never happened). */
  giveBack(key: string): Promise<void>;
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

/** The process's one connection, opened on first use. */
let connection: Redis | undefined;

/**
 * The process's one Redis connection (the limits here, the staff sign-outs in
 * revocation.server.ts). It reconnects on its own (every 2 s at most) while Redis is away; the
 * loss and the return are logged once each, not at every attempt.
 */
export function sharedRedis(url: string): Redis {
  if (connection) return connection;
  const client = new Redis(url, {
    // Fail fast instead of queueing commands while Redis is away: the limit fails open.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A frozen Redis keeps its socket open and never answers: a command waits this long at most.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
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
        "redis unavailable: shoppers' limits fail open, staff sign-in and sign-out checks fail closed",
      );
    }
    available = false;
  });
  connection = client;
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
 * Where the limits are kept and whether that store answers now: like rateLimitStore(), and
 * "redis-slow" when Redis is connected but a PING misses the command deadline (a frozen Redis
 * keeps its socket open). For the readiness answer.
 */
export async function probeRateLimitStore(
  redisUrl: string | undefined = config().redisUrl,
): Promise<ReturnType<typeof rateLimitStore> | "redis-slow"> {
  const store = rateLimitStore(redisUrl);
  if (store !== "redis" || !redisUrl) return store;
  try {
    await sharedRedis(redisUrl).ping();
    return "redis";
  } catch {
    return "redis-slow";
  }
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
  const client = connection;
  connection = undefined;
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
    countRateLimitStoreFailure(options.name);
    logger.warn(
      { limit: options.name, err: error instanceof Error ? error.message : String(error) },
      "rate limit store failed: request allowed",
    );
  };

  return {
    async reserve(key) {
      try {
        const result = await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0, failed: false, taken: result.consumedPoints };
      } catch (result) {
        if (!(result instanceof RateLimiterRes)) {
          failOpen(result);
          return { allowed: true, retryAfterSeconds: 0, failed: true, taken: 0 };
        }
        // The refused attempt took a point too: given back, so the count stays what passed.
        await limiter.reward(key, 1).catch(failOpen);
        countRateLimitRefusal(options.name);
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
          failed: false,
          taken: result.consumedPoints - 1,
        };
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1).catch(failOpen);
    },
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

/** Set by the server (server/express-app.ts) on every request from the socket (or X-Forwarded-For under TRUST_PROXY). */
export const CLIENT_ADDRESS_HEADER = "x-tienda-client-address";

/**
 * The client address a limit is keyed on: an IPv4 address whole, an IPv6 address by its /64
 * (one subscriber's network, whose 2^64 addresses are all theirs to use).
 */
export function clientAddress(request: Request): string {
  return addressGroup(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown");
}

/** `2001:db8:1:2::/64` for any address of that /64; IPv4 (mapped or not) as it is. */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const plain = address.replace(/%.*$/, "");
  if (!isIPv6(plain)) return address;
  const [head, tail = ""] = plain.toLowerCase().split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (two groups' worth) lies in the last 32 bits, outside the /64.
  const backGroups = back.length + (back.at(-1)?.includes(".") ? 1 : 0);
  const groups = plain.includes("::")
    ? [...front, ...Array<string>(8 - front.length - backGroups).fill("0"), ...back]
    : front;
  const prefix = groups.slice(0, 4).map((g) => Number.parseInt(g || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
