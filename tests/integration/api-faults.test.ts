/**
 * The API client against a remote-style merchant API whose failures are
 * scripted with msw (docs/merchant-api.md generic behaviour, docs/decisions/0260).
 */
import { createServer } from "node:net";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "../../app/merchant-api/client.server";
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE } from "../../app/merchant-api/transport.server";

const API = "http://merchant.test";
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: "bypass" }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function client(options: Parameters<typeof createApiClient>[0] = {}) {
  return createApiClient({ baseUrl: API, timeoutMs: 5_000, concurrency: 6, ...options });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const rawProduct = (id: string, extra: Record<string, unknown> = {}) => ({
  producto_id: Number(id),
  titulo: `Cámara ${id}`,
  precio: "100000",
  total_existencia: 3,
  ...extra,
});

/** A promise the test opens when it wants the upstream to answer. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("timeout", () => {
  it("turns a request that never answers into ApiError 504 with a Spanish message", async () => {
    server.use(http.get(`${API}/api/productos/:id`, () => delay("infinite")));
    const error = await rejection(client({ timeoutMs: 100 }).getProduct("1"));
    expect(error.status).toBe(504);
    expect(error.message).toBe(TIMEOUT_MESSAGE);
  });

  it("gives no price (not an exception) when the price call times out", async () => {
    server.use(http.get(`${API}/api/precios/simple/:id`, () => delay("infinite")));
    expect(await client({ timeoutMs: 100 }).getPrice("1")).toBeNull();
  });
});

describe("404 per resource", () => {
  const notFound = () => HttpResponse.json({ error: "Not Found" }, { status: 404 });
  it("product → ApiError 404 'Producto no encontrado'", async () => {
    server.use(http.get(`${API}/api/productos/:id`, notFound));
    const error = await rejection(client().getProduct("999"));
    expect(error.status).toBe(404);
    expect(error.message).toBe("Producto no encontrado");
  });

  it("category → a placeholder; subcategories → []", async () => {
    server.use(
      http.get(`${API}/api/categorias/:id/subcategorias`, notFound),
      http.get(`${API}/api/categorias/:id`, notFound),
    );
    const api = client();
    expect(await api.getCategory("777")).toEqual({
      id: "777",
      name: "Categoría 777",
      level: null,
      parentId: null,
      productCount: null,
    });
    expect(await api.getSubcategories("777")).toEqual([]);
  });

  it("related products and accessories → []; datasheet existence → false; price → null", async () => {
    server.use(
      http.get(`${API}/productos/:id/relacionados`, notFound),
      http.get(`${API}/productos/:id/accesorios`, notFound),
      http.get(`${API}/syscom/productos/:sku/pdf_exists`, notFound),
      http.get(`${API}/api/precios/simple/:id`, notFound),
    );
    const api = client();
    expect(await api.getRelatedProducts("5")).toEqual([]);
    expect(await api.getAccessories("5")).toEqual([]);
    expect(await api.pdfExists("SKU-1")).toBe(false);
    expect(await api.getPrice("5")).toBeNull();
  });

  it("datasheet → ApiError 404 'Documentación no disponible'", async () => {
    server.use(http.get(`${API}/syscom/productos/:sku/pdf`, notFound));
    const error = await rejection(client().fetchDatasheet("SKU-1"));
    expect(error.status).toBe(404);
    expect(error.message).toBe("Documentación no disponible");
  });

  it("an unknown id in a batch is left out", async () => {
    server.use(
      http.get(`${API}/api/productos/batch`, () =>
        HttpResponse.json({ productos: [rawProduct("1"), rawProduct("3")] }),
      ),
    );
    const products = await client().getProductsBatch(["3", "2", "1"]);
    expect(products.map((p) => p.id)).toEqual(["3", "1"]);
  });
});

describe("other non-OK answers", () => {
  it("uses the body's message", async () => {
    server.use(
      http.get(`${API}/api/categorias`, () =>
        HttpResponse.json({ message: "Base de datos caída" }, { status: 500 }),
      ),
    );
    const error = await rejection(client().getCategories());
    expect(error.status).toBe(500);
    expect(error.message).toBe("Base de datos caída");
  });

  it("prefers the body's error over its message", async () => {
    server.use(
      http.get(`${API}/api/marcas`, () =>
        HttpResponse.json({ error: "Servicio no disponible", message: "detalle" }, { status: 503 }),
      ),
    );
    const error = await rejection(client().getBrands());
    expect(error.status).toBe(503);
    expect(error.message).toBe("Servicio no disponible");
  });

  it("says 'Error HTTP: {status}' when the body has neither", async () => {
    server.use(
      http.get(
        `${API}/api/productos`,
        () =>
          new HttpResponse("<h1>Bad gateway</h1>", {
            status: 502,
            headers: { "Content-Type": "text/html" },
          }),
      ),
    );
    const error = await rejection(client().listProducts({ limit: 60, offset: 0 }));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Error HTTP: 502");
  });
});

describe("HTML instead of JSON", () => {
  const html = () => HttpResponse.html("<!doctype html><html><body>Inicio</body></html>");

  it("reads an OK HTML body as empty", async () => {
    server.use(
      http.get(`${API}/productos_ids_consolidados.json`, html),
      http.get(`${API}/api/productos`, html),
      http.get(`${API}/api/products/search`, html),
      http.get(`${API}/api/precios/simple/:id`, html),
    );
    const api = client();
    expect(await api.getFeaturedEntries()).toEqual([]);
    expect(await api.listProducts({ search: "camara", limit: 200, offset: 0 })).toEqual({
      products: [],
      hasMore: false,
      total: null,
    });
    expect(await api.searchProducts("camara")).toEqual([]);
    expect(await api.getPrice("1")).toBeNull();
  });

  it("treats an HTML product page as no product", async () => {
    server.use(http.get(`${API}/api/productos/:id`, html));
    expect((await rejection(client().getProduct("1"))).status).toBe(404);
  });

  it("treats a failed featured list as empty", async () => {
    server.use(
      http.get(`${API}/productos_ids_consolidados.json`, () =>
        HttpResponse.text("oops", { status: 500 }),
      ),
    );
    expect(await client().getFeaturedEntries()).toEqual([]);
  });
});

describe("connection refused", () => {
  it("becomes ApiError 502 'Error de red'", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 5_000,
      concurrency: 2,
    });
    const error = await rejection(api.getProduct("1"));
    expect(error.status).toBe(502);
    expect(error.message).toBe(NETWORK_MESSAGE);
    expect(await api.pdfExists("SKU")).toBe(false);
  });
});

describe("headers", () => {
  it("sends the bearer token when configured, and asks for JSON", async () => {
    const seen: Array<{ auth: string | null; accept: string | null }> = [];
    server.use(
      http.get(`${API}/api/productos/:id`, ({ request }) => {
        seen.push({
          auth: request.headers.get("authorization"),
          accept: request.headers.get("accept"),
        });
        return HttpResponse.json({ producto: rawProduct("1") });
      }),
    );
    await client({ token: "tok-123" }).getProduct("1");
    await client().getProduct("1");
    expect(seen).toEqual([
      { auth: "Bearer tok-123", accept: "application/json" },
      { auth: null, accept: "application/json" },
    ]);
  });
});

describe("concurrency limit", () => {
  it("never runs more upstream calls at once than configured", async () => {
    const release = gate();
    let inFlight = 0;
    let maxInFlight = 0;
    server.use(
      http.get(`${API}/api/precios/simple/:id`, async ({ params }) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await release.opened;
        inFlight--;
        return HttpResponse.json({ id: params.id, precio: 1000 });
      }),
    );
    const api = client({ concurrency: 2 });
    const all = Promise.all(["1", "2", "3", "4", "5", "6"].map((id) => api.getPrice(id)));
    await vi.waitFor(() => expect(inFlight).toBe(2));
    expect(api.upstream).toEqual({ active: 2, pending: 4 });
    release.open();
    expect(await all).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    expect(maxInFlight).toBe(2);
  });
});

describe("caching", () => {
  it("shares concurrent identical requests: one upstream hit", async () => {
    const release = gate();
    let hits = 0;
    server.use(
      http.get(`${API}/api/productos/:id`, async ({ params }) => {
        hits++;
        await release.opened;
        return HttpResponse.json(rawProduct(String(params.id)));
      }),
    );
    const api = client();
    const pending = Promise.all([1, 2, 3, 4, 5].map(() => api.getProduct("7")));
    release.open();
    const products = await pending;
    expect(hits).toBe(1);
    expect(products.every((p) => p.id === "7" && p.title === "Cámara 7")).toBe(true);
    await api.getProduct("7");
    expect(hits).toBe(1);
  });

  it("asks the batch endpoint only for ids it does not have", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/api/productos/batch`, ({ request }) => {
        const ids = new URL(request.url).searchParams.get("ids") ?? "";
        asked.push(ids);
        return HttpResponse.json({ productos: ids.split(",").map((id) => rawProduct(id)) });
      }),
    );
    const api = client();
    await api.getProductsBatch(["1", "2"]);
    const second = await api.getProductsBatch(["2", "3"]);
    expect(asked).toEqual(["1,2", "3"]);
    expect(second.map((p) => p.id)).toEqual(["2", "3"]);
  });

  it("serves the stale product when the upstream fails after the TTL", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2025-09-07T12:00:00Z");
    vi.setSystemTime(start);
    server.use(http.get(`${API}/api/productos/:id`, () => HttpResponse.json(rawProduct("8"))));
    const api = client();
    expect((await api.getProduct("8")).title).toBe("Cámara 8");

    server.use(
      http.get(`${API}/api/productos/:id`, () =>
        HttpResponse.json({ message: "caído" }, { status: 500 }),
      ),
    );
    // Past TTL (60 s) and stale-while-revalidate (60 s): a fresh value is required and fails.
    vi.setSystemTime(start.getTime() + 10 * 60_000);
    expect((await api.getProduct("8")).title).toBe("Cámara 8");

    // Beyond the stale-if-error window the failure surfaces.
    vi.setSystemTime(start.getTime() + 2 * 60 * 60_000);
    expect((await rejection(api.getProduct("8"))).message).toBe("caído");
  });

  it("does not hide a 404 behind a stale value", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    server.use(http.get(`${API}/api/productos/:id`, () => HttpResponse.json(rawProduct("9"))));
    const api = client();
    await api.getProduct("9");
    server.use(
      http.get(`${API}/api/productos/:id`, () =>
        HttpResponse.json({ error: "x" }, { status: 404 }),
      ),
    );
    vi.setSystemTime(start + 10 * 60_000);
    expect((await rejection(api.getProduct("9"))).message).toBe("Producto no encontrado");
  });

  it("keeps categories while the upstream is down, refreshing in the background", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    let calls = 0;
    server.use(
      http.get(`${API}/api/categorias`, () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ categorias: [{ id: 22, nombre: "Videovigilancia", nivel: 1 }] })
          : HttpResponse.json({ error: "caído" }, { status: 500 });
      }),
    );
    const api = client();
    await api.getCategories();
    vi.setSystemTime(start + 6 * 60_000); // past the 5 min TTL, inside SWR
    expect((await api.getCategories()).map((c) => c.name)).toEqual(["Videovigilancia"]);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect((await api.getCategories()).map((c) => c.name)).toEqual(["Videovigilancia"]);
  });

  it("does not cache a failed price", async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/api/precios/simple/:id`, () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ error: "x" }, { status: 500 })
          : HttpResponse.json({ precio: 5000 });
      }),
    );
    const api = client();
    expect(await api.getPrice("1")).toBeNull();
    expect(await api.getPrice("1")).toBe(5000);
    expect(await api.getPrice("1")).toBe(5000);
    expect(calls).toBe(2);
  });
});

describe("list pages", () => {
  it("reads has_more, else derives it from total, else from a full page", async () => {
    const bodies = [
      { productos: [rawProduct("1")], total: 1, has_more: true },
      { productos: [rawProduct("1"), rawProduct("2")], total: "3" },
      { productos: [rawProduct("1"), rawProduct("2")], total: 2 },
      { productos: [rawProduct("1"), rawProduct("2")] },
      [rawProduct("1")],
    ];
    let call = 0;
    const queries: string[] = [];
    server.use(
      http.get(`${API}/api/productos`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(bodies[call++]);
      }),
    );
    const api = client();
    const page = (offset = 0) =>
      api.listProducts({ categoria: "22", search: " cámara ", limit: 2, offset });
    expect(await page()).toMatchObject({ hasMore: true, total: 1 });
    expect(await page()).toMatchObject({ hasMore: true, total: 3 });
    expect(await page()).toMatchObject({ hasMore: false, total: 2 });
    expect(await page()).toMatchObject({ hasMore: true, total: null });
    const last = await page(2);
    expect(last).toMatchObject({ hasMore: false, total: null });
    expect(last.products.map((p) => p.id)).toEqual(["1"]);
    expect(new URLSearchParams(queries[0]).get("search")).toBe("cámara");
    expect(new URLSearchParams(queries[0]).get("categoria")).toBe("22");
    expect(new URLSearchParams(queries[4]).get("offset")).toBe("2");
  });
});

describe("prices", () => {
  it("rounds the price call to integer pesos and replaces product prices", async () => {
    const prices: Record<string, unknown> = { "1": 1234.5, "2": "99999.49", "3": null, "4": 0 };
    server.use(
      http.get(`${API}/api/precios/simple/:id`, ({ params }) =>
        params.id === "5"
          ? HttpResponse.json({ error: "ID de producto inválido" }, { status: 400 })
          : HttpResponse.json({ id: params.id, precio: prices[String(params.id)] }),
      ),
      http.get(`${API}/api/productos/batch`, () =>
        HttpResponse.json({
          productos: ["1", "2", "3", "4", "5"].map((id) => rawProduct(id, { precio: 777 })),
        }),
      ),
    );
    const api = client();
    expect(await api.getPrice("1")).toBe(1235);
    expect(await api.getPrice("2")).toBe(99999);
    expect(await api.getPrice("3")).toBeNull();
    expect(await api.getPrice("4")).toBe(0);
    expect(await api.getPrice("5")).toBeNull();

    const products = await api.getProductsBatch(["1", "2", "3", "4", "5"]);
    const priced = await api.withCurrentPrices(products);
    expect(priced.map((p) => p.price)).toEqual([1235, 99999, 777, 0, 777]);
    // The cached products are not modified.
    expect(products.map((p) => p.price)).toEqual([777, 777, 777, 777, 777]);
  });
});
