/**
 * Behind a shared cache (docs/decisions/0476): Debian's nginx with `proxy_cache`, started on free
 * ports in front of a store of its own, in two ways. One runs the configuration of
 * docs/deployment.md as written there (the cart and notice cookies bypass the cache); the other
 * is a cache told nothing about the store, following its headers alone (`Cache-Control`, `Vary`),
 * as a CDN without a cookie rule would. Through both: an anonymous page comes from the cache
 * (nginx's `$upstream_cache_status` as `X-Cache-Status`; the store's log shows one request for
 * it), two shoppers with different carts each see their own cart count, and the cart, checkout
 * and payment pages are never kept; hostile Host, X-Forwarded-Host and X-Forwarded-Proto values
 * never get a page naming another origin stored (docs/decisions/0513). Runs once, in the
 * "server" project.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { personBilling } from "../support/buyer.ts";
import { type Nginx, startNginx } from "../support/nginx.ts";
import { type StoreProcess, startStoreOnFreePort } from "./support/store-process.ts";

const PUBLIC_PAGES = ["/", "/productos", "/producto/18433"];
/** The store's PUBLIC_URL: the host both caches are reached at ($host carries no port). */
const PUBLIC_URL = "http://127.0.0.1";
const HOSTILE = "tienda-falsa.example";
const PRODUCT = "18433";

/** The two nginx blocks of the deployment guide's section on caching proxies. */
function documentedConfig() {
  const guide = readFileSync("docs/deployment.md", "utf8");
  const section = guide.split("\n## ").find((s) => s.startsWith("Behind a caching proxy"));
  const blocks = [...(section ?? "").matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks, "docs/deployment.md: the http block and the location").toHaveLength(2);
  return { http: blocks[0], location: blocks[1] };
}

/** A browser's cookies for the store: Set-Cookie in, Cookie out (a cleared cookie goes). */
class Jar {
  private readonly values = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [name, value] = line.split(";")[0].split(/=(.*)/s);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function get(origin: string, path: string, jar?: Jar) {
  const response = await fetch(`${origin}${path}`, {
    headers: jar ? { Cookie: jar.header() } : {},
    redirect: "manual",
  });
  jar?.take(response);
  const body = await response.text();
  // The header's cart button: 'Carrito' and, for screen readers, ', N productos'.
  const count =
    /Carrito<\/span>[\s\S]*?>(\d+)<\/span><span class="visually-hidden"> productos?</.exec(
      body,
    )?.[1];
  return {
    status: response.status,
    cache: response.headers.get("X-Cache-Status"),
    cacheControl: response.headers.get("Cache-Control"),
    vary: response.headers.get("Vary"),
    count: count === undefined ? undefined : Number(count),
    body,
  };
}

/** A form post straight to the store (nginx never caches a POST), answered 303. */
async function post(store: StoreProcess, path: string, jar: Jar, form: Record<string, string>) {
  const response = await fetch(`${store.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: PUBLIC_URL,
      Cookie: jar.header(),
    },
    body: new URLSearchParams(form).toString(),
  });
  await response.arrayBuffer();
  expect(response.status, `${path} ${form.intent}`).toBe(303);
  jar.take(response);
  return response.headers.get("Location");
}

/** A GET with any headers (Host included, which fetch cannot set). */
function rawGet(origin: string, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(origin);
  return new Promise<{ status: number; cache: string; cacheControl: string; body: string }>(
    (resolve, reject) => {
      const request = http.get({ hostname, port, path, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: String(response.headers["x-cache-status"] ?? ""),
            cacheControl: String(response.headers["cache-control"] ?? ""),
            body,
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

/** GET requests for `path` in the store's request log. */
function seen(store: StoreProcess, path: string) {
  return store
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { method: string; path: string })
    .filter((entry) => entry.method === "GET" && entry.path === path).length;
}

test("behind nginx's proxy_cache, anonymous pages come from the cache and a shopper's never do", async () => {
  test.setTimeout(120_000);
  const { http, location } = documentedConfig();
  let store: StoreProcess | undefined;
  let nginx: Nginx | undefined;
  try {
    store = await startStoreOnFreePort({
      LOG_LEVEL: "info",
      TRUST_PROXY: "loopback",
      PUBLIC_URL,
    });
    const upstream = new URL(store.origin).host;
    nginx = await startNginx(
      2,
      (dir, [guided, headersOnly]) => `
        upstream tienda { server ${upstream}; keepalive 8; }
        ${http.replace("/var/cache/nginx/tienda", `${dir}/cache`)}
        server { listen 127.0.0.1:${guided}; ${location} }
        proxy_cache_path ${dir}/headers-only keys_zone=headers_only:1m;
        server {
          listen 127.0.0.1:${headersOnly};
          location / {
            proxy_pass http://tienda;
            proxy_set_header Host $host;
            proxy_cache headers_only;
            add_header X-Cache-Status $upstream_cache_status always;
          }
        }`,
    );
    const caches = nginx.origins;

    // An anonymous page: stored by the first request, then answered by nginx alone.
    for (const cache of caches) {
      for (const path of PUBLIC_PAGES) {
        const first = await get(cache, path);
        expect([first.status, first.cache, first.count], path).toEqual([200, "MISS", 0]);
        expect(first.cacheControl).toBe(
          "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
        );
        expect(first.vary).toBe("Cookie, Accept-Encoding");
        const again = await get(cache, path);
        expect(again.cache, path).toBe("HIT");
        expect(again.body).toBe(first.body);
      }
    }

    // Two shoppers with different carts (and the notice their add left) see their own header,
    // before and after each other and the anonymous copy; nginx stores none of their pages (the
    // store's page cache fills them in, private: docs/decisions/0470).
    const ana = new Jar();
    const luis = new Jar();
    await post(store, "/carrito", ana, { intent: "add", productId: PRODUCT, quantity: "2" });
    await post(store, "/carrito", luis, { intent: "add", productId: PRODUCT, quantity: "5" });
    for (const cache of caches) {
      for (const path of PUBLIC_PAGES) {
        for (const [jar, count] of [
          [ana, 2],
          [luis, 5],
          [ana, 2],
        ] as const) {
          const page = await get(cache, path, jar);
          expect([page.status, page.count, page.cacheControl], path).toEqual([
            200,
            count,
            "private, no-cache",
          ]);
          expect(page.cache).toBe(cache === caches[0] ? "BYPASS" : "MISS");
        }
        expect((await get(cache, path)).count).toBe(0);
      }
    }

    // Ana's cart, checkout and payment page, twice through each cache: never stored.
    await post(store, "/checkout", ana, personBilling());
    await post(store, "/checkout", ana, { intent: "shipping", same_as_invoice: "on" });
    // Step 3 as she sees it (the checkout keeps the cart it showed), then 'Finalizar compra'.
    expect((await get(store.origin, "/checkout?paso=3", ana)).status).toBe(200);
    const payment = await post(store, "/checkout", ana, {
      intent: "finalize",
      payment_method: "openpay",
    });
    expect(payment).toBe("/checkout/pago");
    const personal = ["/carrito", "/checkout?paso=1", "/checkout/pago"];
    for (const cache of caches) {
      for (const path of personal) {
        for (let i = 0; i < 2; i++) {
          const page = await get(cache, path, ana);
          expect([page.status, page.cacheControl, page.cache], path).toEqual([
            200,
            "private, no-store",
            cache === caches[0] ? "BYPASS" : "MISS",
          ]);
          if (path === "/checkout/pago") expect(page.body).toContain("Pago con tarjeta");
        }
      }
    }

    // The store's log: each personal page reached it every time, and each anonymous page only
    // once per cache, for its first anonymous request.
    await expect.poll(() => seen(store!, "/carrito")).toBe(4);
    await expect.poll(() => seen(store!, "/checkout")).toBe(4 + 1); // and her step 3
    await expect.poll(() => seen(store!, "/checkout/pago")).toBe(4);
    for (const path of PUBLIC_PAGES) expect(seen(store, path), path).toBe(2 + 2 * 3);

    // Hostile headers, twice each through both caches: another host is refused and never
    // stored; a forwarded host or protocol never reaches a page; the pages stay the store's.
    const hostile: Array<Record<string, string>> = [
      { Host: HOSTILE },
      { Host: `${HOSTILE}:443` },
      { "X-Forwarded-Host": HOSTILE },
      { "X-Forwarded-Proto": "javascript" },
      { "X-Forwarded-Proto": "ftp" },
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": `${HOSTILE}, 127.0.0.1` },
    ];
    for (const cache of caches) {
      for (const path of ["/producto/18433", "/robots.txt", "/sitemap.xml"]) {
        for (const headers of hostile) {
          for (let i = 0; i < 2; i++) {
            const answer = await rawGet(cache, path, headers);
            const what = `${cache} ${path} ${JSON.stringify(headers)}`;
            expect([200, 421], what).toContain(answer.status);
            expect(answer.status === 421 ? answer.cacheControl : "", what).toMatch(/^(no-store)?$/);
            if (answer.status === 421) expect(answer.cache, what).not.toBe("HIT");
            expect(answer.body, what).not.toContain(HOSTILE);
            expect(answer.body, what).not.toMatch(/(javascript|ftp):\/\//);
          }
        }
        // What every visitor then gets names the store's own origin only.
        const page = await get(cache, path);
        expect(page.status, path).toBe(200);
        expect(page.body).not.toContain(HOSTILE);
        expect(page.body).toContain(`${PUBLIC_URL}/`);
      }
    }
    // A Host the store is not is refused by the store itself (the guided cache's key has $host).
    const refused = await rawGet(caches[0], "/producto/18433", { Host: HOSTILE });
    expect([refused.status, refused.cacheControl]).toEqual([421, "no-store"]);
  } finally {
    await nginx?.stop();
    await store?.stop();
  }
});
