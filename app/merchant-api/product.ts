/**
 * The one product model the store uses. The API client turns every field
 * variant of docs/merchant-api.md into this shape; nothing else sees the variants.
 */
export interface ProductCategoryRef {
  id: string;
  name: string;
  level: number | null;
}

export interface Product {
  id: string;
  /** null → 'Producto sin título' on screen. */
  title: string | null;
  model: string | null;
  sku: string | null;
  /** null → 'Sin marca' on screen. */
  brand: string | null;
  categoryId: string | null;
  categoryName: string | null;
  subcategory: string | null;
  categories: ProductCategoryRef[];
  /** Absolute or root-relative image URLs; the first is the cover. */
  images: string[];
  /** Plain-text short description. */
  description: string | null;
  /** Supplier HTML, unsanitized: sanitize on the server before rendering. */
  descriptionHtml: string | null;
  specifications: Record<string, string>;
  features: string[];
  /** Units in stock, 0 when unknown. */
  stock: number;
  /** Integer COP without IVA, or null when there is no price. */
  price: number | null;
  /** Integer COP list price (crossed out when above price), or null. */
  listPrice: number | null;
  /** Derived: stock above 0. */
  available: boolean;
  /** Derived: stock 1 to 5. */
  popular: boolean;
  /** Derived: stock 1 to 3 ('agotándose'). */
  runningLow: boolean;
  /**
   * When the merchant last changed the product (ISO 8601, UTC), or null when the API does not say.
   */
  updatedAt: string | null;
}

export interface Category {
  id: string;
  name: string;
  /** 1..3, or null when the API does not say. */
  level: number | null;
  parentId: string | null;
  /** Number of products, when the API gives it. */
  productCount: number | null;
}

export interface CategoryNode extends Category {
  children: CategoryNode[];
}

export interface Brand {
  id: string;
  name: string;
  /** Logo URL, or null. */
  image: string | null;
}

export interface FeaturedEntry {
  id: string;
  categoryId: string;
}

/** The nine top-level groups, in menu order; their names are ours (docs/decisions/0004). */
export const TOP_CATEGORIES: ReadonlyArray<{ id: string; name: string; slug: string }> = [
  { id: "22", name: "Videovigilancia", slug: "videovigilancia" },
  { id: "37", name: "Control de Acceso", slug: "control-de-acceso" },
  { id: "32", name: "Automatización e Intrusión", slug: "automatizacion-e-intrusion" },
  { id: "38", name: "Detección de Fuego", slug: "deteccion-de-fuego" },
  { id: "30", name: "Energía", slug: "energia" },
  { id: "25", name: "Radiocomunicación", slug: "radiocomunicacion" },
  { id: "26", name: "Redes y Audio-Video", slug: "redes-y-audio-video" },
  {
    id: "27",
    name: "IoT / GPS / Telemática y Señalización Audiovisual",
    slug: "iot-gps-telematica",
  },
  { id: "65811", name: "Cableado Estructurado", slug: "cableado-estructurado" },
];

export function stockFlags(stock: number) {
  return {
    available: stock > 0,
    popular: stock >= 1 && stock <= 5,
    runningLow: stock >= 1 && stock <= 3,
  };
}

/** A price is shown only when it is a positive number (docs/decisions/0552). */
export function hasPrice(price: number | null | undefined): price is number {
  return typeof price === "number" && Number.isFinite(price) && price > 0;
}

/** What a product card shows: all the page data a listed product carries (0383). */
export type CardProduct = Pick<
  Product,
  "id" | "title" | "model" | "sku" | "brand" | "images" | "stock" | "price" | "listPrice"
>;

/** A product for a card: the cover image only, no text the card does not show. */
export function toCard(product: Product): CardProduct {
  const { id, title, model, sku, brand, images, stock, price, listPrice } = product;
  return { id, title, model, sku, brand, images: images.slice(0, 1), stock, price, listPrice };
}
