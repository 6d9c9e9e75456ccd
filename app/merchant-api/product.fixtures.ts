/** Test helper: a Product with every field empty, plus overrides. */
import type { Product } from "./product";

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: "1",
    title: null,
    model: null,
    sku: null,
    brand: null,
    categoryId: null,
    categoryName: null,
    subcategory: null,
    categories: [],
    images: [],
    description: null,
    descriptionHtml: null,
    specifications: {},
    features: [],
    stock: 0,
    price: null,
    listPrice: null,
    available: false,
    popular: false,
    runningLow: false,
    updatedAt: null,
    ...overrides,
  };
}
