/**
 * Entry point for mounting the payments API next to the catalogue: one store
 * per data folder for the whole process, opened on first use.
 */
import path from "node:path";
import type { Hono } from "hono";
import { createPaymentsApp } from "./routes.ts";
import type { PaymentsAppOptions } from "./context.ts";
import { PaymentsStore } from "./store.ts";

export { PAYMENTS_DB_FILE } from "./store.ts";

/** Paths the payments app answers, with or without the /sandbox mount prefix and the /_falla/{mode} fault prefix. */
const PAYMENTS_PATH =
  /^(?:\/sandbox)?(?:\/_falla\/[A-Za-z0-9-]{1,40})?\/(?:payments|api\/payments|banco-pse|punto-de-pago|correos)(?:\/|$)/;

export function isPaymentsPath(pathname: string): boolean {
  return PAYMENTS_PATH.test(pathname);
}

export interface PaymentsOptions extends Omit<PaymentsAppOptions, "store"> {
  dataDir: string;
}

export interface Payments {
  fetch(request: Request): Promise<Response>;
}

interface Entry {
  store?: PaymentsStore;
  apps: Map<string, Hono>;
}

/** The open payment stores, by data folder. */
const opened = new Map<string, Entry>();

/** SANDBOX_SLOW_CHARGE_MS, when set to a whole number, shortens or lengthens the slow-charge fault. */
function slowFromEnv(): number | undefined {
  const raw = process.env.SANDBOX_SLOW_CHARGE_MS;
  return raw && /^\d{1,7}$/.test(raw) ? Number(raw) : undefined;
}

export function getPayments(options: PaymentsOptions): Payments {
  const dataDir = path.resolve(options.dataDir);
  const publicBase = options.publicBase.replace(/\/+$/, "");
  const reg = opened;
  let entry = reg.get(dataDir);
  if (!entry) {
    entry = { apps: new Map() };
    reg.set(dataDir, entry);
  }
  const e = entry;
  const appFor = (): Hono => {
    e.store ??= new PaymentsStore(dataDir);
    let app = e.apps.get(publicBase);
    if (!app) {
      app = createPaymentsApp({
        ...options,
        publicBase,
        store: e.store,
        slowChargeMs: options.slowChargeMs ?? slowFromEnv(),
      });
      e.apps.set(publicBase, app);
    }
    return app;
  };
  return {
    async fetch(request) {
      let app: Hono;
      try {
        app = appFor();
      } catch (error) {
        console.error("sandbox payments: database unavailable", error);
        return Response.json(
          { error: "La base de datos de pagos del sandbox no está disponible" },
          { status: 503, headers: { "Content-Type": "application/json; charset=utf-8" } },
        );
      }
      return app.fetch(request);
    },
  };
}
