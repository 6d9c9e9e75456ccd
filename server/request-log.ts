/**
 * One structured line per request (method, path, status, duration; never the query string,
 * headers, cookies or bodies) and its metrics, under its route id or a fixed class of path,
 * never the URL (docs/decisions/0440).
 */
import type { ServerHost } from "./app-build.ts";

export type RecordRequest = (
  method: string,
  path: string,
  status: number,
  route: string,
  /** When the request came (`performance.now()`). */
  start: number,
) => void;

export function createRequestLog(host: ServerHost): RecordRequest {
  const { logger, metrics } = host;
  return (method, path, status, route, start) => {
    const ms = performance.now() - start;
    logger.info({ method, path, status, ms: Math.round(ms * 10) / 10 }, "request");
    metrics.observeRequest(route, method, status, ms / 1000);
  };
}

/**
 * The metrics label of a request no app route answered: a fixed class of its path, never the
 * path itself (the app's requests carry their route id in `res.locals.route`).
 */
export function pathClass(pathname: string, sandboxPrefix: string): string {
  if (pathname === "/healthz" || pathname === "/readyz" || pathname === "/metrics") {
    return pathname.slice(1);
  }
  if (pathname.startsWith("/assets/")) return "asset";
  if (pathname === sandboxPrefix || pathname.startsWith(`${sandboxPrefix}/`)) return "sandbox";
  return /\.\w+$/.test(pathname) ? "static" : "other";
}
