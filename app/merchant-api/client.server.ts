/**
 * The merchant API client (docs/merchant-api.md): the one path from a route to data. The transport
 * (token, timeout, concurrency, error mapping) is transport.server.ts; the calls are grouped
 * by resource (catalogue-calls, price-calls); field variants are normalised in normalize.ts;
 * caching is ~/platform/cache.server.ts.
 */
import { createCatalogueCalls } from "./catalogue-calls.server.ts";
import { createOrderCalls } from "./order-calls.server.ts";
import { createPaymentCalls } from "./payment-calls.server.ts";
import { createPriceCalls } from "./price-calls.server.ts";
import { createTransport } from "./transport.server.ts";
import { type AppCache, appCache, createCache } from "~/platform/cache.server.ts";
import { config } from "~/platform/config.server.ts";
import { watchUpstreamQueue } from "~/platform/metrics.server.ts";
import { registerApiProbe } from "~/platform/readiness.server.ts";
import type { Brand, Category, Product } from "./product.ts";
export type { ProductPage } from "./catalogue-calls.server.ts";
import type { ProductPage } from "./catalogue-calls.server.ts";

export { ApiError, neverSent } from "./transport.server.ts";
export { DATASHEET_NOT_FOUND, PRODUCT_NOT_FOUND } from "./catalogue-calls.server.ts";
export { PaymentError } from "./payment-calls.server.ts";
export type { OrderRecord } from "./order-calls.server.ts";
export type { Charge, PaymentLine, PrepareCheckoutPayload } from "./payment-calls.server.ts";

export interface ApiClientOptions {
  /** Remote API origin; undefined → the embedded sandbox in-process. */
  baseUrl?: string;
  token?: string;
  timeoutMs?: number;
  concurrency?: number;
  /** Defaults to a private cache (tests); the app's default client uses the shared one. */
  cache?: AppCache;
  sandboxDataDir?: string;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    token: options.token,
    timeoutMs: options.timeoutMs ?? 15_000,
    concurrency: options.concurrency ?? 6,
    sandboxDataDir: options.sandboxDataDir,
  });
  const cache = options.cache ?? createCache();
  const context = { transport, cache, ns: `api:${options.baseUrl ?? "sandbox"}:` };
  return {
    /** Upstream calls in flight and queued. */
    get upstream() {
      return { active: transport.activeCount, pending: transport.pendingCount };
    },
    cache,
    /** A small call whose answer says the API is there and speaking (readiness). */
    probe: () => transport.getJson("/api/marcas"),
    ...createCatalogueCalls(context),
    ...createPriceCalls(context),
    ...createPaymentCalls(context),
    ...createOrderCalls(context),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

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
    const client = defaultClient;
    watchUpstreamQueue(() => client.upstream);
  }
  return defaultClient;
}

// `/readyz` asks the API through the process's client when it has not answered recently.
registerApiProbe(() => apiClient().probe());

/** GET /api/productos/{id}. Throws ApiError 404 'Producto no encontrado'. Cached 60 s. */
export async function getProduct(id: string): Promise<Product> {
  return apiClient().getProduct(id);
}
/** The product as a list of the API last gave it, if held: no call, and of any age. */
export function listedProduct(id: string): Product | undefined {
  return apiClient().listedProduct(id);
}
/** GET /api/productos/batch?ids=…; unknown ids are left out. */
export async function getProductsBatch(ids: string[]): Promise<Product[]> {
  return apiClient().getProductsBatch(ids);
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
/**
 * GET /syscom/productos/{sku}/pdf: the OK upstream response, to be streamed; ApiError otherwise.
 */
export async function fetchDatasheet(sku: string): Promise<Response> {
  return apiClient().fetchDatasheet(sku);
}
/** A product picture by the address the API gave, as bytes: null when it cannot be had. */
export async function getProductImage(
  src: string,
  maxBytes: number,
): Promise<{ type: string; bytes: Uint8Array } | null> {
  return apiClient().productImage(src, maxBytes);
}

/** GET /api/products/search?q&limit=50 */
export async function searchProducts(q: string, limit = 50): Promise<Product[]> {
  return apiClient().searchProducts(q, limit);
}
/** Brand logos (GET /api/marcas). */
export async function getBrands(): Promise<Brand[]> {
  return apiClient().getBrands();
}
