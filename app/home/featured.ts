/**
 * Featured products on the home page (docs/decisions/0123): 4 per top-level category, the
 * overflow of over-full categories filling those with fewer than 4.
 * See docs/decisions/0123 for the rules where the spec is silent.
 */
import { type FeaturedEntry, type Product, TOP_CATEGORIES } from "~/merchant-api/product";

const FEATURED_PER_CATEGORY = 4;

export interface FeaturedGroup<P = Product> {
  category: { id: string; name: string };
  products: P[];
}

/**
 * Groups in TOP_CATEGORIES order. Entries whose product did not load are
 * skipped; a product appears once. A category with at least one featured
 * product of its own is shown and topped up to `perCategory` from the overflow
 * (other categories' extras, then entries of categories outside the nine
 * groups), in file order. A category with none is not shown.
 */
export function distributeFeatured(
  entries: readonly FeaturedEntry[],
  products: readonly Product[],
  options: {
    perCategory?: number;
    categories?: ReadonlyArray<{ id: string; name: string }>;
  } = {},
): FeaturedGroup[] {
  const perCategory = options.perCategory ?? FEATURED_PER_CATEGORY;
  const categories = options.categories ?? TOP_CATEGORIES;
  const byId = new Map(products.map((p) => [p.id, p]));
  const buckets = new Map<string, Product[]>(categories.map((c) => [c.id, []]));
  const outside: Product[] = [];
  const used = new Set<string>();

  for (const entry of entries) {
    const product = byId.get(entry.id);
    if (!product || used.has(product.id)) continue;
    used.add(product.id);
    (buckets.get(entry.categoryId) ?? outside).push(product);
  }

  const groups = categories.map((category) => {
    const own = buckets.get(category.id) ?? [];
    return {
      category: { id: category.id, name: category.name },
      own,
      products: own.slice(0, perCategory),
    };
  });
  const overflow = [...groups.flatMap((g) => g.own.slice(perCategory)), ...outside];

  for (const group of groups) {
    if (group.products.length === 0) continue;
    while (group.products.length < perCategory && overflow.length > 0) {
      group.products.push(overflow.shift() as Product);
    }
  }

  return groups
    .filter((g) => g.products.length > 0)
    .map(({ category, products: list }) => ({ category, products: list }));
}
