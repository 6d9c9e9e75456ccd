// @vitest-environment node
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpClient } from "./http-client.server.ts";

/** A server that answers each request with the path and Authorization header it received. */
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.setHeader("Content-Type", "application/json");
    response.end(
      JSON.stringify({ path: request.url, auth: request.headers.authorization ?? null }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = createHttpClient(2);

async function received(url: string) {
  const reply = await send(url, {
    method: "GET",
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(5_000),
  });
  return JSON.parse(await reply.text()) as { path: string; auth: string | null };
}

describe("the merchant API's HTTP client", () => {
  it("sends a path and query as a URL sends them, read apart from the origin or not", async () => {
    const cases: Array<[string, string]> = [
      ["/api/productos?categoria=22&search=c%C3%A1mara&limit=60&offset=0", ""],
      ["/v1/productos/18433/relacionados?limit=12", ""],
      ["/img/foto de cámara.png", "/img/foto%20de%20c%C3%A1mara.png"],
      ["/a/../api/productos/7", "/api/productos/7"],
      ["/a/./b?x=[1]", "/a/b?x=[1]"],
      ["/api/productos?search=it's", "/api/productos?search=it%27s"],
      ["/logo.svg#marca", "/logo.svg"],
    ];
    for (const [path, sent] of cases) {
      const url = origin + path;
      expect((await received(url)).path, path).toBe(sent || path);
      expect(sent || path, path).toBe(new URL(url).pathname + new URL(url).search);
    }
    // An origin with nothing after it asks for its root.
    expect((await received(origin)).path).toBe("/");
  });

  it("sends the credentials an origin carries as Basic authorization", async () => {
    const withUser = origin.replace("http://", "http://tienda:cl%40ve@");
    const { path, auth } = await received(`${withUser}/api/categorias`);
    expect(path).toBe("/api/categorias");
    expect(auth).toBe(`Basic ${Buffer.from("tienda:cl@ve").toString("base64")}`);
    expect((await received(`${origin}/api/categorias`)).auth).toBeNull();
  });
});
