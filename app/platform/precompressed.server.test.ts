import { mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding, servePrecompressed } from "./precompressed.server";

describe("preferredEncoding", () => {
  it("takes brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("br;q=0.0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding(null)).toBe("identity");
  });

  it("chooses among the encodings offered", () => {
    expect(preferredEncoding("gzip, br", ["gzip"])).toBe("gzip");
    expect(preferredEncoding("br", ["gzip"])).toBe("identity");
  });
});

describe("servePrecompressed", () => {
  const script = "export const x = 1;\n".repeat(200);
  let origin = "";
  let close = () => {};

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
    writeFileSync(path.join(dir, "app-1.js"), script);
    writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(script));
    writeFileSync(path.join(dir, "plain.css"), "a{}");
    const app = express();
    app.use("/assets", servePrecompressed(dir, { maxAge: "1y", immutable: true }), (req, res) => {
      res.status(299).send(`plain ${req.path}`); // where the plain static handler would answer
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const get = (file: string, acceptEncoding: string) =>
    fetch(`${origin}/assets/${file}`, { headers: { "Accept-Encoding": acceptEncoding } });

  it("answers the brotli copy to a client that takes brotli, with the file's type", async () => {
    const res = await get("app-1.js", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(script); // fetch decodes it
  });

  it("answers gzip to a gzip-only client, and hands the rest to the next handler", async () => {
    const gz = await get("app-1.js", "gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(await gz.text()).toBe(script);
    for (const [file, encoding] of [
      ["app-1.js", "identity"],
      ["plain.css", "br"],
      ["app-1.js.br", "br"],
      ["..%2Foutside", "br"],
    ]) {
      const res = await get(file, encoding);
      expect(res.status).toBe(299);
      expect(res.headers.get("Content-Encoding")).toBeNull();
    }
  });
});
