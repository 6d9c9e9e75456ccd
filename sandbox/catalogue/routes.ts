/**
 * The catalogue side of the sandbox's HTTP surface: the merchant API contract of
 * docs/merchant-api.md over the generated catalogue, as a Hono app. Path and query parameters are
 * validated with zod; a bad one is a 400 JSON error in Spanish, as the merchant's API answers.
 */
import { Hono } from "hono";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { BRAND_BY_NAME, BRANDS } from "./brands.ts";
import type { CatalogueStore } from "./db.ts";
import { SANDBOX_FIXTURES } from "../fixtures.ts";
import { BASE_MARK } from "./generator.ts";
import { datasheetPdf } from "./pdf.ts";
import { logoSvg, productSvg } from "./svg.ts";
import { error, HttpError, parseOr400, publicBaseOf, rawJson } from "../http.ts";

/** Ids and search words that make the sandbox fail on purpose (error-state tests). */
const FAULTS = SANDBOX_FIXTURES.faults;

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=86400",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

const limitMessage = "El parámetro limit debe ser un número entero entre 1 y 200";
const offsetMessage = "El parámetro offset debe ser un número entero mayor o igual a 0";

/** A numeric id of at most 12 digits, normalised (leading zeros dropped). */
const numericId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,12}$/, { error: message })
    .transform((raw) => String(Number(raw)));

/** An optional integer query parameter in [min, max]; empty or absent → the default. */
const intParam = (def: number, min: number, max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = raw?.trim() ?? "";
      if (text === "") return def;
      const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** A free-text parameter: trimmed, at most 200 characters, empty → null. */
const searchText = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const text = raw?.trim() ?? "";
    if (text.length > 200) {
      ctx.addIssue({
        code: "custom",
        message: "El texto de búsqueda es demasiado largo (máximo 200 caracteres)",
      });
      return z.NEVER;
    }
    return text === "" ? null : text;
  });

const listQuery = z.object({
  search: searchText,
  categoria: searchText.pipe(
    z
      .string()
      .regex(/^\d{1,12}$/, {
        error: "El parámetro categoria debe ser un identificador numérico",
      })
      .transform((raw) => String(Number(raw)))
      .nullable(),
  ),
  limit: intParam(60, 1, 200, limitMessage),
  offset: intParam(0, 0, 1_000_000, offsetMessage),
});

const batchQuery = z.object({
  ids: z
    .string()
    .optional()
    .transform((raw) => [
      ...new Set(
        (raw ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length > 0, {
      error: "El parámetro ids es obligatorio (ids separados por comas)",
    })
    .refine((ids) => ids.length <= 100, { error: "Máximo 100 ids por consulta" }),
});

const searchQuery = z.object({
  q: searchText.refine((q) => q !== null, { error: "El parámetro q es obligatorio" }),
  limit: intParam(50, 1, 200, limitMessage),
});

const productId = numericId("ID de producto inválido");
// Made once: a zod schema made per call cost the crawl's embedded sandbox about 3 % of the
// store's main thread (docs/decisions/0680).
const sectionQuery = z.object({ limit: intParam(12, 1, 200, limitMessage) });
const categoryId = numericId("ID de categoría inválido");

function isFault(search: string | null): boolean {
  return (
    search !== null &&
    search
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .includes(FAULTS.searchWord)
  );
}

export interface CatalogueAppOptions {
  store: CatalogueStore;
  /** "/sandbox", or "" for URLs absolute from the request origin. */
  publicBase: string;
}

export function createCatalogueApp({ store, publicBase }: CatalogueAppOptions): Hono {
  const pdfCache = new LRUCache<string, Uint8Array>({ max: 64 });
  const colorOf = (maker: string) => BRAND_BY_NAME.get(maker)?.color ?? "#334155";
  let featuredJson: string | undefined;
  const brandsJson = new Map<string, string>();

  /** A JSON list of stored records with the public base put into their URLs. */
  const records = (list: string[], base: string) => {
    const safeBase = JSON.stringify(base).slice(1, -1);
    return `[${list.map((r) => r.replaceAll(BASE_MARK, safeBase)).join(",")}]`;
  };
  const baseOf = (url: string) => publicBaseOf(publicBase, url);

  const app = new Hono();

  app.get("/api/productos", (c) => {
    const { search, categoria, limit, offset } = parseOr400(listQuery, c.req.query());
    if (isFault(search)) return error(500, FAULTS.message);
    const { records: list, total } = store.list({ search, categoria, limit, offset });
    return rawJson(
      `{"productos":${records(list, baseOf(c.req.url))},"total":${total},"has_more":${offset + list.length < total},"limit":${limit},"offset":${offset}}`,
    );
  });

  app.get("/api/productos/batch", (c) => {
    const { ids } = parseOr400(batchQuery, c.req.query());
    const valid = ids.map((id) => {
      const parsed = productId.safeParse(id);
      if (!parsed.success) throw new HttpError(400, `ID de producto inválido: ${id.slice(0, 20)}`);
      return parsed.data;
    });
    return rawJson(`{"productos":${records(store.batch(valid), baseOf(c.req.url))}}`);
  });

  app.get("/api/productos/:id", (c) => {
    const id = parseOr400(productId, c.req.param("id"));
    if (id === FAULTS.productId) return error(500, FAULTS.message);
    const r = store.record(id);
    if (r === undefined) return error(404, "Producto no encontrado");
    return rawJson(`{"producto":${records([r], baseOf(c.req.url)).slice(1, -1)}}`);
  });

  app.get("/api/precios/simple/:id", (c) => {
    const id = parseOr400(productId, c.req.param("id"));
    const { found, price } = store.price(id);
    if (!found) return error(404, "Producto no encontrado");
    return Response.json({ id, precio: price });
  });

  app.get("/api/categorias", () => Response.json({ categorias: store.categories }));

  app.get("/api/categorias/:id", (c) => {
    const id = parseOr400(categoryId, c.req.param("id"));
    const category = store.categoryById.get(id);
    return category
      ? Response.json({ categoria: category })
      : error(404, "Categoría no encontrada");
  });

  app.get("/api/categorias/:id/subcategorias", (c) => {
    const id = parseOr400(categoryId, c.req.param("id"));
    if (!store.categoryById.has(id)) return error(404, "Categoría no encontrada");
    return Response.json({ categorias: store.categories.filter((cat) => cat.padre_id === id) });
  });

  app.get("/productos/:id/:section{relacionados|accesorios}", (c) => {
    const id = parseOr400(productId, c.req.param("id"));
    const { limit } = parseOr400(sectionQuery, { limit: c.req.query("limit") });
    const related = c.req.param("section") === "relacionados";
    const list = related ? store.related(id, limit) : store.accessories(id, limit);
    if (list === undefined) return error(404, "Producto no encontrado");
    const key = related ? "productos_relacionados" : "accesorios";
    return rawJson(`{"${key}":${records(list, baseOf(c.req.url))},"total":${list.length}}`);
  });

  app.get("/syscom/productos/:sku/pdf_exists", (c) =>
    Response.json({ exists: store.datasheetInfo(c.req.param("sku")) !== undefined }),
  );

  app.get("/syscom/productos/:sku/pdf", async (c) => {
    const info = store.datasheetInfo(c.req.param("sku"));
    if (!info) return error(404, "Ficha técnica no disponible");
    let bytes = pdfCache.get(info.sku);
    if (!bytes) {
      bytes = await datasheetPdf(info, colorOf(info.maker));
      pdfCache.set(info.sku, bytes);
    }
    return new Response(bytes.slice(), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="ficha-${info.sku.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf"`,
        "Cache-Control": "public, max-age=3600",
      },
    });
  });

  app.get("/productos_ids_consolidados.json", () => {
    featuredJson ??= JSON.stringify({ productos: store.featured() });
    return rawJson(featuredJson);
  });

  app.get("/api/products/search", (c) => {
    const { q, limit } = parseOr400(searchQuery, c.req.query());
    if (isFault(q)) return error(500, FAULTS.message);
    const list = store.list({ search: q, categoria: null, limit, offset: 0 }).records;
    return rawJson(records(list, baseOf(c.req.url)));
  });

  app.get("/api/marcas", (c) => {
    const base = baseOf(c.req.url);
    let body = brandsJson.get(base);
    if (!body) {
      body = JSON.stringify({
        marcas: store.brandsWithProducts().map((b) => ({
          id: b.id,
          nombre: b.nombre,
          imagen: `${base}/logos/marcas/${b.slug}.svg`,
        })),
      });
      brandsJson.set(base, body);
    }
    return rawJson(body);
  });

  app.get("/img/productos/:file{\\d{1,12}-\\d{1,3}\\.svg}", (c) => {
    const [id, view] = c.req.param("file").slice(0, -".svg".length).split("-").map(Number);
    const info = store.info(String(id));
    if (!info || view < 1 || view > info.imageCount) return error(404, "Imagen no encontrada");
    return new Response(
      productSvg({
        icon: info.icon,
        brand: info.maker,
        model: info.model,
        color: colorOf(info.maker),
        view,
      }),
      { headers: SVG_HEADERS },
    );
  });

  app.get("/logos/marcas/:file{[a-z0-9-]{1,60}\\.svg}", (c) => {
    const slug = c.req.param("file").slice(0, -".svg".length);
    const brand = BRANDS.find((b) => b.slug === slug);
    if (!brand) return error(404, "Logo no encontrado");
    return new Response(logoSvg({ name: brand.name, color: brand.color }), {
      headers: SVG_HEADERS,
    });
  });

  return app;
}
