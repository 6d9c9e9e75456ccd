import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Listening, listenWithSockets } from "./listen";

let listening: Listening | undefined;
afterEach(async () => {
  await listening?.close();
  listening = undefined;
});

/** A GET on a connection of its own: the answer's body. */
function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: "127.0.0.1", path, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

describe("listenWithSockets", () => {
  it("answers the connections of every socket as the one server's", async () => {
    // The socket that accepted each connection: Node keeps it as `_server` (HTTP sets `server`).
    const accepting = new Set<unknown>();
    const server = http.createServer((req, res) => {
      accepting.add((req.socket as net.Socket & { _server?: net.Server })._server);
      res.end(req.url);
    });
    listening = await listenWithSockets(server, 0, "127.0.0.1", 4);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(listening!.port, `/${i}`)),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => `/${i}`));
    // The kernel spread 40 connections over the 4 sockets, all answered by the one server.
    expect(accepting.size).toBeGreaterThan(1);
    expect(accepting.size).toBeLessThanOrEqual(4);
  });

  it("closes every socket once the requests under way are answered, and frees the port", async () => {
    const server = http.createServer((req, res) => setTimeout(() => res.end(req.url), 200));
    listening = await listenWithSockets(server, 0, "127.0.0.1", 4);
    const { port } = listening;
    const underWay = Array.from({ length: 12 }, (_, i) => get(port, `/${i}`));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closing = listening.close();
    listening = undefined;
    const answers = await Promise.all(underWay);
    await closing;
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => `/${i}`));
    // No socket is left on the port: a socket without SO_REUSEPORT can take it.
    const alone = net.createServer();
    await new Promise<void>((resolve, reject) => {
      alone.once("error", reject);
      alone.listen(port, "127.0.0.1", () => resolve());
    });
    await new Promise((resolve) => alone.close(resolve));
  });

  it("refuses a port a store already listens on, as one socket would", async () => {
    listening = await listenWithSockets(http.createServer(), 0, "127.0.0.1", 4);
    const second = http.createServer();
    await expect(listenWithSockets(second, listening.port, "127.0.0.1", 4)).rejects.toMatchObject({
      code: "EADDRINUSE",
    });
    expect(second.listening).toBe(false);
  });
});
