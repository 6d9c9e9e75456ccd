/**
 * The sandbox in its own process (`npm run sandbox`), for the bench's remote-API mode
 * (BENCH_API=remote): the store then reaches its merchant API over HTTP, as in production.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

export async function startRemoteSandbox(port: number, dataDir: string) {
  const script = fileURLToPath(new URL("../sandbox/serve.ts", import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // It prints one line once it listens.
  await once(child.stdout, "data");
  child.stdout.resume();
  if (!child.pid) throw new Error("the sandbox did not start");
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => child.kill("SIGTERM"),
  };
}
