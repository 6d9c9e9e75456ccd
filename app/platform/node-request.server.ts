/**
 * What the server reads of a Node request: its public URL, the page cache's view of a GET and the
 * Fetch request React Router answers. One reading for the answers from memory (before Express)
 * and for everything else, so both find the same page under the same key (docs/decisions/0500).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { PageRequest } from "./page-cache.server.ts";
import { targetRefusal } from "./request-guard.server.ts";

/** Whether the peer at `address` is a proxy whose X-Forwarded-* headers count (TRUST_PROXY). */
export type TrustsPeer = (address: string | undefined, hop: number) => boolean;

/** A host header's name and port: `tienda.co:8443`, `[::1]:3000`. */
const HOST = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?/;

export function createRequestReaders(trustsPeer: TrustsPeer) {
  /**
   * The public URL of a request for `target`, or undefined when it makes no valid URL: from a
   * trusted proxy, the protocol and host (with its port) of X-Forwarded-Proto and
   * X-Forwarded-Host (their first values); else the connection's protocol and the Host header.
   */
  function publicUrl(req: IncomingMessage, target: string): URL | undefined {
    const viaProxy = trustsPeer(req.socket.remoteAddress, 0);
    const forwarded = (name: string) => {
      const value = viaProxy ? req.headers[name] : undefined;
      return (Array.isArray(value) ? value[0] : value)?.split(",")[0].trim() || undefined;
    };
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const protocol = forwarded("x-forwarded-proto") ?? (encrypted ? "https" : "http");
    const [, name = "", port] =
      HOST.exec(forwarded("x-forwarded-host") ?? req.headers.host ?? "") ?? [];
    const host = `${name.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${Number(port)}` : ""}`;
    try {
      return new URL(`${protocol}://${host}${target}`);
    } catch {
      return undefined;
    }
  }

  /**
   * A GET as the page cache reads it: its URL and headers, read from the Node request as asked
   * for. Undefined for a target the guard refuses, which the guard then answers.
   */
  function pageRequestOf(req: IncomingMessage, target: string): PageRequest | undefined {
    const url = targetRefusal(target) ? undefined : publicUrl(req, target);
    if (!url) return undefined;
    const get = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return (Array.isArray(value) ? value.join(", ") : value) ?? null;
    };
    return { url: url.href, headers: { get } };
  }

  /**
   * The Fetch request for a Node request, with the body the server has already read, aborted
   * when the client goes away before its answer is written. Undefined when the request cannot
   * make a valid URL.
   */
  function toFetchRequest(
    req: IncomingMessage,
    res: ServerResponse,
    target: string,
    body: Uint8Array<ArrayBuffer> | undefined,
  ): Request | undefined {
    const url = publicUrl(req, target);
    if (!url) return undefined;
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      return new Request(url, { method: req.method, headers, body, signal: controller.signal });
    } catch {
      return undefined;
    }
  }

  return { publicUrl, pageRequestOf, toFetchRequest };
}
