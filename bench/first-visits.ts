/**
 * Pages nobody asked for yet (`npm run bench first crawl memory`, docs/decisions/0520): the
 * addresses come from the sandbox's own catalogue file, read here, so finding them costs the
 * store nothing and every address is asked for once.
 *
 * - first: one connection, each product page, filter listing and search once: the store's CPU
 *   per page (median and mean, read from the scheduler's count of every thread of the process
 *   around each request) and the time to the first byte (p50, p99).
 * - crawl: 50 connections over distinct product pages and filter listings, each once: pages/s,
 *   p99, errors, CPU per page.
 * - first and crawl measure a running store: other pages go first, once (`warmUp`).
 * - first with BENCH_COMPARE: two builds' stores asked each page in turn (`compareFirstVisits`).
 * - memory: resident memory after start and after a walk of every product page and every
 *   category listing (BENCH_WALK caps the product pages), and the time from start to ready.
 *
 * In the remote mode (BENCH_API=remote) the sandbox runs in its own process (`npm run sandbox`)
 * and the store reaches it through API_URL; the CPU of each process is reported apart.
 */
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { DB_FILE } from "../sandbox/catalogue/db-build.ts";
import { fmt, median, percentile, send, Tally } from "./http.ts";

/** Deterministic order, so two runs ask for the same pages. */
const SHUFFLE = "(id * 7919 + 17) % 104729, id";
const SORTS = ["relevancia", "precio-asc", "precio-desc", "nombre"];

export interface CatalogueSample {
  products: string[];
  /** Category pages and /productos listings with a category, a sort, a brand or a page. */
  listings: string[];
  searches: string[];
  categories: string[];
}

/** Every product, category and brand of the sandbox's catalogue, as addresses of the store. */
export function catalogueSample(dataDir: string): CatalogueSample {
  const db = new DatabaseSync(path.join(dataDir, DB_FILE), { readOnly: true });
  try {
    const ids = db.prepare(`SELECT id FROM products ORDER BY ${SHUFFLE}`).all();
    const products = ids.map((row) => `/producto/${String(row.id)}`);
    const categories = db
      .prepare("SELECT id FROM categories ORDER BY level, position")
      .all()
      .map((row) => String(row.id));
    // Filter listings a shopper reaches: a category with a sort, a brand it holds, a page.
    const pairs = db
      .prepare(
        "SELECT cat2 AS category, maker, COUNT(*) AS n FROM products GROUP BY cat2, maker " +
          "HAVING n >= 3 ORDER BY (cat2 * 31 + length(maker)) % 997, cat2, maker",
      )
      .all();
    const listings: string[] = [];
    const enc = encodeURIComponent;
    pairs.forEach((row, i) => {
      const sort = SORTS[i % SORTS.length];
      const base = `/productos?categoria=${String(row.category)}&orden=${sort}`;
      listings.push(`${base}&marca=${enc(String(row.maker))}`);
      if (i % 3 === 0) listings.push(`${base}&pagina=2`);
    });
    for (const id of categories) listings.push(`/categoria/${id}`);
    // Searches: the two first words of a title, or a title word and a brand.
    const titles = db
      .prepare(`SELECT record FROM products ORDER BY ${SHUFFLE} LIMIT 3000`)
      .all()
      .map((row) => JSON.parse(String(row.record)) as { titulo?: string; marca_nombre?: string });
    const searches = new Set<string>();
    for (const t of titles) {
      const words = (t.titulo ?? "").split(/\s+/).filter((w) => /^[\p{L}]{3,}$/u.test(w));
      if (words.length >= 2) searches.add(`${words[0]} ${words[1]}`.toLowerCase());
      if (words.length >= 3 && t.marca_nombre) {
        searches.add(`${words[2]} ${t.marca_nombre}`.toLowerCase());
      }
    }
    return {
      products,
      listings: interleave(listings),
      searches: [...searches].map((q) => `/buscar?q=${enc(q)}`),
      categories,
    };
  } finally {
    db.close();
  }
}

/** Listings in an order that mixes categories, brands and sorts. */
function interleave(items: string[]): string[] {
  return items
    .map((item, i) => ({ item, key: (i * 7919) % 104729 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);
}

/** The processes measured: the store, and the remote sandbox when it runs apart. */
export interface Meters {
  /** CPU ns of the store (all its threads). */
  store: () => number | undefined;
  /** CPU ns of the store's main thread, the one that bounds its pages a second. */
  storeMain?: () => number | undefined;
  sandbox?: () => number | undefined;
}

/** One connection, each path once: CPU per page (ms) and time to first byte. */
async function oneByOne(port: number, paths: string[], meters: Meters) {
  const cpu: number[] = [];
  const mainCpu: number[] = [];
  const sandboxCpu: number[] = [];
  const ttfb: number[] = [];
  const tally = new Tally();
  // The store's CPU, its main thread's and the remote sandbox's, read before and after each page.
  const read = () => [meters.store(), meters.storeMain?.(), meters.sandbox?.()];
  for (const p of paths) {
    const before = read();
    const answer = await send(port, p);
    // The answer's last bytes left before the client read them: what follows is the next one's.
    const after = read();
    [cpu, mainCpu, sandboxCpu].forEach((list, i) => {
      const [from, to] = [before[i], after[i]];
      if (from !== undefined && to !== undefined) list.push((to - from) / 1e6);
    });
    ttfb.push(answer.ttfb);
    tally.add(answer, (s) => s === 200);
  }
  return { cpu, mainCpu, sandboxCpu, ttfb, tally };
}

/** Searches the process is warmed with before `first` measures (product pages: `warmProducts`). */
const WARM_SEARCHES = 10;

export interface FirstVisitCounts {
  products: number;
  listings: number;
  searches: number;
  /** Product pages served before `first` or `crawl` measures, not theirs (BENCH_FIRST_WARM). */
  warmProducts: number;
}

/** The pages each store (by port) has served: the warm-up's, then the measured ones. */
const served = new Map<number, number>();

/**
 * The process's own first pages compile its code and read what every page shows (the categories
 * of the menu): the first visit of a process, not of a page (goal 4 times the start). So pages
 * outside the measured ones go first, once, sharing no product, listing or search with `first`
 * or `crawl`: the last product pages and searches of the sample, and those searches on
 * /productos (docs/decisions/0625). 3,000 product pages by default: a running store's code,
 * compiled by V8 (docs/decisions/0665); 10 reads a process that has just started.
 */
async function warmUp(port: number, sample: CatalogueSample, counts: FirstVisitCounts) {
  if (served.has(port)) return;
  const warm = warmPages(sample, counts);
  for (const p of warm) await send(port, p);
  served.set(port, warm.length);
}

const warmPages = (sample: CatalogueSample, counts: FirstVisitCounts) => [
  ...sample.products.slice(-counts.warmProducts),
  ...sample.searches.slice(-WARM_SEARCHES),
  ...sample.searches
    .slice(-WARM_SEARCHES)
    .map((p) => p.replace("/buscar?q=", "/productos?search=")),
];

/** The classes of first visits `first` measures, each a list of addresses asked for once. */
function firstVisitClasses(sample: CatalogueSample, counts: FirstVisitCounts) {
  return [
    ["product page", sample.products.slice(0, counts.products)],
    ["filter listing", sample.listings.slice(0, counts.listings)],
    ["search", sample.searches.slice(0, counts.searches)],
  ] as const;
}

const countServed = (port: number, pages: number) =>
  served.set(port, (served.get(port) ?? 0) + pages);

export async function firstVisitsScenario(
  port: number,
  sample: CatalogueSample,
  counts: FirstVisitCounts,
  meters: Meters,
) {
  await warmUp(port, sample, counts);
  console.log("\nFirst visits, one connection, each page asked for once (docs/decisions/0520)\n");
  console.log(
    `(after ${fmt(served.get(port) ?? 0)} other pages: the last product pages and searches of the sample)\n`,
  );
  console.log(
    "| page | pages | store CPU ms median | mean | p90 | its main thread ms median | sandbox CPU ms mean | TTFB p50 ms | p99 ms | statuses |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [name, paths] of firstVisitClasses(sample, counts)) {
    const { cpu, mainCpu, sandboxCpu, ttfb, tally } = await oneByOne(port, paths, meters);
    countServed(port, paths.length);
    const mean = cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length);
    const sandboxMean = sandboxCpu.reduce((a, b) => a + b, 0) / Math.max(1, sandboxCpu.length);
    console.log(
      `| ${name} | ${fmt(paths.length)} | ${fmt(median(cpu), 2)} | ${fmt(mean, 2)} | ` +
        `${fmt(percentile(cpu, 0.9), 2)} | ${mainCpu.length ? fmt(median(mainCpu), 2) : "–"} | ` +
        `${meters.sandbox ? fmt(sandboxMean, 2) : "in the store"} | ` +
        `${fmt(percentile(ttfb, 0.5), 2)} | ${fmt(percentile(ttfb, 0.99), 2)} | ${tally.statusList()} |`,
    );
  }
}

/** A store `compareFirstVisits` measures: its port, label and CPU meter. */
export interface ComparedStore {
  port: number;
  label: string;
  cpuNs: () => number | undefined;
}

/**
 * `first` for two stores at once (BENCH_COMPARE, docs/decisions/0715): each address is asked
 * of one store, then of the other, which goes first on every other page. This host's speed
 * moves by half within minutes, so two runs one after the other cannot tell a change of a tenth;
 * pages asked in turn see the host alike. Prints each store's CPU a page and the median of the
 * differences page by page.
 */
export async function compareFirstVisits(
  stores: readonly [ComparedStore, ComparedStore],
  sample: CatalogueSample,
  counts: FirstVisitCounts,
) {
  // Warmed in turn too: each store starts the measure as the other does, just past the same pages.
  const warm = warmPages(sample, counts);
  for (const p of warm) for (const store of stores) await send(store.port, p);
  for (const store of stores) served.set(store.port, warm.length);
  const [a, b] = stores;
  console.log(
    `\nFirst visits of two stores in turn, one connection each, each page asked once of each: A ${a.label}, B ${b.label}\n`,
  );
  console.log(
    "| page | pages | A CPU ms median | B CPU ms median | B − A ms, median a page | B / A | A TTFB p50 ms | B TTFB p50 ms | statuses A | statuses B |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [name, paths] of firstVisitClasses(sample, counts)) {
    const ttfb: [number[], number[]] = [[], []];
    const tallies = [new Tally(), new Tally()];
    // CPU ms a page of A and of B, for the pages both stores could be measured on.
    const pairs: Array<[number, number]> = [];
    for (const [i, p] of paths.entries()) {
      const cpu: Array<number | undefined> = [undefined, undefined];
      for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const before = stores[k].cpuNs();
        const answer = await send(stores[k].port, p);
        const after = stores[k].cpuNs();
        if (before !== undefined && after !== undefined) cpu[k] = (after - before) / 1e6;
        ttfb[k].push(answer.ttfb);
        tallies[k].add(answer, (status) => status === 200);
      }
      if (cpu[0] !== undefined && cpu[1] !== undefined) pairs.push([cpu[0], cpu[1]]);
    }
    for (const store of stores) countServed(store.port, paths.length);
    const cpuA = median(pairs.map(([x]) => x));
    const cpuB = median(pairs.map(([, y]) => y));
    console.log(
      `| ${name} | ${fmt(paths.length)} | ${fmt(cpuA, 2)} | ${fmt(cpuB, 2)} | ` +
        `${fmt(median(pairs.map(([x, y]) => y - x)), 2)} | ${fmt(cpuB / cpuA, 3)} | ` +
        `${fmt(percentile(ttfb[0], 0.5), 2)} | ${fmt(percentile(ttfb[1], 0.5), 2)} | ` +
        `${tallies[0].statusList()} | ${tallies[1].statusList()} |`,
    );
  }
}

/** `connections` loops over `paths`, each path asked for once; pages/s, p99, CPU per page. */
export async function walk(port: number, paths: string[], connections: number, meters: Meters) {
  const tally = new Tally();
  let next = 0;
  const storeBefore = meters.store();
  const mainBefore = meters.storeMain?.();
  const sandboxBefore = meters.sandbox?.();
  const started = performance.now();
  const retryAfter = new Set<string>();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) {
        const answer = await send(port, paths[next++]);
        if (answer.status === 503) retryAfter.add(String(answer.headers["retry-after"]));
        tally.add(answer, (s) => s === 200);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const perPage = (before?: number, after?: number) =>
    before === undefined || after === undefined ? undefined : (after - before) / 1e6 / tally.count;
  return {
    tally,
    seconds,
    rps: tally.count / seconds,
    storeCpuMs: perPage(storeBefore, meters.store()),
    mainCpuMs: perPage(mainBefore, meters.storeMain?.()),
    sandboxCpuMs: meters.sandbox ? perPage(sandboxBefore, meters.sandbox()) : undefined,
    retryAfter: [...retryAfter],
  };
}

function printWalk(title: string, run: Awaited<ReturnType<typeof walk>>) {
  const { tally } = run;
  console.log(`\n${title}`);
  console.log(
    `  pages       ${fmt(tally.count)} in ${fmt(run.seconds, 1)} s (${fmt(run.rps, 1)}/s), ` +
      `errors ${fmt(tally.errors)}  [${tally.statusList()}]` +
      (run.retryAfter.length ? `, 503 Retry-After: ${run.retryAfter.join(", ")}` : ""),
  );
  console.log(
    `  latency ms  p50 ${fmt(tally.percentile(0.5))}, p90 ${fmt(tally.percentile(0.9))}, ` +
      `p99 ${fmt(tally.percentile(0.99))}, max ${fmt(tally.max)}`,
  );
  if (run.storeCpuMs !== undefined) {
    console.log(
      `  CPU         store ${fmt(run.storeCpuMs, 2)} ms per page` +
        (run.sandboxCpuMs !== undefined
          ? `, sandbox (its own process) ${fmt(run.sandboxCpuMs, 2)} ms per page`
          : " (the embedded sandbox's included)") +
        (run.mainCpuMs !== undefined ? `; the store's main thread ${fmt(run.mainCpuMs, 2)}` : ""),
    );
  }
}

/** Distinct product pages and filter listings, mixed three to one, at 50 connections. */
export async function crawlScenario(
  port: number,
  sample: CatalogueSample,
  pages: number,
  connections: number,
  meters: Meters,
  skip: FirstVisitCounts,
) {
  // Past the pages the first-visit part asked for: these are first visits too.
  const products = sample.products.slice(skip.products);
  const listings = sample.listings.slice(skip.listings);
  const paths: string[] = [];
  for (let i = 0; paths.length < pages && (i < products.length || i < listings.length); i++) {
    if (i < products.length) paths.push(products[i]);
    if (i % 3 === 2 && listings[Math.floor(i / 3)]) paths.push(listings[Math.floor(i / 3)]);
  }
  await warmUp(port, sample, skip);
  printWalk(
    `crawl: ${connections} connections, ${fmt(paths.length)} distinct product pages and filter listings, each once (after ${fmt(served.get(port) ?? 0)} other pages)`,
    await walk(port, paths.slice(0, pages), connections, meters),
  );
}

export async function memoryScenario(
  port: number,
  sample: CatalogueSample,
  cap: number,
  meters: Meters,
  memory: () => { store?: number; sandbox?: number },
) {
  const paths = [
    ...sample.products.slice(0, cap),
    ...sample.categories.map((id) => `/categoria/${id}`),
  ];
  const before = memory();
  const run = await walk(port, paths, 50, meters);
  const after = memory();
  printWalk(
    `memory walk: ${fmt(paths.length)} pages (${fmt(Math.min(cap, sample.products.length))} products, every category) at 50 connections`,
    run,
  );
  const mb = (m?: number) => (m === undefined ? "not measured" : `${fmt(m)} MB`);
  console.log(
    `  resident    store before the walk ${mb(before.store)}, after ${mb(after.store)}` +
      (meters.sandbox ? `; sandbox before ${mb(before.sandbox)}, after ${mb(after.sandbox)}` : ""),
  );
}
