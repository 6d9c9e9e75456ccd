/**
 * The merchant API client (spec §7): the one path from a route to data.
 * Transport (token, timeout, concurrency, error mapping) is in upstream.server.ts,
 * field variants are normalised in ./normalize.ts, caching is cache.server.ts.
 */
import {
  listFrom,
  normalizeBrands,
  normalizeCategories,
  normalizeCategory,
  normalizeFeaturedEntries,
  normalizeProducts,
  placeholderCategory,
  priceFromBody,
  productFromDetail,
  isRecord,
  sortCategoriesByName,
  toNumber,
} from "./normalize";
import type { Brand, Category, FeaturedEntry, Product } from "./product";
import { type AppCache, appCache, CACHE_POLICY, createCache } from "~/platform/cache.server.ts";
import { config } from "~/platform/config.server.ts";
import { logger } from "~/platform/logger.server.ts";
import {
  ApiError,
  createTransport,
  type FetchLike,
  isNotFound,
  type Transport,
} from "./upstream.server.ts";

export { ApiError, isNotFound } from "./upstream.server.ts";

export const PRODUCT_NOT_FOUND = "Producto no encontrado";
export const DATASHEET_NOT_FOUND = "Documentación no disponible";

/** Ids per batch call, to keep URLs short. */
const BATCH_SIZE = 50;

export interface ProductPage {
  products: Product[];
  hasMore: boolean;
  /** Total matches when the API says. */
  total: number | null;
}

export interface ApiClientOptions {
  /** Remote API origin; undefined → the embedded sandbox in-process. */
  baseUrl?: string;
  token?: string;
  timeoutMs?: number;
  concurrency?: number;
  fetch?: FetchLike;
  /** Defaults to a private cache (tests); the app's default client uses the shared one. */
  cache?: AppCache;
  sandboxDataDir?: string;
}

const enc = encodeURIComponent;

export function createApiClient(options: ApiClientOptions = {}) {
  const transport: Transport = createTransport({
    baseUrl: options.baseUrl,
    token: options.token,
    timeoutMs: options.timeoutMs ?? 15_000,
    concurrency: options.concurrency ?? 6,
    fetch: options.fetch,
    sandboxDataDir: options.sandboxDataDir,
  });
  const cache = options.cache ?? createCache();
  // Keys carry the origin so clients with different APIs can share a cache.
  const ns = `api:${options.baseUrl ?? "sandbox"}:`;

  async function fetchProduct(id: string): Promise<Product> {
    try {
      const product = productFromDetail(await transport.getJson(`/api/productos/${enc(id)}`));
      if (!product) throw new ApiError(PRODUCT_NOT_FOUND, 404);
      return product;
    } catch (error) {
      if (isNotFound(error)) throw new ApiError(PRODUCT_NOT_FOUND, 404);
      throw error;
    }
  }

  async function fetchBatch(ids: string[]): Promise<(Product | null)[]> {
    const found = new Map<string, Product>();
    for (let i = 0; i < ids.length; i += BATCH_SIZE) {
      const chunk = ids.slice(i, i + BATCH_SIZE);
      const body = await transport.getJson(`/api/productos/batch?ids=${chunk.map(enc).join(",")}`);
      for (const product of normalizeProducts(listFrom(body, "productos")))
        found.set(product.id, product);
    }
    return ids.map((id) => found.get(id) ?? null);
  }

  async function fetchPrice(id: string): Promise<number | null> {
    return priceFromBody(await transport.getJson(`/api/precios/simple/${enc(id)}`));
  }

  const client = {
    /** Upstream calls in flight and queued. */
    get upstream() {
      return { active: transport.activeCount, pending: transport.pendingCount };
    },
    cache,

    /** GET /api/productos/{id}. Throws ApiError 404 'Producto no encontrado'. Cached 60 s. */
    getProduct(id: string): Promise<Product> {
      const clean = id.trim();
      if (!clean) return Promise.reject(new ApiError(PRODUCT_NOT_FOUND, 404));
      return cache.cached({
        key: `${ns}product:${clean}`,
        ...CACHE_POLICY.product,
        getFreshValue: () => fetchProduct(clean),
      });
    },

    /** GET /api/productos/batch?ids=…; unknown ids are left out; order of `ids` kept. Each item cached 60 s. */
    async getProductsBatch(ids: string[]): Promise<Product[]> {
      const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
      if (unique.length === 0) return [];
      const results = await cache.cachedBatch<Product, string>({
        params: unique,
        key: (id) => `${ns}batch-item:${id}`,
        policy: CACHE_POLICY.product,
        getFreshValues: fetchBatch,
      });
      return results.filter((p): p is Product => p !== null);
    },

    /** GET /api/precios/simple/{id}: integer price (0 kept), or null on error / no price. Cached 6 h. */
    async getPrice(id: string): Promise<number | null> {
      const clean = id.trim();
      if (!clean) return null;
      try {
        return await cache.cached({
          key: `${ns}price:${clean}`,
          ...CACHE_POLICY.price,
          getFreshValue: () => fetchPrice(clean),
        });
      } catch (error) {
        // Spec §8: a failed price shows 'Consultar precio'; it is not cached.
        logger.warn({ productId: clean, err: errorSummary(error) }, "price lookup failed");
        return null;
      }
    },

    /** Products with `price` replaced by the price call's value when it has one (new objects). */
    async withCurrentPrices(products: Product[]): Promise<Product[]> {
      const prices = await Promise.all(products.map((p) => client.getPrice(p.id)));
      return products.map((product, i) => {
        const price = prices[i];
        return price === null ? product : { ...product, price };
      });
    },

    /**
     * GET /api/productos?categoria&search&limit&offset (one page). Not cached here:
     * callers cache what they assemble from pages (see catalogue.server.ts).
     */
    async listProducts(params: {
      categoria?: string;
      search?: string;
      limit: number;
      offset: number;
    }): Promise<ProductPage> {
      const query = new URLSearchParams();
      if (params.search?.trim()) query.set("search", params.search.trim());
      if (params.categoria?.trim()) query.set("categoria", params.categoria.trim());
      query.set("limit", String(params.limit));
      query.set("offset", String(params.offset));
      const body = await transport.getJson(`/api/productos?${query}`);
      const raw = listFrom(body, "productos");
      const total = isRecord(body) ? toNumber(body.total) : null;
      let hasMore: boolean;
      if (isRecord(body) && typeof body.has_more === "boolean") hasMore = body.has_more;
      else if (total !== null) hasMore = params.offset + raw.length < total;
      else hasMore = raw.length >= params.limit && raw.length > 0;
      return {
        products: normalizeProducts(raw),
        hasMore,
        total: total !== null && total >= 0 ? Math.floor(total) : null,
      };
    },

    /** GET /api/categorias: every category, sorted by name in Spanish. Cached 5 min. */
    getCategories(): Promise<Category[]> {
      return cache.cached({
        key: `${ns}categories`,
        ...CACHE_POLICY.categories,
        getFreshValue: async () =>
          sortCategoriesByName(
            normalizeCategories(listFrom(await transport.getJson("/api/categorias"), "categorias")),
          ),
      });
    },

    /** GET /api/categorias/{id}: the category, or a placeholder 'Categoría {id}' when unknown (404). */
    getCategory(id: string): Promise<Category> {
      const clean = id.trim();
      return cache.cached({
        key: `${ns}category:${clean}`,
        ...CACHE_POLICY.categories,
        getFreshValue: async () => {
          try {
            const body = await transport.getJson(`/api/categorias/${enc(clean)}`);
            const raw = isRecord(body) && isRecord(body.categoria) ? body.categoria : body;
            return normalizeCategory(raw) ?? placeholderCategory(clean);
          } catch (error) {
            if (isNotFound(error)) return placeholderCategory(clean);
            throw error;
          }
        },
      });
    },

    /** GET /api/categorias/{id}/subcategorias, sorted by name; [] when unknown (404). */
    getSubcategories(id: string): Promise<Category[]> {
      const clean = id.trim();
      return cache.cached({
        key: `${ns}subcategories:${clean}`,
        ...CACHE_POLICY.categories,
        getFreshValue: async () => {
          try {
            const body = await transport.getJson(`/api/categorias/${enc(clean)}/subcategorias`);
            return sortCategoriesByName(
              normalizeCategories(listFrom(body, "categorias", "subcategorias")),
            );
          } catch (error) {
            if (isNotFound(error)) return [];
            throw error;
          }
        },
      });
    },

    /** GET /productos/{id}/relacionados?limit=12; [] when the product is unknown. */
    getRelatedProducts(id: string, limit = 12): Promise<Product[]> {
      return productSection(
        `/productos/${enc(id)}/relacionados?limit=${limit}`,
        "productos_relacionados",
      );
    },

    /** GET /productos/{id}/accesorios?limit=12; [] when the product is unknown. */
    getAccessories(id: string, limit = 12): Promise<Product[]> {
      return productSection(`/productos/${enc(id)}/accesorios?limit=${limit}`, "accesorios");
    },

    /** GET /syscom/productos/{sku}/pdf_exists → exists (false on any failure). */
    async pdfExists(sku: string): Promise<boolean> {
      const clean = sku.trim();
      if (!clean) return false;
      try {
        return await cache.cached({
          key: `${ns}pdf-exists:${clean}`,
          ...CACHE_POLICY.datasheet,
          getFreshValue: async () => {
            const body = await transport.getJson(`/syscom/productos/${enc(clean)}/pdf_exists`);
            return isRecord(body) && body.exists === true;
          },
        });
      } catch {
        return false;
      }
    },

    /**
     * GET /syscom/productos/{sku}/pdf: the OK upstream response, to be streamed.
     * Throws ApiError (404 'Documentación no disponible', or the upstream failure).
     */
    async fetchDatasheet(sku: string): Promise<Response> {
      const clean = sku.trim();
      if (!clean) throw new ApiError(DATASHEET_NOT_FOUND, 404);
      try {
        return await transport.getRaw(`/syscom/productos/${enc(clean)}/pdf`);
      } catch (error) {
        if (isNotFound(error)) throw new ApiError(DATASHEET_NOT_FOUND, 404);
        throw error;
      }
    },

    /** GET /api/products/search?q&limit=50: a bare array, or under productos / results. Cached 60 s. */
    searchProducts(q: string, limit = 50): Promise<Product[]> {
      const term = q.trim();
      if (!term) return Promise.resolve([]);
      const query = new URLSearchParams({ q: term, limit: String(limit) });
      return cache.cached({
        key: `${ns}search:${query}`,
        ...CACHE_POLICY.productList,
        getFreshValue: async () =>
          normalizeProducts(
            listFrom(
              await transport.getJson(`/api/products/search?${query}`),
              "productos",
              "results",
            ),
          ),
      });
    },

    /** GET /productos_ids_consolidados.json (HTML or failure → []). */
    async getFeaturedEntries(): Promise<FeaturedEntry[]> {
      try {
        return await cache.cached({
          key: `${ns}featured-entries`,
          ...CACHE_POLICY.featured,
          getFreshValue: async () =>
            normalizeFeaturedEntries(await transport.getJson("/productos_ids_consolidados.json")),
        });
      } catch (error) {
        logger.warn({ err: errorSummary(error) }, "featured list unavailable");
        return [];
      }
    },

    /** Brand logos (GET /api/marcas). Cached 10 min. */
    getBrands(): Promise<Brand[]> {
      return cache.cached({
        key: `${ns}brands`,
        ...CACHE_POLICY.brands,
        getFreshValue: async () =>
          normalizeBrands(listFrom(await transport.getJson("/api/marcas"), "marcas")),
      });
    },
  };

  function productSection(path: string, field: string): Promise<Product[]> {
    return cache.cached({
      key: `${ns}section:${path}`,
      ...CACHE_POLICY.productList,
      getFreshValue: async () => {
        try {
          return normalizeProducts(listFrom(await transport.getJson(path), field, "productos"));
        } catch (error) {
          if (isNotFound(error)) return [];
          throw error;
        }
      },
    });
  }

  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Status and message only: never headers, tokens or bodies in logs. */
function errorSummary(error: unknown) {
  return error instanceof ApiError
    ? { status: error.status, message: error.message }
    : { message: error instanceof Error ? error.message : String(error) };
}

let defaultClient: ApiClient | undefined;

/** The process's client, built from `config()` on first use, sharing `appCache`. */
export function apiClient(): ApiClient {
  if (!defaultClient) {
    const cfg = config();
    defaultClient = createApiClient({
      baseUrl: cfg.apiUrl,
      token: cfg.apiToken,
      timeoutMs: cfg.apiTimeoutMs,
      concurrency: cfg.apiConcurrency,
      sandboxDataDir: cfg.sandboxDataDir,
      cache: appCache,
    });
  }
  return defaultClient;
}

/** GET /api/productos/{id}. Throws ApiError 404 'Producto no encontrado'. Cached 60 s. */
export async function getProduct(id: string): Promise<Product> {
  return apiClient().getProduct(id);
}
/** GET /api/productos/batch?ids=…; unknown ids are left out. */
export async function getProductsBatch(ids: string[]): Promise<Product[]> {
  return apiClient().getProductsBatch(ids);
}
/** GET /api/precios/simple/{id}: integer price, or null on error / no price. Cached 6 h. */
export async function getPrice(id: string): Promise<number | null> {
  return apiClient().getPrice(id);
}
/** Products with `price` replaced by the price call's value when it has one. */
export async function withCurrentPrices(products: Product[]): Promise<Product[]> {
  return apiClient().withCurrentPrices(products);
}
/** GET /api/productos?categoria&search&limit&offset (one page). */
export async function listProducts(params: {
  categoria?: string;
  search?: string;
  limit: number;
  offset: number;
}): Promise<ProductPage> {
  return apiClient().listProducts(params);
}
/** GET /api/categorias: every category, sorted by name in Spanish. */
export async function getCategories(): Promise<Category[]> {
  return apiClient().getCategories();
}
/** GET /api/categorias/{id}: placeholder 'Categoría {id}' when unknown. */
export async function getCategory(id: string): Promise<Category> {
  return apiClient().getCategory(id);
}
/** GET /api/categorias/{id}/subcategorias: [] when unknown. */
export async function getSubcategories(id: string): Promise<Category[]> {
  return apiClient().getSubcategories(id);
}
/** GET /productos/{id}/relacionados?limit=12 */
export async function getRelatedProducts(id: string, limit = 12): Promise<Product[]> {
  return apiClient().getRelatedProducts(id, limit);
}
/** GET /productos/{id}/accesorios?limit=12 */
export async function getAccessories(id: string, limit = 12): Promise<Product[]> {
  return apiClient().getAccessories(id, limit);
}
/** GET /syscom/productos/{sku}/pdf_exists → exists (false on any failure). */
export async function pdfExists(sku: string): Promise<boolean> {
  return apiClient().pdfExists(sku);
}
/** GET /syscom/productos/{sku}/pdf: the OK upstream response, to be streamed; ApiError otherwise. */
export async function fetchDatasheet(sku: string): Promise<Response> {
  return apiClient().fetchDatasheet(sku);
}
/** GET /api/products/search?q&limit=50 */
export async function searchProducts(q: string, limit = 50): Promise<Product[]> {
  return apiClient().searchProducts(q, limit);
}
/** GET /productos_ids_consolidados.json (HTML or failure → []). */
export async function getFeaturedEntries(): Promise<FeaturedEntry[]> {
  return apiClient().getFeaturedEntries();
}
/** Brand logos (GET /api/marcas). */
export async function getBrands(): Promise<Brand[]> {
  return apiClient().getBrands();
}
