/**
 * A second store process for the tests that need their own: its own rate-limit memory, its own
 * logs to read, and a merchant API reached through a proxy the test can cut (the payments API
 * "down" while the catalogue stays up). It serves the same build, on a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface GatewayProxy {
  url: string;
  /** While true, every payments call is dropped (the connection closed without an answer). */
  paymentsDown: boolean;
  close(): Promise<void>;
}

/**
 * Forwards to the first store's embedded sandbox; can drop the payments calls. `headers` go with
 * every call: the staff session the store's /sandbox API asks for (docs/decisions/0410).
 */
export async function gatewayProxy(
  target: string,
  headers: Record<string, string> = {},
): Promise<GatewayProxy> {
  const upstream = new URL(target);
  const state = { paymentsDown: false };
  const server = http.createServer((req, res) => {
    if (state.paymentsDown && /^\/sandbox\/(api\/)?payments\//.test(req.url ?? "")) {
      req.socket.destroy();
      return;
    }
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, ...headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get paymentsDown() {
      return state.paymentsDown;
    },
    set paymentsDown(value: boolean) {
      state.paymentsDown = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
