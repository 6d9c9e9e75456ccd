import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createRequestReaders } from "./node-request.server";

/** A Node request as the server gets it: headers, the peer's address, TLS or not. */
const incoming = (
  headers: Record<string, string | string[]>,
  socket: { remoteAddress?: string; encrypted?: boolean } = { remoteAddress: "10.0.0.9" },
) => ({ headers, socket }) as unknown as IncomingMessage;

const trustsLoopback = (address: string | undefined) => address === "127.0.0.1";
const { publicUrl, pageRequestOf } = createRequestReaders(trustsLoopback);
const href = (req: IncomingMessage, target = "/productos?marca=Hikvision") =>
  publicUrl(req, target)?.href;

describe("publicUrl", () => {
  it("is the Host header's, with its port, over the connection's protocol", () => {
    expect(href(incoming({ host: "tienda.co:8080" }))).toBe(
      "http://tienda.co:8080/productos?marca=Hikvision",
    );
    expect(href(incoming({ host: "tienda.co" }, { encrypted: true }))).toBe(
      "https://tienda.co/productos?marca=Hikvision",
    );
    expect(href(incoming({ host: "[::1]:3000" }), "/")).toBe("http://[::1]:3000/");
    expect(href(incoming({}), "/")).toBe("http://localhost/");
  });

  it("takes X-Forwarded-Proto and -Host (first values) only from a trusted proxy", () => {
    const forwarded = {
      host: "127.0.0.1:3000",
      "x-forwarded-proto": "https, http",
      "x-forwarded-host": "tienda.co, otro.co",
    };
    expect(href(incoming(forwarded, { remoteAddress: "127.0.0.1" }), "/")).toBe(
      "https://tienda.co/",
    );
    expect(href(incoming(forwarded), "/")).toBe("http://127.0.0.1:3000/");
    const withPort = { ...forwarded, "x-forwarded-host": "tienda.co:8443" };
    expect(href(incoming(withPort, { remoteAddress: "127.0.0.1" }), "/")).toBe(
      "https://tienda.co:8443/",
    );
  });

  it("keeps a hostile host from moving the path or the user part", () => {
    expect(href(incoming({ host: "evil.co/x?" }), "/a")).toBe("http://evil.co/a");
    expect(href(incoming({ host: "user@evil.co" }), "/a")).toBe("http://user/a");
    expect(href(incoming({ host: "" }), "/a")).toBe("http://localhost/a");
    expect(publicUrl(incoming({ host: "a b" }), "/a")).toBeUndefined();
  });
});

describe("pageRequestOf", () => {
  it("reads the URL and headers as asked for; a target the guard refuses has none", () => {
    const req = incoming({ host: "tienda.co", cookie: "carrito=1", "accept-encoding": "gzip" });
    const request = pageRequestOf(req, "/nosotros");
    expect(request?.url).toBe("http://tienda.co/nosotros");
    expect(request?.headers.get("Cookie")).toBe("carrito=1");
    expect(request?.headers.get("If-None-Match")).toBeNull();
    expect(pageRequestOf(req, `/${"a".repeat(5000)}`)).toBeUndefined();
    expect(pageRequestOf(req, "/a%01b")).toBeUndefined();
  });
});
