/**
 * The one call a browser makes to the gateway itself: card tokenization (docs/decisions/0432).
 * As a real gateway's browser API does, it answers CORS for the store's origin only (preflight
 * included) and asks for the merchant's public key (`Authorization: Basic base64(key:)`);
 * every other origin is refused. Every call shows the key, a server's (without an Origin) too:
 * a token call without it would be a free card-checking service (docs/decisions/0511).
 */
import type { MiddlewareHandler } from "hono";
import { gatewayError } from "./gateway.ts";

export interface BrowserAccess {
  /** The public key a browser's token call must show. */
  publicKey: string;
  /** Origins besides the sandbox's own that may call it from a browser (the store's). */
  allowedOrigins: readonly string[];
}

export const SANDBOX_PUBLIC_KEY = "pk_sandbox_tienda";

/** SANDBOX_PUBLIC_KEY and SANDBOX_ALLOWED_ORIGINS (comma-separated origins). */
export function browserAccessFromEnv(env: NodeJS.ProcessEnv = process.env): BrowserAccess {
  return {
    publicKey: env.SANDBOX_PUBLIC_KEY?.trim() || SANDBOX_PUBLIC_KEY,
    allowedOrigins: (env.SANDBOX_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim().replace(/\/+$/, ""))
      .filter(Boolean),
  };
}

const refusal = (code: 1002 | 1001, status: 401 | 403, description: string) => {
  const error = gatewayError(code, description);
  error.http_code = status;
  return Response.json(error, { status, headers: { "Cache-Control": "no-store" } });
};

/** Guards the token call: CORS for the allowed origins, the public key for every call. */
export function browserTokenAccess(access: BrowserAccess): MiddlewareHandler {
  return async (c, next) => {
    const expected = `Basic ${btoa(`${access.publicKey}:`)}`;
    const origin = c.req.header("Origin");
    if (!origin) {
      if (c.req.header("Authorization") !== expected) {
        return refusal(1002, 401, "Llave pública ausente o incorrecta");
      }
      return next();
    }
    const own = new URL(c.req.url).origin;
    if (origin !== own && !access.allowedOrigins.includes(origin)) {
      return refusal(1001, 403, "Origen no permitido para la tokenización desde el navegador");
    }
    const cors = {
      "Access-Control-Allow-Origin": origin,
      Vary: "Origin",
    };
    if (c.req.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          "Access-Control-Allow-Methods": "POST",
          "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept",
          "Access-Control-Max-Age": "600",
        },
      });
    }
    if (c.req.header("Authorization") !== expected) {
      const answer = refusal(1002, 401, "Llave pública ausente o incorrecta");
      for (const [name, value] of Object.entries(cors)) answer.headers.set(name, value);
      return answer;
    }
    await next();
    for (const [name, value] of Object.entries(cors)) c.res.headers.set(name, value);
  };
}
