import { randomBytes } from "node:crypto";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { applyCacheHeaders, withCacheHeaders } from "~/platform/http-cache.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { NonceContext } from "~/platform/nonce";
import { MenuMarkupContext } from "~/layout/MegaMenu";
import { menuMarkup } from "~/layout/menu-markup.server";
import { scriptsAfterFirstPaint } from "~/platform/after-first-paint.server";
import { documentResponse } from "~/platform/page-cache.server";
import { DocumentSink } from "~/platform/document-sink.server";

export const streamTimeout = 5_000;

// The Node server (server/) reaches the app through this one object (docs/decisions/0540).
export { serverHost, type ServerHost } from "./server-host.server";

let warnedNotDeferred = false;
/** Once per process: a document whose scripts load at once, and why (docs/decisions/0390). */
function warnScriptsNotDeferred(reason: string) {
  if (warnedNotDeferred) return;
  warnedNotDeferred = true;
  logger.warn({ reason }, "module scripts not deferred past the first frame");
}

/** Nonce-based CSP for documents; Vite's dev client needs inline styles and a websocket. */
function contentSecurityPolicy(nonce: string) {
  const dev = process.env.NODE_ENV !== "production";
  // Product images and logos come from the API's origin when it is remote (even plain http).
  const api = config().apiUrl ? ` ${new URL(config().apiUrl!).origin}` : "";
  // The card form tokenizes in the browser, straight at the merchant API.
  const browserApi = config().paymentsBrowserUrl.startsWith("/")
    ? ""
    : ` ${new URL(config().paymentsBrowserUrl).origin}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ""}`,
    `img-src 'self' data: https:${api}`,
    "font-src 'self'",
    `connect-src 'self'${browserApi}${dev ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "object-src 'none'",
  ].join("; ");
}

/** Client-side data requests follow the same Cache-Control rule as documents. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  return withCacheHeaders(request, response);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  applyCacheHeaders(request, responseStatusCode, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  const menu = await menuMarkup();
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  // The whole document, then one answer: no page waits on deferred data (no Suspense), so
  // streaming only cut it into hundreds of chunks, each crossing Node and web streams and the
  // compressor on its own; rendered whole, a page costs about a third less CPU
  // (docs/decisions/0386). `streamTimeout` still bounds a render that never completes.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const fail = (error: unknown) => {
      clearTimeout(timeoutId);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const document = new DocumentSink((bytes) => {
      clearTimeout(timeoutId);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // The module files wait for the first frame (docs/decisions/0387, 0390).
      // Read as Latin-1, one character a byte: the rewrite's patterns are ASCII, and the bytes
      // go out as they came, not decoded from UTF-8 and encoded again (docs/decisions/0605).
      const { html, skipped } = scriptsAfterFirstPaint(bytes.toString("latin1"));
      // A document without a module script has nothing to defer.
      if (skipped && skipped !== "no module script") warnScriptsNotDeferred(skipped);
      resolve(documentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
    }, fail);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <MenuMarkupContext.Provider value={menu}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MenuMarkupContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          pipe(document);
        },
        onShellError: fail,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}
