/**
 * The one factory for signed cookie sessions (cart, notice, checkout, staff). Every storage
 * signs with the first secret of SESSION_SECRET and verifies with all of them, so a secret can
 * be rotated without emptying carts. Cookies are HttpOnly; in production they are Secure and
 * `__Host-`-named unless INSECURE_COOKIES is set for a plain-HTTP demo.
 */
import { createCookieSessionStorage, type SessionData, type SessionStorage } from "react-router";
import { type Config, config } from "./config.server.ts";

function cookieSecurity(cfg: Config) {
  const secure = cfg.isProduction && !cfg.insecureCookies;
  return { secure, prefix: secure ? "__Host-" : "" };
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
  return createCookieSessionStorage<Data, Flash>({
    cookie: {
      name: `${prefix}${options.name}`,
      httpOnly: true,
      sameSite: options.sameSite ?? "lax",
      path: "/",
      secure,
      secrets: cfg.sessionSecrets,
      maxAge: options.maxAge,
    },
  });
}
