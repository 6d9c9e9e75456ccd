/**
 * The sandbox addresses a store page makes the browser load: product drawings, brand logos,
 * the simulated PSE bank page with its form, the cash payment point and its clock, and the card
 * token call. Mounted on the store's origin, only these are public; the outbox and the rest of
 * the API carry customers' names, e-mails, phones, addresses and documents, and answer
 * signed-in staff only (docs/decisions/0410). Datasheet PDFs reach the
 * browser through the store's /documentacion/{sku}, so the sandbox's own PDF path stays private.
 */
/** Where the store mounts the embedded sandbox for browsers. */
export const SANDBOX_PREFIX = "/sandbox";

const BROWSER_PATHS: ReadonlyArray<{ path: RegExp; methods: readonly string[] }> = [
  { path: /^\/img\/productos\/[^/]+$/, methods: ["GET", "HEAD"] },
  { path: /^\/logos\/marcas\/[^/]+$/, methods: ["GET", "HEAD"] },
  // The shopper's browser posts the bank's decision, then follows the 303 back to the store.
  { path: /^\/banco-pse\/[^/]+$/, methods: ["GET", "HEAD", "POST"] },
  // The demo's payment point and its clock: anyone testing pays or lapses a cash reference.
  { path: /^\/punto-de-pago(\/vencer)?$/, methods: ["GET", "HEAD", "POST"] },
  // With JavaScript the card form tokenizes here, from the browser (docs/decisions/0432).
  { path: /^\/payments\/card\/token$/, methods: ["POST", "OPTIONS"] },
];

/**
 * Whether a request to the mount is one a page makes the browser send. `pathname` is below the
 * mount prefix, as the URL parser normalised it (one segment after the folder, so `..` can
 * never climb out of it).
 */
export function isBrowserLoad(method: string, pathname: string): boolean {
  return BROWSER_PATHS.some((p) => p.path.test(pathname) && p.methods.includes(method));
}
