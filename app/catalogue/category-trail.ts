/**
 * Where a category sits in the tree (docs/decisions/0122, 0242): the path that names it, its trail
 * up to the top (breadcrumb, banner) and its children (the way down). Pure.
 */
import type { BreadcrumbItem } from "~/ui/Breadcrumb";
import { type Category, TOP_CATEGORIES } from "~/merchant-api/product";
import { normalizeText } from "~/text/normalize";

const indexes = new WeakMap<readonly Category[], Map<string, Category>>();

/**
 * The categories by id, kept per list: a listing's page asks for its trail on every request,
 * and indexing the whole tree each time was about 1 % of a browsing load (docs/decisions/0620).
 */
function byIdOf(categories: readonly Category[]): Map<string, Category> {
  let byId = indexes.get(categories);
  if (!byId) {
    byId = new Map(categories.map((c) => [c.id, c]));
    indexes.set(categories, byId);
  }
  return byId;
}

/** The category and its ancestors, top first (empty when the id is unknown). */
export function categoryTrail(categories: readonly Category[], id: string): Category[] {
  const byId = byIdOf(categories);
  const trail: Category[] = [];
  const seen = new Set<string>();
  for (
    let c = byId.get(id);
    c && !seen.has(c.id);
    c = c.parentId ? byId.get(c.parentId) : undefined
  ) {
    seen.add(c.id);
    trail.unshift(c);
  }
  return trail;
}

/**
 * The deepest category a /categoria/… path names: each segment may be an id or a name
 * (product breadcrumbs link /categoria/{id}/{subcategoria}); unknown segments are skipped.
 */
export function resolveCategoryPath(
  categories: readonly Category[],
  segments: string[],
): Category | null {
  let found: Category | null = null;
  for (const segment of segments) {
    const value = segment.trim();
    if (!value) continue;
    const byId = categories.find((c) => c.id === value);
    const wanted = normalizeText(value);
    const byName =
      byId ??
      categories.find(
        (c) => normalizeText(c.name) === wanted && (!found || c.parentId === found.id),
      ) ??
      categories.find((c) => normalizeText(c.name) === wanted);
    if (byName) found = byName;
  }
  return found;
}

/** A subcategory offered above a category's products. */
export interface SubcategoryLink {
  id: string;
  name: string;
  href: string;
  productCount: number | null;
}

/**
 * Banner of the category's top-level group, when it is one of the nine groups
 * (docs/decisions/0004).
 */
export function bannerFor(trail: readonly Category[]): string | null {
  const top = trail[0];
  const group = top ? TOP_CATEGORIES.find((t) => t.id === top.id) : undefined;
  return group ? `/banners/categorias/${group.slug}.svg` : null;
}

/** The direct children of a category, in the API's (Spanish name) order. */
export function subcategoryLinks(
  categories: readonly Category[],
  parentId: string,
): SubcategoryLink[] {
  return categories
    .filter((c) => c.parentId === parentId && c.id !== parentId)
    .map((c) => ({
      id: c.id,
      name: c.name,
      href: `/categoria/${encodeURIComponent(c.id)}`,
      productCount: c.productCount,
    }));
}

export function categoryBreadcrumb(trail: readonly Category[]): BreadcrumbItem[] {
  return [
    { label: "Inicio", to: "/" },
    { label: "Categorías", to: "/categorias" },
    ...trail.map((c) => ({ label: c.name, to: `/categoria/${encodeURIComponent(c.id)}` })),
  ];
}
