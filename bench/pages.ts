/**
 * `npm run bench pages`: each page class at `connections` for `seconds`, side by side with nginx
 * serving the same bytes (docs/decisions/0475). The store's own answer for each page, plain and
 * compressed as the store sends it, is saved as the files that Debian's nginx (one worker, on a
 * free port) serves precompressed: `brotli_static` when Debian's module is installed
 * (libnginx-mod-http-brotli-static), else `gzip_static`, and every request on both sides then
 * asks for gzip. Reported: req/s, p99 and CPU time per request of nginx, of the store for
 * anonymous visitors (the whole-page cache) and with a cart cookie, and each req/s ratio to
 * nginx; the HTML size, the size sent, and the JavaScript each page loads (gzip). The bench's
 * own client shares the machine and may be what limits both servers' req/s: the CPU time per
 * request is each server's own cost (docs/decisions/0500).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { debianModule, NGINX, startNginx } from "../tests/support/nginx.ts";
import { fmt, send, Tally } from "./http.ts";
import { cpuMs, serverCpuMs } from "./store-process.ts";

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
}

/** req/s, p99, non-200 answers and the server's CPU µs per request of `path` on `port`. */
async function measure(
  port: number,
  path: string,
  load: Load,
  headers: Record<string, string>,
  cpu: () => number | undefined,
) {
  const tally = new Tally();
  const cpuBefore = cpu();
  const end = performance.now() + load.seconds * 1000;
  await Promise.all(
    Array.from({ length: load.connections }, async () => {
      while (performance.now() < end) {
        tally.add(await send(port, path, { headers }), (s) => s === 200);
      }
    }),
  );
  const cpuAfter = cpu();
  const cpuUs =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / tally.count;
  return {
    rps: tally.count / load.seconds,
    p99: tally.percentile(0.99),
    errors: tally.errors,
    cpuUs,
  };
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
  const rows = [];
  try {
    mkdirSync(`${nginx.dir}/pages`);
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
      const file = `${page.name.replace(/\W+/g, "-")}.html`;
      writeFileSync(`${nginx.dir}/pages/${file}`, plain.bytes);
      writeFileSync(`${nginx.dir}/pages/${file}.${brotli ? "br" : "gz"}`, sent.bytes);
      const served = await send(nginxPort, `/${file}`, { keep: true, headers: accept });
      if (!served.bytes.equals(sent.bytes)) throw new Error(`nginx served other bytes for ${file}`);
      // One round each to warm the caches, then the measured one.
      await measure(nginxPort, `/${file}`, load, accept, nginxCpu);
      const fixed = await measure(nginxPort, `/${file}`, load, accept, nginxCpu);
      await measure(port, page.path, load, accept, serverCpuMs);
      const anonymous = await measure(port, page.path, load, accept, serverCpuMs);
      const carted = { ...accept, cookie };
      await measure(port, page.path, load, carted, serverCpuMs);
      const withCart = await measure(port, page.path, load, carted, serverCpuMs);
      rows.push({
        ...page,
        html: plain.bytes.length,
        sent: sent.bytes.length,
        js: await javascriptOf(port, plain.body),
        fixed,
        anonymous,
        withCart,
      });
    }
  } finally {
    await nginx.stop();
  }
  const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;
  console.log(
    `\nsingle pages: ${load.connections} connections, ${load.seconds} s per measure; "nginx" is ` +
      `${nginxVersion()} (one worker) serving the store's own answer for the page as a file, ` +
      (brotli
        ? "precompressed (brotli_static); every request asks for br\n"
        : "precompressed (gzip_static; Debian's brotli_static module is not installed); every " +
          "request asks for gzip\n"),
  );
  console.log(
    `| page | HTML | sent (${encoding}) | JS (gzip) | nginx req/s | p99 ms | CPU µs | anonymous req/s | ratio | p99 ms | CPU µs | with cart req/s | ratio | p99 ms | CPU µs | non-200 |`,
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  const us = (m: { cpuUs?: number }) => (m.cpuUs === undefined ? "–" : fmt(m.cpuUs));
  for (const r of rows) {
    console.log(
      `| ${r.name} \`${r.path}\` | ${kb(r.html)} | ${kb(r.sent)} | ${kb(r.js)} | ` +
        `${fmt(r.fixed.rps)} | ${fmt(r.fixed.p99, 1)} | ${us(r.fixed)} | ` +
        `${fmt(r.anonymous.rps)} | ${fmt(r.anonymous.rps / r.fixed.rps, 2)} | ${fmt(r.anonymous.p99, 1)} | ${us(r.anonymous)} | ` +
        `${fmt(r.withCart.rps)} | ${fmt(r.withCart.rps / r.fixed.rps, 2)} | ${fmt(r.withCart.p99, 1)} | ${us(r.withCart)} | ` +
        `${r.fixed.errors + r.anonymous.errors + r.withCart.errors} |`,
    );
  }
}
