/**
 * Breadcrumbs and schema.org JSON-LD for product pages (Product + Offer,
 * BreadcrumbList). Pure: URLs are made absolute against the page origin.
 */
import { hasPrice, type Product, TOP_CATEGORIES } from "~/merchant-api/product";
import { distinctProductName } from "./product-names";

export interface Crumb {
  label: string;
  /** Root-relative path; absent for the current page. */
  to?: string;
}

export const UNTITLED_PRODUCT = "Producto sin título";

/** Inicio > category > optional subcategory > product title (docs/decisions/0161). */
export function productBreadcrumb(product: Product): Crumb[] {
  const crumbs: Crumb[] = [{ label: "Inicio", to: "/" }];
  if (product.categoryId) {
    const categoryName =
      product.categoryName ??
      product.categories.find((c) => c.id === product.categoryId)?.name ??
      TOP_CATEGORIES.find((c) => c.id === product.categoryId)?.name ??
      "Categoría";
    const categoryPath = `/categoria/${encodeURIComponent(product.categoryId)}`;
    crumbs.push({ label: categoryName, to: categoryPath });
    if (product.subcategory) {
      const subName =
        product.categories.find((c) => c.id === product.subcategory)?.name ?? product.subcategory;
      crumbs.push({
        label: subName,
        to: `${categoryPath}/${encodeURIComponent(product.subcategory)}`,
      });
    }
  }
  crumbs.push({ label: product.title ?? UNTITLED_PRODUCT });
  return crumbs;
}

type JsonLd = Record<string, unknown>;

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string, currentPath: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: new URL(crumb.to ?? currentPath, origin).toString(),
    })),
  };
}

/**
 * schema.org Product. The Offer is included only when the product has a price:
 * an Offer without a price is a claim the page cannot back up.
 */
export function productJsonLd(
  product: Product,
  options: { origin: string; path: string; description: string; sellerName: string },
): JsonLd {
  const url = new URL(options.path, options.origin).toString();
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    // With brand and model: many products share a title (docs/decisions/0240).
    name: distinctProductName(product),
    url,
  };
  if (product.sku) ld.sku = product.sku;
  if (product.model) ld.mpn = product.model;
  if (product.brand) ld.brand = { "@type": "Brand", name: product.brand };
  if (product.images.length > 0) {
    ld.image = product.images.map((src) => new URL(src, options.origin).toString());
  }
  if (options.description) ld.description = options.description;
  if (product.categoryName) ld.category = product.categoryName;
  if (hasPrice(product.price)) {
    ld.offers = {
      "@type": "Offer",
      url,
      priceCurrency: "COP",
      price: product.price,
      availability:
        product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: options.sellerName },
    };
  }
  return ld;
}
