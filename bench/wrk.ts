/**
 * Debian's `wrk` as the load of the pages part (`apt-get install wrk`), when it is installed: one
 * thread of C spends a few µs on a request where the bench's Node client spends tens, so the
 * servers, not the client, are what is measured (docs/decisions/0505).
 */
import { spawn, spawnSync } from "node:child_process";

const WRK = process.env.WRK ?? "wrk";

/** Whether wrk runs here (it prints its version and exits 1 for `-v`). */
export function wrkInstalled(): boolean {
  const { error, stdout, stderr } = spawnSync(WRK, ["-v"], { encoding: "utf8" });
  return !error && /^wrk /m.test(stdout + stderr);
}

/** A run of load, as wrk reports it (the bench's own client reports the same). */
export interface LoadRun {
  requests: number;
  rps: number;
  /** The 99th percentile of the latency, in ms. */
  p99: number;
  /** Answers other than 2xx or 3xx, and failed reads, writes and timeouts. */
  errors: number;
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** What `wrk --latency` printed, read; throws when it is not a wrk summary. */
export function readWrk(output: string): LoadRun {
  const number = (pattern: RegExp) => {
    const found = pattern.exec(output);
    if (!found) throw new Error(`wrk said something else:\n${output}`);
    return found;
  };
  const [, requests] = number(/(\d+) requests in /);
  const [, rps] = number(/Requests\/sec:\s+([\d.]+)/);
  // wrk pads a figure in seconds with a space ("1.81s ").
  const [, p99, unit] = number(/^\s*99%\s+([\d.]+)(us|ms|s|m)[ \t]*$/m);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requests: Number(requests),
    rps: Number(rps),
    p99: Number(p99) * MS_PER_UNIT[unit],
    errors: Number(non2xx) + socketErrors,
  };
}

/** `connections` connections on one thread for `seconds` against 127.0.0.1:port. */
export function runWrk(
  port: number,
  path: string,
  load: { connections: number; seconds: number },
  headers: Record<string, string>,
): Promise<LoadRun> {
  const args = ["-t1", `-c${load.connections}`, `-d${load.seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(`http://127.0.0.1:${port}${path}`);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) {
        try {
          resolve(readWrk(output));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      } else reject(new Error(`wrk exited ${code}:\n${output}`));
    });
  });
}
