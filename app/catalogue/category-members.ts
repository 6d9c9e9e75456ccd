import type { Product } from "~/merchant-api/product";

const categoryIndexes = new WeakMap<readonly Product[], Map<string, Product[]>>();

/**
 * Every category's products in a list, in list order: a product is in each category its
 * references name, at any level, and in its own category. Kept per list, as the brand index is
 * (brands.ts): the whole catalogue is indexed once a copy, not walked for every listing.
 */
function categoryIndex(products: readonly Product[]): Map<string, Product[]> {
  let index = categoryIndexes.get(products);
  if (index) return index;
  index = new Map();
  const add = (id: string, product: Product) => {
    const members = index.get(id);
    // A product names a category once: its own category is usually one of its references.
    if (!members) index.set(id, [product]);
    else if (members.at(-1) !== product) members.push(product);
  };
  for (const product of products) {
    for (const ref of product.categories) add(ref.id, product);
    if (product.categoryId) add(product.categoryId, product);
  }
  categoryIndexes.set(products, index);
  return index;
}

/**
 * A category's products, read from a list that holds every product (the whole catalogue). The
 * same array for the same list, so what is kept per listing (its brands, its sorted orders) is
 * kept for it too.
 */
export function productsOfCategory(products: readonly Product[], id: string): readonly Product[] {
  return categoryIndex(products).get(id) ?? [];
}
