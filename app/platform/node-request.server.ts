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

/**
 * The readers of requests, trusting X-Forwarded-* from the peers `trustsPeer` names. With
 * `publicOrigin` (PUBLIC_URL, docs/decisions/0513) every URL is on that origin, whatever the
 * headers say, and a request naming another host is misdirected.
 */
export function createRequestReaders(trustsPeer: TrustsPeer, publicOrigin?: string) {
  const publicHost = publicOrigin && new URL(publicOrigin).hostname;

  /**
   * A forwarded header's value as the nearest trusted proxy set it (the last of a list: a proxy
   * appends, and what comes before it is what the client sent), or undefined.
   */
  function forwarded(req: IncomingMessage, name: string): string | undefined {
    if (!trustsPeer(req.socket.remoteAddress, 0)) return undefined;
    const value = req.headers[name];
    const joined = Array.isArray(value) ? value.join(",") : value;
    return joined?.split(",").at(-1)?.trim() || undefined;
  }

  /** The host name (and port) the request asked for: the trusted proxy's, or the Host header. */
  function askedHost(req: IncomingMessage): { name: string; port: string | undefined } {
    const [, name = "", port] =
      HOST.exec(forwarded(req, "x-forwarded-host") ?? req.headers.host ?? "") ?? [];
    return { name: name.split(/[\\/?#@]/)[0].toLowerCase(), port };
  }

  /**
   * Whether the request names a host other than the public origin's (only with PUBLIC_URL): it
   * is refused (421), so no page built for it is ever stored by a cache in front.
   */
  function misdirected(req: IncomingMessage): boolean {
    if (!publicHost) return false;
    const { name } = askedHost(req);
    return name !== "" && name !== publicHost;
  }

  /**
   * The public URL of a request for `target`, or undefined when it makes no valid URL. With
   * PUBLIC_URL, on its origin; else, from a trusted proxy, the protocol and host (with its port)
   * of X-Forwarded-Proto and X-Forwarded-Host (the nearest proxy's values; a protocol other
   * than http or https makes no URL), otherwise the connection's protocol and the Host header.
   */
  function publicUrl(req: IncomingMessage, target: string): URL | undefined {
    if (!target.startsWith("/")) return undefined;
    if (publicOrigin) {
      try {
        return new URL(`${publicOrigin}${target}`);
      } catch {
        return undefined;
      }
    }
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const protocol =
      forwarded(req, "x-forwarded-proto")?.toLowerCase() ?? (encrypted ? "https" : "http");
    if (protocol !== "http" && protocol !== "https") return undefined;
    const { name, port } = askedHost(req);
    const host = `${name || "localhost"}${port ? `:${Number(port)}` : ""}`;
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
    const url = targetRefusal(target) || misdirected(req) ? undefined : publicUrl(req, target);
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

  return { publicUrl, misdirected, pageRequestOf, toFetchRequest };
}
