/**
 * `npm run bench`: starts the production server and measures requests/s and p99
 * latency of store pages and sandbox calls, beside a static file served by the
 * same server (the ratios say how far each page is from the cheapest response).
 * Needs `npm run build` first. A benchmark, not a test: it never fails on numbers.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

const PORT = Number(process.env.BENCH_PORT ?? 3399);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

const targets: Array<{ name: string; path: string }> = [
  { name: "static file", path: "/favicon.svg" },
  { name: "home /", path: "/" },
  { name: "sandbox search", path: "/sandbox/api/productos?search=camara%20ip&limit=60" },
  { name: "largest category page", path: "/categoria/22" },
  { name: "search results page", path: "/buscar?q=camara" },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // Compressed, as browsers ask for it.
    const headers = { "accept-encoding": "br, gzip" };
    const req = http.get({ host: "127.0.0.1", port: PORT, path, agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
}

async function measure(path: string) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const status = await get(path).catch(() => 0);
        if (status !== 200) errors++;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { rps: latencies.length / SECONDS, p99, errors };
}

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    if ((await get("/healthz").catch(() => 0)) === 200) return;
    await sleep(100);
  }
  throw new Error("the server did not become healthy in 60 s");
}

const server = spawn(process.execPath, ["server.ts"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  await waitForHealth();
  const rows: Array<{ name: string; rps: number; p99: number; errors: number }> = [];
  for (const target of targets) {
    await measure(target.path); // warm caches with one short round
    rows.push({ name: target.name, ...(await measure(target.path)) });
  }
  const base = rows[0];
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per target\n`);
  console.log(
    "target                    req/s     p99 ms   req/s vs static   p99 vs static   non-200",
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(24),
        row.rps.toFixed(0).padStart(7),
        row.p99.toFixed(1).padStart(10),
        (row.rps / base.rps).toFixed(3).padStart(17),
        (row.p99 / base.p99).toFixed(1).padStart(15),
        String(row.errors).padStart(9),
      ].join(" "),
    );
  }
} finally {
  agent.destroy();
  server.kill("SIGTERM");
}
