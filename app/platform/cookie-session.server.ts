/**
 * The one factory for signed cookie sessions (cart, notice, checkout, staff). Every storage
 * signs with the first secret of SESSION_SECRET and verifies with all of them, so a secret can
 * be rotated without emptying carts. Cookies are HttpOnly; in production they are Secure and
 * `__Host-`-named unless INSECURE_COOKIES is set for a plain-HTTP demo.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize, type CookieSerializeOptions } from "cookie-es";
import {
  type Cookie,
  createCookieSessionStorage,
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
  // Verifying a value again on each request (about 7 µs) costs less than keeping what it held
  // and cloning it for each request did (about 13 µs), now that no Web Crypto key is imported.
  return createCookieSessionStorage<Data, Flash>({
    cookie: signedCookie(
      name,
      {
        httpOnly: true,
        sameSite: options.sameSite ?? "lax",
        path: "/",
        secure,
        maxAge: options.maxAge,
      },
      cfg.sessionSecrets,
    ),
  });
}

/**
 * A signed cookie in React Router's own format (`createCookie` with secrets: the value's JSON
 * in base64, a dot, its HMAC-SHA256 in base64 without padding), so the cookies either writes
 * the other reads. React Router computes each signature through Web Crypto, importing the key
 * anew every time: 150–250 µs of CPU a session written, against 15–45 here (docs/decisions/0600).
 */
export function signedCookie(
  name: string,
  options: CookieSerializeOptions,
  secrets: readonly string[],
): Cookie {
  if (secrets.length === 0) throw new Error(`cookie ${name}: no secret to sign it with`);
  const read = (value: string | undefined) => {
    if (value === undefined) return null;
    if (value === "") return "";
    for (const secret of secrets) {
      const data = unsigned(value, secret);
      if (data !== undefined) return decodeData(data);
    }
    return null;
  };
  return {
    name,
    isSigned: true,
    get expires() {
      return options.maxAge === undefined
        ? options.expires
        : new Date(Date.now() + options.maxAge * 1000);
    },
    // React Router's interface is asynchronous; the work here is not.
    parse(header) {
      return Promise.resolve(header ? read(parse(header)[name]) : null);
    },
    serialize(value, serializeOptions) {
      const signed = value === "" ? "" : signature(encodeData(value), secrets[0]);
      return Promise.resolve(serialize(name, signed, { ...options, ...serializeOptions }));
    },
  };
}

const hmac = (data: string, secret: string) =>
  createHmac("sha256", secret).update(data).digest("base64").replace(/=+$/, "");

const signature = (data: string, secret: string) => `${data}.${hmac(data, secret)}`;

/** The data of a value signed with `secret`, or undefined. */
function unsigned(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf(".");
  if (dot < 0) return undefined;
  const data = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(hmac(data, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? data : undefined;
}

const encodeData = (value: unknown) =>
  Buffer.from(JSON.stringify(value), "utf8").toString("base64");

/** As React Router reads a signed value: what is not JSON reads as empty. */
function decodeData(data: string): unknown {
  try {
    return JSON.parse(Buffer.from(data, "base64").toString("utf8")) as unknown;
  } catch {
    return {};
  }
}
