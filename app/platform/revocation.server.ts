/**
 * A list of revoked ids (the staff sessions ended by 'Cerrar sesión', docs/decisions/0401): kept
 * in this process's memory, and in Redis too when REDIS_URL is set so every instance refuses the
 * id. Each entry lives only as long as the thing it revokes could, then disappears on its own.
 * If Redis fails, a check fails open (logged) like the rate limits: only the ids revoked by this
 * process are then refused.
 */
import { config } from "./config.server.ts";
import { logger } from "./logger.server.ts";
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
  // id → end of the revocation (ms). Small: only signed-in users add to it, once per sign-out.
  const local = new Map<string, number>();
  const redis = redisUrl ? sharedRedis(redisUrl) : undefined;
  const key = (id: string) => `rv:${name}:${id}`;
  const failOpen = (error: unknown) => {
    logger.warn(
      { list: name, err: error instanceof Error ? error.message : String(error) },
      "revocation store failed: local revocations only",
    );
  };

  return {
    async revoke(id, seconds) {
      const ttl = Math.ceil(seconds);
      if (ttl <= 0) return;
      const at = now();
      for (const [known, until] of local) if (until <= at) local.delete(known);
      local.set(id, at + ttl * 1000);
      await redis?.set(key(id), "1", "EX", ttl).catch(failOpen);
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
        failOpen(error);
        return false;
      }
    },
  };
}
