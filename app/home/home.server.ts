/**
 * Data of the home page, shared by `/` and the not-found route (which shows
 * the home content with status 404). Awaited, never streamed: without
 * JavaScript a deferred section would never appear.
 */
import { type Brand, type CardProduct, toCard } from "~/merchant-api/product";
import { getBrands } from "~/merchant-api/client.server";
import { brandHref, loadBrandSummaries } from "~/catalogue/catalogue.server";
import { normalizeText } from "~/text/normalize";
import type { BrandLogo } from "./BrandStrip";
import { FEATURED_ERROR, type FeaturedGroup, loadFeatured } from "./featured.server";
import { logger } from "~/platform/logger.server";

export interface HomeData {
  featured: FeaturedGroup<CardProduct>[];
  /** The alert text when the featured products could not be loaded. */
  featuredError: string | null;
  brands: BrandLogo[];
  /** The shopper closed the featured alert without JavaScript (GET ?aviso=cerrado). */
  alertDismissed: boolean;
}

/**
 * The strip's logos, each linked to its brand page when the brand has products (named as the
 * catalogue spells it); a logo of a brand without products links nowhere. Only what the strip
 * shows goes into the page data.
 */
export function linkBrandPages(
  brands: readonly Brand[],
  withProducts: ReadonlyArray<{ name: string }>,
): BrandLogo[] {
  const catalogueNames = new Map(withProducts.map((b) => [normalizeText(b.name), b.name]));
  return brands.map((brand) => {
    const name = catalogueNames.get(normalizeText(brand.name));
    return { name: brand.name, image: brand.image, href: name ? brandHref(name) : null };
  });
}

export async function loadHomeData(request: Request): Promise<HomeData> {
  const url = new URL(request.url);
  const [featured, brands, withProducts] = await Promise.all([
    loadFeatured()
      .then((value) => ({ groups: value.groups, error: null }))
      .catch((error: unknown) => {
        logger.warn({ err: error }, "featured products unavailable");
        return { groups: [] as FeaturedGroup[], error: FEATURED_ERROR };
      }),
    getBrands().catch((error: unknown) => {
      logger.warn({ err: error }, "brands unavailable");
      return [] as Brand[];
    }),
    // Cached and warmed at start-up; without it the logos are shown without links.
    loadBrandSummaries().catch((error: unknown) => {
      logger.warn({ err: error }, "brands with products unavailable");
      return [];
    }),
  ]);
  return {
    featured: featured.groups.map((group) => ({ ...group, products: group.products.map(toCard) })),
    featuredError: featured.error,
    brands: linkBrandPages(brands, withProducts),
    alertDismissed: url.searchParams.get("aviso") === "cerrado",
  };
}
