/**
 * A production store process started by a test, on its own port, with its output kept so the
 * test can read its logs. It reuses the sandbox data folder of the e2e server (.data/sandbox),
 * so nothing is generated again.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface StoreProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

export async function startStore(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SANDBOX_DATA_DIR: ".data/sandbox",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "info",
      SESSION_SECRET: "e2e-secret-0123456789abcdef",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const store: StoreProcess = {
    child,
    origin,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  try {
    await waitHealthy(origin, () => child.exitCode !== null);
  } catch (error) {
    await store.stop();
    throw new Error(`${(error as Error).message}\n${output.slice(-2000)}`);
  }
  return store;
}

async function waitHealthy(origin: string, gone: () => boolean = () => false) {
  for (let i = 0; i < 600; i++) {
    if (gone()) throw new Error("the store process exited");
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${origin} did not become healthy in 60 s`);
}

/** Log lines at level error or fatal, and raw stack traces printed outside the logger. */
export function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    if (/^\s+at\s/.test(line) || /^\w*Error\b/.test(line)) return true;
    if (!line.startsWith("{")) return false;
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}
