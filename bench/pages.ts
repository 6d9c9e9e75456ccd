/**
 * `npm run bench pages`: each page class at `connections`, side by side with nginx serving the
 * same bytes (docs/decisions/0475), in rounds of `seconds` per server in turn (0640). The
 * store's own answer for each page, plain and compressed as the store sends it, is saved as the
 * files that Debian's nginx (one worker, on a free port) serves precompressed: `brotli_static`
 * when Debian's module is installed (libnginx-mod-http-brotli-static), else `gzip_static`, and
 * every request on both sides then asks for gzip. The same answer and headers are also written
 * by Node's own HTTP server and nothing else (bench/node-floor.ts), the floor under any Node
 * server. Reported: req/s, p99 and CPU time per request of nginx, of that floor, of the store for
 * anonymous visitors (the whole-page cache) and with a cart cookie, the floor's req/s ratio to
 * nginx and the store's to the floor, each the median of its rounds; the HTML size, the size
 * sent, and the JavaScript each page loads (gzip). The load comes from Debian's wrk when it is
 * installed (bench/wrk.ts), else from the bench's own client, which then limits every server's
 * req/s; the CPU time per request is each server's own cost either way (docs/decisions/0500,
 * 0505).
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { debianModule, NGINX, startNginx } from "../tests/support/nginx.ts";
import { fmt, median, send, Tally } from "./http.ts";
import { cpuMs, serverCollectorMs, serverCpuMs } from "./store-process.ts";
import { runWrk, type LoadRun, wrkInstalled } from "./wrk.ts";

/** The page classes of the fast-pages goal (docs/decisions/0384), one URL each. */
const PAGE_CLASSES: Array<{ name: string; path: string }> = [
  { name: "home", path: "/" },
  { name: "catalogue", path: "/productos" },
  { name: "category", path: "/categoria/22" },
  { name: "brand", path: "/marca/Hikvision" },
  { name: "product", path: "/producto/18433" },
  { name: "content", path: "/nosotros" },
  { name: "search", path: "/buscar?q=camara" },
  { name: "catalogue search", path: "/productos?search=camara" },
];

interface Load {
  connections: number;
  seconds: number;
  /** Rounds of the servers' runs in turn (at least 1). */
  rounds: number;
}

/**
 * A run's figures, with the server's CPU µs per request (undefined off Linux) and, for the
 * store, the share of that CPU its main thread spent paused for V8's collector.
 */
type Measured = Omit<LoadRun, "requests"> & { cpuUs?: number; collectorShare?: number };

/**
 * What is measured: a server's port, the path, the request's headers, the server's CPU in ms
 * and, for the store, its collector's pauses in ms.
 */
type Target = [
  port: number,
  path: string,
  headers: Record<string, string>,
  cpu: () => number | undefined,
  collector?: () => Promise<number | undefined>,
];

/** req/s, p99, errors and the server's CPU µs per request of `path` on `port` under `drive`. */
async function measure(
  drive: Drive,
  load: Load,
  port: number,
  path: string,
  headers: Record<string, string>,
  cpu: () => number | undefined,
  collector?: () => Promise<number | undefined>,
): Promise<Measured> {
  const collectorBefore = await collector?.();
  const cpuBefore = cpu();
  const run = await drive(port, path, load, headers);
  const cpuAfter = cpu();
  const collectorAfter = await collector?.();
  const cpuMs =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const collectorShare =
    cpuMs && collectorBefore !== undefined && collectorAfter !== undefined
      ? (collectorAfter - collectorBefore) / cpuMs
      : undefined;
  return {
    rps: run.rps,
    p99: run.p99,
    errors: run.errors,
    cpuUs: cpuMs === undefined ? undefined : (cpuMs * 1000) / run.requests,
    collectorShare,
  };
}

/** A server's figures: the median of its rounds, and each round's. */
type Figures = Measured & { rounds: Measured[] };

/**
 * Each of `runs` for a second to warm, then `rounds` rounds of all of them in turn. The host's
 * speed drifts from one run to the next (the same server measured 55,000 and 67,000 req/s a
 * minute apart), so servers are compared within a round, where they met the same host.
 */
async function inTurn<K extends string, A>(
  runs: Record<K, A>,
  rounds: number,
  seconds: number,
  run: (args: A, seconds: number) => Promise<Measured>,
): Promise<Record<K, Figures>> {
  const names = Object.keys(runs) as K[];
  for (const name of names) await run(runs[name], 1);
  const measured = new Map<K, Measured[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) measured.get(name)!.push(await run(runs[name], seconds));
  }
  const figures = {} as Record<K, Figures>;
  for (const [name, all] of measured) {
    // A figure some round could not measure is left out.
    const medianOf = (read: (m: Measured) => number | undefined) => {
      const values = all.flatMap((m) => read(m) ?? []);
      return values.length === all.length ? median(values) : undefined;
    };
    figures[name] = {
      rps: median(all.map((m) => m.rps)),
      p99: median(all.map((m) => m.p99)),
      errors: all.reduce((sum, m) => sum + m.errors, 0),
      cpuUs: medianOf((m) => m.cpuUs),
      collectorShare: medianOf((m) => m.collectorShare),
      rounds: all,
    };
  }
  return figures;
}

/** The median of the rounds' req/s ratios of `server` to `to`. */
const ratioOf = (server: Figures, to: Figures) =>
  median(server.rounds.map((m, i) => m.rps / to.rounds[i].rps));

type Drive = (
  port: number,
  path: string,
  load: Load,
  headers: Record<string, string>,
) => Promise<LoadRun>;

/** The bench's own client as the load, where wrk is not installed. */
const nodeLoad: Drive = async (port, path, load, headers) => {
  const tally = new Tally();
  const end = performance.now() + load.seconds * 1000;
  await Promise.all(
    Array.from({ length: load.connections }, async () => {
      while (performance.now() < end) {
        tally.add(await send(port, path, { headers }), (s) => s === 200);
      }
    }),
  );
  return {
    requests: tally.count,
    rps: tally.count / load.seconds,
    p99: tally.percentile(0.99),
    errors: tally.errors,
  };
};

/** Node's own HTTP server writing `dir`'s answers (bench/node-floor.ts), on a free port. */
async function startNodeFloor(dir: string) {
  const script = fileURLToPath(new URL("node-floor.ts", import.meta.url));
  const child = spawn(process.execPath, [script, dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [line] = (await once(child.stdout, "data")) as [Buffer];
  return {
    port: Number(line.toString().trim()),
    cpu: () => (child.pid ? cpuMs(child.pid) : undefined),
    stop: () => child.kill("SIGTERM"),
  };
}

/** Headers Node's server writes itself. */
const SET_BY_NODE = /^(date|connection|keep-alive|transfer-encoding)$/;

/** The headers the store sent, for the floor server to send as well. */
function floorHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !SET_BY_NODE.test(name)) {
      kept[name] = Array.isArray(value) ? value.join(", ") : value;
    }
  }
  return kept;
}

/** A signed cart cookie with one product, as a shopper's browser holds it. */
async function cartCookie(port: number): Promise<string> {
  const added = await send(port, "/carrito", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: `http://127.0.0.1:${port}`,
    },
    body: "intent=add&productId=18433&quantity=1&redirectTo=/carrito",
  });
  const cookie = added.cookies.find((c) => c.includes("carrito"));
  if (!cookie) throw new Error("adding to the cart set no cookie");
  return cookie;
}

/** gzip bytes of the JavaScript a page loads: its module preloads and scripts. */
async function javascriptOf(port: number, html: string): Promise<number> {
  const sources = new Set(
    [
      ...html.matchAll(/<(?:link rel="modulepreload"|script)[^>]*(?:href|src)="(\/[^"]+\.js)"/g),
    ].map((m) => m[1]),
  );
  // The inline module script names the rest: the files it preloads and imports once the first
  // frame is painted (docs/decisions/0390).
  const moduleScript = /<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  for (const [, src] of moduleScript.matchAll(/"(\/assets\/[^"]+\.js)"/g)) sources.add(src);
  let bytes = 0;
  for (const src of sources) {
    const { body } = await send(port, src, {
      keep: true,
      headers: { "accept-encoding": "identity" },
    });
    bytes += gzipSync(body).length;
  }
  return bytes;
}

function nginxVersion(): string {
  const { stderr } = spawnSync(NGINX, ["-v"], { encoding: "utf8" });
  return /nginx\/[\d.]+/.exec(stderr)?.[0] ?? "nginx";
}

export async function pagesScenario(port: number, load: Load, only?: string[]) {
  const brotliModule = debianModule("ngx_http_brotli_static_module.so");
  const brotli = brotliModule !== undefined;
  const encoding = brotli ? "br" : "gzip";
  const accept = { "accept-encoding": encoding };
  const cookie = await cartCookie(port);
  const nginx = await startNginx(
    1,
    (dir, [nginxPort]) => `
      sendfile on;
      tcp_nopush on;
      keepalive_requests 1000000;
      types { text/html html; }
      server {
        listen 127.0.0.1:${nginxPort};
        root ${dir}/pages;
        ${brotli ? "brotli_static on;" : "gzip_static on;"}
      }`,
    brotliModule ? [brotliModule] : [],
  );
  const nginxPort = Number(new URL(nginx.origins[0]).port);
  const nginxCpu = () => (nginx.pid ? cpuMs(nginx.pid) : undefined);
  const drive = wrkInstalled() ? runWrk : nodeLoad;
  const rows = [];
  mkdirSync(`${nginx.dir}/pages`);
  mkdirSync(`${nginx.dir}/floor`);
  const floor = await startNodeFloor(`${nginx.dir}/floor`);
  try {
    for (const page of PAGE_CLASSES.filter((p) => !only || only.includes(p.name))) {
      // The store's answers: plain (stored by its page cache), then compressed from its cache.
      const plain = await send(port, page.path, {
        keep: true,
        headers: { "accept-encoding": "identity" },
      });
      const sent = await send(port, page.path, { keep: true, headers: accept });
      if (plain.status !== 200 || sent.encoding !== encoding) {
        throw new Error(`${page.path}: ${plain.status}, sent as ${sent.encoding}`);
      }
      const file = page.name.replace(/\W+/g, "-");
      writeFileSync(`${nginx.dir}/pages/${file}.html`, plain.bytes);
      writeFileSync(`${nginx.dir}/pages/${file}.html.${brotli ? "br" : "gz"}`, sent.bytes);
      writeFileSync(`${nginx.dir}/floor/${file}.body`, sent.bytes);
      writeFileSync(
        `${nginx.dir}/floor/${file}.headers.json`,
        JSON.stringify(floorHeaders(sent.headers)),
      );
      for (const [server, path] of [
        [nginxPort, `/${file}.html`],
        [floor.port, `/${file}`],
      ] as const) {
        const served = await send(server, path, { keep: true, headers: accept });
        if (!served.bytes.equals(sent.bytes)) throw new Error(`${path} on ${server}: other bytes`);
      }
      const collector = () => serverCollectorMs(port);
      const runs: Record<"anonymous" | "withCart" | "bare" | "fixed", Target> = {
        anonymous: [port, page.path, accept, serverCpuMs, collector],
        withCart: [port, page.path, { ...accept, cookie }, serverCpuMs, collector],
        bare: [floor.port, `/${file}`, accept, floor.cpu],
        fixed: [nginxPort, `/${file}.html`, accept, nginxCpu],
      };
      const measured = await inTurn(runs, load.rounds, load.seconds, (args, seconds) =>
        measure(drive, { ...load, seconds }, ...args),
      );
      rows.push({
        ...page,
        html: plain.bytes.length,
        sent: sent.bytes.length,
        js: await javascriptOf(port, plain.body),
        ...measured,
      });
    }
  } finally {
    floor.stop();
    await nginx.stop();
  }
  const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;
  console.log(
    `\nsingle pages: ${load.connections} connections, ${load.rounds} rounds of ${load.seconds} s ` +
      "per server in turn after a second each to warm, each figure the median of its rounds; " +
      (drive === runWrk
        ? "the load from wrk (one thread); "
        : "the load from the bench's own client (wrk is not installed: the client may be what limits every server); ") +
      `"nginx" is ${nginxVersion()} (one worker) serving the store's own answer for the page as a file, ` +
      (brotli
        ? "precompressed (brotli_static); every request asks for br; "
        : "precompressed (gzip_static; Debian's brotli_static module is not installed); every " +
          "request asks for gzip; ") +
      '"Node" is Node\'s own HTTP server writing the same bytes and headers and nothing else ' +
      "(bench/node-floor.ts); Node's ratio is to nginx, the store's to Node (docs/decisions/0505), " +
      "each the median of the rounds' ratios; \"GC\" is the share of the store's CPU its main " +
      "thread spent paused for V8's collector (its /metrics; docs/decisions/0650)\n",
  );
  console.log(
    `| page | HTML | sent (${encoding}) | JS (gzip) | nginx req/s | p99 ms | CPU µs | Node req/s | to nginx | CPU µs | anonymous req/s | to Node | p99 ms | CPU µs | GC | with cart req/s | to Node | p99 ms | CPU µs | GC | errors |`,
  );
  console.log(`|${"---|".repeat(21)}`);
  const us = (m: Measured) => (m.cpuUs === undefined ? "–" : fmt(m.cpuUs));
  const gc = (m: Measured) =>
    m.collectorShare === undefined ? "–" : `${fmt(m.collectorShare * 100)} %`;
  for (const r of rows) {
    const ratio = (m: Figures, to: Figures) => fmt(ratioOf(m, to), 2);
    console.log(
      `| ${r.name} \`${r.path}\` | ${kb(r.html)} | ${kb(r.sent)} | ${kb(r.js)} | ` +
        `${fmt(r.fixed.rps)} | ${fmt(r.fixed.p99, 1)} | ${us(r.fixed)} | ` +
        `${fmt(r.bare.rps)} | ${ratio(r.bare, r.fixed)} | ${us(r.bare)} | ` +
        `${fmt(r.anonymous.rps)} | ${ratio(r.anonymous, r.bare)} | ${fmt(r.anonymous.p99, 1)} | ${us(r.anonymous)} | ${gc(r.anonymous)} | ` +
        `${fmt(r.withCart.rps)} | ${ratio(r.withCart, r.bare)} | ${fmt(r.withCart.p99, 1)} | ${us(r.withCart)} | ${gc(r.withCart)} | ` +
        `${r.fixed.errors + r.bare.errors + r.anonymous.errors + r.withCart.errors} |`,
    );
  }
}
