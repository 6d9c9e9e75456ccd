/**
 * The sandbox merchant API alone (`node sandbox/serve.ts`) on a free port, as a remote API that
 * a second store reaches over HTTP (through a fault proxy when the test needs one). It reuses
 * the e2e sandbox data folder, so nothing is generated again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net, { type AddressInfo } from "node:net";

export interface MerchantApi {
  url: string;
  /** The gateway's charges of an order. */
  charges(orderId: string): Promise<Array<{ id: string; status: string }>>;
  stop(): Promise<void>;
}

/** `allowedOrigins`: the stores whose pages may tokenize cards at it from the browser. */
export async function startMerchantApi(allowedOrigins: string[] = []): Promise<MerchantApi> {
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["sandbox/serve.ts"], {
    env: {
      ...process.env,
      SANDBOX_PORT: "0",
      HOST: "127.0.0.1",
      SANDBOX_DATA_DIR: ".data/sandbox",
      SANDBOX_ALLOWED_ORIGINS: allowedOrigins.join(","),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 60_000);
    child.stdout?.on("data", () => {
      const match = /sandbox listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`sandbox exited (${code}):\n${output}`)));
  });
  return {
    url,
    async charges(orderId) {
      const response = await fetch(
        `${url}/payments/charges?order_id=${encodeURIComponent(orderId)}`,
      );
      return (await response.json()) as Array<{ id: string; status: string }>;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** A port nothing listens on now, for a process that must know its origin before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
