/**
 * The store's port, listened on by several sockets in one process (docs/decisions/0710). Node
 * accepts one connection per listening socket in each turn of its event loop (libuv's "don't
 * accept() connections in a loop", 2022), and under load a turn lasts tens of milliseconds: the
 * fifty connections a crawl opened at once were accepted one a turn over 2.5 s, while the
 * connections already accepted were answered again and again. With SO_REUSEPORT the kernel
 * spreads new connections over the sockets, and a turn accepts up to one on each. Every socket
 * hands its connections to the one HTTP server, which answers them as its own.
 */
import cluster from "node:cluster";
import { once } from "node:events";
import type http from "node:http";
import net from "node:net";

/** Sockets on the port: 16 let a crawl's fifty new connections in within a few turns. */
const LISTENING_SOCKETS = 16;

export interface Listening {
  port: number;
  /** Stops every socket accepting; resolves once the connections they accepted have ended. */
  close(): Promise<void>;
}

const closed = (server: net.Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/** Listens; rejects with the socket's error (a port in use). */
async function listen(server: net.Server, options: net.ListenOptions): Promise<void> {
  server.listen(options);
  await once(server, "listening");
}

/**
 * Listens on `port` (0: one the system picks) with `sockets` sockets. One only where the kernel
 * does not spread connections (not Linux), or in a cluster's worker, whose primary accepts.
 */
export async function listenWithSockets(
  server: http.Server,
  port: number,
  host: string,
  sockets = LISTENING_SOCKETS,
): Promise<Listening> {
  const count = process.platform === "linux" && cluster.isPrimary ? sockets : 1;
  const reusePort = count > 1;
  if (reusePort && port !== 0) {
    // A port another store already listens on (with SO_REUSEPORT too) is refused, as with one
    // socket, not shared with it: a socket without the option cannot take a port in use.
    const probe = net.createServer();
    await listen(probe, { port, host });
    await closed(probe);
  }
  await listen(server, { port, host, reusePort });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  // Without Nagle's algorithm, as the HTTP server sets up the connections it accepts itself.
  const more = Array.from({ length: count - 1 }, () =>
    net.createServer({ noDelay: true }, (socket) => server.emit("connection", socket)),
  );
  await Promise.all(more.map((socket) => listen(socket, { port: bound, host, reusePort })));
  return {
    port: bound,
    // Each socket waits for its own connections: the server counts only those it accepted.
    close: async () => {
      await Promise.all([server, ...more].map(closed));
    },
  };
}
