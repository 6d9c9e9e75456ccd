/** Graceful shutdown: stop accepting, let in-flight requests finish, then exit 0. */
import type http from "node:http";
import type { ServerHost } from "./app-build.ts";
import type { Listening } from "./listen.ts";

export function stopOnSignals(
  servers: { store: http.Server; listening: Listening; metrics: http.Server | undefined },
  host: ServerHost,
  closing: () => Promise<unknown>,
): void {
  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    host.logger.info({ signal }, "shutting down");
    servers.metrics?.close();
    void servers.listening
      .close()
      .then(() => Promise.all([closing(), host.limits.close()]))
      .finally(() => process.exit(0));
    servers.store.closeIdleConnections();
    setTimeout(() => {
      host.logger.warn("forced exit after 10 s");
      process.exit(1);
    }, 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
