/**
 * The browsing scenario's mix: the site's own links, found on a few of its pages, and the steps
 * of a shopper who browses them (deterministic, so two runs browse the same way).
 */
import type { RequestOptions, send } from "./http.ts";
import { SITE_PAGES } from "../app/content/site-pages.ts";

/** The site's own pages in the sitemap: the "content" pages a visitor browses. */
const INDEXED_PAGES = new Set<string>(
  SITE_PAGES.flatMap((page) => (page.sitemap === "noindex" ? [] : [page.path])),
);

/** A request to the store. */
type Ask = (path: string, options?: RequestOptions) => ReturnType<typeof send>;

export interface Site {
  products: string[];
  listings: string[];
  categories: string[];
  brands: string[];
  content: string[];
}

export async function discoverSite(request: Ask): Promise<Site> {
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
    content: all.filter((l) => INDEXED_PAGES.has(l)),
  };
}

/** Deterministic choices, so two runs browse the same way. */
export function random(seed: number) {
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
export function browsingStep(site: Site, rng: ReturnType<typeof random>): [string, string] {
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
