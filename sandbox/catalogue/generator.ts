/**
 * Deterministic catalogue generator. Same seed and count → the same data,
 * byte for byte. Each product draws from its own stream, so the first N
 * products do not depend on the total count (SKU collisions aside, which are
 * resolved in order and are equally deterministic).
 */
import { BRAND_BY_NAME } from "./brands.ts";
import { buildCategoryTree, type CategoryRow, leafTable, pickWeighted } from "./category-rows.ts";
import { KINDS } from "./kinds.ts";
import type { Icon } from "./kinds.ts";
import { fillTemplate, pickSkuTemplate } from "./model-names.ts";
import { hash32, rngFor } from "./rng.ts";
import type { Rng } from "./rng.ts";

/**
 * Bump when the generated data or the database's layout changes: the database is rebuilt.
 * 4: the same data, plus the search index (docs/decisions/0381).
 */
export const GENERATOR_VERSION = 4;
export const DEFAULT_SEED = 20_250_907;
export const DEFAULT_PRODUCT_COUNT = 22_500;

/** Marker replaced by the public base (e.g. /sandbox) when a record is served. */
export const BASE_MARK = "@@BASE@@";

/** Edge-case proportions (documented in sandbox/README.md). */
const PROPORTIONS = {
  priceNull: 0.03,
  priceZero: 0.01,
  priceDecimals: 0.15,
  listPriceAbove: 0.25,
  listPriceBelow: 0.02,
  discountPrice: 0.1,
  stockZero: 0.08,
  stockOneToThree: 0.06,
  stockFourToFive: 0.04,
  stockLarge: 0.05,
  noImages: 0.05,
  brokenImage: 0.03,
  severalImages: 0.37,
  missingTitle: 0.004,
  missingBrand: 0.006,
  datasheet: 0.4,
  hostileHtml: 0.006,
  accessories: 0.5,
  missingUpdatedAt: 0.04,
} as const;

/** Products were last changed between these days (inclusive), Colombian time. */
const UPDATED_FROM = Date.UTC(2024, 2, 1);
const UPDATED_TO = Date.UTC(2025, 8, 5);
const DAY_MS = 86_400_000;

export interface CategoryRef {
  id: string;
  nombre: string;
  nivel: number;
}

interface GeneratedProduct {
  id: string;
  sku: string;
  model: string;
  title: string | null;
  brand: string | null;
  /** Brand used for SKU, logo colour and drawings even when the record hides it. */
  maker: string;
  kind: string;
  icon: Icon;
  categories: [CategoryRef, CategoryRef, CategoryRef];
  specs: Record<string, string>;
  features: string[];
  description: string;
  html: string;
  hostileHtml: boolean;
  stock: number;
  /** COP, possibly with one decimal (the price call returns it unrounded). */
  price: number | null;
  listPrice: number | null;
  discountPrice: number | null;
  imageCount: number;
  brokenImage: boolean;
  hasDatasheet: boolean;
  hasAccessories: boolean;
  /** When the merchant last changed the product (ISO 8601, Bogotá offset), or null. */
  updatedAt: string | null;
  /** The API record, as served (image URLs carry BASE_MARK). */
  record: Record<string, unknown>;
}

export interface Catalogue {
  seed: number;
  categories: CategoryRow[];
  products: GeneratedProduct[];
}

const USES: Readonly<Record<string, string>> = {
  "22": "proyectos de videovigilancia en hogares, comercios e industria",
  "37": "el control de acceso de oficinas, conjuntos residenciales y empresas",
  "32": "sistemas de alarma y automatización residencial y comercial",
  "38": "sistemas de detección y alarma de incendio conforme a norma",
  "30": "respaldo y protección de energía de equipos críticos",
  "25": "comunicación de radio en seguridad, logística e industria",
  "26": "redes empresariales, proveedores de internet y audio-video",
  "27": "rastreo de flotas, telemática y señalización digital",
  "65811": "instalaciones de cableado estructurado certificables",
};

const WARRANTIES = ["1 año", "2 años", "3 años", "5 años"];

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

const HOSTILE_SNIPPETS = [
  `<script>alert("xss")</script>`,
  `<p onclick="alert('clic')">Haga clic aquí para ver la promoción</p>`,
  `<p><a href="javascript:alert(document.cookie)">Descargar manual</a></p>`,
  `<img src="x" onerror="alert('img')" alt="">`,
  `<iframe src="https://example.invalid/publicidad"></iframe>`,
];

/** Generates `count` products (and the category tree) from `seed`. Pure. */
export function generateCatalogue(count = DEFAULT_PRODUCT_COUNT, seed = DEFAULT_SEED): Catalogue {
  const categories = buildCategoryTree();
  const { cumulative, picks } = leafTable(categories);
  const usedSkus = new Set<string>();
  const products: GeneratedProduct[] = [];

  for (let index = 0; index < count; index++) {
    const rng = rngFor(seed, "product", index);
    const id = String(10_000 + index * 40 + (hash32(seed, "id", index) % 40));
    const { top, sub, leaf } = picks[pickWeighted(cumulative, rng.next())];
    const kindId = leaf.kind ?? "mount";
    const kind = KINDS[kindId];
    if (!kind) throw new Error(`Unknown kind ${kindId}`);
    const maker = rng.pick(leaf.brands);
    const brandDef = BRAND_BY_NAME.get(maker);
    if (!brandDef) throw new Error(`Unknown brand ${maker}`);

    // Model and SKU (unique, case-insensitively).
    let model = fillTemplate(rng, pickSkuTemplate(rng, brandDef.sku, kindId));
    let sku = rng.chance(0.2) ? `${model}${rng.pick(["-B", "-W", "-CO", "-NA"])}` : model;
    for (let attempt = 0; usedSkus.has(sku.toUpperCase()); attempt++) {
      model =
        attempt < 4
          ? fillTemplate(rng, pickSkuTemplate(rng, brandDef.sku, kindId))
          : `${model}-${index}`;
      sku = model;
    }
    usedSkus.add(sku.toUpperCase());

    // Specifications and title.
    const specs: Record<string, string> = {};
    const lead: string[] = [];
    const tail: string[] = [];
    const noun = leaf.noun ?? leaf.name;
    for (const [name, kindValues, format] of kind.attrs) {
      const override = leaf.overrides?.[name];
      if (override === null) continue;
      const value = rng.pick(override ?? kindValues);
      specs[name] = value;
      // Negative values and words the noun already says stay out of the title.
      if (!format || value === "No" || /^(Sin|No) /.test(value)) continue;
      if (noun.toLowerCase().includes(value.toLowerCase())) continue;
      if (format.startsWith("+")) lead.push(format.slice(1).replace("{v}", value));
      else if (tail.length < 3) tail.push(format.replace("{v}", value));
    }
    specs["Marca"] = maker;
    specs["Modelo"] = model;
    specs["Garantía"] = rng.pick(WARRANTIES);
    const fullTitle = [noun, ...lead].join(" ") + (tail.length ? `, ${tail.join(", ")}` : "");
    const features = rng.sample(kind.features, rng.int(2, Math.min(5, kind.features.length)));

    const use = USES[top.id] ?? "proyectos profesionales";
    const description =
      `${noun} ${maker} ${model}, ideal para ${use}. ${features[0] ?? ""}.`.replace(/\.\.$/, ".");

    const hostileHtml = rng.chance(PROPORTIONS.hostileHtml);
    const htmlParts = [
      `<h3>${escapeHtml(fullTitle)}</h3>`,
      `<p>El ${escapeHtml(model)} de <strong>${escapeHtml(maker)}</strong> es un equipo pensado para ${escapeHtml(use)}.</p>`,
      `<h4>Características principales</h4>`,
      `<ul>${features.map((f) => `<li>${escapeHtml(f)}</li>`).join("")}</ul>`,
      `<h4>Especificaciones</h4>`,
      `<table><tbody>${Object.entries(specs)
        .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
        .join("")}</tbody></table>`,
    ];
    if (hostileHtml) htmlParts.splice(2, 0, ...rng.sample(HOSTILE_SNIPPETS, 3));
    const html = htmlParts.join("\n");

    // Stock.
    const s = rng.next();
    const P = PROPORTIONS;
    let stock: number;
    if (s < P.stockZero) stock = 0;
    else if (s < P.stockZero + P.stockOneToThree) stock = rng.int(1, 3);
    else if (s < P.stockZero + P.stockOneToThree + P.stockFourToFive) stock = rng.int(4, 5);
    else if (s < P.stockZero + P.stockOneToThree + P.stockFourToFive + P.stockLarge)
      stock = rng.int(1000, 5000);
    else stock = rng.int(6, 400);

    // Prices.
    const p = rng.next();
    let price: number | null;
    let listPrice: number | null = null;
    let discountPrice: number | null = null;
    if (p < P.priceNull) price = null;
    else if (p < P.priceNull + P.priceZero) price = 0;
    else {
      const [min, max] = kind.price;
      const raw = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
      const bounded = Math.min(15_000_000, Math.max(20_000, raw));
      // Some prices keep a decimal (e.g. 125432.6): the store must round them.
      price = rng.chance(P.priceDecimals)
        ? Math.floor(bounded) + 0.1 * rng.int(1, 9)
        : roundTo(bounded, 100);
      price = Math.round(price * 10) / 10;
      const l = rng.next();
      if (l < P.listPriceAbove) listPrice = roundTo(price * (1.08 + rng.next() * 0.4), 100);
      else if (l < P.listPriceAbove + P.listPriceBelow) listPrice = roundTo(price * 0.9, 100);
      if (rng.chance(P.discountPrice))
        discountPrice = roundTo(price * (0.88 + rng.next() * 0.08), 100);
    }

    // Images.
    const im = rng.next();
    let imageCount: number;
    let brokenImage = false;
    if (im < P.noImages) imageCount = 0;
    else if (im < P.noImages + P.brokenImage) {
      brokenImage = true;
      imageCount = rng.chance(0.5) ? 1 : 0;
    } else if (im < P.noImages + P.brokenImage + P.severalImages) imageCount = rng.int(2, 4);
    else imageCount = 1;

    const title = rng.chance(P.missingTitle) ? null : fullTitle;
    const brand = rng.chance(P.missingBrand) ? null : maker;
    const hasDatasheet = rng.chance(P.datasheet);
    const hasAccessories = Boolean(kind.accessories?.length) && rng.chance(P.accessories);

    const cats: [CategoryRef, CategoryRef, CategoryRef] = [
      { id: top.id, nombre: top.name, nivel: 1 },
      { id: sub.id, nombre: sub.name, nivel: 2 },
      { id: leaf.id, nombre: leaf.name, nivel: 3 },
    ];

    const product: GeneratedProduct = {
      id,
      sku,
      model,
      title,
      brand,
      maker,
      kind: kindId,
      icon: kind.icon,
      categories: cats,
      specs,
      features,
      description,
      html,
      hostileHtml,
      stock,
      price,
      listPrice,
      discountPrice,
      imageCount,
      brokenImage,
      hasDatasheet,
      hasAccessories,
      updatedAt: updatedAt(seed, index),
      record: {},
    };
    product.record = toRecord(product, rngFor(seed, "variant", index));
    products.push(product);
  }
  return { seed, categories, products };
}

/**
 * The product's last change, from its own random stream so that adding it left every
 * other generated value as it was (generator version 3).
 */
function updatedAt(seed: number, index: number): string | null {
  const rng = rngFor(seed, "updated", index);
  if (rng.chance(PROPORTIONS.missingUpdatedAt)) return null;
  const day = rng.int(0, Math.floor((UPDATED_TO - UPDATED_FROM) / DAY_MS));
  const minutes = rng.int(7 * 60, 19 * 60);
  // Bogotá is UTC-5 all year: the local time plus 5 h is the UTC instant.
  const instant = new Date(UPDATED_FROM + day * DAY_MS + (minutes + 5 * 60) * 60_000);
  const local = new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 19);
  return `${local}-05:00`;
}

/** Image URL paths of a product (with BASE_MARK). A broken one points to image 0, which 404s. */
function imageUrls(p: Pick<GeneratedProduct, "id" | "imageCount" | "brokenImage">): string[] {
  const urls: string[] = [];
  if (p.brokenImage) urls.push(`${BASE_MARK}/img/productos/${p.id}-0.svg`);
  for (let n = 1; n <= p.imageCount; n++) urls.push(`${BASE_MARK}/img/productos/${p.id}-${n}.svg`);
  return urls;
}

/**
 * The record as the merchant API serves it, with the field variants of docs/merchant-api.md
 * chosen per product (the client must normalise them).
 */
function toRecord(p: GeneratedProduct, v: Rng): Record<string, unknown> {
  const r: Record<string, unknown> = {};
  const idKey = v.next() < 0.6 ? "id" : v.next() < 0.6 ? "producto_id" : "id_producto";
  r[idKey] = p.id;
  const titleKey = v.chance(0.8) ? "titulo" : "title";
  if (p.title !== null) r[titleKey] = p.title;
  else if (v.chance(0.5)) r[titleKey] = null;
  r.modelo = p.model;
  r.sku = p.sku;
  const b = v.next();
  const brandKey = b < 0.6 ? "marca" : b < 0.85 ? "marca_nombre" : "brand_name";
  if (p.brand !== null) r[brandKey] = p.brand;
  else if (v.chance(0.5)) r[brandKey] = "";
  r.categoria = p.categories[0].nombre;
  r.categoria_id = p.categories[0].id;
  r.subcategoria = p.categories[1].id;
  r.categorias = p.categories;
  r.descripcion = p.description;
  r[v.chance(0.7) ? "descripcion_larga" : "description_html"] = p.html;
  r.especificaciones = p.specs;
  r.features = v.chance(0.7) ? p.features : p.features.map((feature_text) => ({ feature_text }));
  const st = v.next();
  r[st < 0.5 ? "total_existencia" : st < 0.8 ? "existencia_total" : "existencia"] = p.stock;
  const asString = v.chance(0.15);
  const money = (n: number | null) => (n === null ? null : asString ? n.toFixed(2) : n);
  r.precio = money(p.price);
  if (p.listPrice !== null) r.precio_lista = money(p.listPrice);
  if (p.discountPrice !== null) r.precio_descuentos = money(p.discountPrice);
  const urls = imageUrls(p);
  r[v.chance(0.7) ? "imagenes" : "images"] = urls.map((url) => ({ url }));
  if (urls.length > 0) r[v.chance(0.6) ? "img_portada" : "imagen"] = urls[0];
  if (p.updatedAt !== null) r.fecha_actualizacion = p.updatedAt;
  return r;
}
