/**
 * Serves the sandbox alone over HTTP (npm run sandbox), with URLs absolute
 * from the request origin. SANDBOX_PORT (4010), HOST (127.0.0.1), SANDBOX_DATA_DIR (.data/sandbox),
 * SANDBOX_STORE_URL (the store's absolute http(s) address for the links in the order e-mails).
 */
import http from "node:http";
import { type ClientAddress, createRequestListener } from "@remix-run/node-fetch-server";
import { getSandbox, SANDBOX_CLIENT_HEADER } from "./index.ts";

const port = Number(process.env.SANDBOX_PORT ?? 4010);
const host = process.env.HOST ?? "127.0.0.1";
const dataDir = process.env.SANDBOX_DATA_DIR ?? ".data/sandbox";
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid environment variable SANDBOX_PORT: ${process.env.SANDBOX_PORT}`);
  process.exit(1);
}

const storeOrigin = process.env.SANDBOX_STORE_URL?.trim() || undefined;
if (storeOrigin !== undefined && !/^https?:\/\/[^/?#\s]+/i.test(storeOrigin)) {
  console.error(
    `Invalid environment variable SANDBOX_STORE_URL (an absolute http(s) URL): ${storeOrigin}`,
  );
  process.exit(1);
}

const sandbox = getSandbox({ dataDir, publicBase: "", storeOrigin });
const started = Date.now();
await sandbox.ready;

const server = http.createServer(
  createRequestListener(
    (request: Request, client: ClientAddress) => {
      // The token call's limits count per client address: the connection's, or the one a store
      // on this machine names for its shopper (a server's token call, without JavaScript).
      const loopback = /^(127\.|::1$|::ffff:127\.)/.test(client.address);
      if (!loopback || !request.headers.has(SANDBOX_CLIENT_HEADER)) {
        request.headers.set(SANDBOX_CLIENT_HEADER, client.address);
      }
      return sandbox.fetch(request);
    },
    {
      onError: () => Response.json({ error: "Error interno del sandbox" }, { status: 500 }),
    },
  ),
);
server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(
    `sandbox listening on http://${host}:${actual} (data ${dataDir}, ready in ${Date.now() - started} ms)`,
  );
});

function shutdown() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 5_000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
