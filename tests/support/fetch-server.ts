/**
 * A Fetch handler served over real HTTP on a free port of the loopback, for tests of the
 * merchant API's transport (what a remote API answers, when, or that it hangs up).
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type ClientAddress, createRequestListener } from "@remix-run/node-fetch-server";

/** What a handler may give instead of an answer: the connection dropped (a network failure). */
export const HANG_UP = Symbol("hang up");

type Handler = (request: Request) => Response | typeof HANG_UP | Promise<Response | typeof HANG_UP>;

export async function serveFetch(handler: Handler) {
  // The handler sees the client's address and port: the connection it came on, to drop.
  const sockets = new Map<string, Socket>();
  const server = http.createServer(
    createRequestListener(async (request: Request, client: ClientAddress) => {
      const reply = await handler(request);
      if (reply !== HANG_UP) return reply;
      sockets.get(`${client.address}:${client.port}`)?.destroy();
      return new Response(null); // never written: the connection is gone
    }),
  );
  server.on("connection", (socket) => {
    const key = `${socket.remoteAddress}:${socket.remotePort}`;
    sockets.set(key, socket);
    socket.on("close", () => sockets.delete(key));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
