/**
 * The merchant API client (spec §7): the one path from a route to data.
 * SKELETON — signatures are the contract used by the routes; bodies are being written.
 */
import type { Brand, Category, FeaturedEntry, Product } from "~/domain/product";

/** An upstream failure with a message fit to show ('Producto no encontrado', 'Error HTTP: 500', …). */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

const todo = (): never => {
  throw new ApiError("No implementado", 501);
};

/** GET /api/productos/{id}. Throws ApiError 404 'Producto no encontrado'. Cached 60 s. */
export async function getProduct(_id: string): Promise<Product> {
  return todo();
}
/** GET /api/productos/batch?ids=…; unknown ids are left out. */
export async function getProductsBatch(_ids: string[]): Promise<Product[]> {
  return todo();
}
/** GET /api/precios/simple/{id}: integer price, or null on error / no price. Cached 6 h. */
export async function getPrice(_id: string): Promise<number | null> {
  return todo();
}
/** Products with `price` replaced by the price call's value when it has one. */
export async function withCurrentPrices(_products: Product[]): Promise<Product[]> {
  return todo();
}
/** GET /api/productos?categoria&search&limit&offset (one page). */
export async function listProducts(_params: {
  categoria?: string;
  search?: string;
  limit: number;
  offset: number;
}): Promise<{ products: Product[]; hasMore: boolean }> {
  return todo();
}
/** GET /api/categorias: every category, sorted by name in Spanish. */
export async function getCategories(): Promise<Category[]> {
  return todo();
}
/** GET /productos/{id}/relacionados?limit=12 */
export async function getRelatedProducts(_id: string, _limit = 12): Promise<Product[]> {
  return todo();
}
/** GET /productos/{id}/accesorios?limit=12 */
export async function getAccessories(_id: string, _limit = 12): Promise<Product[]> {
  return todo();
}
/** GET /syscom/productos/{sku}/pdf_exists → exists (false on any failure). */
export async function pdfExists(_sku: string): Promise<boolean> {
  return todo();
}
/** GET /syscom/productos/{sku}/pdf: the raw upstream response, to be streamed. */
export async function fetchDatasheet(_sku: string): Promise<Response> {
  return todo();
}
/** GET /api/products/search?q&limit=50 */
export async function searchProducts(_q: string, _limit = 50): Promise<Product[]> {
  return todo();
}
/** GET /productos_ids_consolidados.json (HTML or failure → []). */
export async function getFeaturedEntries(): Promise<FeaturedEntry[]> {
  return todo();
}
/** Brand logos (GET /api/marcas). */
export async function getBrands(): Promise<Brand[]> {
  return todo();
}
