/**
 * The embedded sandbox's own modules (its catalogue in SQLite, the payments, the HTTP routes and
 * what they load: Hono, bwip-js), imported by `getSandbox` (./index.ts) when a store first uses
 * it: 6–8 MB a store with a remote API does not hold (docs/decisions/0655).
 */
import { CatalogueStore } from "./catalogue/db.ts";
import { ensureCatalogueDb } from "./catalogue/db-build.ts";
import { getPayments } from "./payments/index.ts";
import { createSandboxApp } from "./router.ts";

/** The catalogue of a data folder, generated first if it is not there. */
export async function openCatalogue(dataDir: string): Promise<CatalogueStore> {
  return new CatalogueStore(await ensureCatalogueDb(dataDir));
}

/** The sandbox's HTTP app over a catalogue, with the payments of the same data folder. */
export function openApp(
  catalogue: CatalogueStore,
  options: { dataDir: string; publicBase: string; storeOrigin?: string },
) {
  return createSandboxApp({
    catalogue,
    payments: getPayments(options),
    publicBase: options.publicBase,
  });
}
