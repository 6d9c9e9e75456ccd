/**
 * The embedded sandbox merchant API: a generated catalogue in SQLite behind
 * the same HTTP contract as the merchant's API (see sandbox/README.md).
 *
 * One instance per data folder: the store's API client and the server's
 * `/sandbox` mount (both in the app's build) share it. Its modules load with the first one: a
 * store with a remote API never loads them (docs/decisions/0655).
 */
import path from "node:path";
import type { CatalogueStore } from "./catalogue/db.ts";

export { isBrowserLoad, SANDBOX_PREFIX } from "./browser-paths.ts";
export { SANDBOX_CLIENT_HEADER } from "./payments/card-tokens.ts";

export interface SandboxOptions {
  dataDir: string;
  /** Base for URLs the browser loads (images, PDFs): a path like /sandbox, or "" to use the request origin. */
  publicBase: string;
  /** The store's absolute address (http(s)) for links in the order e-mails; without it they are root-relative. */
  storeOrigin?: string;
}

export interface Sandbox {
  ready: Promise<void>;
  fetch(request: Request): Promise<Response>;
}

interface Entry {
  store: Promise<CatalogueStore>;
  /** One handler per public base, all over the same store. */
  sandboxes: Map<string, Sandbox>;
}

/** The open sandboxes, by data folder. */
const opened = new Map<string, Entry>();

export function getSandbox(options: SandboxOptions): Sandbox {
  const dataDir = path.resolve(options.dataDir);
  const publicBase = options.publicBase.replace(/\/+$/, "");
  const reg = opened;
  let entry = reg.get(dataDir);
  if (!entry) {
    const store = import("./open.ts").then(({ openCatalogue }) => openCatalogue(dataDir));
    store.catch(() => {}); // reported through ready/fetch; avoid an unhandled rejection
    entry = { store, sandboxes: new Map() };
    reg.set(dataDir, entry);
  }
  const existing = entry.sandboxes.get(publicBase);
  if (existing) return existing;

  const storePromise = entry.store;
  const handler = Promise.all([storePromise, import("./open.ts")]).then(([store, { openApp }]) => {
    const app = openApp(store, { dataDir, publicBase, storeOrigin: options.storeOrigin });
    return (request: Request) => Promise.resolve(app.fetch(request));
  });
  handler.catch(() => {});
  const ready = storePromise.then(() => undefined);
  ready.catch(() => {});
  const sandbox: Sandbox = {
    ready,
    async fetch(request) {
      let handle: (request: Request) => Promise<Response>;
      try {
        handle = await handler;
      } catch (error) {
        console.error("sandbox: catalogue unavailable", error);
        return Response.json(
          { error: "El catálogo de pruebas no está disponible" },
          { status: 503, headers: { "Content-Type": "application/json; charset=utf-8" } },
        );
      }
      return handle(request);
    },
  };
  entry.sandboxes.set(publicBase, sandbox);
  return sandbox;
}
