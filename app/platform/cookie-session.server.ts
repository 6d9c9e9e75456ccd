/**
 * The one factory for signed cookie sessions (cart, notice, checkout, staff). Every storage
 * signs with the first secret of SESSION_SECRET and verifies with all of them, so a secret can
 * be rotated without emptying carts. Cookies are HttpOnly; in production they are Secure and
 * `__Host-`-named unless INSECURE_COOKIES is set for a plain-HTTP demo.
 */
import { LRUCache } from "lru-cache";
import {
  createCookieSessionStorage,
  createSession,
  type Session,
  type SessionData,
  type SessionStorage,
} from "react-router";
import { type Config, config } from "./config.server.ts";

function cookieSecurity(cfg: Config) {
  const secure = cfg.isProduction && !cfg.insecureCookies;
  return { secure, prefix: secure ? "__Host-" : "" };
}

/** What reading a cookie needs of a request: its headers, one at a time (a Fetch Request fits). */
export interface CookieRequest {
  readonly headers: Pick<Headers, "get">;
}

export interface CookieSessionOptions {
  /** Name without the `__Host-` prefix, which is added where it applies. */
  name: string;
  /** Seconds. */
  maxAge: number;
  /** Lax by default: Strict would drop the cookie when a bank or a link brings the shopper back. */
  sameSite?: "lax" | "strict";
}

export function createSignedCookieSession<Data = SessionData, Flash = Data>(
  options: CookieSessionOptions,
  cfg: Config = config(),
): SessionStorage<Data, Flash> {
  const { secure, prefix } = cookieSecurity(cfg);
  const name = `${prefix}${options.name}`;
  const storage = createCookieSessionStorage<Data, Flash>({
    cookie: {
      name,
      httpOnly: true,
      sameSite: options.sameSite ?? "lax",
      path: "/",
      secure,
      secrets: cfg.sessionSecrets,
      maxAge: options.maxAge,
    },
  });
  // Verifying a signature imports a Web Crypto key and computes an HMAC, about 4 % of a page
  // for a shopper with a cart, who sends the same signed value on every page. A value verifies
  // the same way while the process runs (the secrets are read once), so its data is kept.
  const verified = new LRUCache<string, Record<string, unknown>>({ max: 10_000 });
  return {
    ...storage,
    async getSession(cookieHeader, parseOptions) {
      const raw = cookieValue(cookieHeader, name);
      // No such cookie: an empty session, without parsing the header again (a notice is rare).
      if (raw === undefined) return createSession<Data, Flash>();
      const known = verified.get(raw);
      if (known) return createSession(structuredClone(known)) as Session<Data, Flash>;
      const session = await storage.getSession(cookieHeader, parseOptions);
      if (Object.keys(session.data).length > 0) {
        verified.set(raw, structuredClone(session.data));
      }
      return session;
    },
  };
}

/** The raw (still signed and encoded) value of cookie `name` in a Cookie header. */
function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
