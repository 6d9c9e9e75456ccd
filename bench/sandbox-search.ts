/**
 * The sandbox's product search as the store calls it: two-word queries to
 * `/sandbox/api/productos?search=…&limit=60`, one at a time over one keep-alive connection,
 * after a short warm-up (docs/decisions/0381), signed in as the demo staff account (the store's
 * /sandbox API answers only staff, docs/decisions/0410). Latencies are milliseconds from sending
 * the request to the end of the body. Alone: `node bench/sandbox-search.ts http://127.0.0.1:3600`
 * against a running server.
 */
import http from "node:http";
import { percentile } from "./http.ts";

/** Two-word queries with few and many matches (18 to 4,221 of the 22,500 products). */
const QUERIES = [
  "camara ip",
  "cable utp",
  "switch poe",
  "sensor movimiento",
  "radio portatil",
  "disco duro",
  "fuente poder",
  "control acceso",
];
const WARMUP_ROUNDS = 3;
const MEASURED = 200;

function get(agent: http.Agent, url: URL, cookie: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
  });
}

/** The demo staff account's session cookie (`name=value`), from the store's sign-in form. */
async function staffCookie(origin: string): Promise<string> {
  const answer = await fetch(new URL("/admin/ingresar", origin), {
    method: "POST",
    body: new URLSearchParams({ usuario: "personal", clave: "sandbox-demo" }),
    headers: { Origin: new URL(origin).origin },
    redirect: "manual",
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => /^(__Host-)?personal=/.test(pair));
  if (answer.status !== 303 || !cookie) throw new Error(`staff sign-in: ${answer.status}`);
  return cookie;
}

export async function measureSandboxSearch(
  origin: string,
): Promise<{ queries: number; p50: number; p90: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const urlOf = (query: string) => {
    const url = new URL("/sandbox/api/productos", origin);
    url.searchParams.set("search", query);
    url.searchParams.set("limit", "60");
    return url;
  };
  try {
    const cookie = await staffCookie(origin);
    const send = async (query: string) => {
      const answer = await get(agent, urlOf(query), cookie);
      // Timing an error page would measure the wrong thing.
      if (answer.status !== 200) throw new Error(`${answer.status} for ${urlOf(query)}`);
      return answer.ms;
    };
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      for (const query of QUERIES) await send(query);
    }
    const latencies: number[] = [];
    for (let i = 0; i < MEASURED; i++) latencies.push(await send(QUERIES[i % QUERIES.length]));
    return {
      queries: latencies.length,
      p50: percentile(latencies, 0.5),
      p90: percentile(latencies, 0.9),
      p99: percentile(latencies, 0.99),
    };
  } finally {
    agent.destroy();
  }
}

if (import.meta.main) {
  const origin = process.argv[2] ?? "http://127.0.0.1:3600";
  const result = await measureSandboxSearch(origin);
  const ms = (n: number) => n.toFixed(2);
  console.log(
    `sandbox search, ${result.queries} requests: p50 ${ms(result.p50)} ms, p90 ${ms(result.p90)} ms, p99 ${ms(result.p99)} ms`,
  );
}
