/**
 * What every benchmark scenario uses: the production server as a child process (its memory and
 * CPU from Linux /proc), HTTP requests on one keep-alive agent, tallies of the answers, and
 * `drive`, which runs shoppers on many connections for a while. Knobs: BENCH_PORT, BENCH_CLUSTER,
 * BENCH_NODE_ARGS (see run.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

export const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PORT = env("BENCH_PORT", 3399);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const CLUSTER = process.env.BENCH_CLUSTER === "1";

// --- HTTP ---

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  ms: number;
  body: string;
  cookies: string[];
}

export function request(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    keep?: boolean;
  } = {},
): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve) => {
    // Compressed, as browsers ask for it.
    const headers: Record<string, string | number> = {
      "accept-encoding": "br, gzip",
      ...options.headers,
    };
    if (options.body !== undefined) headers["content-length"] = Buffer.byteLength(options.body);
    const req = http.request(
      { host: "127.0.0.1", port: PORT, path, agent, headers, method: options.method ?? "GET" },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (options.keep) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            body: Buffer.concat(chunks).toString(),
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]),
          }),
        );
        res.on("error", () =>
          resolve({ status: 0, ms: performance.now() - start, body: "", cookies: [] }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on("error", () =>
      resolve({ status: 0, ms: performance.now() - start, body: "", cookies: [] }),
    );
    req.end(options.body);
  });
}

// --- Statistics ---

export class Tally {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  errors = 0;
  add(answer: Answer, ok: (status: number) => boolean = (s) => s >= 200 && s < 400) {
    this.latencies.push(answer.ms);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (!ok(answer.status)) this.errors++;
  }
  percentile(p: number) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  }
  get count() {
    return this.latencies.length;
  }
  get max() {
    return Math.max(0, ...this.latencies);
  }
  statusList() {
    return [...this.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s || "failed"}×${n}`)
      .join(" ");
  }
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// --- Server process and its memory ---

let server: ChildProcess | undefined;

export function startServer() {
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  server = spawn(process.execPath, [...nodeArgs, CLUSTER ? "cluster.ts" : "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The server's process and its workers' (Linux /proc). */
function serverPids(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children.flatMap(serverPids)];
  } catch {
    return [pid];
  }
}

/** Resident memory of the server and its workers, in MB (Linux /proc; undefined elsewhere). */
function serverMemoryMb(): number | undefined {
  if (!server?.pid) return undefined;
  try {
    let kb = 0;
    for (const pid of serverPids(server.pid)) {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    }
    return kb / 1024;
  } catch {
    return undefined;
  }
}

/**
 * CPU time the server and its workers have used, in ms (Linux /proc; undefined elsewhere). Per
 * request, it tells the cost of a request even when other work shares the machine's cores.
 */
function serverCpuMs(): number | undefined {
  if (!server?.pid) return undefined;
  try {
    let ticks = 0;
    for (const pid of serverPids(server.pid)) {
      // utime and stime, fields 14 and 15, after the parenthesised command name.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

export async function waitForHealth() {
  for (let i = 0; i < 1200; i++) {
    if ((await request("/healthz")).status === 200) return;
    await sleep(100);
  }
  throw new Error("the server did not become healthy in 120 s");
}

/** Runs `user` on `connections` loops for `seconds`; samples memory each second meanwhile. */
export async function drive(
  connections: number,
  seconds: number,
  user: (stop: () => boolean) => Promise<void>,
) {
  const end = performance.now() + seconds * 1000;
  const stop = () => performance.now() >= end;
  const memory: number[] = [];
  const sampler = setInterval(() => {
    const mb = serverMemoryMb();
    if (mb !== undefined) memory.push(mb);
  }, 1000);
  const cpuBefore = serverCpuMs();
  await Promise.all(Array.from({ length: connections }, () => user(stop)));
  const cpuAfter = serverCpuMs();
  clearInterval(sampler);
  const cpuMs =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  return { memory, cpuMs };
}

/** Stops the server and closes the agent's sockets. */
export function stopServer() {
  agent.destroy();
  server?.kill("SIGTERM");
}

export function printMemory(memory: number[]) {
  if (memory.length < 2) {
    console.log("  memory      not measured (needs Linux /proc)");
    return;
  }
  const [first, last] = [memory[0], memory.at(-1)!];
  const change = ((last - first) / first) * 100;
  const flat = Math.max(...memory.map((m) => Math.abs(m - first) / first)) <= 0.1;
  console.log(
    `  memory MB   after warm-up ${fmt(first)}, end ${fmt(last)}, min ${fmt(Math.min(...memory))}, ` +
      `max ${fmt(Math.max(...memory))}; change ${change >= 0 ? "+" : ""}${fmt(change, 1)} % ` +
      `(${flat ? "flat, within ±10 %" : "NOT flat: beyond ±10 %"})`,
  );
}

export function printTally(
  title: string,
  tally: Tally,
  seconds: number,
  byKind: Map<string, Tally>,
  cpuMs: number | undefined,
) {
  console.log(`\n${title}`);
  console.log(
    `  requests    ${fmt(tally.count)} (${fmt(tally.count / seconds, 1)}/s), errors ${fmt(tally.errors)}` +
      `  [${tally.statusList()}]`,
  );
  if (cpuMs !== undefined) {
    console.log(`  server CPU  ${fmt(cpuMs / Math.max(1, tally.count), 2)} ms per request`);
  }
  console.log(
    `  latency ms  p50 ${fmt(tally.percentile(0.5))}, p90 ${fmt(tally.percentile(0.9))}, ` +
      `p99 ${fmt(tally.percentile(0.99))}, max ${fmt(tally.max)}`,
  );
  console.log("  by page                      requests    p50 ms    p99 ms   statuses");
  for (const [kind, t] of byKind) {
    console.log(
      `    ${kind.padEnd(26)} ${fmt(t.count).padStart(8)} ${fmt(t.percentile(0.5)).padStart(9)} ` +
        `${fmt(t.percentile(0.99)).padStart(9)}   ${t.statusList()}`,
    );
  }
}
