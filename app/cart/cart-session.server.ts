/** The cart's signed cookie: only `encodeCart` output, product ids and quantities. */
import type { SessionStorage } from "react-router";
import type { Config } from "~/platform/config.server";
import { config } from "~/platform/config.server";
import { createSignedCookieSession } from "~/platform/cookie-session.server";

export interface CartSessionData {
  c: string;
}

export function createCartSessionStorage(cfg: Config = config()): SessionStorage<CartSessionData> {
  return createSignedCookieSession<CartSessionData>(
    { name: "carrito", maxAge: 60 * 60 * 24 * 30 },
    cfg,
  );
}

let storage: SessionStorage<CartSessionData> | undefined;

export function cartSessionStorage(): SessionStorage<CartSessionData> {
  storage ??= createCartSessionStorage();
  return storage;
}
