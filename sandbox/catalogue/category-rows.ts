/**
 * The category tree as rows (ids, levels, pre-order positions, the brands and kind of each),
 * and the weights that spread products over its leaves.
 */
import { TOP_CATEGORIES } from "../../app/merchant-api/product.ts";
import { TREE } from "./catalog-tree.ts";
import type { Overrides } from "./catalog-tree.ts";

export interface CategoryRow {
  id: string;
  name: string;
  level: 1 | 2 | 3;
  parentId: string | null;
  /** Position in the tree (pre-order), for a stable listing order. */
  position: number;
  kind: string | null;
  noun: string | null;
  brands: readonly string[];
  overrides?: Overrides;
}

export function buildCategoryTree(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  let l2 = 0;
  let l3 = 0;
  for (const top of TOP_CATEGORIES) {
    const group = TREE.find((g) => g.id === top.id);
    if (!group) throw new Error(`Missing tree for group ${top.id}`);
    const groupBrands = [...new Set(group.subs.flatMap((s) => s.brands))];
    rows.push({
      id: top.id,
      name: top.name,
      level: 1,
      parentId: null,
      position: rows.length,
      kind: null,
      noun: null,
      brands: groupBrands,
    });
    for (const s of group.subs) {
      const subId = String(200 + l2 * 3);
      l2++;
      rows.push({
        id: subId,
        name: s.name,
        level: 2,
        parentId: top.id,
        position: rows.length,
        kind: s.kind,
        noun: null,
        brands: s.brands,
      });
      for (const [name, noun, kind, overrides] of s.leaves) {
        const leafId = String(1000 + l3 * 7);
        l3++;
        rows.push({
          id: leafId,
          name,
          level: 3,
          parentId: subId,
          position: rows.length,
          kind: kind ?? s.kind,
          noun,
          brands: s.brands,
          overrides,
        });
      }
    }
  }
  return rows;
}

interface LeafPick {
  top: CategoryRow;
  sub: CategoryRow;
  leaf: CategoryRow;
}

/** Cumulative weights over every leaf: group weight × sub weight ÷ leaves. */
export function leafTable(rows: CategoryRow[]): { cumulative: number[]; picks: LeafPick[] } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const picks: LeafPick[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const group of TREE) {
    const groupSubWeight = group.subs.reduce((a, s) => a + s.weight, 0);
    const subRows = rows.filter((r) => r.level === 2 && r.parentId === group.id);
    group.subs.forEach((s, i) => {
      const subRow = subRows[i];
      const leaves = rows.filter((r) => r.parentId === subRow.id);
      for (const leaf of leaves) {
        total += (group.weight * s.weight) / groupSubWeight / leaves.length;
        cumulative.push(total);
        picks.push({ top: byId.get(group.id)!, sub: subRow, leaf });
      }
    });
  }
  return { cumulative: cumulative.map((c) => c / total), picks };
}

export function pickWeighted(cumulative: number[], u: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
