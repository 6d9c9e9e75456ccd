import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { Seller } from "./seller.ts";

/**
 * Environment, validated once at start. A bad value stops the process with one
 * line naming the variable (see `loadConfig`).
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "debe ser una URL http(s) absoluta" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  API_TOKEN: optionalString,
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  API_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(6),
  API_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(1_000),
  PAYMENTS_BROWSER_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(https?:\/\/[^\s/]+|\/[^\s]*)$/, "debe ser una URL http(s) absoluta o una ruta /…")
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  PAYMENTS_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, "debe ser la llave pública de la pasarela")
    .default("pk_sandbox_tienda"),
  CARD_FORM_WITHOUT_JS: z.enum(["on", "off"]).default("on"),
  ANTIFRAUD_SCRIPT_URL: optionalString.pipe(
    z.url({ protocol: /^https$/, error: "debe ser una URL https absoluta" }).optional(),
  ),
  PAYMENT_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // The cash networks' cap on one payment (docs/decisions/0570); larger orders are not offered cash.
  CASH_MAX_AMOUNT: z.coerce.number().int().min(1).max(100_000_000).default(3_000_000),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  SESSION_SECRET: optionalString,
  SANDBOX_DATA_DIR: z.string().trim().min(1).default(".data/sandbox"),
  SALES_EMAIL: z.email().default("ventas@seguridadtelecom.com.co"),
  SALES_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/, "debe ser un teléfono, por ejemplo +57 601 555 0123")
    .default("+57 601 555 0123"),
  SELLER_NAME: z.string().trim().min(2).max(120).default("SegTel Colombia S.A.S."),
  SELLER_NIT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{3})*-\d$/, "debe ser un NIT con su dígito, por ejemplo 900.123.456-8")
    .default("900.123.456-8"),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(200)
    .default("Calle 93 # 11-28, oficina 502, Bogotá D.C."),
  TRUST_PROXY: optionalString,
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: "debe ser el origen público http(s) de la tienda" })
      .refine((v) => {
        const url = URL.parse(v);
        return url?.pathname === "/" && !url.search && !url.hash && !url.username;
      }, "debe ser solo un origen, como https://tienda.example.co")
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  INSECURE_COOKIES: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: "debe ser una URL redis:// o rediss://" }).optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STAFF_USERS: optionalString,
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, "debe ser un puerto (1–65535)")
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, "debe tener al menos 16 caracteres, sin espacios")
      .optional(),
  ),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  /** Origin of a remote merchant API, or undefined for the embedded sandbox. */
  apiUrl: string | undefined;
  apiToken: string | undefined;
  apiTimeoutMs: number;
  apiConcurrency: number;
  /** Upstream calls that may wait for a slot before new ones get a quick 503. */
  apiQueueMax: number;
  /**
   * The merchant API as the browser reaches it, for the card token call: the embedded sandbox's
   * `/sandbox`, or the public origin of a remote API (by default API_URL).
   */
  paymentsBrowserUrl: string;
  /** The gateway's public key, which the browser's token call carries (never the private one). */
  paymentsPublicKey: string;
  /** Whether a browser without JavaScript may post a card number to the store (PCI scope). */
  cardFormWithoutJs: boolean;
  /** An anti-fraud script the card payment page loads (the gateway's device data), if any. */
  antifraudScriptUrl: string | undefined;
  /**
   * How long after a charge request left without an answer "the gateway lists no charge" still
   * reads as unknown (a charge created late); after it the shopper is told nothing was charged.
   */
  paymentGraceSeconds: number;
  /** Methods offered only up to an amount, in pesos, by registry id (docs/decisions/0570). */
  paymentCaps: Readonly<Record<string, number>>;
  /** Size bound of the whole-page cache (docs/decisions/0384, 0470); 0 turns it off. */
  pageCacheMb: number;
  sessionSecrets: string[];
  sandboxDataDir: string;
  salesEmail: string;
  salesPhone: string;
  /** Who sells: on receipts and in the footer. */
  seller: Seller;
  trustProxy: string | undefined;
  /**
   * The store's public origin (PUBLIC_URL): every absolute URL it publishes (canonical, Open
   * Graph, JSON-LD, sitemaps, robots.txt, the bank's return address) is built on it, and a
   * request for another host is refused (docs/decisions/0513). Required in production behind a
   * proxy; unset, the request's own Host is used (development, demos).
   */
  publicUrl: string | undefined;
  /** Plain-HTTP demo on a non-localhost host: cookies without Secure/__Host-. */
  insecureCookies: boolean;
  logLevel: string;
  /** Shared store for rate limits across instances; unset = per-process memory. */
  redisUrl: string | undefined;
  /**
   * Staff accounts, `user=hash` entries (raw). Parsed and checked at start by the staff part
   * (app/staff/staff-access.server.ts), which the shared platform may not import.
   */
  staffUsers: string | undefined;
  /** A port of its own for `/metrics` (never the shop's); unset = no metrics port. */
  metricsPort: number | undefined;
  /**
   * The bearer token `/metrics` asks for. Without METRICS_PORT it puts `/metrics` on the shop's
   * port, behind the token; with neither, there is no `/metrics` (docs/decisions/0440).
   */
  metricsToken: string | undefined;
};

export class ConfigError extends Error {}

/**
 * The origin the store's links are made of where no request is at hand (the order e-mails the
 * merchant API sends): PUBLIC_URL, or the local demo's own address.
 */
export function storeOrigin(cfg: Config = config()): string {
  return cfg.publicUrl ?? `http://localhost:${cfg.port}`;
}

let generatedSecret = false;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "entorno");
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      "Invalid environment variable METRICS_PORT: must differ from PORT (the metrics are not public)",
    );
  }
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && e.TRUST_PROXY && !e.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid environment variable PUBLIC_URL: required in production behind a proxy (TRUST_PROXY), for example https://tienda.example.co",
    );
  }
  let sessionSecrets = (e.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (sessionSecrets.some((s) => s.length < 16)) {
    throw new ConfigError(
      "Invalid environment variable SESSION_SECRET: each secret must have at least 16 characters",
    );
  }
  if (sessionSecrets.length === 0) {
    if (isProduction && e.API_URL) {
      throw new ConfigError(
        "Invalid environment variable SESSION_SECRET: required in production with a remote API",
      );
    }
    // Demo and tests: a per-process secret; carts do not survive a restart. It goes into the
    // environment it was read from, so the server and the app build (each with its own copy of
    // this module) sign with the same one, as cluster.ts does for its workers.
    sessionSecrets = [randomBytes(32).toString("hex")];
    env.SESSION_SECRET = sessionSecrets[0];
    generatedSecret = true;
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    apiUrl: e.API_URL,
    apiToken: e.API_TOKEN,
    apiTimeoutMs: e.API_TIMEOUT_MS,
    apiConcurrency: e.API_CONCURRENCY,
    apiQueueMax: e.API_QUEUE_MAX,
    paymentsBrowserUrl: e.PAYMENTS_BROWSER_URL ?? e.API_URL ?? "/sandbox",
    paymentsPublicKey: e.PAYMENTS_PUBLIC_KEY,
    cardFormWithoutJs: e.CARD_FORM_WITHOUT_JS === "on",
    antifraudScriptUrl: e.ANTIFRAUD_SCRIPT_URL,
    paymentGraceSeconds: e.PAYMENT_GRACE_SECONDS,
    paymentCaps: { cash: e.CASH_MAX_AMOUNT },
    pageCacheMb: e.PAGE_CACHE_MB,
    sessionSecrets,
    sandboxDataDir: path.resolve(e.SANDBOX_DATA_DIR),
    salesEmail: e.SALES_EMAIL,
    salesPhone: e.SALES_PHONE,
    seller: { name: e.SELLER_NAME, nit: e.SELLER_NIT, address: e.SELLER_ADDRESS },
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    insecureCookies: e.INSECURE_COOKIES,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    staffUsers: e.STAFF_USERS,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** True when SESSION_SECRET was not set and a random one is in use (logged as a warning). */
export function usesGeneratedSecret() {
  return generatedSecret;
}

let cached: Config | undefined;
/** The process configuration, validated on first use. */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}
