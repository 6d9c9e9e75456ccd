/**
 * What a gateway adds around its card token call (docs/decisions/0511): a fingerprint of each
 * token's card, the same for every token of one number whatever its expiry, which the merchant
 * may look up by the token (GET /payments/card/token/{id}) to count a card's attempts without
 * seeing it; and limits on the token calls themselves, per public key and per client address,
 * so the call is no free card-checking service.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Hono, MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { gatewayError } from "./gateway.ts";

/** Set by whoever serves the sandbox (server.ts's mount, serve.ts) from the connection. */
export const SANDBOX_CLIENT_HEADER = "x-sandbox-client-address";

/** Token calls allowed per client address and per public key, and in how many seconds. */
export const TOKEN_CALL_LIMITS = {
  /**
   * A shopper makes one per attempt, a few per checkout; many shoppers may share one office or
   * carrier address.
   */
  address: { calls: 60, seconds: 10 * 60 },
  /** Every shopper of the merchant together. */
  key: { calls: 600, seconds: 60 },
} as const;

/** The gateway's own secret for fingerprints: never leaves the process. */
const FINGERPRINT_SECRET = randomBytes(32);

/** A token's card fingerprint: a keyed hash of the number alone. */
function cardFingerprint(digits: string): string {
  return createHmac("sha256", FINGERPRINT_SECRET).update(digits).digest("base64url").slice(0, 24);
}

/** Fingerprints of the tokens made lately (a token is used within minutes, or never). */
const fingerprints = new LRUCache<string, string>({ max: 50_000, ttl: 60 * 60 * 1000 });

/** Notes the fingerprint of a new token's card and returns it, for the token's answer. */
export function rememberFingerprint(tokenId: string, digits: string): string {
  const fingerprint = cardFingerprint(digits);
  fingerprints.set(tokenId, fingerprint);
  return fingerprint;
}

/** The token call's limits: refused with 429 and Retry-After before the card is even read. */
export function tokenCallLimits(): MiddlewareHandler {
  const make = (scope: keyof typeof TOKEN_CALL_LIMITS) =>
    new RateLimiterMemory({
      keyPrefix: `token-${scope}`,
      points: TOKEN_CALL_LIMITS[scope].calls,
      duration: TOKEN_CALL_LIMITS[scope].seconds,
    });
  const byAddress = make("address");
  const byKey = make("key");
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const address = c.req.header(SANDBOX_CLIENT_HEADER) ?? "unknown";
    const key = c.req.header("Authorization") ?? "";
    try {
      // One at a time and atomic: parallel calls cannot all pass.
      await byAddress.consume(address);
      await byKey.consume(key);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      const error = gatewayError(1000, "Demasiadas solicitudes de tokenización: intenta más tarde");
      error.http_code = 429;
      return Response.json(error, {
        status: 429,
        headers: {
          "Cache-Control": "no-store",
          "Retry-After": String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))),
        },
      });
    }
    return next();
  };
}

/** GET /payments/card/token/{id}: the token's fingerprint, for the merchant's server. */
export function cardTokenRoutes(app: Hono) {
  app.get("/payments/card/token/:tokenId", (c) => {
    const id = c.req.param("tokenId");
    const fingerprint = fingerprints.get(id);
    if (!fingerprint) return c.json({ error: "Token no encontrado" }, 404);
    return c.json({ id, fingerprint });
  });
}
