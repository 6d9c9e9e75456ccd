import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { writeRendered } from "./send-response";

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server that writes `response` with `body` through `writeRendered`; its origin. */
async function serving(response: () => Response, body: string): Promise<string> {
  server = http.createServer((_req, res) => writeRendered(res, response(), Buffer.from(body)));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("writeRendered", () => {
  it("writes the status, its reason, every header and each cookie on its own line", async () => {
    const origin = await serving(() => {
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
      headers.append("Set-Cookie", "carrito=1; Path=/; HttpOnly");
      headers.append("Set-Cookie", "aviso=2; Path=/; HttpOnly");
      return new Response(null, { status: 404, headers });
    }, "<p>Ñandú</p>");
    const answer = await fetch(`${origin}/x`);
    expect(answer.status).toBe(404);
    expect(answer.statusText).toBe("Not Found");
    expect(answer.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.getSetCookie()).toEqual([
      "carrito=1; Path=/; HttpOnly",
      "aviso=2; Path=/; HttpOnly",
    ]);
    expect(await answer.text()).toBe("<p>Ñandú</p>");
  });

  it("keeps a reason the answer gives, and sends no body to a HEAD", async () => {
    const origin = await serving(
      () => new Response(null, { status: 200, statusText: "Bien" }),
      "<p>cuerpo</p>",
    );
    const head = await fetch(origin, { method: "HEAD" });
    expect(head.statusText).toBe("Bien");
    expect(await head.text()).toBe("");
  });
});
