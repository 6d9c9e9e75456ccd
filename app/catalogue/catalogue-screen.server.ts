/**
 * The catalogue screen (/productos, /categoria/…, /marca/…): the visible page of a full listing,
 * filtered, sorted and sliced on the server, with its counts, links and canonical URL.
 */
import type { BreadcrumbItem } from "~/ui/Breadcrumb";
import { paginate } from "~/ui/pagination";
import { type CardProduct, type Product, toCard } from "~/merchant-api/product";
import {
  brandsOf,
  type CatalogueFilters,
  filteredListing,
  hasActiveFilters,
  PARAM,
  type ParsedFilters,
  parseFilters,
} from "./filters";
import type { SubcategoryLink } from "./category-trail";

/** Cards per catalogue page (docs/decisions/0181). */
const CATALOGUE_PAGE_SIZE = 24;

export interface CatalogueScreen {
  heading: string;
  breadcrumb: BreadcrumbItem[];
  /** Hero banner of the category's top group, only when the category is known. */
  banner: string | null;
  /** Parameters that define the list (categoria, nombre, search): kept by the form and 'Limpiar'. */
  context: Record<string, string>;
  /**
   * Query string (without '?') of 'Limpiar': the context and the view. The path is the page's
   * own, taken from the browser's location by the view: a loader's request URL is not the page's
   * URL (client navigations load `/productos.data`), so no link is built from it.
   */
  clearQuery: string;
  showBrandFilter: boolean;
  brands: string[];
  total: number;
  /**
   * When the API could not give the whole category (a capped walk that no subcategory could
   * complete, or a failed page): how many were read and how many the category has, so the
   * count line says so instead of passing a part for the whole.
   */
  partial: { loaded: number; total: number } | null;
  products: CardProduct[];
  page: number;
  pageCount: number;
  filters: CatalogueFilters;
  raw: ParsedFilters["raw"];
  errors: ParsedFilters["errors"];
  /** Bounds read differently from how they were typed, said above the results. */
  notice: string | null;
  /** The category's own subcategories, as a way down (category screens only). */
  subcategories?: SubcategoryLink[];
  /** Search results and filtered lists are not indexed. */
  noindex: boolean;
  /** Path plus meaningful parameters. */
  canonical: string;
  description: string;
}

/** The visible page of a full listing: filtered, sorted and sliced on the server. */
export function buildCatalogueScreen(options: {
  /** The loader's request URL: only its query is read (its path may be `….data`). */
  url: URL;
  listing: readonly Product[];
  heading: string;
  breadcrumb: BreadcrumbItem[];
  banner: string | null;
  context: Record<string, string>;
  /** The API search term of the list, ranked by relevance under 'relevancia' (docs/decisions/0180). */
  query?: string;
  /** How many products the API says the list has (a category's count), when known. */
  expectedTotal?: number | null;
  showBrandFilter?: boolean;
  canonicalPath: string;
  description: string;
}): CatalogueScreen {
  const { filters, raw, errors, notice } = parseFilters(options.url.searchParams);
  const query = [options.query, filters.text].filter(Boolean).join(" ");
  const filtered = filteredListing(options.listing, filters, query);
  const slice = paginate(filtered.length, filters.page, CATALOGUE_PAGE_SIZE);
  // The cards show the price the list was filtered and sorted by: the listing's own. Re-reading
  // the visible page's prices here would let a card show a figure the filter never saw
  // (docs/decisions/0221).
  const products = filtered.slice(slice.start, slice.end).map(toCard);
  const keep = new URLSearchParams(options.context);
  if (filters.view === "list") keep.set(PARAM.view, "lista");
  const canonical = new URLSearchParams();
  if (slice.page > 1) canonical.set(PARAM.page, String(slice.page));
  const canonicalQuery = canonical.toString();
  return {
    heading: options.heading,
    breadcrumb: options.breadcrumb,
    banner: options.banner,
    context: options.context,
    clearQuery: keep.toString(),
    showBrandFilter: options.showBrandFilter ?? true,
    brands: brandsOf(options.listing),
    total: filtered.length,
    partial:
      options.expectedTotal != null && options.listing.length < options.expectedTotal
        ? { loaded: options.listing.length, total: options.expectedTotal }
        : null,
    products,
    page: slice.page,
    pageCount: slice.pageCount,
    filters,
    raw,
    errors,
    notice,
    noindex: Boolean(options.query) || hasActiveFilters(filters),
    canonical: canonicalQuery
      ? `${options.canonicalPath}${options.canonicalPath.includes("?") ? "&" : "?"}${canonicalQuery}`
      : options.canonicalPath,
    description: options.description,
  };
}
