/**
 * The store process the bench measures (`npm start`'s `build/node/main.js`, or `cluster.js` and
 * its workers) and what it uses: resident memory and CPU time, read from Linux /proc.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { send } from "./http.ts";

/** The bearer token of the store's `/metrics` on its own port, for the bench alone. */
const METRICS_TOKEN = "bench-metrics-0123456789abcdef";

let server: ChildProcess | undefined;

export function startServer(port: number, cluster: boolean, env: Record<string, string> = {}) {
  server = spawnStore(port, process.env.BUILD_DIR ?? "build", cluster, env);
}

/**
 * A store built in `buildDir`, started as `npm start` starts it (its node flags, then
 * BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p") on `port`. The caller stops it.
 */
export function spawnStore(
  port: number,
  buildDir: string,
  cluster: boolean,
  env: Record<string, string> = {},
): ChildProcess {
  const nodeArgs = [
    ...startFlags(),
    ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
  ];
  return spawn(
    process.execPath,
    [...nodeArgs, path.join(buildDir, "node", cluster ? "cluster.js" : "main.js")],
    {
      env: {
        // A secret of its own, the same from one run to the next.
        SESSION_SECRET: "bench-secret-0123456789abcdef",
        METRICS_TOKEN,
        ...process.env,
        ...env,
        BUILD_DIR: buildDir,
        NODE_ENV: "production",
        PORT: String(port),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
}

/** The node flags of package.json's `start` script (the young generation's size, 0520). */
function startFlags(): string[] {
  const scripts = (
    JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  return (/\bnode((?: --[\w-]+(?:=\S+)?)*) build\/node\/main\.js/.exec(scripts.start)?.[1] ?? "")
    .split(" ")
    .filter(Boolean);
}

/** A process and its children, theirs included (Linux /proc). */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children.flatMap(processTree)];
  } catch {
    return [pid];
  }
}

/** Resident memory of the server and its workers, in MB (Linux /proc; undefined elsewhere). */
export function serverMemoryMb(): number | undefined {
  if (!server?.pid) return undefined;
  try {
    let kb = 0;
    for (const pid of processTree(server.pid)) {
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
export function serverCpuMs(): number | undefined {
  return server?.pid ? cpuMs(server.pid) : undefined;
}

/**
 * The ms the store's main thread has spent paused for V8's collector since it started, from its
 * `/metrics` (`nodejs_gc_duration_seconds`, every kind); undefined when `/metrics` does not
 * answer the bench's token on the shop's port (METRICS_PORT or another METRICS_TOKEN set).
 */
export async function serverCollectorMs(port: number): Promise<number | undefined> {
  const answer = await send(port, "/metrics", {
    keep: true,
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (answer.status !== 200) return undefined;
  let seconds = 0;
  for (const [, value] of answer.body.matchAll(
    /^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)$/gm,
  )) {
    seconds += Number(value);
  }
  return seconds * 1000;
}

/** CPU time a process and its children have used, in ms (Linux /proc; undefined elsewhere). */
export function cpuMs(pid: number): number | undefined {
  try {
    let ticks = 0;
    for (const each of processTree(pid)) {
      // utime and stime, fields 14 and 15, after the parenthesised command name.
      const fields = readFileSync(`/proc/${each}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** A thread's CPU time in ns, from the scheduler's count (`/proc/PID/task/TID/schedstat`). */
const threadNs = (pid: number, task: number | string) =>
  Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);

/**
 * CPU time of a process and its children in ns, every thread's: exact where `/proc/…/stat`
 * counts 10 ms ticks, so one request's cost can be read alone. Undefined off Linux.
 */
export function cpuNs(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const each of processTree(pid)) {
      for (const task of readdirSync(`/proc/${each}/task`)) {
        try {
          ns += threadNs(each, task);
        } catch {
          // a thread that ended meanwhile
        }
      }
    }
    return ns;
  } catch {
    return undefined;
  }
}

/**
 * CPU time of the main thread of a process and of its children in ns. That thread answers every
 * request and renders every page; the others (V8's collector, libuv's pool, the embedded
 * sandbox's catalogue) run beside it, so it bounds how many pages a second a process answers
 * (docs/decisions/0725). Undefined off Linux.
 */
export function mainThreadNs(pid: number): number | undefined {
  try {
    return processTree(pid).reduce((ns, each) => ns + threadNs(each, each), 0);
  } catch {
    return undefined;
  }
}

export const serverCpuNs = () => (server?.pid ? cpuNs(server.pid) : undefined);
export const serverMainThreadNs = () => (server?.pid ? mainThreadNs(server.pid) : undefined);

/** Resident memory of one process, in MB (Linux /proc). */
export function memoryMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return undefined;
  }
}

export function stopServer() {
  server?.kill("SIGTERM");
}
