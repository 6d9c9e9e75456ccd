/**
 * A list of revoked ids (the staff sessions ended by 'Cerrar sesión', docs/decisions/0401): kept
 * in this process's memory, and in Redis too when REDIS_URL is set so every instance refuses the
 * id. Each entry lives only as long as the thing it revokes could, then disappears on its own.
 * If Redis fails or misses its deadline, a check fails closed (logged and counted,
 * docs/decisions/0512): the id is refused until Redis answers again, so a signed-out cookie
 * never opens a staff page because Redis is slow.
 */
import { config } from "./config.server.ts";
import { logger } from "./logger.server.ts";
import { countRateLimitStoreFailure } from "./metrics.server.ts";
import { sharedRedis } from "./rate-limit.server.ts";

export interface RevocationList {
  /** Refuses `id` for the next `seconds` (nothing when `seconds` is not positive). */
  revoke(id: string, seconds: number): Promise<void>;
  isRevoked(id: string): Promise<boolean>;
}

export interface RevocationListOptions {
  /** Distinguishes this list's keys from others' in a shared store. */
  name: string;
  redisUrl?: string | undefined;
  /** The clock, ms since the epoch (tests move it). */
  now?: () => number;
}

export function createRevocationList({
  name,
  redisUrl = config().redisUrl,
  now = Date.now,
}: RevocationListOptions): RevocationList {
  const local = localList(name);
  const redis = redisUrl ? sharedRedis(redisUrl) : undefined;
  const key = (id: string) => `rv:${name}:${id}`;
  const failed = (error: unknown, outcome: string) => {
    countRateLimitStoreFailure(`revocation-${name}`);
    logger.warn(
      { list: name, err: error instanceof Error ? error.message : String(error) },
      `revocation store failed: ${outcome}`,
    );
  };

  return {
    async revoke(id, seconds) {
      const ttl = Math.ceil(seconds);
      if (ttl <= 0) return;
      const at = now();
      for (const [known, until] of local) if (until <= at) local.delete(known);
      local.set(id, at + ttl * 1000);
      await redis
        ?.set(key(id), "1", "EX", ttl)
        .catch((error: unknown) => failed(error, "revoked in this process only"));
    },
    async isRevoked(id) {
      const until = local.get(id);
      if (until !== undefined) {
        if (until > now()) return true;
        local.delete(id);
      }
      if (!redis) return false;
      try {
        return (await redis.exists(key(id))) > 0;
      } catch (error) {
        failed(error, "id refused until Redis answers");
        return true;
      }
    },
  };
}

/** Every list's own revocations, by list name. */
const localLists = new Map<string, Map<string, number>>();

/**
 * A list's own revocations, id → end of the revocation (ms): one per process and list name, so
 * a sign-out is seen by every check of that list (the staff pages, the sandbox's mount).
 * Small: only signed-in users add to it, once per sign-out.
 */
function localList(name: string): Map<string, number> {
  let list = localLists.get(name);
  if (!list) localLists.set(name, (list = new Map<string, number>()));
  return list;
}
