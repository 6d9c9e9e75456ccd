/**
 * The embedded sandbox merchant API: a generated catalogue in SQLite behind
 * the same HTTP contract as the merchant's API (see sandbox/README.md).
 *
 * One instance per data folder: the store's API client and the server's
 * `/sandbox` mount (both in the app's build) share it. Its modules load with the first one: a
 * store with a remote API never loads them (docs/decisions/0655).
 */
import path from "node:path";
import type { CatalogueThread, SandboxAnswer, SandboxCall } from "./catalogue-thread.ts";
import { CATALOGUE_UNAVAILABLE, error, plainError } from "./http.ts";

export type { SandboxAnswer } from "./catalogue-thread.ts";

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
  /**
   * A call as plain data, the store's API client's way: no Fetch objects on the store's thread
   * for a catalogue call. The signal reaches the payments side only (it runs on this thread).
   */
  call(call: Omit<SandboxCall, "publicBase">, signal?: AbortSignal): Promise<SandboxAnswer>;
}

interface Entry {
  thread: Promise<CatalogueThread>;
  /** One handler per public base, all over the same catalogue thread. */
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
    const thread = import("./open.ts").then(({ openCatalogueThread }) =>
      openCatalogueThread(dataDir),
    );
    thread.catch(() => {}); // reported through ready/fetch; avoid an unhandled rejection
    entry = { thread, sandboxes: new Map() };
    reg.set(dataDir, entry);
  }
  const existing = entry.sandboxes.get(publicBase);
  if (existing) return existing;

  const handler = Promise.all([entry.thread, import("./open.ts")]).then(
    ([thread, { openSandbox }]) =>
      openSandbox(thread, { dataDir, publicBase, storeOrigin: options.storeOrigin }),
  );
  handler.catch(() => {});
  const ready = entry.thread.then(() => undefined);
  ready.catch(() => {});
  /** The handler, or null (logged) when the catalogue could not be opened: a 503 then. */
  const openedHandler = () =>
    handler.catch((failure: unknown) => {
      console.error("sandbox: catalogue unavailable", failure);
      return null;
    });
  const sandbox: Sandbox = {
    ready,
    async fetch(request) {
      return (await openedHandler())?.fetch(request) ?? error(503, CATALOGUE_UNAVAILABLE);
    },
    async call(call, signal) {
      return (await openedHandler())?.call(call, signal) ?? plainError(503, CATALOGUE_UNAVAILABLE);
    },
  };
  entry.sandboxes.set(publicBase, sandbox);
  return sandbox;
}
