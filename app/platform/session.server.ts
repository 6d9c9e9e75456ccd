/**
 * Signed cookie sessions. Every storage signs with the first secret of
 * SESSION_SECRET and verifies with all of them, so a secret can be rotated
 * without emptying carts. Production cookies are Secure and `__Host-`-named
 * unless INSECURE_COOKIES is set for a plain-HTTP demo.
 */
import { createCookieSessionStorage, type SessionStorage } from "react-router";
import { type Config, config } from "./config.server";
import type { FlashNotice } from "~/layout/flash.server";

/** The cart cookie holds only `encodeCart` output: product ids and quantities. */
export interface CartSessionData {
  c: string;
}
export interface FlashSessionData {
  notice: FlashNotice;
}

export function cookieSecurity(cfg: Config) {
  const secure = cfg.isProduction && !cfg.insecureCookies;
  return { secure, prefix: secure ? "__Host-" : "" };
}

export function createCartSessionStorage(cfg: Config): SessionStorage<CartSessionData> {
  const { secure, prefix } = cookieSecurity(cfg);
  return createCookieSessionStorage<CartSessionData>({
    cookie: {
      name: `${prefix}carrito`,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: cfg.sessionSecrets,
      maxAge: 60 * 60 * 24 * 30,
    },
  });
}

export function createFlashSessionStorage(
  cfg: Config,
): SessionStorage<Record<string, never>, FlashSessionData> {
  const { secure, prefix } = cookieSecurity(cfg);
  return createCookieSessionStorage<Record<string, never>, FlashSessionData>({
    cookie: {
      name: `${prefix}aviso`,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: cfg.sessionSecrets,
      // A notice is for the very next page; an unread one should not linger.
      maxAge: 60,
    },
  });
}

let cartStorage: SessionStorage<CartSessionData> | undefined;
let flashStorage: SessionStorage<Record<string, never>, FlashSessionData> | undefined;

export function cartSessionStorage() {
  cartStorage ??= createCartSessionStorage(config());
  return cartStorage;
}

export function flashSessionStorage() {
  flashStorage ??= createFlashSessionStorage(config());
  return flashStorage;
}

/** Name of the cart cookie in this process (used by the cache rule). */
export function cartCookieName(): string {
  return `${cookieSecurity(config()).prefix}carrito`;
}
