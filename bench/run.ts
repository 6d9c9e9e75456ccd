/**
 * `npm run bench [pages] [first] [crawl] [search] [browsing] [cart] [lighthouse] [memory]` (all
 * by default): starts the production server as `npm start` runs it (or `npm run start:cluster`,
 * with BENCH_CLUSTER=1) and measures it. Needs `npm run build` first. A benchmark, not a test: it
 * never fails on numbers. The figures of a run are in the README's performance section.
 *
 * - pages: each page class (home, catalogue, category, brand, product, content, search) at 50
 *   connections, beside nginx serving the store's own bytes precompressed (`bench/pages.ts`):
 *   req/s, p99 and CPU a request of nginx, of Node's own HTTP server writing the same bytes
 *   (and its ratio to nginx), and of the store anonymous (the whole-page cache) and with a cart
 *   cookie (and their ratios to Node); each the median of rounds run in turn; the HTML size and
 *   the JavaScript each page loads (gzip). A table in Markdown. Needs Debian's nginx
 *   (`/usr/sbin/nginx`, or NGINX); the load comes from Debian's wrk (`apt-get install wrk`, or
 *   WRK) when it is installed.
 * - search: the sandbox's product search, two-word queries one at a time (p50/p90/p99).
 * - browsing: 200 connections of mixed browsing (home, catalogue pages with filters, categories,
 *   products, search, content pages) for 60 s after a warm-up: requests/s, errors, p50/p90/p99
 *   and the server's memory from the end of the warm-up to the end (flat = within ±10 %).
 * - cart: shoppers with cart cookies who add a product, open the cart and open the checkout.
 * - lighthouse: Lighthouse's mobile performance audit of the home, a category and a product page.
 * - first, crawl, memory: pages nobody asked for yet, one at a time and by a crawler at 50
 *   connections, and the resident memory after start and after a walk of the whole catalogue
 *   (bench/first-visits.ts, docs/decisions/0520). Every run prints first how long the store took
 *   to be ready and its resident memory then.
 *
 * BENCH_API=remote runs the sandbox in its own process (`npm run sandbox`, on BENCH_PORT + 1)
 * and points the store at it with API_URL: the CPU of each process is reported apart.
 *
 * BENCH_COMPARE=<build folder> compares two builds on the same host at the same moment: `first`
 * asks each page of the store built in BUILD_DIR (A) and of one built in that folder (B, on
 * BENCH_PORT + 2) in turn, and prints both and their difference a page (docs/decisions/0715).
 *
 * Knobs: BENCH_PORT, BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_PAGE_ROUNDS (pages),
 * BENCH_BROWSING_CONNECTIONS, BENCH_BROWSING_SECONDS, BENCH_CART_CONNECTIONS, BENCH_CART_SECONDS, BENCH_WARMUP_SECONDS,
 * BENCH_CLUSTER=1 and WEB_CONCURRENCY (workers), BENCH_NODE_ARGS (flags for the server's node),
 * BENCH_PAGE_CLASSES (a comma-separated subset of the page classes, e.g. "brand,product"),
 * BENCH_FIRST_PRODUCTS, BENCH_FIRST_LISTINGS, BENCH_FIRST_SEARCHES and BENCH_FIRST_WARM (the
 * product pages served before `first` or `crawl` measures: 3,000 by default, a running store's;
 * 10 reads a process that has just started, docs/decisions/0655, 0665), BENCH_CRAWL_PAGES
 * (crawl), BENCH_WALK (the product pages of the memory walk; all by default), BENCH_API,
 * BENCH_COMPARE. */
import { setTimeout as sleep } from "node:timers/promises";
import { closeConnections, fmt, type RequestOptions, send, Tally } from "./http.ts";
import { browsingStep, discoverSite, random, type Site } from "./browsing-mix.ts";
import { pagesScenario } from "./pages.ts";
import { measureSandboxSearch } from "./sandbox-search.ts";
import {
  type CatalogueSample,
  catalogueSample,
  compareFirstVisits,
  crawlScenario,
  firstVisitsScenario,
  type Meters,
  memoryScenario,
} from "./first-visits.ts";
import {
  cpuNs,
  memoryMb,
  serverCpuMs,
  serverCpuNs,
  serverMainThreadNs,
  serverMemoryMb,
  spawnStore,
  startServer,
  stopServer,
} from "./store-process.ts";
import { startRemoteSandbox } from "./remote-sandbox.ts";
import { ensureCatalogueDb } from "../sandbox/catalogue/db-build.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PORT = env("BENCH_PORT", 3399);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = {
  seconds: env("BENCH_SECONDS", 3),
  connections: env("BENCH_CONNECTIONS", 50),
  rounds: Math.max(1, env("BENCH_PAGE_ROUNDS", 3)),
};
const BROWSING = {
  seconds: env("BENCH_BROWSING_SECONDS", 60),
  connections: env("BENCH_BROWSING_CONNECTIONS", 200),
};
const CART = {
  seconds: env("BENCH_CART_SECONDS", 30),
  connections: env("BENCH_CART_CONNECTIONS", 50),
};
const WARMUP_SECONDS = env("BENCH_WARMUP_SECONDS", 15);
const CLUSTER = process.env.BENCH_CLUSTER === "1";
/** The build measured (`npm run build`'s folder, or BUILD_DIR's). */
const BUILD = process.env.BUILD_DIR ?? "build";
const FIRST = {
  products: env("BENCH_FIRST_PRODUCTS", 300),
  listings: env("BENCH_FIRST_LISTINGS", 100),
  searches: env("BENCH_FIRST_SEARCHES", 100),
  warmProducts: env("BENCH_FIRST_WARM", 3000),
};
const CRAWL_PAGES = env("BENCH_CRAWL_PAGES", 2000);
const WALK_PRODUCTS = env("BENCH_WALK", Infinity);
/** BENCH_API=remote: the sandbox in its own process, the store pointed at it by API_URL. */
const REMOTE = process.env.BENCH_API === "remote";
const DATA_DIR = process.env.SANDBOX_DATA_DIR ?? ".data/sandbox";
/** BENCH_COMPARE: the build folder of a second store, measured beside the first by `first`. */
const COMPARE = process.env.BENCH_COMPARE;

const chosen = process.argv.slice(2);
const runs = (name: string) => chosen.length === 0 || chosen.includes(name);

/** A request to the store. */
const request = (path: string, options?: RequestOptions) => send(PORT, path, options);

async function waitForHealth(port = PORT) {
  for (let i = 0; i < 1200; i++) {
    if ((await send(port, "/healthz")).status === 200) return;
    await sleep(100);
  }
  throw new Error("the server did not become healthy in 120 s");
}

/** Waits until the store's CPU stays under 5 % of a core for a second (at most 60 s). */
async function waitForIdle(cpuNsOf: () => number | undefined = serverCpuNs) {
  const since = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - since < 60_000) {
    const before = cpuNsOf() ?? 0;
    await sleep(500);
    quiet = (cpuNsOf() ?? 0) - before < 25e6 ? quiet + 1 : 0;
  }
}

/** `first` for the store in BUILD_DIR and one started from `buildDir`, in turn. */
async function compareScenario(
  buildDir: string,
  sample: CatalogueSample,
  apiEnv: Record<string, string>,
) {
  const port = PORT + 2;
  const other = spawnStore(port, buildDir, false, apiEnv);
  try {
    await waitForHealth(port);
    const otherCpuNs = () => (other.pid ? cpuNs(other.pid) : undefined);
    await waitForIdle(otherCpuNs);
    const stores = [
      { port: PORT, label: BUILD, cpuNs: serverCpuNs },
      { port, label: buildDir, cpuNs: otherCpuNs },
    ] as const;
    await compareFirstVisits(stores, sample, FIRST);
  } finally {
    other.kill("SIGTERM");
  }
}

/** Runs `user` on `connections` loops for `seconds`; samples memory each second meanwhile. */
async function drive(
  connections: number,
  seconds: number,
  user: (stop: () => boolean) => Promise<void>,
) {
  const end = performance.now() + seconds * 1000;
  const stop = () => performance.now() >= end;
  const memory: number[] = [];
  const sampler = setInterval(() => {
    const mb = serverMemoryMb();
    if (mb !== undefined) memory.push(mb);
  }, 1000);
  const cpuBefore = serverCpuMs();
  const mainBefore = serverMainThreadNs();
  await Promise.all(Array.from({ length: connections }, () => user(stop)));
  const cpuAfter = serverCpuMs();
  const mainAfter = serverMainThreadNs();
  clearInterval(sampler);
  const cpuMs =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const mainMs =
    mainBefore === undefined || mainAfter === undefined
      ? undefined
      : (mainAfter - mainBefore) / 1e6;
  return { memory, cpuMs, mainMs };
}

// --- Scenarios ---

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

function printMemory(memory: number[]) {
  if (memory.length < 2) {
    console.log("  memory      not measured (needs Linux /proc)");
    return;
  }
  const [first, last] = [memory[0], memory.at(-1)!];
  const change = ((last - first) / first) * 100;
  const flat = Math.max(...memory.map((m) => Math.abs(m - first) / first)) <= 0.1;
  console.log(
    `  memory MB   after warm-up ${fmt(first)}, end ${fmt(last)}, min ${fmt(Math.min(...memory))}, ` +
      `max ${fmt(Math.max(...memory))}; change ${change >= 0 ? "+" : ""}${fmt(change, 1)} % ` +
      `(${flat ? "flat, within ±10 %" : "NOT flat: beyond ±10 %"})`,
  );
}

function printTally(
  title: string,
  tally: Tally,
  seconds: number,
  byKind: Map<string, Tally>,
  { cpuMs, mainMs }: { cpuMs?: number; mainMs?: number },
) {
  console.log(`\n${title}`);
  console.log(
    `  requests    ${fmt(tally.count)} (${fmt(tally.count / seconds, 1)}/s), errors ${fmt(tally.errors)}` +
      `  [${tally.statusList()}]`,
  );
  if (cpuMs !== undefined) {
    const perRequest = (ms: number) => fmt(ms / Math.max(1, tally.count), 2);
    console.log(
      `  server CPU  ${perRequest(cpuMs)} ms per request` +
        (mainMs !== undefined ? ` (its main thread ${perRequest(mainMs)})` : ""),
    );
  }
  console.log(
    `  latency ms  p50 ${fmt(tally.percentile(0.5))}, p90 ${fmt(tally.percentile(0.9))}, ` +
      `p99 ${fmt(tally.percentile(0.99))}, max ${fmt(tally.max)}`,
  );
  console.log("  by page                      requests    p50 ms    p99 ms   statuses");
  for (const [kind, t] of byKind) {
    console.log(
      `    ${kind.padEnd(26)} ${fmt(t.count).padStart(8)} ${fmt(t.percentile(0.5)).padStart(9)} ` +
        `${fmt(t.percentile(0.99)).padStart(9)}   ${t.statusList()}`,
    );
  }
}

async function browsingScenario(site: Site) {
  const { connections, seconds } = BROWSING;
  let tally = new Tally();
  let byKind = new Map<string, Tally>();
  let seed = 1;
  const shopper = async (stop: () => boolean) => {
    const rng = random(seed++);
    while (!stop()) {
      const [kind, path] = browsingStep(site, rng);
      const answer = await request(path);
      tally.add(answer);
      if (!byKind.has(kind)) byKind.set(kind, new Tally());
      byKind.get(kind)!.add(answer);
    }
  };
  console.log(
    `\nmixed browsing: warming up for ${WARMUP_SECONDS} s with ${connections} connections…`,
  );
  await drive(connections, WARMUP_SECONDS, shopper);
  tally = new Tally();
  byKind = new Map();
  const { memory, ...cpu } = await drive(connections, seconds, shopper);
  printTally(
    `mixed browsing: ${connections} connections, ${seconds} s after the warm-up`,
    tally,
    seconds,
    byKind,
    cpu,
  );
  printMemory(memory);
}

async function cartScenario(site: Site) {
  const { connections, seconds } = CART;
  let byKind = new Map<string, Tally>([
    ["add to cart (POST)", new Tally()],
    ["cart page", new Tally()],
    ["checkout", new Tally()],
  ]);
  let total = new Tally();
  let seed = 1000;
  const shopper = async (stop: () => boolean) => {
    const rng = random(seed++);
    let jar = new Map<string, string>();
    for (let round = 0; !stop(); round++) {
      if (round % 5 === 0) jar = new Map(); // a new shopper now and then: carts stay small
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const product = rng
        .pick(site.products.length ? site.products : ["/producto/18433"])
        .split("/")[2];
      const added = await request("/carrito", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          ...(cookie ? { cookie } : {}),
        },
        body: `intent=add&productId=${product}&quantity=${1 + Math.floor(rng.next() * 3)}&redirectTo=/carrito`,
      });
      for (const c of added.cookies) {
        const [name, ...value] = c.split("=");
        jar.set(name, value.join("="));
      }
      const withCookie = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
      const page = await request("/carrito", { headers: withCookie });
      const checkout = await request("/checkout?paso=1", { headers: withCookie });
      byKind.get("add to cart (POST)")!.add(added, (s) => s === 303);
      byKind.get("cart page")!.add(page, (s) => s === 200);
      byKind.get("checkout")!.add(checkout, (s) => s === 200);
      for (const a of [added, page, checkout]) total.add(a, (s) => s === 200 || s === 303);
    }
  };
  console.log(
    `\ncart: warming up for ${Math.min(WARMUP_SECONDS, 10)} s with ${connections} shoppers…`,
  );
  await drive(connections, Math.min(WARMUP_SECONDS, 10), shopper);
  total = new Tally();
  byKind = new Map([...byKind.keys()].map((k) => [k, new Tally()]));
  const { memory, ...cpu } = await drive(connections, seconds, shopper);
  printTally(
    `cart: ${connections} shoppers with cart cookies (add, cart page, checkout), ${seconds} s`,
    total,
    seconds,
    byKind,
    cpu,
  );
  printMemory(memory);
}

// The catalogue file exists before the store starts: its start is then the store's own.
await ensureCatalogueDb(DATA_DIR);
const remote = REMOTE ? await startRemoteSandbox(PORT + 1, DATA_DIR) : undefined;
const started = performance.now();
const apiEnv: Record<string, string> = remote ? { API_URL: remote.origin } : {};
startServer(PORT, CLUSTER, apiEnv);
try {
  await waitForHealth();
  const readyMs = performance.now() - started;
  // What the store does once it listens (reading the whole catalogue) is over before any measure.
  await waitForIdle();
  const settledMs = performance.now() - started;
  console.log(
    (CLUSTER
      ? `${BUILD}/node/cluster.js (${process.env.WEB_CONCURRENCY ?? "one per core"} workers)`
      : `${BUILD}/node/main.js (one process)`) +
      (remote ? `, merchant API: the sandbox in its own process (${remote.origin})` : "") +
      `; ready ${fmt(readyMs / 1000, 1)} s after start, idle after ${fmt(settledMs / 1000, 1)} s, ` +
      `resident then ${fmt(serverMemoryMb() ?? 0)} MB` +
      (remote ? ` (sandbox ${fmt(memoryMb(remote.pid) ?? 0)} MB)` : ""),
  );
  const meters: Meters = {
    store: serverCpuNs,
    storeMain: serverMainThreadNs,
    sandbox: remote ? () => cpuNs(remote.pid) : undefined,
  };
  const needsSample = runs("first") || runs("crawl") || runs("memory");
  const sample = needsSample ? catalogueSample(DATA_DIR) : undefined;
  if (sample && runs("first")) {
    if (COMPARE) await compareScenario(COMPARE, sample, apiEnv);
    else await firstVisitsScenario(PORT, sample, FIRST, meters);
  }
  if (sample && runs("crawl")) await crawlScenario(PORT, sample, CRAWL_PAGES, 50, meters, FIRST);
  // BENCH_PAGE_CLASSES=brand,product measures only those classes.
  if (runs("pages")) await pagesScenario(PORT, PAGES, process.env.BENCH_PAGE_CLASSES?.split(","));
  if (runs("search")) await sandboxSearchScenario();
  if (runs("browsing") || runs("cart")) {
    const site = await discoverSite(request);
    if (runs("browsing")) await browsingScenario(site);
    if (runs("cart")) await cartScenario(site);
  }
  if (runs("lighthouse")) await lighthouseScenario();
  if (sample && runs("memory")) {
    await memoryScenario(PORT, sample, WALK_PRODUCTS, meters, () => ({
      store: serverMemoryMb(),
      sandbox: remote ? memoryMb(remote.pid) : undefined,
    }));
  }
} finally {
  closeConnections();
  stopServer();
  remote?.stop();
}
