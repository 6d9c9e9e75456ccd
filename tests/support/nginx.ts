/**
 * Debian's nginx started by a test or the bench: one worker, in the foreground, with its config,
 * cache, temporary files and logs in a folder of its own under the system's temp folder, on free
 * ports; `stop()` ends it and removes the folder. `apt-get install nginx` (.ci/run does).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../e2e/support/merchant-api.ts";

export const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";

export interface Nginx {
  /** Its folder: `nginx.conf`, its temporary files and whatever the `http` block puts there. */
  dir: string;
  /** `http://127.0.0.1:<port>`, one per port asked for. */
  origins: string[];
  /** The master process (its worker is its child). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** The file of a dynamic module of Debian's packages (`libnginx-mod-…`), if it is installed. */
export function debianModule(file: string): string | undefined {
  const installed = `/usr/lib/nginx/modules/${file}`;
  return existsSync(installed) ? installed : undefined;
}

/**
 * Starts nginx with `http(dir, ports)` as its `http` block's contents (`modules`: files for
 * `load_module`) and waits until every port takes connections.
 */
export async function startNginx(
  portCount: number,
  http: (dir: string, ports: number[]) => string,
  modules: string[] = [],
): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "nginx-"));
  // Run as root, nginx's worker is `nobody`: it must reach the folder (the files it serves and
  // the cache folders, which the master creates and hands to the worker).
  chmodSync(dir, 0o755);
  const ports = await Promise.all(Array.from({ length: portCount }, () => freePort()));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${dir}/${kind}_temp;`)
    .join("\n  ");
  writeFileSync(
    `${dir}/nginx.conf`,
    `${modules.map((m) => `load_module ${m};`).join("\n")}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp}
  ${http(dir, ports)}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", `${dir}/nginx.conf`, "-e", "stderr"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const nginx: Nginx = {
    dir,
    origins: ports.map((port) => `http://127.0.0.1:${port}`),
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const spawned = new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", (error) =>
      reject(new Error(`${NGINX} could not start (apt-get install nginx): ${error.message}`)),
    );
  });
  try {
    await spawned;
    for (const port of ports) await listening(port, () => child.exitCode !== null);
  } catch (error) {
    await nginx.stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return nginx;
}

/** Waits until the port takes connections (no request: a proxy would pass it on). */
async function listening(port: number, gone: () => boolean) {
  for (let i = 0; i < 100; i++) {
    if (gone()) throw new Error("nginx exited");
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port} in 5 s`);
}
