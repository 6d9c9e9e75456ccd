/**
 * A second store process for the tests that need their own: its own rate-limit memory, its own
 * logs to read, its own settings (a remote merchant API behind a fault proxy, for one). It
 * serves the same build, on a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface SecondStore {
  baseURL: string;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  stop(): Promise<void>;
}

/** Starts `node server.ts` (production build) on a free port with these settings. */
export async function startStore(env: Record<string, string>): Promise<SecondStore> {
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      SESSION_SECRET: "e2e-secret-0123456789abcdef,e2e-old-secret-0123456789",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`store did not start:\n${output}`)), 60_000);
    const look = () => {
      const match = /"url":"(http:\/\/[^"]+)"[^\n]*"msg":"store listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", look);
    child.on("exit", (code) => reject(new Error(`store exited (${code}):\n${output}`)));
  });
  return {
    baseURL,
    logs: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
