/**
 * A Fetch handler served over real HTTP on a free port of the loopback, for tests of the
 * merchant API's transport (what a remote API answers, when, or that it hangs up).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What a handler may give instead of an answer: the connection dropped (a network failure). */
export const HANG_UP = Symbol("hang up");

type Handler = (request: Request) => Response | typeof HANG_UP | Promise<Response | typeof HANG_UP>;

export async function serveFetch(handler: Handler) {
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
    });
    const reply = await handler(request);
    if (reply === HANG_UP) return void req.socket.destroy();
    res.writeHead(reply.status, Object.fromEntries(reply.headers));
    res.end(Buffer.from(await reply.arrayBuffer()));
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
