/**
 * Well-known data of the generated sandbox catalogue (GENERATOR_VERSION 4,
 * default seed, 22,500 products), for tests anywhere in the project:
 *   import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
 * sandbox/fixtures.test.ts checks every entry against the data, so a change of
 * the generator that moves them fails there first. No imports: cheap to load.
 */
export const SANDBOX_FIXTURES = {
  generatorVersion: 4,
  productCount: 22_500,
  products: {
    /**
     * Title, brand, integer price with a higher list price, stock 173, 2 images, PDF, accessories.
     */
    complete: { id: "18433", sku: "DS-YD792-B" },
    /** precio null → 'Consultar precio'. */
    noPrice: "10664",
    /** precio 0 → 'Consultar precio'. */
    zeroPrice: "24177",
    /** The price call returns a decimal (e.g. 41718.1): the store rounds it. */
    decimalPrice: "10194",
    /** Prices sent as numeric strings ("8923100.00"). */
    stringPrice: "10107",
    /** precio_lista above precio (crossed-out price and saving). */
    listPriceAbove: "10031",
    /** Stock 2: 'agotándose' and 'popular'. */
    stock2: "14004",
    /** Stock 5: popular, not running low. */
    stock5: "14058",
    /** Stock 0: 'Sin stock'. */
    stock0: "12638",
    /** Stock of 1,000 or more. */
    largeStock: "10412",
    /** No images at all (placeholder). */
    noImages: "12475",
    /** Its only image URL answers 404 (fallback image). */
    brokenImage: "15268",
    /** Has a datasheet PDF. */
    withPdf: { id: "10107", sku: "DS-K1T454MC" },
    /** Has no datasheet PDF. */
    withoutPdf: { id: "10031", sku: "I5-709IP5S89" },
    /** HTML description with <script>, onclick= and javascript: links. */
    hostileHtml: "11015",
    /** No title → 'Producto sin título'. */
    noTitle: "11853",
    /** No brand → 'Sin marca'. */
    noBrand: "14122",
    withAccessories: "10052",
    withoutAccessories: "10031",
    /** No fecha_actualizacion: the sitemap gives no lastmod for it. */
    noUpdatedAt: "10680",
    /**
     * Three brands' products with one title: 'Detector de Ruptura de Vidrio Acústico, Cableado, …'.
     */
    sameTitle: [
      { id: "176369", brand: "Epcom", model: "E-3843-TR" },
      { id: "822829", brand: "Ajax", model: "AJ-93MA" },
      { id: "612128", brand: "Paradox", model: "SP1135" },
    ],
    /** Hostile HTML with `<img src="x">` and an orphan 'Haga clic aquí para ver la promoción'. */
    junkHtml: "468047",
    /** A numeric id that does not exist → 404 'Producto no encontrado'. */
    unknown: "999999999",
  },
  /** Products whose record uses each field variant of docs/merchant-api.md. */
  fieldVariants: {
    productoId: "10052",
    idProducto: "10212",
    title: "10212",
    marcaNombre: "10031",
    brandName: "10052",
    images: "10107",
    existenciaTotal: "10052",
    existencia: "10399",
    descriptionHtml: "10031",
    featureTextObjects: "10052",
  },
  categories: {
    /** Top group Videovigilancia: 6,825 products. */
    top: "22",
    /** Level 2 'Cámaras IP' with more than 2,000 products (2,721). */
    large: { id: "200", name: "Cámaras IP", level: 2, minProducts: 2_000 },
    /** Level 3 'Cámaras Bala' under 'Cámaras IP'. */
    leaf: { id: "1000", name: "Cámaras Bala", level: 3, parentId: "200" },
    /** A small leaf (25 products). */
    small: { id: "1490", name: "Software de Asistencia", level: 3 },
    unknown: "999999",
  },
  search: {
    /** Accent- and case-insensitive: 'CAMARA' finds 'Cámara …'. */
    accentless: "camara",
    /** Every word must match (AND), as a prefix. */
    multiWord: "camara bala hikv",
    /** No product matches. */
    none: "zzzqxw",
  },
  /** Ids in productos_ids_consolidados.json that do not exist. */
  featuredMissingIds: ["999999901", "999999902"],
  brands: { logoSlug: "hikvision", count: 62 },
  /** Fault injection (spec: the store's error states). */
  faults: {
    /** GET /api/productos/{id} → 500. */
    productId: "999000500",
    /** A search containing this word → 500 on /api/productos and /api/products/search. */
    searchWord: "falla500",
    message: "Falla simulada del proveedor",
  },
} as const;
export { PAYMENT_FIXTURES } from "./payments/fixtures.ts";
