import { type Category, type CategoryNode, TOP_CATEGORIES } from "~/merchant-api/product";

// Made on first use: the first Intl object a page creates loads the locale's data, 20 ms or
// more on the main thread, and the browser never sorts the tree (docs/decisions/0382).
let byName: Intl.Collator | undefined;
const compareNames = (a: string, b: string) =>
  (byName ??= new Intl.Collator("es", { sensitivity: "base" })).compare(a, b);
const topOrder = new Map(TOP_CATEGORIES.map((c, index) => [c.id, index]));

function sortNodes(nodes: CategoryNode[], topLevel: boolean) {
  nodes.sort((a, b) => {
    if (topLevel) {
      const ia = topOrder.get(a.id) ?? Number.POSITIVE_INFINITY;
      const ib = topOrder.get(b.id) ?? Number.POSITIVE_INFINITY;
      if (ia !== ib) return ia - ib;
    }
    return compareNames(a.name, b.name);
  });
  for (const node of nodes) sortNodes(node.children, false);
}

/**
 * Builds the category tree from the flat list of GET /api/categorias.
 * Roots are the categories without a (known) parent, in the menu order of
 * TOP_CATEGORIES, then by name; children are sorted by name in Spanish.
 * A category that is its own parent, or that sits in a parent cycle, is
 * treated as a root so nothing is lost and nothing loops.
 */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>();
  for (const category of categories) {
    // First occurrence wins: the API may repeat an id.
    if (!nodes.has(category.id)) nodes.set(category.id, { ...category, children: [] });
  }

  const parentOf = (node: CategoryNode) =>
    node.parentId && node.parentId !== node.id ? nodes.get(node.parentId) : undefined;

  const inCycle = (node: CategoryNode) => {
    const seen = new Set<string>([node.id]);
    for (let p = parentOf(node); p; p = parentOf(p)) {
      if (seen.has(p.id)) return true;
      seen.add(p.id);
    }
    return false;
  };

  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = parentOf(node);
    if (parent && !inCycle(node)) parent.children.push(node);
    else roots.push(node);
  }
  sortNodes(roots, true);
  return roots;
}

/**
 * The part of the tree the mega menu shows: the top categories and their
 * subcategory columns. Deeper levels are listed on each category's page, which
 * keeps the menu's markup, sent with every page, small (docs/decisions/0383).
 */
export function menuTree(tree: readonly CategoryNode[], depth = 2): CategoryNode[] {
  const trim = (node: CategoryNode, level: number): CategoryNode => ({
    ...node,
    children: level >= depth ? [] : node.children.map((child) => trim(child, level + 1)),
  });
  return tree.map((node) => trim(node, 1));
}

/** Catalogue link of a category: /productos?categoria={id}&nombre={name}. */
export function categoryHref(category: Pick<Category, "id" | "name">): string {
  const params = new URLSearchParams({ categoria: category.id, nombre: category.name });
  return `/productos?${params.toString()}`;
}
