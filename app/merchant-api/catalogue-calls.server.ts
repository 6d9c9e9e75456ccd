/**
 * Catalogue calls of the merchant API (docs/merchant-api.md): products, categories, search, related
 * products, accessories, datasheets, featured list and brand logos, each normalised into the
 * store's model and cached by the policy of its kind of data.
 */
import {
  isRecord,
  listFrom,
  normalizeBrands,
  normalizeCategories,
  normalizeCategory,
  normalizeFeaturedEntries,
  normalizeProducts,
  placeholderCategory,
  productFromDetail,
  sortCategoriesByName,
  toNumber,
} from "./normalize.ts";
import type { Brand, Category, FeaturedEntry, Product } from "./product.ts";
import { createHeldProducts } from "./held-products.server.ts";
import { ApiError, type CallContext, errorSummary, isNotFound } from "./transport.server.ts";
import { CACHE_POLICY } from "~/platform/cache.server.ts";
import { logger } from "~/platform/logger.server.ts";

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

const enc = encodeURIComponent;

export function createCatalogueCalls({ transport, cache, ns }: CallContext) {
  // A list's products, each the object already held when unchanged (held-products.server.ts).
  const { hold, held } = createHeldProducts();
  const listed = (raw: unknown) => normalizeProducts(raw).map(hold);

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
      for (const product of listed(listFrom(body, "productos"))) found.set(product.id, product);
    }
    return ids.map((id) => found.get(id) ?? null);
  }

  const calls = {
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

    /** The product as a list of the API last gave it, if held (no call, any age). */
    listedProduct(id: string): Product | undefined {
      return held(id.trim());
    },

    /**
     * GET /api/productos/batch?ids=…; unknown ids are left out; order of `ids` kept. Each item
     * cached 60 s.
     */
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
        products: listed(raw),
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

    /**
     * GET /api/categorias/{id}: the category, or a placeholder 'Categoría {id}' when unknown (404).
     */
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

    /** A product picture by its address, for the link preview (see Transport.getImage). */
    productImage(src: string, maxBytes: number) {
      return transport.getImage(src, maxBytes);
    },

    /**
     * GET /api/products/search?q&limit=50: a bare array, or under productos / results. Cached 60 s.
     */
    searchProducts(q: string, limit = 50): Promise<Product[]> {
      const term = q.trim();
      if (!term) return Promise.resolve([]);
      const query = new URLSearchParams({ q: term, limit: String(limit) });
      return cache.cached({
        key: `${ns}search:${query}`,
        ...CACHE_POLICY.productList,
        getFreshValue: async () =>
          listed(
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
          // The objects the listings hold: these lists' own copies were most of the cache's memory.
          return listed(listFrom(await transport.getJson(path), field, "productos"));
        } catch (error) {
          if (isNotFound(error)) return [];
          throw error;
        }
      },
    });
  }

  return calls;
}
