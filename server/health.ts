/** The health and readiness answers a supervisor or a load balancer asks for. */
import type express from "express";
import type { ServerHost } from "./app-build.ts";

/** `host`: the entry's object of the current build (in development it follows the edits). */
export function mountHealth(
  app: express.Express,
  host: () => Promise<ServerHost>,
  remoteApi: boolean,
): void {
  // Healthy while the process serves pages: a Redis outage only shows in `limits` (they fail open).
  app.get("/healthz", (_req, res, next) => {
    host().then(({ limits }) => {
      res.setHeader("Cache-Control", "no-store");
      res.json({ status: "ok", api: remoteApi ? "remote" : "sandbox", limits: limits.store() });
    }, next);
  });

  // Ready to sell: the merchant API answered in the last 30 s (else one probe call, waited for at
  // most 2 s) and Redis, when configured, is reachable. 503 otherwise, so a load balancer sends
  // shoppers elsewhere (docs/decisions/0441). The API's answers are the ones the pages' calls
  // noted, in the same module (docs/decisions/0540).
  app.get("/readyz", async (_req, res) => {
    const { limits, readiness } = await host();
    const api = await readiness.api();
    // A frozen Redis keeps its socket open: a PING within the command deadline tells (0512).
    const store = await limits.probe();
    const ready = api === "ok" && (store === "memory" || store === "redis");
    res.status(ready ? 200 : 503).setHeader("Cache-Control", "no-store");
    res.json({ status: ready ? "ready" : "not-ready", api, limits: store });
  });
}
