/**
 * The embedded sandbox's own modules (its catalogue in SQLite, the payments, the HTTP routes and
 * what they load: Hono, bwip-js), imported by `getSandbox` (./index.ts) when a store first uses
 * it: 6–8 MB a store with a remote API does not hold (docs/decisions/0655).
 */
import { ensureCatalogueDb } from "./catalogue/db-build.ts";
import {
  answerOf,
  type CatalogueThread,
  responseOf,
  type SandboxAnswer,
  type SandboxCall,
  startCatalogueThread,
} from "./catalogue-thread.ts";
import { getPayments, isPaymentsPath } from "./payments/index.ts";
import { malformedPath } from "./router.ts";

/** The catalogue of a data folder on its own thread, the file generated first if it is not there. */
export async function openCatalogueThread(dataDir: string): Promise<CatalogueThread> {
  const thread = startCatalogueThread(await ensureCatalogueDb(dataDir));
  await thread.ready;
  return thread;
}

/**
 * The sandbox as one API: the payments side here, with its state, fault prefixes and Openpay
 * error shapes; every other path on the catalogue's thread (docs/decisions/0685).
 */
export function openSandbox(
  thread: CatalogueThread,
  options: { dataDir: string; publicBase: string; storeOrigin?: string },
) {
  const payments = getPayments(options);
  const { publicBase } = options;
  const paymentsAnswer = (request: Request) =>
    malformedPath(request.url) ?? payments.fetch(request);
  const forPayments = (url: string) => isPaymentsPath(new URL(url).pathname);
  return {
    /** A call as plain data, as the store's API client makes it (no Fetch objects both ways). */
    async call(
      call: Omit<SandboxCall, "publicBase">,
      signal?: AbortSignal,
    ): Promise<SandboxAnswer> {
      if (!forPayments(call.url)) return thread.call({ ...call, publicBase });
      const { method, url, headers, body } = call;
      return answerOf(await paymentsAnswer(new Request(url, { method, headers, body, signal })));
    },
    /** A browser's request through the server's mount, or a test's. */
    async fetch(request: Request): Promise<Response> {
      if (forPayments(request.url)) return paymentsAnswer(request);
      const { method, url } = request;
      const body = method === "GET" || method === "HEAD" ? undefined : await request.text();
      const headers = Object.fromEntries(request.headers);
      return responseOf(await thread.call({ method, url, headers, body, publicBase }));
    },
  };
}
