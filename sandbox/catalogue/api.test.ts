import { beforeAll, describe, expect, it } from "vitest";
import { TOP_CATEGORIES } from "../../app/merchant-api/product.ts";
import { SANDBOX_FIXTURES as FX } from "../fixtures.ts";
import { getSandbox } from "../index.ts";

const sandbox = getSandbox({ dataDir: ".data/sandbox", publicBase: "/sandbox" });

async function get(path: string, init?: RequestInit) {
  const res = await sandbox.fetch(new Request(`http://sandbox.local${path}`, init));
  const type = res.headers.get("content-type") ?? "";
  const body: unknown = type.startsWith("application/json") ? await res.json() : await res.text();
  // `any`: a test helper over many response shapes, each asserted field by field below.
  return { res, body: body as Record<string, any> };
}

type Rec = Record<string, unknown>;
const idOf = (p: Rec) => String(p.id ?? p.producto_id ?? p.id_producto);
const titleOf = (p: Rec) => (p.titulo ?? p.title ?? "") as string;

beforeAll(async () => {
  await sandbox.ready;
});

describe("getSandbox", () => {
  it("returns one instance per data folder and public base", () => {
    expect(getSandbox({ dataDir: ".data/sandbox", publicBase: "/sandbox" })).toBe(sandbox);
    expect(getSandbox({ dataDir: "./.data/sandbox/", publicBase: "/sandbox/" })).toBe(sandbox);
  });

  it("answers with absolute URLs from the request origin when publicBase is empty", async () => {
    const standalone = getSandbox({ dataDir: ".data/sandbox", publicBase: "" });
    const res = await standalone.fetch(
      new Request(`http://127.0.0.1:4010/api/productos/${FX.products.complete.id}`),
    );
    const { producto } = (await res.json()) as { producto: Rec };
    const images = (producto.imagenes ?? producto.images) as Array<{ url: string }>;
    expect(images[0].url).toBe(
      `http://127.0.0.1:4010/img/productos/${FX.products.complete.id}-1.svg`,
    );
  });
});

describe("GET /api/productos", () => {
  it("lists at least 22,000 products, 60 per page by default, in a stable order", async () => {
    const { res, body } = await get("/api/productos");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(body.total).toBeGreaterThanOrEqual(22_000);
    expect(body.total).toBe(FX.productCount);
    expect(body.productos).toHaveLength(60);
    expect(body).toMatchObject({ has_more: true, limit: 60, offset: 0 });
    const again = await get("/api/productos");
    expect(again.body.productos.map(idOf)).toEqual(body.productos.map(idOf));
  });

  it("pages with limit and offset up to the end", async () => {
    const first = await get("/api/productos?limit=5&offset=0");
    const second = await get("/api/productos?limit=5&offset=5");
    expect(second.body.productos.map(idOf)).not.toContain(idOf(first.body.productos[0]));
    const last = await get(`/api/productos?limit=200&offset=${FX.productCount - 3}`);
    expect(last.body.productos).toHaveLength(3);
    expect(last.body.has_more).toBe(false);
  });

  it("filters by a category at any level, a top group including its descendants", async () => {
    const top = await get(`/api/productos?categoria=${FX.categories.top}&limit=200`);
    expect(top.body.total).toBeGreaterThan(2_000);
    for (const p of top.body.productos as Rec[]) {
      expect((p.categorias as Array<{ id: string }>)[0].id).toBe(FX.categories.top);
    }
    const large = await get(`/api/productos?categoria=${FX.categories.large.id}&limit=60`);
    expect(large.body.total).toBeGreaterThan(FX.categories.large.minProducts);
    const leaf = await get(`/api/productos?categoria=${FX.categories.leaf.id}&limit=200`);
    expect(leaf.body.total).toBeGreaterThan(0);
    for (const p of leaf.body.productos as Rec[]) {
      expect((p.categorias as Array<{ id: string; nivel: number }>)[2]).toMatchObject({
        id: FX.categories.leaf.id,
        nivel: 3,
      });
    }
    const unknown = await get(`/api/productos?categoria=${FX.categories.unknown}`);
    expect(unknown.body).toMatchObject({ productos: [], total: 0, has_more: false });
  });

  it("searches accent- and case-insensitively, every word as a prefix (AND)", async () => {
    const plain = await get(`/api/productos?search=${FX.search.accentless}&limit=10`);
    const accented = await get(`/api/productos?search=${encodeURIComponent("CÁMARA")}&limit=10`);
    expect(plain.body.total).toBeGreaterThan(1_000);
    expect(accented.body.total).toBe(plain.body.total);
    expect(accented.body.productos.map(idOf)).toEqual(plain.body.productos.map(idOf));

    const multi = await get(
      `/api/productos?search=${encodeURIComponent(FX.search.multiWord)}&limit=200`,
    );
    expect(multi.body.total).toBeGreaterThan(0);
    expect(multi.body.total).toBeLessThan(plain.body.total);
    for (const p of multi.body.productos as Rec[]) {
      const text = JSON.stringify(p)
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();
      for (const word of ["camara", "bala", "hikv"]) expect(text).toContain(word);
    }
    const none = await get(`/api/productos?search=${FX.search.none}`);
    expect(none.body).toMatchObject({ productos: [], total: 0, has_more: false });
  });

  it("ranks like a merchant search: the product type named first, unsellable never first", async () => {
    const fold = (t: string) =>
      t
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();
    const sellable = (p: Rec) => titleOf(p) !== "" && Number(p.precio) > 0;
    const cameras = (await get("/api/products/search?q=camara&limit=50")).body as Rec[];
    // Products whose title starts with 'Cámara' (thousands) come before those that only
    // mention it ('Micrófono para Cámara'), which bm25 alone put first (shorter titles).
    expect(cameras.every((p) => fold(titleOf(p)).startsWith("camara"))).toBe(true);
    expect(cameras.slice(0, 20).every(sellable)).toBe(true);
    const brand = (await get("/api/products/search?q=hikvision&limit=50")).body as Rec[];
    expect(brand.slice(0, 20).every(sellable)).toBe(true);
    // No title starts with a brand: every sellable product comes before the first unsellable.
    const all: Rec[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await get(`/api/productos?search=hikvision&limit=200&offset=${offset}`);
      all.push(...(page.body.productos as Rec[]));
      if (!page.body.has_more) break;
    }
    const firstUnsellable = all.findIndex((p) => !sellable(p));
    expect(firstUnsellable).toBeGreaterThan(0);
    expect(all.slice(firstUnsellable).some(sellable)).toBe(false);
    // Both search calls share the order.
    const listed = await get("/api/productos?search=hikvision&limit=50");
    expect(listed.body.productos.map(idOf)).toEqual(brand.map(idOf));
  });

  it("finds a product by its SKU and combines search with a category", async () => {
    const sku = FX.products.withPdf.sku;
    const bySku = await get(`/api/productos?search=${encodeURIComponent(sku)}`);
    expect(bySku.body.productos.map(idOf)).toContain(FX.products.withPdf.id);
    const inGroup = await get(`/api/productos?search=camara&categoria=65811`);
    const inVideo = await get(`/api/productos?search=camara&categoria=22`);
    expect(inVideo.body.total).toBeGreaterThan(inGroup.body.total);
  });

  it("rejects bad parameters with a Spanish 400", async () => {
    for (const q of [
      "limit=0",
      "limit=201",
      "limit=abc",
      "offset=-1",
      "offset=1.5",
      "categoria=camaras",
      `search=${"a".repeat(201)}`,
    ]) {
      const { res, body } = await get(`/api/productos?${q}`);
      expect(res.status, q).toBe(400);
      expect(typeof body.error, q).toBe("string");
    }
  });
});

describe("GET /api/productos/{id}", () => {
  it("returns the product under producto with every field the store reads", async () => {
    const { res, body } = await get(`/api/productos/${FX.products.complete.id}`, {
      headers: { Authorization: "Bearer cualquier-token" },
    });
    expect(res.status).toBe(200);
    const p = body.producto as Rec;
    expect(idOf(p)).toBe(FX.products.complete.id);
    expect(titleOf(p).length).toBeGreaterThan(10);
    expect(p).toMatchObject({ sku: FX.products.complete.sku });
    expect(p.modelo).toEqual(expect.any(String));
    expect(p.categorias).toHaveLength(3);
    expect(p.especificaciones).toEqual(expect.objectContaining({ Modelo: p.modelo }));
    expect(Number(p.precio_lista)).toBeGreaterThan(Number(p.precio));
    const images = (p.imagenes ?? p.images) as Array<{ url: string }>;
    expect(images[0].url).toBe(`/sandbox/img/productos/${FX.products.complete.id}-1.svg`);
  });

  it("404s an unknown id, 400s a non-numeric one", async () => {
    const missing = await get(`/api/productos/${FX.products.unknown}`);
    expect(missing.res.status).toBe(404);
    expect(missing.body).toEqual({ error: "Producto no encontrado" });
    const bad = await get("/api/productos/abc");
    expect(bad.res.status).toBe(400);
    expect(bad.body.error).toBe("ID de producto inválido");
  });
});

describe("GET /api/productos/batch", () => {
  it("returns the known ids in order and leaves out the unknown ones", async () => {
    const ids = [FX.products.stock2, FX.products.unknown, FX.products.noPrice];
    const { res, body } = await get(`/api/productos/batch?ids=${ids.join(",")}`);
    expect(res.status).toBe(200);
    expect(body.productos.map(idOf)).toEqual([FX.products.stock2, FX.products.noPrice]);
  });

  it("rejects a missing list, non-numeric ids and more than 100 ids", async () => {
    expect((await get("/api/productos/batch")).res.status).toBe(400);
    const nonNumeric = await get("/api/productos/batch?ids=1,x");
    expect(nonNumeric.res.status).toBe(400);
    expect(nonNumeric.body.error).toBe("ID de producto inválido: x");
    const many = Array.from({ length: 101 }, (_, i) => String(10_000 + i)).join(",");
    const tooMany = await get(`/api/productos/batch?ids=${many}`);
    expect(tooMany.res.status).toBe(400);
    expect(tooMany.body.error).toBe("Máximo 100 ids por consulta");
  });
});

describe("GET /api/precios/simple/{id}", () => {
  it("returns the price, null when there is none, decimals as they come", async () => {
    const complete = await get(`/api/precios/simple/${FX.products.complete.id}`);
    expect(complete.body).toEqual({ id: FX.products.complete.id, precio: expect.any(Number) });
    expect((await get(`/api/precios/simple/${FX.products.noPrice}`)).body.precio).toBeNull();
    expect((await get(`/api/precios/simple/${FX.products.zeroPrice}`)).body.precio).toBe(0);
    const decimal = (await get(`/api/precios/simple/${FX.products.decimalPrice}`)).body
      .precio as number;
    expect(decimal % 1).not.toBe(0);
  });

  it("answers the price the listing sells at: the discounted one when there is one", async () => {
    // Category 1000 holds products with precio_descuentos (e.g. 416870: 198500 → 187200).
    const { body } = await get("/api/productos?categoria=1000&limit=200");
    const discounted = (body.productos as Rec[]).filter((p) => p.precio_descuentos != null);
    expect(discounted.length).toBeGreaterThan(5);
    for (const p of discounted) {
      const { body: price } = await get(`/api/precios/simple/${idOf(p)}`);
      expect(price.precio).toBe(Number(p.precio_descuentos));
      expect(price.precio).toBeLessThan(Number(p.precio));
    }
    const plain = (body.productos as Rec[]).find(
      (p) => p.precio_descuentos == null && typeof p.precio === "number",
    )!;
    expect((await get(`/api/precios/simple/${idOf(plain)}`)).body.precio).toBe(plain.precio);
  });

  it("404s unknown ids", async () => {
    expect((await get(`/api/precios/simple/${FX.products.unknown}`)).res.status).toBe(404);
    expect((await get("/api/precios/simple/12a")).res.status).toBe(400);
  });
});

describe("categories", () => {
  it("lists every level flat with parents and counts", async () => {
    const { body } = await get("/api/categorias");
    const cats = body.categorias as Array<{
      id: string;
      nombre: string;
      nivel: number;
      padre_id: string | null;
      total_productos: number;
    }>;
    expect(cats.length).toBeGreaterThanOrEqual(300);
    const top = cats.filter((c) => c.nivel === 1);
    expect(top.map((c) => c.id).sort()).toEqual(TOP_CATEGORIES.map((c) => c.id).sort());
    const sum = top.reduce((a, c) => a + c.total_productos, 0);
    expect(sum).toBe(FX.productCount);
    expect(cats.find((c) => c.id === FX.categories.leaf.id)).toMatchObject({
      nombre: FX.categories.leaf.name,
      nivel: 3,
      padre_id: FX.categories.leaf.parentId,
    });
  });

  it("returns one category, its sub-categories, and 404s unknown ones", async () => {
    const one = await get(`/api/categorias/${FX.categories.large.id}`);
    expect(one.body.categoria).toMatchObject({
      id: FX.categories.large.id,
      nombre: FX.categories.large.name,
      nivel: 2,
    });
    const subs = await get(`/api/categorias/${FX.categories.large.id}/subcategorias`);
    expect(subs.body.categorias.length).toBeGreaterThan(3);
    for (const c of subs.body.categorias) expect(c.padre_id).toBe(FX.categories.large.id);
    expect((await get(`/api/categorias/${FX.categories.unknown}`)).res.status).toBe(404);
    expect((await get(`/api/categorias/${FX.categories.unknown}/subcategorias`)).res.status).toBe(
      404,
    );
    expect((await get("/api/categorias/video")).res.status).toBe(400);
  });
});

describe("related products and accessories", () => {
  it("gives up to `limit` products of the same sub-category, deterministically", async () => {
    const id = FX.products.complete.id;
    const { body } = await get(`/productos/${id}/relacionados?limit=12`);
    expect(body.productos_relacionados).toHaveLength(12);
    expect(body.total).toBe(12);
    const own = (await get(`/api/productos/${id}`)).body.producto as Rec;
    const leaf = (own.categorias as Array<{ id: string }>)[2].id;
    for (const p of body.productos_relacionados as Rec[]) {
      expect((p.categorias as Array<{ id: string }>)[2].id).toBe(leaf);
      expect(idOf(p)).not.toBe(id);
    }
    const again = await get(`/productos/${id}/relacionados?limit=12`);
    expect(again.body.productos_relacionados.map(idOf)).toEqual(
      body.productos_relacionados.map(idOf),
    );
  });

  it("gives accessories for about half the products, none for the others", async () => {
    const withAcc = await get(`/productos/${FX.products.withAccessories}/accesorios?limit=12`);
    expect(withAcc.body.accesorios.length).toBeGreaterThan(0);
    expect(withAcc.body.total).toBe(withAcc.body.accesorios.length);
    const fewer = await get(`/productos/${FX.products.withAccessories}/accesorios?limit=2`);
    expect(fewer.body.accesorios).toHaveLength(2);
    const without = await get(`/productos/${FX.products.withoutAccessories}/accesorios`);
    expect(without.body).toEqual({ accesorios: [], total: 0 });
  });

  it("404s an unknown product", async () => {
    expect((await get(`/productos/${FX.products.unknown}/relacionados`)).res.status).toBe(404);
    expect((await get(`/productos/${FX.products.unknown}/accesorios`)).res.status).toBe(404);
    const tooMany = await get(`/productos/${FX.products.complete.id}/relacionados?limit=500`);
    expect(tooMany.res.status).toBe(400);
    expect(tooMany.body.error).toBe("El parámetro limit debe ser un número entero entre 1 y 200");
  });
});

describe("datasheets", () => {
  it("says whether a PDF exists", async () => {
    expect((await get(`/syscom/productos/${FX.products.withPdf.sku}/pdf_exists`)).body).toEqual({
      exists: true,
    });
    expect((await get(`/syscom/productos/${FX.products.withoutPdf.sku}/pdf_exists`)).body).toEqual({
      exists: false,
    });
    expect((await get("/syscom/productos/NO-EXISTE-123/pdf_exists")).body).toEqual({
      exists: false,
    });
  });

  it("serves a real PDF, and 404 JSON when there is none", async () => {
    const res = await sandbox.fetch(
      new Request(`http://sandbox.local/syscom/productos/${FX.products.withPdf.sku}/pdf`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1_000);
    const missing = await get(`/syscom/productos/${FX.products.withoutPdf.sku}/pdf`);
    expect(missing.res.status).toBe(404);
    expect(missing.body.error).toEqual(expect.any(String));
  });
});

describe("featured list, search and brands", () => {
  it("lists about 45 featured entries over the nine groups, unevenly, with missing ids", async () => {
    const { body } = await get("/productos_ids_consolidados.json");
    const entries = body.productos as Array<{ id: string; categoria: string }>;
    expect(entries.length).toBeGreaterThanOrEqual(40);
    expect(entries.length).toBeLessThanOrEqual(50);
    const perGroup = new Map<string, number>();
    for (const e of entries) perGroup.set(e.categoria, (perGroup.get(e.categoria) ?? 0) + 1);
    expect([...perGroup.keys()].sort()).toEqual(TOP_CATEGORIES.map((c) => c.id).sort());
    expect(Math.max(...perGroup.values())).toBeGreaterThan(4);
    expect(Math.min(...perGroup.values())).toBeLessThan(4);
    for (const id of FX.featuredMissingIds) expect(entries.map((e) => e.id)).toContain(id);
    const known = entries
      .filter((e) => !(FX.featuredMissingIds as readonly string[]).includes(e.id))
      .map((e) => e.id);
    const batch = await get(`/api/productos/batch?ids=${known.join(",")}`);
    expect(batch.body.productos).toHaveLength(known.length);
  });

  it("answers /api/products/search with a bare array, same AND rules", async () => {
    const { body } = await get(
      `/api/products/search?q=${encodeURIComponent("cámara bala")}&limit=50`,
    );
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(50);
    expect((await get("/api/products/search?q=zzzqxw")).body).toEqual([]);
    expect((await get("/api/products/search")).res.status).toBe(400);
    expect((await get("/api/products/search?q=camara&limit=201")).res.status).toBe(400);
  });

  it("lists about 60 brands with logo URLs that resolve", async () => {
    const { body } = await get("/api/marcas");
    const marcas = body.marcas as Array<{ id: string; nombre: string; imagen: string }>;
    expect(marcas).toHaveLength(FX.brands.count);
    const hik = marcas.find((m) => m.nombre === "Hikvision");
    expect(hik?.imagen).toBe(`/sandbox/logos/marcas/${FX.brands.logoSlug}.svg`);
    const logo = await sandbox.fetch(
      new Request(`http://sandbox.local/logos/marcas/${FX.brands.logoSlug}.svg`),
    );
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toContain("image/svg+xml");
    expect(await logo.text()).toContain("Hikvision");
  });
});

describe("images", () => {
  it("draws product pictures with caching and a strict CSP", async () => {
    const res = await sandbox.fetch(
      new Request(`http://sandbox.local/img/productos/${FX.products.complete.id}-1.svg`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const svg = await res.text();
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toMatch(/<script/i);
  });

  it("404s the broken image and views beyond the product's count", async () => {
    const { body } = await get(`/api/productos/${FX.products.brokenImage}`);
    const p = body.producto as Rec;
    const url = ((p.imagenes ?? p.images) as Array<{ url: string }>)[0].url;
    const broken = await sandbox.fetch(new Request(`http://sandbox.local${url}`));
    expect(broken.status).toBe(404);
    const beyond = await sandbox.fetch(
      new Request(`http://sandbox.local/img/productos/${FX.products.complete.id}-9.svg`),
    );
    expect(beyond.status).toBe(404);
  });
});

describe("errors and faults", () => {
  it("injects the documented supplier faults", async () => {
    const product = await get(`/api/productos/${FX.faults.productId}`);
    expect(product.res.status).toBe(500);
    expect(product.body).toEqual({ error: FX.faults.message });
    const list = await get(`/api/productos?search=camara%20${FX.faults.searchWord}`);
    expect(list.res.status).toBe(500);
    const search = await get(`/api/products/search?q=${FX.faults.searchWord.toUpperCase()}`);
    expect(search.res.status).toBe(500);
  });

  it("answers unknown routes with 404 and wrong methods with 405, in JSON", async () => {
    const unknown = await get("/api/no-existe");
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.error).toBe("Ruta no encontrada");
    const post = await get("/api/productos", {
      method: "POST",
      body: "{no es json",
      headers: { "Content-Type": "application/json" },
    });
    expect(post.res.status).toBe(405);
    expect(post.res.headers.get("allow")).toBe("GET, HEAD");
    expect(post.body.error).toBe("Método no permitido");
  });

  it("answers HEAD like GET without a body, and a malformed path with 400", async () => {
    const head = await sandbox.fetch(
      new Request("http://sandbox.local/api/categorias", { method: "HEAD" }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await get("/syscom/productos/%E0%A4%A/pdf_exists")).res.status).toBe(400);
  });
});
