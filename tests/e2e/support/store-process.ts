/**
 * A production store process started by a test (`node build/node/main.js` of the e2e build), with its
 * output kept so the test can read its logs: for the tests that need a store of their own (its
 * own settings, rate-limit memory or logs). It reuses the sandbox data folder of the e2e server
 * (.data/sandbox), so nothing is generated again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/** The server module `npm start` runs, in the build the tests use (scripts/build-server.ts). */
export const STORE_MAIN = path.join(process.env.BUILD_DIR ?? "build", "node/main.js");

export interface StoreProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<void>;
}

/** Starts a store on `port` and waits until it answers /healthz. */
export async function startStore(port: number, env: Record<string, string> = {}) {
  const store = spawnStore({ ...env, PORT: String(port) });
  await untilHealthy(store, async () => `http://127.0.0.1:${port}`);
  return store;
}

/**
 * Starts a store on a port the system picks (the log's 'store listening' line says which), so
 * tests running at the same time never compete for one, unless `env` names a PORT (one from
 * freePort(), for a store that must know its origin before it starts); waits until it answers
 * /healthz.
 */
export async function startStoreOnFreePort(env: Record<string, string> = {}) {
  const store = spawnStore({ PORT: "0", ...env });
  await untilHealthy(store, async () => {
    for (let i = 0; i < 600 && store.child.exitCode === null; i++) {
      const match = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"store listening"/.exec(store.output());
      if (match) return match[1];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the store did not say where it listens");
  });
  return store;
}

/** A store process whose origin is known once it listens. */
interface Starting extends StoreProcess {
  origin: string;
}

function spawnStore(env: Record<string, string>): Starting {
  const child = spawn(process.execPath, [STORE_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SANDBOX_DATA_DIR: ".data/sandbox",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      LOG_LEVEL: "info",
      SESSION_SECRET: "e2e-secret-0123456789abcdef,e2e-old-secret-0123456789",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    origin: "",
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * Learns the store's origin, then waits for /healthz; if it never gets there, stops the store
 * and throws with the end of its output.
 */
async function untilHealthy(store: Starting, originOf: () => Promise<string>) {
  try {
    store.origin = await originOf();
    await waitHealthy(store.origin, () => store.child.exitCode !== null);
  } catch (error) {
    await store.stop();
    throw new Error(`${(error as Error).message}\n${store.output().slice(-2000)}`);
  }
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
