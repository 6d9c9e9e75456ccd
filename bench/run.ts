/**
 * `npm run bench [pages] [search] [browsing] [cart] [lighthouse]` (all by default): starts the
 * production server (or `cluster.ts` with BENCH_CLUSTER=1) and measures it. Needs `npm run
 * build` first. A benchmark, not a test: it never fails on numbers. The figures of a run are in
 * the README's performance section.
 *
 * - pages: each page class (home, catalogue, category, brand, product, content, search) at 50
 *   connections, beside the same bytes served as a static file by the same server: req/s,
 *   p99 and the ratio, anonymous (the whole-page cache) and with a cart cookie (rendered each
 *   time); the HTML size and the JavaScript each page loads (gzip). A table in Markdown.
 * - search: the sandbox's product search, two-word queries one at a time (p50/p90/p99).
 * - browsing: 200 connections of mixed browsing (home, catalogue pages with filters, categories,
 *   products, search, content pages) for 60 s after a warm-up: requests/s, errors, p50/p90/p99
 *   and the server's memory from the end of the warm-up to the end (flat = within ±10 %).
 * - cart: shoppers with cart cookies who add a product, open the cart and open the checkout.
 * - lighthouse: Lighthouse's mobile performance audit of the home, a category and a product page.
 *
 * Knobs: BENCH_PORT, BENCH_SECONDS and BENCH_CONNECTIONS (pages), BENCH_BROWSING_CONNECTIONS,
 * BENCH_BROWSING_SECONDS, BENCH_CART_CONNECTIONS, BENCH_CART_SECONDS, BENCH_WARMUP_SECONDS,
 * BENCH_CLUSTER=1 and WEB_CONCURRENCY (workers), BENCH_NODE_ARGS (flags for the server's node),
 * BENCH_PAGE_CLASSES (a comma-separated subset of the page classes, e.g. "brand,product"). */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import {
  CLUSTER,
  drive,
  env,
  fmt,
  ORIGIN,
  request,
  startServer,
  stopServer,
  Tally,
  waitForHealth,
} from "./load.ts";
import { measureSandboxSearch } from "./sandbox-search.ts";
import { browsingScenario, cartScenario, discoverSite } from "./shoppers.ts";

const PAGES = { seconds: env("BENCH_SECONDS", 5), connections: env("BENCH_CONNECTIONS", 50) };

const chosen = process.argv.slice(2);
const runs = (name: string) => chosen.length === 0 || chosen.includes(name);

// --- Scenarios ---

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
const STATIC_DIR = "build/client/__bench";

/** req/s, p99 and non-200 answers of `path` at PAGES.connections for PAGES.seconds. */
async function measure(path: string, headers: Record<string, string> = {}) {
  const tally = new Tally();
  await drive(PAGES.connections, PAGES.seconds, async (stop) => {
    while (!stop()) tally.add(await request(path, { headers }), (s) => s === 200);
  });
  return { rps: tally.count / PAGES.seconds, p99: tally.percentile(0.99), errors: tally.errors };
}

/** A signed cart cookie with one product, as a shopper's browser holds it. */
async function cartCookie(): Promise<string> {
  const added = await request("/carrito", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    body: "intent=add&productId=18433&quantity=1&redirectTo=/carrito",
  });
  const cookie = added.cookies.find((c) => c.includes("carrito"));
  if (!cookie) throw new Error("adding to the cart set no cookie");
  return cookie;
}

/** gzip bytes of the JavaScript a page loads: its module preloads and scripts. */
async function javascriptOf(html: string): Promise<number> {
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
    const { body } = await request(src, { keep: true, headers: { "accept-encoding": "identity" } });
    bytes += gzipSync(body).length;
  }
  return bytes;
}

async function pagesScenario() {
  const cookie = await cartCookie();
  mkdirSync(STATIC_DIR, { recursive: true });
  const rows = [];
  try {
    // BENCH_PAGE_CLASSES=brand,product measures only those classes.
    const only = process.env.BENCH_PAGE_CLASSES?.split(",");
    for (const page of PAGE_CLASSES.filter((p) => !only || only.includes(p.name))) {
      const { body: html } = await request(page.path, {
        keep: true,
        headers: { "accept-encoding": "identity" },
      });
      const file = `${page.name.replace(/\W+/g, "-")}.html`;
      writeFileSync(`${STATIC_DIR}/${file}`, html);
      const staticPath = `/__bench/${file}`;
      // One round each to warm the caches, then the measured one.
      await measure(staticPath);
      const fixed = await measure(staticPath);
      await measure(page.path);
      const anonymous = await measure(page.path);
      await measure(page.path, { cookie });
      const withCart = await measure(page.path, { cookie });
      rows.push({
        ...page,
        html: Buffer.byteLength(html),
        js: await javascriptOf(html),
        fixed,
        anonymous,
        withCart,
      });
    }
  } finally {
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
  const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;
  console.log(
    `\nsingle pages: ${PAGES.connections} connections, ${PAGES.seconds} s per measure; "static" is ` +
      "the same page's bytes served as a file by the same server\n",
  );
  console.log(
    "| page | HTML | JS (gzip) | static req/s | anonymous req/s | ratio | p99 ms | with cart req/s | ratio | p99 ms | non-200 |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.name} \`${r.path}\` | ${kb(r.html)} | ${kb(r.js)} | ${fmt(r.fixed.rps)} | ` +
        `${fmt(r.anonymous.rps)} | ${fmt(r.anonymous.rps / r.fixed.rps, 2)} | ${fmt(r.anonymous.p99, 1)} | ` +
        `${fmt(r.withCart.rps)} | ${fmt(r.withCart.rps / r.fixed.rps, 2)} | ${fmt(r.withCart.p99, 1)} | ` +
        `${r.fixed.errors + r.anonymous.errors + r.withCart.errors} |`,
    );
  }
}

async function sandboxSearchScenario() {
  const { queries, p50, p90, p99 } = await measureSandboxSearch(ORIGIN);
  console.log(
    `\nsandbox search, two-word queries over the whole catalogue, one at a time: ${queries} ` +
      `requests, p50 ${fmt(p50, 2)} ms, p90 ${fmt(p90, 2)} ms, p99 ${fmt(p99, 2)} ms`,
  );
}

async function lighthouseScenario() {
  // Loaded only when asked for: Lighthouse is large.
  const { runLighthouse } = await import("./lighthouse.ts");
  const runs = 3;
  const results = await runLighthouse(ORIGIN, ["/", "/categoria/22", "/producto/18433"], runs);
  console.log(`\nLighthouse, mobile (simulated throttling), the median of ${runs} runs per page\n`);
  console.log("| page | performance | LCP ms | TBT ms | CLS | FCP ms |");
  console.log("|---|---|---|---|---|---|");
  for (const r of results) {
    console.log(
      `| \`${r.path}\` | ${fmt(r.score * 100)} | ${fmt(r.lcpMs)} | ${fmt(r.tbtMs)} | ` +
        `${fmt(r.cls, 3)} | ${fmt(r.fcpMs)} |`,
    );
  }
}

startServer();
try {
  await waitForHealth();
  console.log(
    CLUSTER
      ? `cluster.ts (${process.env.WEB_CONCURRENCY ?? "one per core"} workers)`
      : "server.ts (one process)",
  );
  if (runs("pages")) await pagesScenario();
  if (runs("search")) await sandboxSearchScenario();
  if (runs("browsing") || runs("cart")) {
    const site = await discoverSite();
    if (runs("browsing")) await browsingScenario(site);
    if (runs("cart")) await cartScenario(site);
  }
  if (runs("lighthouse")) await lighthouseScenario();
} finally {
  stopServer();
}
