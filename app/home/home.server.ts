/**
 * Data of the home page, shared by `/` and the not-found route (which shows
 * the home content with status 404). Awaited, never streamed: without
 * JavaScript a deferred section would never appear.
 */
import type { Brand } from "~/merchant-api/product";
import { getBrands } from "~/merchant-api/client.server";
import { FEATURED_ERROR, type FeaturedGroup, loadFeatured } from "./featured.server";
import { logger } from "~/platform/logger.server";

export interface HomeData {
  featured: FeaturedGroup[];
  /** The alert text when the featured products could not be loaded. */
  featuredError: string | null;
  brands: Brand[];
  /** The shopper closed the featured alert without JavaScript (GET ?aviso=cerrado). */
  alertDismissed: boolean;
}

export async function loadHomeData(request: Request): Promise<HomeData> {
  const url = new URL(request.url);
  const [featured, brands] = await Promise.all([
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
  ]);
  return {
    featured: featured.groups,
    featuredError: featured.error,
    brands,
    alertDismissed: url.searchParams.get("aviso") === "cerrado",
  };
}
