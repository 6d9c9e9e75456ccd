import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { applyCacheHeaders, withCacheHeaders } from "~/platform/http-cache.server";
import { config } from "~/platform/config.server";
import { logger } from "~/platform/logger.server";
import { NonceContext } from "~/platform/nonce";
import { MenuMarkupContext } from "~/layout/MegaMenu";
import { menuMarkup } from "~/layout/menu-markup.server";

export const streamTimeout = 5_000;

/** Nonce-based CSP for documents; Vite's dev client needs inline styles and a websocket. */
function contentSecurityPolicy(nonce: string) {
  const dev = process.env.NODE_ENV !== "production";
  // Product images and logos come from the API's origin when it is remote (even plain http).
  const api = config().apiUrl ? ` ${new URL(config().apiUrl!).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ""}`,
    `img-src 'self' data: https:${api}`,
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <MenuMarkupContext.Provider value={menu}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </MenuMarkupContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}
