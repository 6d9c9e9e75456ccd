import { createHash } from "node:crypto";
import {
  brotliCompress,
  brotliDecompressSync,
  type BrotliOptions,
  constants,
  gunzipSync,
  gzip,
} from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import {
  createPageCache,
  documentResponse,
  PAGE_CACHE_HEADER,
  takeRenderedBytes,
  withoutNonce,
} from "./page-cache.server";
import { arrivalTime, inArrivalOrder } from "./arrival.server";
import { asResponse } from "./page-cache.test-helpers";
import { BROTLI_QUALITY } from "./page-answer.server";

// Counts the compressions of the page cache, which are otherwise invisible from outside.
vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof import("node:zlib")>();
  return { ...zlib, brotliCompress: vi.fn(zlib.brotliCompress), gzip: vi.fn(zlib.gzip) };
});

const NONCE = "bm9uY2Utb25l";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'; style-src 'self'`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const document = (title: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${NONCE}"/>` +
  `<title>${title}</title></head><body><p>${title}</p>` +
  `<script nonce="${NONCE}">window.ctx = {"title":"${title}"};</script>` +
  `<script type="application/ld+json">{"@type":"Product"}</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/assets/entry.js";</script></body></html>`;

const page = (title: string, init: { status?: number; headers?: HeadersInit } = {}) =>
  new Response(document(title), {
    status: init.status ?? 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      "Content-Security-Policy": CSP,
      ...init.headers,
    },
  });

const get = (path: string, headers: HeadersInit = {}) =>
  new Request(`http://localhost${path}`, {
    headers: { "Accept-Encoding": "br, gzip", ...headers },
  });

const cache = (over: Partial<Parameters<typeof createPageCache>[0]> = {}) => {
  const pages = createPageCache({
    maxBytes: 10 * 1024 * 1024,
    freshMs: 1000,
    maxStaleMs: 10_000,
    ...over,
  });
  return {
    ...pages,
    respond: async (...args: Parameters<typeof pages.respond>) =>
      asResponse(await pages.respond(...args)),
  };
};

describe("withoutNonce", () => {
  it("drops the nonce and allows each inline script by its hash, external ones by origin", () => {
    const { html, csp } = withoutNonce(document("Uno"), CSP);
    expect(html).not.toContain(NONCE);
    expect(html).toContain('<link rel="modulepreload" href="/assets/a.js"/>');
    expect(csp).toBe(
      `default-src 'self'; script-src 'self' ${sha('window.ctx = {"title":"Uno"};')} ` +
        `${sha('import "/assets/entry.js";')}; style-src 'self'`,
    );
  });

  it("leaves a document without a nonce as it is", () => {
    const plain = "<p>hola</p>";
    expect(withoutNonce(plain, "default-src 'self'")).toEqual({
      html: plain,
      csp: "default-src 'self'",
    });
  });
});

describe("createPageCache", () => {
  it("renders a page once, then answers from memory, compressed once per encoding asked for", async () => {
    const pages = cache();
    const render = vi.fn(async () => page("Uno"));
    const compress = vi.mocked(brotliCompress);
    const deflate = vi.mocked(gzip);
    compress.mockClear();
    deflate.mockClear();
    const first = await pages.respond(get("/uno"), render);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    // Kept in brotli as it is stored (docs/decisions/0635), and that copy is its first answer.
    expect(compress).toHaveBeenCalledTimes(1);
    expect(first.headers.get("Content-Encoding")).toBe("br");
    const stored = withoutNonce(document("Uno"), CSP).html;
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(stored);
    const second = await pages.respond(get("/uno"), render);
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(render).toHaveBeenCalledTimes(1);

    expect(second.headers.get("Content-Encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString();
    expect(html).toBe(withoutNonce(document("Uno"), CSP).html);
    expect(second.headers.get("Content-Security-Policy")).not.toContain("nonce");
    expect(second.headers.get("Vary")).toBe("Cookie, Accept-Encoding");

    // No gzip copy until a client that takes gzip and not brotli asks (docs/decisions/0620).
    expect(deflate).not.toHaveBeenCalled();
    const gz = await pages.respond(get("/uno", { "Accept-Encoding": "gzip" }), render);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    const plain = await pages.respond(get("/uno", { "Accept-Encoding": "br;q=0" }), render);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(Number(plain.headers.get("Content-Length"))).toBe(Buffer.byteLength(html));
    await pages.respond(get("/uno"), render);
    await pages.respond(get("/uno", { "Accept-Encoding": "gzip" }), render);
    expect(compress).toHaveBeenCalledTimes(1);
    expect(deflate).toHaveBeenCalledTimes(1);
  });

  it("stores a rendered document from its text, never reading its answer back or decoding it", async () => {
    const pages = cache();
    const text = document("Ñandú, cámara 4K");
    const latin1 = Buffer.from(text).toString("latin1");
    const rendered = documentResponse(latin1, { headers: page("x").headers });
    const encoded = vi.spyOn(Buffer, "from");
    const first = await pages.respond(get("/texto"), async () => rendered);
    // The bytes were made from the text with the nonce removed, never from the text as rendered.
    expect(encoded.mock.calls.filter(([value]) => value === latin1)).toHaveLength(0);
    encoded.mockRestore();
    // The cache took the text: the answer keeps none of it to give (docs/decisions/0690).
    await expect(rendered.arrayBuffer()).rejects.toThrow();
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const bare = text.replaceAll(` nonce="${NONCE}"`, "");
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(bare);
    // The inline script is allowed by the hash of its UTF-8 bytes, as the browser takes it.
    expect(first.headers.get("Content-Security-Policy")).toContain(
      sha('window.ctx = {"title":"Ñandú, cámara 4K"};'),
    );
    const plain = await pages.respond(get("/texto", { "Accept-Encoding": "identity" }), vi.fn());
    expect(plain.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(Number(plain.headers.get("Content-Length"))).toBe(Buffer.byteLength(bare));
  });

  it("makes a rendered document's bytes only when its answer's stream is read", async () => {
    const latin1 = Buffer.from(document("Cámara")).toString("latin1");
    const encoded = vi.spyOn(Buffer, "from");
    const madeFromText = () => encoded.mock.calls.filter(([value]) => value === latin1).length;
    const rendered = documentResponse(latin1, { headers: page("x").headers });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(madeFromText()).toBe(0);
    expect(Buffer.from(await rendered.arrayBuffer()).toString("latin1")).toBe(latin1);
    expect(madeFromText()).toBe(1);
    encoded.mockRestore();
  });

  it("never stores an empty page when a rendered document's answer was read before", async () => {
    const pages = cache();
    const rendered = documentResponse(Buffer.from(document("Uno")).toString("latin1"), {
      headers: page("x").headers,
    });
    await rendered.arrayBuffer();
    await expect(pages.respond(get("/dos-veces"), async () => rendered)).rejects.toThrow();
    expect(pages.size().entries).toBe(0);
  });

  it("gives a rendered document's bytes once, to be written whole; any other answer, none", async () => {
    const text = document("Ñandú, cámara 4K");
    const rendered = documentResponse(Buffer.from(text).toString("latin1"), {
      headers: page("x").headers,
    });
    expect(takeRenderedBytes(rendered)?.toString()).toBe(text);
    // Taken: neither a second writer nor the answer's stream gets a page (docs/decisions/0720).
    expect(() => takeRenderedBytes(rendered)).toThrow();
    await expect(rendered.arrayBuffer()).rejects.toThrow();
    expect(takeRenderedBytes(page("Uno"))).toBeUndefined();
  });

  it("keeps a rendered document's bytes with the answer it does not store", async () => {
    const pages = createPageCache({ maxBytes: 1024 * 1024, freshMs: 1000, maxStaleMs: 10_000 });
    const text = document("Aviso");
    const latin1 = Buffer.from(text).toString("latin1");
    const headers = page("x", { headers: { "Set-Cookie": "aviso=1" } }).headers;
    const answer = await pages.respond(get("/aviso"), async () =>
      documentResponse(latin1, { headers }),
    );
    if (!(answer instanceof Response)) throw new Error("a rendered answer was expected");
    expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe("bypass");
    expect(takeRenderedBytes(answer)?.toString()).toBe(text);
  });

  it("compresses a page cheaply the first time its URL is stored, better when stored again", async () => {
    let clock = 1000;
    const pages = cache({ freshMs: 1000, maxStaleMs: 10_000, now: () => clock });
    const compress = vi.mocked(brotliCompress);
    compress.mockClear();
    // Called as (bytes, options, callback): the type knows only (bytes, callback).
    const quality = (call: number) =>
      (compress.mock.calls[call] as unknown as [Buffer, BrotliOptions])[1].params?.[
        constants.BROTLI_PARAM_QUALITY
      ];
    const render = vi.fn(async () => page("Uno"));
    await pages.respond(get("/p"), render);
    expect(quality(0)).toBe(BROTLI_QUALITY.first);
    await pages.respond(get("/otra"), render);
    expect(quality(1)).toBe(BROTLI_QUALITY.first);
    // Asked for after its fresh time: refreshed, and kept smaller from then on.
    clock += 2000;
    await pages.respond(get("/p"), render);
    await vi.waitFor(() => expect(compress).toHaveBeenCalledTimes(3));
    expect(quality(2)).toBe(BROTLI_QUALITY.again);
    expect(BROTLI_QUALITY.again).toBeGreaterThan(BROTLI_QUALITY.first);
    const fresh = await vi.waitFor(async () => {
      const answer = await pages.respond(get("/p"), render);
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      return answer;
    });
    expect(brotliDecompressSync(Buffer.from(await fresh.arrayBuffer())).toString()).toBe(
      withoutNonce(document("Uno"), CSP).html,
    );
  });

  it("renders concurrent first requests of one URL once", async () => {
    const pages = cache();
    const render = vi.fn(async () => page("Uno"));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pages.respond(get("/uno"), render)),
    );
    expect(render).toHaveBeenCalledTimes(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it("never stores what is not public: an error, a cookie set, a private page", async () => {
    const pages = cache();
    for (const [path, response] of [
      ["/falta", () => page("No encontrada", { status: 404 })],
      ["/aviso", () => page("Aviso", { headers: { "Set-Cookie": "aviso=1" } })],
      ["/carrito", () => page("Carrito", { headers: { "Cache-Control": "private, no-store" } })],
    ] as const) {
      const render = vi.fn(async () => response());
      const first = await pages.respond(get(path), render);
      const again = await pages.respond(get(path), render);
      expect(render).toHaveBeenCalledTimes(2);
      expect(again.headers.get(PAGE_CACHE_HEADER)).toBe("bypass");
      expect(first.status).toBe(response().status);
      // The page's own answer, with its own nonce, untouched.
      expect(await again.text()).toContain(`nonce="${NONCE}"`);
    }
    expect(pages.size().entries).toBe(0);
  });

  it("answers a stale page at once and refreshes it behind; too old, it renders first", async () => {
    let clock = 1000; // lru-cache reads a start time of 0 as "no time to live"
    const pages = cache({ freshMs: 1000, maxStaleMs: 10_000, now: () => clock });
    let title = "Uno";
    const render = vi.fn(async () => page(title));
    const read = async (r: Response) => {
      const body = Buffer.from(await r.arrayBuffer());
      return r.headers.get("Content-Encoding") === "br" ? brotliDecompressSync(body) : body;
    };
    await pages.respond(get("/p"), render);

    title = "Dos";
    clock += 2000;
    const stale = await pages.respond(get("/p"), render);
    expect(stale.headers.get(PAGE_CACHE_HEADER)).toBe("stale");
    expect((await read(stale)).toString()).toContain("<p>Uno</p>");
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(2));
    await vi.waitFor(async () => {
      const fresh = await pages.respond(get("/p"), render);
      expect((await read(fresh)).toString()).toContain("<p>Dos</p>");
    });

    title = "Tres";
    clock += 20_000;
    const old = await pages.respond(get("/p"), render);
    expect(old.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect((await read(old)).toString()).toContain("<p>Tres</p>");
  });

  it("renders behind a stale page as no request's; a page the request waits for, as its own", async () => {
    let clock = 1000;
    const pages = cache({ freshMs: 1000, maxStaleMs: 10_000, now: () => clock });
    // The arrival each render ran with (the upstream queue's order, docs/decisions/0670).
    const arrivals: number[] = [];
    const render = async () => {
      arrivals.push(arrivalTime());
      return page("Uno");
    };
    // Arrivals before the clock's start: a render run as no request's reads now (≥ 0).
    await inArrivalOrder(-300, () => pages.respond(get("/p"), render));
    clock += 2000;
    await inArrivalOrder(-200, () => pages.respond(get("/p"), render));
    await vi.waitFor(async () => {
      const refreshed = await pages.respond(get("/p"), render);
      expect(refreshed.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    });
    clock += 20_000;
    await inArrivalOrder(-100, () => pages.respond(get("/p"), render));
    expect(arrivals[0]).toBe(-300);
    expect(arrivals[1]).toBeGreaterThanOrEqual(0);
    expect(arrivals[2]).toBe(-100);
  });

  it("keeps its size under the bound, dropping the least recently used page", async () => {
    const alone = cache();
    await alone.respond(get("/x"), async () => page("x".repeat(2000)));
    // Kept compressed, a page counts less than its rendered bytes (docs/decisions/0635).
    const entryBytes = alone.size().bytes;
    expect(entryBytes).toBeLessThan(Buffer.byteLength(document("x".repeat(2000))));
    // Room for three such pages.
    const pages = cache({ maxBytes: entryBytes * 3 });
    for (const n of [1, 2, 3, 4, 5]) {
      await pages.respond(get(`/p${n}`), async () => page(String(n).repeat(2000)));
    }
    expect(pages.size().bytes).toBeLessThanOrEqual(entryBytes * 3);
    expect(pages.size().entries).toBeLessThan(5);
    const render = vi.fn(async () => page("1".repeat(2000)));
    await pages.respond(get("/p1"), render);
    expect(render).toHaveBeenCalledTimes(1); // the oldest was dropped
  });
});
