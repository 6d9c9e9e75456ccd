/**
 * What the server reads of a Node request: its public URL, the page cache's view of a GET and the
 * Fetch request React Router answers. One reading for the answers from memory (before Express)
 * and for everything else, so both find the same page under the same key (docs/decisions/0500).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { PageRequest } from "./page-cache.server.ts";
import { rememberedBy } from "../text/normalize.ts";
import { targetRefusal } from "./request-guard.server.ts";

/** Whether the peer at `address` is a proxy whose X-Forwarded-* headers count (TRUST_PROXY). */
export type TrustsPeer = (address: string | undefined, hop: number) => boolean;

// Header names as asked for (`Accept-Encoding`), as Node holds them (`accept-encoding`).
const lowerCase = rememberedBy(100, (name) => name.toLowerCase(), 64);

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

  // Clients name a few hosts and ask for the same addresses again and again: each read once.
  const hostOf = rememberedBy(
    100,
    (header) => {
      const [, asked = "", port] = HOST.exec(header) ?? [];
      const name = asked.split(/[\\/?#@]/)[0].toLowerCase();
      const authority = `${name || "localhost"}${port ? `:${Number(port)}` : ""}`;
      return { name, origins: { http: `http://${authority}`, https: `https://${authority}` } };
    },
    256,
  );
  const hrefOf = rememberedBy(
    10_000,
    (text) => {
      try {
        return new URL(text).href;
      } catch {
        return undefined;
      }
    },
    512,
  );

  /**
   * The host name the request asked for (the trusted proxy's, or the Host header's), and the
   * origins of that name and port.
   */
  function askedHost(req: IncomingMessage): {
    name: string;
    origins: Record<"http" | "https", string>;
  } {
    return hostOf(forwarded(req, "x-forwarded-host") ?? req.headers.host ?? "");
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
    const text = urlText(req, target);
    if (text === undefined) return undefined;
    try {
      return new URL(text);
    } catch {
      return undefined;
    }
  }

  /** The text `publicUrl` parses, or undefined when it can make no URL. */
  function urlText(req: IncomingMessage, target: string): string | undefined {
    if (!target.startsWith("/")) return undefined;
    if (publicOrigin) return `${publicOrigin}${target}`;
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const protocol =
      forwarded(req, "x-forwarded-proto")?.toLowerCase() ?? (encrypted ? "https" : "http");
    if (protocol !== "http" && protocol !== "https") return undefined;
    return `${askedHost(req).origins[protocol]}${target}`;
  }

  /**
   * A GET as the page cache reads it: its URL and headers, read from the Node request as asked
   * for. Undefined for a target the guard refuses, which the guard then answers.
   */
  function pageRequestOf(req: IncomingMessage, target: string): PageRequest | undefined {
    const text = targetRefusal(target) || misdirected(req) ? undefined : urlText(req, target);
    const url = text && hrefOf(text);
    if (!url) return undefined;
    const get = (name: string) => {
      const value = req.headers[lowerCase(name)];
      return (Array.isArray(value) ? value.join(", ") : value) ?? null;
    };
    return { url, headers: { get } };
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
