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

  it("takes X-Forwarded-Proto and -Host (the nearest proxy's values) only from a trusted proxy", () => {
    const forwarded = {
      host: "127.0.0.1:3000",
      "x-forwarded-proto": "http, https",
      "x-forwarded-host": "otro.co, tienda.co",
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

  it("makes no URL of a protocol other than http or https, from a trusted proxy", () => {
    for (const proto of ["javascript", "data", "ftp", "https, ftp", "file"]) {
      const req = incoming(
        { host: "tienda.co", "x-forwarded-proto": proto },
        { remoteAddress: "127.0.0.1" },
      );
      expect(publicUrl(req, "/"), proto).toBeUndefined();
      expect(pageRequestOf(req, "/"), proto).toBeUndefined();
    }
    const shouting = incoming(
      { host: "tienda.co", "x-forwarded-proto": "HTTPS" },
      { remoteAddress: "127.0.0.1" },
    );
    expect(href(shouting, "/")).toBe("https://tienda.co/");
  });

  it("keeps a hostile host from moving the path or the user part", () => {
    expect(href(incoming({ host: "evil.co/x?" }), "/a")).toBe("http://evil.co/a");
    expect(href(incoming({ host: "user@evil.co" }), "/a")).toBe("http://user/a");
    expect(href(incoming({ host: "" }), "/a")).toBe("http://localhost/a");
    expect(publicUrl(incoming({ host: "a b" }), "/a")).toBeUndefined();
  });
});

describe("with a public origin (PUBLIC_URL)", () => {
  const readers = createRequestReaders(trustsLoopback, "https://tienda.example.co");

  it("builds every URL on it, whatever Host and X-Forwarded-* say", () => {
    const hostile = incoming(
      {
        host: "tienda.example.co",
        "x-forwarded-proto": "javascript",
        "x-forwarded-host": "tienda.example.co",
      },
      { remoteAddress: "127.0.0.1" },
    );
    expect(readers.publicUrl(hostile, "/producto/1")?.href).toBe(
      "https://tienda.example.co/producto/1",
    );
    expect(readers.misdirected(hostile)).toBe(false);
  });

  it("calls misdirected a request naming another host, by Host or a trusted X-Forwarded-Host", () => {
    const other = [
      incoming({ host: "tienda-falsa.example" }),
      incoming({ host: "TIENDA.example.co.evil.example:443" }),
      incoming(
        { host: "tienda.example.co", "x-forwarded-host": "tienda-falsa.example" },
        { remoteAddress: "127.0.0.1" },
      ),
    ];
    for (const req of other) {
      expect(readers.misdirected(req)).toBe(true);
      expect(readers.pageRequestOf(req, "/")).toBeUndefined();
    }
    // An untrusted peer's X-Forwarded-Host is not read at all.
    const untrusted = incoming({
      host: "Tienda.Example.co:8443",
      "x-forwarded-host": "tienda-falsa.example",
    });
    expect(readers.misdirected(untrusted)).toBe(false);
    expect(readers.pageRequestOf(untrusted, "/")?.url).toBe("https://tienda.example.co/");
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
