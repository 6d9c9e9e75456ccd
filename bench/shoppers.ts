/**
 * Shoppers for the `browsing` and `cart` scenarios: the site's own links, found from a few
 * pages, and deterministic mixes of pages (browsing) or add-to-cart, cart and checkout (cart).
 */
import { drive, env, ORIGIN, printMemory, printTally, request, Tally } from "./load.ts";

const BROWSING = {
  seconds: env("BENCH_BROWSING_SECONDS", 60),
  connections: env("BENCH_BROWSING_CONNECTIONS", 200),
};
const CART = {
  seconds: env("BENCH_CART_SECONDS", 30),
  connections: env("BENCH_CART_CONNECTIONS", 50),
};
const WARMUP_SECONDS = env("BENCH_WARMUP_SECONDS", 15);

// --- The site's own links, for realistic browsing ---

interface Site {
  products: string[];
  listings: string[];
  categories: string[];
  brands: string[];
  content: string[];
}

export async function discoverSite(): Promise<Site> {
  const links = new Set<string>();
  for (const path of ["/", "/categorias", "/productos", "/categoria/22", "/producto/18433"]) {
    const { body } = await request(path, {
      keep: true,
      headers: { "accept-encoding": "identity" },
    });
    for (const [, href] of body.matchAll(/href="(\/[^"#]*)"/g))
      links.add(href.replaceAll("&amp;", "&"));
  }
  const all = [...links].filter(
    (l) => !/^\/(assets|sandbox|banners)\/|\.(svg|css|js|xml|txt)$/.test(l),
  );
  const pick = (pattern: RegExp) => all.filter((l) => pattern.test(l));
  return {
    products: pick(/^\/producto\/\d+$/),
    listings: pick(/^\/productos\?/),
    categories: pick(/^\/categorias?(\/|$)/),
    brands: pick(/^\/marca\//),
    content: pick(/^\/(nosotros|garantias|privacidad|soporte-tecnico)$/),
  };
}

/** Deterministic choices, so two runs browse the same way. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: T[]): T => items[Math.floor(next() * items.length)] };
}

const SEARCHES = [
  "camara",
  "dvr",
  "cable utp",
  "sensor",
  "hikvision",
  "radio",
  "ups",
  "switch poe",
];
const SORTS = ["relevancia", "precio-asc", "precio-desc", "nombre"];

/** One step of a browsing shopper: [page kind, path], with the mix of the issue. */
function browsingStep(site: Site, rng: ReturnType<typeof random>): [string, string] {
  const r = rng.next();
  if (r < 0.1) return ["home", "/"];
  if (r < 0.3) {
    const base = rng.pick(site.listings.length ? site.listings : ["/productos?"]);
    const filters = [`orden=${rng.pick(SORTS)}`];
    if (rng.next() < 0.5) filters.push(`pagina=${1 + Math.floor(rng.next() * 3)}`);
    if (rng.next() < 0.3 && site.brands.length) {
      filters.push(`marca=${rng.pick(site.brands).split("/")[2]}`);
    }
    if (rng.next() < 0.2) filters.push("precio_min=100000&precio_max=2000000");
    return ["catalogue + filters", `${base}&${filters.join("&")}`];
  }
  if (r < 0.45)
    return ["categories", rng.pick(site.categories.length ? site.categories : ["/categorias"])];
  if (r < 0.75)
    return ["product", rng.pick(site.products.length ? site.products : ["/producto/18433"])];
  if (r < 0.85) return ["brand", rng.pick(site.brands.length ? site.brands : ["/productos"])];
  if (r < 0.95) return ["search", `/buscar?q=${encodeURIComponent(rng.pick(SEARCHES))}`];
  return ["content", rng.pick(site.content.length ? site.content : ["/nosotros"])];
}

export async function browsingScenario(site: Site) {
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
  const { memory, cpuMs } = await drive(connections, seconds, shopper);
  printTally(
    `mixed browsing: ${connections} connections, ${seconds} s after the warm-up`,
    tally,
    seconds,
    byKind,
    cpuMs,
  );
  printMemory(memory);
}

export async function cartScenario(site: Site) {
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
  const { memory, cpuMs } = await drive(connections, seconds, shopper);
  printTally(
    `cart: ${connections} shoppers with cart cookies (add, cart page, checkout), ${seconds} s`,
    total,
    seconds,
    byKind,
    cpuMs,
  );
  printMemory(memory);
}
