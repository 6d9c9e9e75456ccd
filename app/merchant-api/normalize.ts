/**
 * Turns the merchant API's field variants (docs/merchant-api.md) into the store's models.
 * Pure and total: any input gives a model or null, never an exception.
 */
import { compareSpanish } from "~/text/spanish-order";
import { rememberedBy } from "~/text/normalize";
import {
  type Brand,
  type Category,
  type FeaturedEntry,
  type Product,
  type ProductCategoryRef,
  stockFlags,
} from "./product";

type Raw = Record<string, unknown>;

export function isRecord(value: unknown): value is Raw {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A trimmed non-empty string; finite numbers become strings. */
function toText(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  return text === "" ? null : text;
}

/** A finite number from a number or a numeric string ("1234", " 99.5 "); else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * A price in integer pesos: rounded, 0 kept (shown as 'Consultar precio'), negative or junk → null.
 */
export function toPrice(value: unknown): number | null {
  const n = toNumber(value);
  if (n === null || n < 0) return null;
  return Math.round(n);
}

/** Stock units: a whole number ≥ 0; negative or junk → 0. */
export function toStock(value: unknown): number {
  const n = toNumber(value);
  return n === null || n < 0 ? 0 : Math.floor(n);
}

/**
 * An instant from an ISO 8601 date or date-time string ("2025-06-14", "2025-06-14T15:32:00-05:00"),
 * as an ISO string in UTC; anything else (numbers, junk, impossible dates) → null. A date alone
 * is midnight UTC of that day.
 */
export function toInstant(value: unknown): string | null {
  if (typeof value !== "string") return null;
  return rememberedInstant(value);
}

/**
 * A product's date comes back in every list that holds it (the whole catalogue, three category
 * listings, other products' sections): read once a text, it costs a lookup (the reading was a
 * third of normalising a product, docs/decisions/0665). About 21,000 dates in the catalogue.
 */
const rememberedInstant = rememberedBy(50_000, readInstant, 64); // a longer text is no date

function readInstant(value: string): string | null {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.test(text)) {
    return null;
  }
  // Date.parse rolls 2025-02-30 over to March: an impossible day is junk, not a date.
  const [year, month, day] = text.slice(0, 10).split("-").map(Number);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  // A date-time without offset is the merchant's local time (Colombia, UTC-5 all year).
  let iso = text.replace(" ", "T");
  if (iso.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/i.test(iso)) iso += "-05:00";
  const time = Date.parse(iso);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

function toLevel(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && Number.isInteger(n) && n >= 1 ? n : null;
}

/** A name from a string or an object carrying `nombre`/`name`. */
function toName(value: unknown): string | null {
  if (isRecord(value)) return toText(value.nombre ?? value.name);
  return toText(value);
}

function isNumericId(text: string): boolean {
  return /^\d+$/.test(text);
}

function imageUrl(value: unknown): string | null {
  if (isRecord(value)) return toText(value.url ?? value.imagen ?? value.src);
  return toText(value);
}

/** Cover (img_portada, then imagen) first, then the gallery; deduplicated, empties dropped. */
function normalizeImages(raw: Raw): string[] {
  const images: string[] = [];
  const add = (candidate: unknown) => {
    const url = imageUrl(candidate);
    if (url && !images.includes(url)) images.push(url);
  };
  add(raw.img_portada);
  add(raw.imagen);
  const gallery = raw.imagenes ?? raw.images;
  if (Array.isArray(gallery)) for (const candidate of gallery as unknown[]) add(candidate);
  return images;
}

function specValue(value: unknown): string | null {
  if (typeof value === "boolean") return value ? "Sí" : "No";
  return toText(value);
}

/** A map of name → value; also accepts a list of { nombre|name, valor|value }. */
function normalizeSpecifications(value: unknown): Record<string, string> {
  const specs: Record<string, string> = {};
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isRecord(item)) continue;
      const name = toText(item.nombre ?? item.name);
      const text = specValue(item.valor ?? item.value);
      if (name && text) specs[name] = text;
    }
  } else if (isRecord(value)) {
    for (const [name, raw] of Object.entries(value)) {
      const text = specValue(raw);
      if (name.trim() && text) specs[name.trim()] = text;
    }
  }
  return specs;
}

function normalizeFeatures(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const features: string[] = [];
  for (const item of value) {
    const text = isRecord(item) ? toText(item.feature_text) : toText(item);
    if (text) features.push(text);
  }
  return features;
}

/**
 * One copy of each short text many products repeat (category ids and names, brands) and of each
 * category reference: every product read gave them their own, 40,000 copies of
 * 'Videovigilancia' once the whole catalogue was held (docs/decisions/0520). Bounded, so an API
 * that never repeats itself cannot grow it.
 */
const SHARED_MAX = 20_000;
const sharedTexts = new Map<string, string>();
// By id, the few names and levels it comes with: a lookup, not a key written out per reference.
const sharedRefs = new Map<string, Readonly<ProductCategoryRef>[]>();
let sharedRefCount = 0;

function sharedText(text: string | null): string | null {
  if (text === null) return null;
  const known = sharedTexts.get(text);
  if (known !== undefined) return known;
  if (sharedTexts.size < SHARED_MAX) sharedTexts.set(text, text);
  return text;
}

/** The reference held already, else a new one (made only then). */
function sharedRef(id: string, name: string, level: number | null) {
  const known = sharedRefs.get(id);
  if (known) for (const ref of known) if (ref.name === name && ref.level === level) return ref;
  const ref: Readonly<ProductCategoryRef> = Object.freeze({ id, name, level });
  if (sharedRefCount < SHARED_MAX) {
    sharedRefCount++;
    if (known) known.push(ref);
    else sharedRefs.set(id, [ref]);
  }
  return ref;
}

function normalizeCategoryRefs(value: unknown): ProductCategoryRef[] {
  if (!Array.isArray(value)) return [];
  const refs: ProductCategoryRef[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const id = toText(item.id);
    if (!id || refs.some((r) => r.id === id)) continue;
    const name = toText(item.nombre ?? item.name) ?? `Categoría ${id}`;
    refs.push(sharedRef(id, name, toLevel(item.nivel)));
  }
  return refs;
}

/**
 * The selling price is `precio_descuentos` when it is positive (the price after
 * the merchant's discounts), else `precio` (see docs/decisions/0120).
 */
function sellingPrice(raw: Raw): number | null {
  const discounted = toPrice(raw.precio_descuentos);
  if (discounted !== null && discounted > 0) return discounted;
  return toPrice(raw.precio) ?? discounted;
}

/**
 * What a read keeps of a product: all of it (its own page), or what lists carry (cards,
 * filters, sorting, the cart). A list leaves out the supplier HTML, specifications and
 * features, which only the product's own page shows: they stay out of caches and page data, and
 * are not worked through for the dozens of products a list reads (docs/decisions/0610).
 */
export type ProductShape = "detail" | "list";

export function normalizeProduct(input: unknown, shape: ProductShape = "detail"): Product | null {
  if (!isRecord(input)) return null;
  const id = toText(input.id ?? input.producto_id ?? input.id_producto);
  if (!id) return null;

  const categories = normalizeCategoryRefs(input.categorias);
  const categoria = input.categoria;
  const categoriaText = isRecord(categoria) ? toText(categoria.id) : toText(categoria);
  const categoriaName = toName(categoria);
  // `categoria` is an id in some payloads and a name in others.
  let categoryId =
    toText(input.categoria_id) ??
    (categoriaText && isNumericId(categoriaText) ? categoriaText : null);
  let categoryName = categoriaName && !isNumericId(categoriaName) ? categoriaName : null;
  if (!categoryId && categories.length > 0) {
    const top = [...categories].sort((a, b) => (a.level ?? 99) - (b.level ?? 99))[0];
    categoryId = top.id;
    categoryName ??= top.name;
  }
  if (categoryId && !categoryName) {
    categoryName = categories.find((c) => c.id === categoryId)?.name ?? null;
  }

  const stock = toStock(input.total_existencia ?? input.existencia_total ?? input.existencia);
  const listPrice = toPrice(input.precio_lista);
  const detail = shape === "detail";

  return {
    id,
    title: toText(input.titulo ?? input.title),
    model: toText(input.modelo),
    sku: toText(input.sku),
    brand: sharedText(toName(input.marca ?? input.marca_nombre ?? input.brand_name)),
    categoryId: sharedText(categoryId),
    categoryName: sharedText(categoryName),
    subcategory: sharedText(toName(input.subcategoria)),
    categories,
    images: normalizeImages(input),
    description: toText(input.descripcion),
    descriptionHtml: detail ? toText(input.descripcion_larga ?? input.description_html) : null,
    specifications: detail ? normalizeSpecifications(input.especificaciones) : {},
    features: detail ? normalizeFeatures(input.features) : [],
    stock,
    price: sellingPrice(input),
    listPrice: listPrice !== null && listPrice > 0 ? listPrice : null,
    ...stockFlags(stock),
    updatedAt: toInstant(input.fecha_actualizacion ?? input.updated_at),
  };
}

/**
 * Normalises a list, as lists carry products (above), dropping entries that are not products
 * (no id). Duplicate ids keep the first.
 */
export function normalizeProducts(input: unknown): Product[] {
  if (!Array.isArray(input)) return [];
  const seen = new Set<string>();
  const products: Product[] = [];
  for (const item of input) {
    const product = normalizeProduct(item, "list");
    if (product && !seen.has(product.id)) {
      seen.add(product.id);
      products.push(product);
    }
  }
  return products;
}

/** The product of a detail response: `{ producto }` or the product itself. */
export function productFromDetail(body: unknown): Product | null {
  if (isRecord(body) && isRecord(body.producto)) return normalizeProduct(body.producto);
  return normalizeProduct(body);
}

/** A list under the first of `fields` that holds an array, or the body itself when it is one. */
export function listFrom(body: unknown, ...fields: string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  for (const field of fields) {
    const value = body[field];
    if (Array.isArray(value)) return value;
  }
  return [];
}

/** The price call's `{ precio }`: integer pesos, or null when absent / junk. */
export function priceFromBody(body: unknown): number | null {
  return isRecord(body) ? toPrice(body.precio) : null;
}

export function normalizeCategory(input: unknown): Category | null {
  if (!isRecord(input)) return null;
  const id = toText(input.id);
  if (!id) return null;
  const count = toNumber(input.total_productos ?? input.product_count);
  return {
    id,
    name: toText(input.nombre ?? input.name) ?? `Categoría ${id}`,
    level: toLevel(input.nivel ?? input.level),
    parentId: toText(input.padre_id ?? input.parent_id),
    productCount: count !== null && count >= 0 ? Math.floor(count) : null,
  };
}

export function normalizeCategories(input: unknown): Category[] {
  if (!Array.isArray(input)) return [];
  const seen = new Set<string>();
  return input.flatMap((item) => {
    const category = normalizeCategory(item);
    if (!category || seen.has(category.id)) return [];
    seen.add(category.id);
    return [category];
  });
}

/** Shown when the API does not know a category (404): the page still renders. */
export function placeholderCategory(id: string): Category {
  return { id, name: `Categoría ${id}`, level: null, parentId: null, productCount: null };
}

/** Sorted by name in Spanish (docs/merchant-api.md). */
export function sortCategoriesByName(categories: Category[]): Category[] {
  return [...categories].sort((a, b) => compareSpanish(a.name, b.name));
}

export function normalizeBrands(input: unknown): Brand[] {
  if (!Array.isArray(input)) return [];
  const brands: Brand[] = [];
  for (const item of input) {
    if (!isRecord(item)) continue;
    const name = toText(item.nombre ?? item.name);
    if (!name) continue;
    const id = toText(item.id) ?? name;
    if (brands.some((b) => b.id === id)) continue;
    brands.push({ id, name, image: imageUrl(item.imagen ?? item.logo ?? item.image) });
  }
  return brands;
}

/** Entries of productos_ids_consolidados.json; entries without id or category are dropped. */
export function normalizeFeaturedEntries(input: unknown): FeaturedEntry[] {
  const entries: FeaturedEntry[] = [];
  for (const item of listFrom(input, "productos")) {
    if (!isRecord(item)) continue;
    const id = toText(item.id ?? item.producto_id ?? item.id_producto);
    const categoryId = toText(item.categoria ?? item.categoria_id);
    if (id && categoryId && !entries.some((e) => e.id === id)) entries.push({ id, categoryId });
  }
  return entries;
}
