/**
 * The sandbox's HTTP surface: the merchant API contract of spec §7 over the
 * generated catalogue. A plain fetch handler (Request → Response).
 */
import { LRUCache } from "lru-cache";
import { BRAND_BY_NAME, BRANDS } from "./brands.ts";
import type { CatalogueStore } from "./db.ts";
import { SANDBOX_FIXTURES } from "./fixtures.ts";
import { BASE_MARK } from "./generator.ts";
import { datasheetPdf } from "./pdf.ts";
import { logoSvg, productSvg } from "./svg.ts";

/** Ids and search words that make the sandbox fail on purpose (error-state tests). */
const FAULTS = SANDBOX_FIXTURES.faults;

const JSON_TYPE = "application/json; charset=utf-8";
const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=86400",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": JSON_TYPE } });
}

function rawJson(text: string, status = 200): Response {
  return new Response(text, { status, headers: { "Content-Type": JSON_TYPE } });
}

const error = (status: number, message: string) => json({ error: message }, status);

const NUMERIC_ID = /^\d{1,12}$/;

function numericId(raw: string, message: string): string {
  if (!NUMERIC_ID.test(raw)) throw new HttpError(400, message);
  return String(Number(raw));
}

function intParam(
  url: URL,
  name: string,
  def: number,
  min: number,
  max: number,
  message: string,
): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw.trim() === "") return def;
  if (!/^\d{1,9}$/.test(raw.trim())) throw new HttpError(400, message);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new HttpError(400, message);
  return n;
}

const limitMessage = "El parámetro limit debe ser un número entero entre 1 y 200";
const offsetMessage = "El parámetro offset debe ser un número entero mayor o igual a 0";

function searchParam(url: URL, name: string): string | null {
  const raw = url.searchParams.get(name);
  if (raw === null) return null;
  const text = raw.trim();
  if (text.length > 200)
    throw new HttpError(400, "El texto de búsqueda es demasiado largo (máximo 200 caracteres)");
  return text === "" ? null : text;
}

function isFault(search: string | null): boolean {
  return (
    search !== null &&
    search
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .includes(FAULTS.searchWord)
  );
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, "Ruta mal formada");
  }
}

type Route = {
  pattern: RegExp;
  handle: (match: RegExpExecArray, url: URL, base: string) => Response | Promise<Response>;
};

export interface HandlerOptions {
  store: CatalogueStore;
  /** "/sandbox", or "" for URLs absolute from the request origin. */
  publicBase: string;
}

export function createHandler({
  store,
  publicBase,
}: HandlerOptions): (request: Request) => Promise<Response> {
  const pdfCache = new LRUCache<string, Uint8Array>({ max: 64 });
  const colorOf = (maker: string) => BRAND_BY_NAME.get(maker)?.color ?? "#334155";
  let featuredJson: string | undefined;
  let brandsJson: Map<string, string> | undefined;

  /** A JSON list of stored records with the public base put into their URLs. */
  const records = (list: string[], base: string) => {
    const safeBase = JSON.stringify(base).slice(1, -1);
    return `[${list.map((r) => r.replaceAll(BASE_MARK, safeBase)).join(",")}]`;
  };

  const routes: Route[] = [
    {
      pattern: /^\/api\/productos$/,
      handle: (_m, url, base) => {
        const search = searchParam(url, "search");
        const categoriaRaw = searchParam(url, "categoria");
        const categoria =
          categoriaRaw === null
            ? null
            : numericId(categoriaRaw, "El parámetro categoria debe ser un identificador numérico");
        const limit = intParam(url, "limit", 60, 1, 200, limitMessage);
        const offset = intParam(url, "offset", 0, 0, 1_000_000, offsetMessage);
        if (isFault(search)) return error(500, FAULTS.message);
        const { records: list, total } = store.list({ search, categoria, limit, offset });
        return rawJson(
          `{"productos":${records(list, base)},"total":${total},"has_more":${offset + list.length < total},"limit":${limit},"offset":${offset}}`,
        );
      },
    },
    {
      pattern: /^\/api\/productos\/batch$/,
      handle: (_m, url, base) => {
        const raw = url.searchParams.get("ids") ?? "";
        const ids = [
          ...new Set(
            raw
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        if (ids.length === 0)
          throw new HttpError(400, "El parámetro ids es obligatorio (ids separados por comas)");
        if (ids.length > 100) throw new HttpError(400, "Máximo 100 ids por consulta");
        const valid = ids.map((id) => numericId(id, `ID de producto inválido: ${id.slice(0, 20)}`));
        return rawJson(`{"productos":${records(store.batch(valid), base)}}`);
      },
    },
    {
      pattern: /^\/api\/productos\/([^/]+)$/,
      handle: (m, _url, base) => {
        const id = numericId(decodeSegment(m[1]), "ID de producto inválido");
        if (id === FAULTS.productId) return error(500, FAULTS.message);
        const r = store.record(id);
        if (r === undefined) return error(404, "Producto no encontrado");
        return rawJson(`{"producto":${records([r], base).slice(1, -1)}}`);
      },
    },
    {
      pattern: /^\/api\/precios\/simple\/([^/]+)$/,
      handle: (m) => {
        const id = numericId(decodeSegment(m[1]), "ID de producto inválido");
        const { found, price } = store.price(id);
        if (!found) return error(404, "Producto no encontrado");
        return json({ id, precio: price });
      },
    },
    {
      pattern: /^\/api\/categorias$/,
      handle: () => json({ categorias: store.categories }),
    },
    {
      pattern: /^\/api\/categorias\/([^/]+)$/,
      handle: (m) => {
        const id = numericId(decodeSegment(m[1]), "ID de categoría inválido");
        const c = store.categoryById.get(id);
        return c ? json({ categoria: c }) : error(404, "Categoría no encontrada");
      },
    },
    {
      pattern: /^\/api\/categorias\/([^/]+)\/subcategorias$/,
      handle: (m) => {
        const id = numericId(decodeSegment(m[1]), "ID de categoría inválido");
        if (!store.categoryById.has(id)) return error(404, "Categoría no encontrada");
        return json({ categorias: store.categories.filter((c) => c.padre_id === id) });
      },
    },
    {
      pattern: /^\/productos\/([^/]+)\/(relacionados|accesorios)$/,
      handle: (m, url, base) => {
        const id = numericId(decodeSegment(m[1]), "ID de producto inválido");
        const limit = intParam(url, "limit", 12, 1, 200, limitMessage);
        const list =
          m[2] === "relacionados" ? store.related(id, limit) : store.accessories(id, limit);
        if (list === undefined) return error(404, "Producto no encontrado");
        const key = m[2] === "relacionados" ? "productos_relacionados" : "accesorios";
        return rawJson(`{"${key}":${records(list, base)},"total":${list.length}}`);
      },
    },
    {
      pattern: /^\/syscom\/productos\/([^/]+)\/pdf_exists$/,
      handle: (m) => json({ exists: store.datasheetInfo(decodeSegment(m[1])) !== undefined }),
    },
    {
      pattern: /^\/syscom\/productos\/([^/]+)\/pdf$/,
      handle: async (m) => {
        const info = store.datasheetInfo(decodeSegment(m[1]));
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
      },
    },
    {
      pattern: /^\/productos_ids_consolidados\.json$/,
      handle: () => {
        featuredJson ??= JSON.stringify({ productos: store.featured() });
        return rawJson(featuredJson);
      },
    },
    {
      pattern: /^\/api\/products\/search$/,
      handle: (_m, url, base) => {
        const q = searchParam(url, "q");
        if (q === null) throw new HttpError(400, "El parámetro q es obligatorio");
        const limit = intParam(url, "limit", 50, 1, 200, limitMessage);
        if (isFault(q)) return error(500, FAULTS.message);
        return rawJson(
          records(store.list({ search: q, categoria: null, limit, offset: 0 }).records, base),
        );
      },
    },
    {
      pattern: /^\/api\/marcas$/,
      handle: (_m, _url, base) => {
        brandsJson ??= new Map();
        let body = brandsJson.get(base);
        if (!body) {
          body = JSON.stringify({
            marcas: store
              .brandsWithProducts()
              .map((b) => ({
                id: b.id,
                nombre: b.nombre,
                imagen: `${base}/logos/marcas/${b.slug}.svg`,
              })),
          });
          brandsJson.set(base, body);
        }
        return rawJson(body);
      },
    },
    {
      pattern: /^\/img\/productos\/(\d{1,12})-(\d{1,3})\.svg$/,
      handle: (m) => {
        const info = store.info(String(Number(m[1])));
        const view = Number(m[2]);
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
      },
    },
    {
      pattern: /^\/logos\/marcas\/([a-z0-9-]{1,60})\.svg$/,
      handle: (m) => {
        const brand = BRANDS.find((b) => b.slug === m[1]);
        if (!brand) return error(404, "Logo no encontrado");
        return new Response(logoSvg({ name: brand.name, color: brand.color }), {
          headers: SVG_HEADERS,
        });
      },
    },
  ];

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return error(400, "URL inválida");
    }
    const base = (publicBase || url.origin).replace(/\/+$/, "");
    let pathname = url.pathname.replace(/\/+$/, "") || "/";
    // Tolerate callers that keep the mount prefix.
    if (pathname.startsWith("/sandbox/")) pathname = pathname.slice("/sandbox".length);

    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      if (request.method !== "GET" && request.method !== "HEAD") {
        const res = error(405, "Método no permitido");
        res.headers.set("Allow", "GET, HEAD");
        return res;
      }
      let response: Response;
      try {
        response = await route.handle(match, url, base);
      } catch (e) {
        if (e instanceof HttpError) response = error(e.status, e.message);
        else {
          console.error("sandbox: unexpected error", e);
          response = error(500, "Error interno del sandbox");
        }
      }
      if (request.method === "HEAD") {
        return new Response(null, { status: response.status, headers: response.headers });
      }
      return response;
    }
    return error(404, "Ruta no encontrada");
  };
}
