import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { CookieRequest } from "./cookie-session.server";
import { withoutPersonalCookies } from "./http-cache.server";
import { storedPage, storedSize } from "./page-answer.server";
import {
  createPageCache,
  PAGE_CACHE_HEADER,
  type PersonalSlots,
  type Render,
} from "./page-cache.server";
import { asResponse } from "./page-cache.test-helpers";
import { cutAt } from "./shopper-answer.server";

// A page with the two slots of the store's layout: the header's cart count, then the notice.
const count = (n: number) => `<span class="insignia">${n}</span>`;
const notice = (text?: string) => `<div role="status">${text ? `<p>${text}</p>` : ""}</div>`;
const html = (n = 0, text?: string) =>
  `<!DOCTYPE html><html><body><header>Carrito ${count(n)}</header>${notice(text)}` +
  `<main>${"<p>Cámara IP 4 MP</p>".repeat(300)}</main></body></html>`;

const cookieOf = (request: CookieRequest, name: string) =>
  new RegExp(`${name}=([^;]+)`).exec(request.headers.get("Cookie") ?? "")?.[1];

/** How the server renders a request: as it came, or without the cart and notice cookies. */
const rendering =
  (app: (request: Request) => Promise<Response>, request: Request): Render =>
  (anonymous) =>
    app(anonymous ? withoutPersonalCookies(request) : request);

/** The app: public pages for anonymous visitors, the same page privately for a shopper. */
function app(body: (request: Request) => string = () => html()) {
  return vi.fn(async (request: Request) => {
    const personal = cookieOf(request, "carrito") !== undefined;
    const type = new URL(request.url).pathname.endsWith(".data") ? "text/x-script" : "text/html";
    return new Response(personal ? html(Number(cookieOf(request, "carrito"))) : body(request), {
      headers: {
        "Content-Type": `${type}; charset=utf-8`,
        "Cache-Control": personal ? "private, no-store" : "public, max-age=60",
      },
    });
  });
}

/**
 * The build's slots: the count from the cart cookie, the notice from the notice cookie; kept per
 * Cookie header when there is no notice, as the store's are.
 */
function slotsOfCookies(): PersonalSlots {
  const kept = new Map<string, string[]>();
  return {
    anonymous: [count(0), notice()],
    async fill(request) {
      const text = cookieOf(request, "aviso");
      const filled = [count(Number(cookieOf(request, "carrito") ?? 0)), notice(text)];
      if (!text) kept.set(request.headers.get("Cookie") ?? "", filled);
      return { slots: filled, cookies: text ? ["aviso=; Max-Age=0"] : [] };
    },
    kept: (request) => kept.get(request.headers.get("Cookie") ?? ""),
  };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    headers: { "Accept-Encoding": "gzip, br", ...headers },
  });

function store({ maxBytes = 10 * 1024 * 1024, page = () => html() } = {}) {
  let clock = 1; // lru-cache takes a start time of 0 for "no time"
  const pages = createPageCache({ maxBytes, freshMs: 1000, maxStaleMs: 10_000, now: () => clock });
  const render = app(page);
  const slots = slotsOfCookies();
  const respond = async (request: Request, route = "p") =>
    asResponse(await pages.respond(request, rendering(render, request), { route, slots }));
  const atOnce = (request: Request) => {
    const answer = pages.answerAtOnce(request, slots);
    return answer && { route: answer.route, response: asResponse(answer) };
  };
  const answerAtOnce = (request: Request) => pages.answerAtOnce(request, slots);
  return { respond, render, atOnce, answerAtOnce, wait: (ms: number) => (clock += ms) };
}

const text = async (answer: Response) => {
  const bytes = Buffer.from(await answer.arrayBuffer());
  const encoding = answer.headers.get("Content-Encoding");
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return (encoding === "br" ? brotliDecompressSync(bytes) : bytes).toString();
};

describe("storedPage", () => {
  it("keeps the page in brotli only, in bytes of its own, and counts what it may be given", async () => {
    const rendered = Buffer.from(html(0).repeat(200));
    const page = await storedPage(rendered, { "content-type": "text/html" }, 0, { route: "p" });
    const { br } = page.encodings;
    expect(brotliDecompressSync(br).equals(rendered)).toBe(true);
    expect(Object.keys(page)).not.toContain("identity");
    // Not a view into zlib's 64 KB output buffer, which it would hold whole.
    expect(br.buffer.byteLength).toBe(br.length);
    // Room for the gzip copy and the gzip pieces it may be given, each a little larger.
    expect(storedSize(page)).toBeGreaterThan(br.length * 3);
    expect(storedSize(page)).toBeLessThan(rendered.length);
  });
});

describe("strong validators", () => {
  it("name the bytes of each encoding, and a client holding them gets a 304", async () => {
    const { respond } = store();
    const miss = await respond(get("/p"));
    // Its first answer is the brotli copy it is kept as, with the validator of those bytes.
    expect(miss.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(miss.headers.get("Content-Encoding")).toBe("br");
    const tags = new Set<string>([miss.headers.get("ETag") ?? ""]);
    for (const encoding of ["br", "gzip", "identity"]) {
      const answer = await respond(get("/p", { "Accept-Encoding": encoding }));
      const etag = answer.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      tags.add(etag);
      for (const held of [etag, `W/${etag}`, `"otro", ${etag}`, "*"]) {
        const again = await respond(
          get("/p", { "Accept-Encoding": encoding, "If-None-Match": held }),
        );
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
        expect(again.headers.get("ETag")).toBe(etag);
        expect(again.headers.get("Cache-Control")).toBe("public, max-age=60");
        expect(again.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      }
    }
    expect(tags.size).toBe(3);
    const other = await respond(get("/p", { "If-None-Match": '"otro"' }));
    expect(other.status).toBe(200);
  });
});

describe("a shopper's page from memory", () => {
  it("is the stored page with their slots filled in, private, stitched gzip or plain", async () => {
    const { respond, render } = store();
    await respond(get("/p"));
    const mine = await respond(get("/p", { Cookie: "tema=claro; carrito=3" }));
    expect(mine.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(mine.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(mine.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(mine.headers.get("Content-Encoding")).toBe("gzip");
    expect(await text(mine)).toBe(html(3));
    const plain = await respond(get("/p", { Cookie: "carrito=3", "Accept-Encoding": "br" }));
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(html(3));
    expect(Number(plain.headers.get("Content-Length"))).toBe(Buffer.byteLength(html(3)));
    expect(render).toHaveBeenCalledTimes(1); // for nobody, once
  });

  it("gives two shoppers each their own cart", async () => {
    const { respond } = store();
    await respond(get("/p"));
    const [one, two] = await Promise.all(
      ["carrito=1", "carrito=2"].map((Cookie) => respond(get("/p", { Cookie }))),
    );
    expect(await text(one)).toBe(html(1));
    expect(await text(two)).toBe(html(2));
    expect(await text(await respond(get("/p")))).toBe(html(0));
  });

  it("shows a notice once, with the cookie that clears it", async () => {
    const { respond } = store();
    await respond(get("/p"));
    const first = await respond(get("/p", { Cookie: "carrito=1; aviso=Agregado" }));
    expect(await text(first)).toBe(html(1, "Agregado"));
    expect(first.headers.get("Set-Cookie")).toBe("aviso=; Max-Age=0");
    const next = await respond(get("/p", { Cookie: "carrito=1" }));
    expect(await text(next)).toBe(html(1));
    expect(next.headers.has("Set-Cookie")).toBe(false);
  });

  it("has an ETag of its own bytes: a 304 while the cart is the same, never after it changed", async () => {
    const { respond } = store();
    await respond(get("/p"));
    const anonymous = (await respond(get("/p"))).headers.get("ETag");
    const one = (await respond(get("/p", { Cookie: "carrito=1" }))).headers.get("ETag") ?? "";
    const two = (await respond(get("/p", { Cookie: "carrito=2" }))).headers.get("ETag") ?? "";
    const plain = await respond(get("/p", { Cookie: "carrito=1", "Accept-Encoding": "" }));
    expect(new Set([anonymous, one, two, plain.headers.get("ETag")]).size).toBe(4);

    const held = await respond(get("/p", { Cookie: "carrito=1", "If-None-Match": one }));
    expect(held.status).toBe(304);
    expect(held.headers.get("Cache-Control")).toBe("private, no-cache");
    const changed = await respond(get("/p", { Cookie: "carrito=2", "If-None-Match": one }));
    expect(changed.status).toBe(200);
    expect(await text(changed)).toBe(html(2));
    // Nor does an anonymous validator stand for a shopper's page, or the other way round.
    expect(
      (await respond(get("/p", { Cookie: "carrito=1", "If-None-Match": anonymous! }))).status,
    ).toBe(200);
    expect((await respond(get("/p", { "If-None-Match": one }))).status).toBe(200);
  });

  it("is rendered for nobody first on a route known to be public, then filled in", async () => {
    const { respond, render } = store();
    await respond(get("/p"));
    const first = await respond(get("/nueva", { Cookie: "carrito=2; pagos=x" }));
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(first.headers.get("ETag")).toBeNull();
    expect(await text(first)).toBe(html(2));
    expect(render.mock.lastCall?.[0].headers.get("Cookie")).toBe("pagos=x");
    expect(await text(await respond(get("/nueva")))).toBe(html(0));
  });
});

describe("a shopper's page rendered for them", () => {
  it("on a route no page of which was stored (the cart, the checkout)", async () => {
    const { respond, render } = store();
    const answer = await respond(get("/carrito", { Cookie: "carrito=1" }), "carrito");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(render.mock.lastCall?.[0].headers.get("Cookie")).toBe("carrito=1");
  });

  it("for a `.data` request that asks for the root's data; without it, the stored bytes", async () => {
    const { respond, render } = store();
    await respond(get("/p.data?_routes=p"));
    for (const path of ["/p.data", "/p.data?_routes=root,p"]) {
      const answer = await respond(get(path, { Cookie: "carrito=1" }));
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const calls = render.mock.calls.length;
    const data = await respond(get("/p.data?_routes=p", { Cookie: "carrito=1" }));
    expect(render).toHaveBeenCalledTimes(calls);
    expect(data.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(data.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(await text(data)).toBe(html(0));
  });

  it("when the stored page has no slots, or the page is not the same for everyone", async () => {
    const slots = slotsOfCookies();
    const pages = createPageCache({ maxBytes: 1e7, freshMs: 1000, maxStaleMs: 10_000 });
    const render = app((request) =>
      new URL(request.url).pathname === "/sin" ? "<p>sin huecos</p>" : html(),
    );
    const respond = async (request: Request) =>
      asResponse(await pages.respond(request, rendering(render, request), { route: "p", slots }));
    await respond(get("/p"));
    await respond(get("/sin"));
    expect(await text(await respond(get("/sin", { Cookie: "carrito=4" })))).toBe(html(4));
    // Without the build's slots, too.
    const request = get("/p", { Cookie: "carrito=5" });
    const bare = asResponse(
      await pages.respond(request, rendering(render, request), { route: "p" }),
    );
    expect(await text(bare)).toBe(html(5));
  });
});

describe("an answer at once", () => {
  it("is the answer `respond` gives, once the page is stored, compressed and fresh", async () => {
    const { respond, atOnce, wait } = store();
    expect(atOnce(get("/p"))).toBeUndefined(); // nothing stored
    const given = await respond(get("/p"));
    const now = atOnce(get("/p"));
    expect(now?.route).toBe("p");
    expect(now?.response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(now?.response.headers.get("ETag")).toBe(given.headers.get("ETag"));
    expect(now?.response.headers.get("Content-Encoding")).toBe("br");
    expect(await text(now!.response)).toBe(html(0));
    const held = atOnce(get("/p", { "If-None-Match": given.headers.get("ETag")! }));
    expect(held?.response.status).toBe(304);
    wait(1001); // stale: `respond` answers and refreshes it
    expect(atOnce(get("/p"))).toBeUndefined();
  });

  it("is made once for each encoding and status, then given as it is", async () => {
    const { respond, answerAtOnce } = store();
    await respond(get("/p"));
    const etag = (await respond(get("/p"))).headers.get("ETag")!;
    const first = answerAtOnce(get("/p"));
    expect(first?.headers["content-encoding"]).toBe("br");
    expect(answerAtOnce(get("/p"))).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.headers)).toBe(true);
    // The gzip copy is made on the first answer that takes gzip, then given at once too.
    expect(answerAtOnce(get("/p", { "Accept-Encoding": "gzip" }))).toBeUndefined();
    await respond(get("/p", { "Accept-Encoding": "gzip" }));
    const gzip = answerAtOnce(get("/p", { "Accept-Encoding": "gzip" }));
    expect(gzip?.headers["content-encoding"]).toBe("gzip");
    const held = answerAtOnce(get("/p", { "If-None-Match": etag }));
    expect(held?.status).toBe(304);
    expect(answerAtOnce(get("/p", { "If-None-Match": etag }))).toBe(held);
    expect(answerAtOnce(get("/p"))).toBe(first);
    expect(first?.status).toBe(200);
  });

  it("fills a shopper's slots only once they are kept and the page's pieces made", async () => {
    const { respond, render, atOnce } = store();
    await respond(get("/p"));
    const shopper = (headers: Record<string, string> = {}) =>
      get("/p", { Cookie: "carrito=3", ...headers });
    expect(atOnce(shopper())).toBeUndefined(); // slots not read yet
    const given = await respond(shopper());
    const now = atOnce(shopper());
    expect(now?.response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(now?.response.headers.get("ETag")).toBe(given.headers.get("ETag"));
    expect(await text(now!.response)).toBe(html(3));
    expect(atOnce(shopper({ "Accept-Encoding": "identity" }))?.response.status).toBe(200);
    // A notice is read once, by `respond`.
    expect(atOnce(get("/p", { Cookie: "carrito=3; aviso=Hola" }))).toBeUndefined();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("makes a shopper's gzip answer once for the slots it holds, for the last few slot sets", async () => {
    const { respond, answerAtOnce } = store();
    await respond(get("/p"));
    const shopper = (cart: number, headers: Record<string, string> = {}) =>
      get("/p", { Cookie: `carrito=${cart}`, "Accept-Encoding": "gzip", ...headers });
    const gzipAnswer = async (cart: number) => {
      await respond(shopper(cart)); // their slots read and kept
      return answerAtOnce(shopper(cart));
    };
    const three = await gzipAnswer(3);
    expect(three?.headers["content-encoding"]).toBe("gzip");
    expect(Object.isFrozen(three) && Object.isFrozen(three?.headers)).toBe(true);
    expect(answerAtOnce(shopper(3))).toBe(three);
    expect(await text(asResponse(three!))).toBe(html(3));
    // Another shopper with the same slots (the same count) gets the same answer.
    await respond(get("/p", { Cookie: "tema=claro; carrito=3", "Accept-Encoding": "gzip" }));
    expect(
      answerAtOnce(get("/p", { Cookie: "tema=claro; carrito=3", "Accept-Encoding": "gzip" })),
    ).toBe(three);
    const held = answerAtOnce(shopper(3, { "If-None-Match": three?.headers.etag as string }));
    expect(held?.status).toBe(304);
    expect(answerAtOnce(shopper(3, { "If-None-Match": three?.headers.etag as string }))).toBe(held);
    // Each cart count its own answer; past four slot sets the least recently asked goes.
    const four = await gzipAnswer(4);
    expect(await text(asResponse(four!))).toBe(html(4));
    expect(answerAtOnce(shopper(3))).toBe(three);
    for (const cart of [5, 6]) await gzipAnswer(cart);
    expect(answerAtOnce(shopper(3))).toBe(three); // kept beside 4, 5 and 6
    for (const cart of [7, 8, 9, 10]) await gzipAnswer(cart);
    expect(answerAtOnce(shopper(3))).not.toBe(three); // four other counts asked since
    expect(await text(asResponse(answerAtOnce(shopper(3))!))).toBe(html(3));
  });

  it("joins a shopper's kept answer in one buffer while the joined ones fit an eighth of the bound", async () => {
    // A page whose parts deflate to more than 1 KB each (about 6 KB in brotli, 5 KB in gzip).
    const words = Array.from({ length: 800 }, (_, i) => `<p>Cámara ${(i * 7919) % 10007}</p>`);
    const [top, main] = [words.join(""), words.toReversed().join("")];
    const long = (n: number) =>
      `<!DOCTYPE html><html><body><header>${top} ${count(n)}</header>${notice()}<main>${main}</main></body></html>`;
    const shopper = (cart: number) =>
      get("/p", { Cookie: `carrito=${cart}`, "Accept-Encoding": "gzip" });
    const kept = async (maxBytes: number) => {
      const { respond, answerAtOnce } = store({ maxBytes, page: () => long(0) });
      await respond(get("/p"));
      await respond(shopper(3));
      return answerAtOnce(shopper(3))!;
    };
    const roomy = await kept(1024 * 1024);
    expect(roomy.body).toHaveLength(1);
    // Room for the page (about 24 KB counted), not for its shopper's answer in one (4 KB).
    const tight = await kept(32 * 1024);
    expect(tight.body.length).toBeGreaterThan(1);
    // The same bytes either way.
    expect(Buffer.concat(roomy.body).equals(Buffer.concat(tight.body))).toBe(true);
    expect(gunzipSync(Buffer.concat(roomy.body)).toString()).toBe(long(3));
  });

  it("counts a joined answer against the eighth until the collector frees it", async () => {
    const words = Array.from({ length: 800 }, (_, i) => `<p>Cámara ${(i * 7919) % 10007}</p>`);
    const long = `<!DOCTYPE html><html><body><header>${words.join("")} ${count(0)}</header>${notice()}<main>${words.toReversed().join("")}</main></body></html>`;
    const shopper = (cart: number) =>
      get("/p", { Cookie: `carrito=${cart}`, "Accept-Encoding": "gzip" });
    // Room in the eighth (8 KB) for one answer in one buffer (about 5 KB), not two.
    const { respond, answerAtOnce } = store({ maxBytes: 64 * 1024, page: () => long });
    await respond(get("/p"));
    const keptFor = async (cart: number) => {
      await respond(shopper(cart));
      return answerAtOnce(shopper(cart))!.body.length;
    };
    expect(await keptFor(1)).toBe(1);
    expect(await keptFor(2)).toBeGreaterThan(1);
    // Four other slot sets asked since: the first answer is no longer kept, and its bytes are
    // room again once the collector has freed them.
    for (const cart of [3, 4, 5, 6]) await keptFor(cart);
    expect(await keptFor(7)).toBeGreaterThan(1);
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    let joinedAgain = false;
    for (let cart = 8; cart < 18 && !joinedAgain; cart++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
      joinedAgain = (await keptFor(cart)) === 1;
    }
    expect(joinedAgain).toBe(true);
  });

  it("leaves a `.data` request that asks for the root's data to `respond`", async () => {
    const { respond, atOnce } = store();
    await respond(get("/p.data?_routes=p"));
    await respond(get("/p.data"));
    await respond(get("/p.data?_routes=p"));
    await respond(get("/p.data"));
    expect(atOnce(get("/p.data", { Cookie: "carrito=1" }))).toBeUndefined();
    const data = atOnce(get("/p.data?_routes=p", { Cookie: "carrito=1" }));
    expect(data?.response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(atOnce(get("/p.data"))?.response.headers.get("Cache-Control")).toBe(
      "public, max-age=60",
    );
  });
});

describe("cutAt", () => {
  const page = Buffer.from("<a>0</a> <b></b> fin");
  it("cuts a page around each slot, found once each, in order", () => {
    expect(cutAt(page, ["<a>0</a>", "<b></b>"])?.map(String)).toEqual(["", " ", " fin"]);
  });

  it("finds nothing to cut when a slot is missing, repeated or out of order", () => {
    expect(cutAt(page, ["<c></c>"])).toBeNull();
    expect(cutAt(Buffer.from("<b></b><b></b>"), ["<b></b>"])).toBeNull();
    expect(cutAt(page, ["<b></b>", "<a>0</a>"])).toBeNull();
  });
});
