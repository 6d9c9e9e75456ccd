/**
 * What a gateway adds around its card token call (docs/decisions/0511): a fingerprint of each
 * token's card, the same for every token of one number whatever its expiry, which the merchant
 * may look up by the token (GET /payments/card/token/{id}) to count a card's attempts without
 * seeing it; and limits on the token calls themselves, per public key and per client address,
 * so the call is no free card-checking service.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Hono, MiddlewareHandler } from "hono";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { gatewayError } from "./gateway.ts";
import type { PaymentsStore } from "./store.ts";

/** Set by whoever serves the sandbox (the store's mount, serve.ts) from the connection. */
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

/** How long a token's fingerprint can be looked up (a token is used within minutes, or never). */
const FINGERPRINT_TTL_MS = 60 * 60 * 1000;

interface Fingerprints {
  remember(tokenId: string, digits: string): string;
  of(tokenId: string): string | undefined;
}

const byStore = new WeakMap<PaymentsStore, Fingerprints>();

/**
 * The fingerprints of a payments store, kept in its SQLite file beside the tokens (tables of
 * their own): every process of the store (the cluster's workers, several instances on one data
 * folder) computes the same fingerprint with the same secret and finds a token made by another.
 */
function fingerprintsOf(store: PaymentsStore): Fingerprints {
  const known = byStore.get(store);
  if (known) return known;
  store.db.exec(`
    CREATE TABLE IF NOT EXISTS card_fingerprint_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS card_fingerprints (token_id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, created_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS card_fingerprints_created ON card_fingerprints (created_at);
  `);
  store.db
    .prepare("INSERT OR IGNORE INTO card_fingerprint_secret (id, secret) VALUES (1, ?)")
    .run(randomBytes(32).toString("base64url"));
  const row = store.db.prepare("SELECT secret FROM card_fingerprint_secret WHERE id = 1").get();
  const secret = String(row?.secret);
  const insert = store.db.prepare(
    "INSERT OR REPLACE INTO card_fingerprints (token_id, fingerprint, created_at) VALUES (?, ?, ?)",
  );
  const forget = store.db.prepare("DELETE FROM card_fingerprints WHERE created_at < ?");
  const select = store.db.prepare(
    "SELECT fingerprint FROM card_fingerprints WHERE token_id = ? AND created_at >= ?",
  );
  const fingerprints: Fingerprints = {
    remember(tokenId, digits) {
      // A keyed hash of the number alone: never the expiry, the holder or the CVV.
      const fingerprint = createHmac("sha256", secret)
        .update(digits)
        .digest("base64url")
        .slice(0, 24);
      const at = Date.now();
      forget.run(at - FINGERPRINT_TTL_MS);
      insert.run(tokenId, fingerprint, at);
      return fingerprint;
    },
    of(tokenId) {
      const found = select.get(tokenId, Date.now() - FINGERPRINT_TTL_MS);
      return found ? String(found.fingerprint) : undefined;
    },
  };
  byStore.set(store, fingerprints);
  return fingerprints;
}

/** Notes the fingerprint of a new token's card and returns it, for the token's answer. */
export function rememberFingerprint(store: PaymentsStore, tokenId: string, digits: string) {
  return fingerprintsOf(store).remember(tokenId, digits);
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
export function cardTokenRoutes(app: Hono, store: PaymentsStore) {
  app.get("/payments/card/token/:tokenId", (c) => {
    const id = c.req.param("tokenId");
    const fingerprint = fingerprintsOf(store).of(id);
    if (!fingerprint) return c.json({ error: "Token no encontrado" }, 404);
    return c.json({ id, fingerprint });
  });
}
