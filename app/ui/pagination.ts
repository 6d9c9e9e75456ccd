/**
 * Page slicing and the numbered pager model (first, last, current ± 1, ellipses:
 * docs/decisions/0181).
 */

export interface PageSlice {
  /** 1-based current page, clamped to 1..pageCount. */
  page: number;
  pageCount: number;
  /** Index of the first item on the page (0-based) and one past the last. */
  start: number;
  end: number;
  total: number;
}

export function paginate(total: number, requestedPage: number, pageSize: number): PageSlice {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const start = (page - 1) * pageSize;
  return { page, pageCount, start, end: Math.min(start + pageSize, total), total };
}

export type PagerItem =
  { type: "page"; page: number; current: boolean } | { type: "gap"; key: string };

/**
 * The page numbers to show: the first, the last and the current one with its neighbours
 * within 1; every run of skipped pages becomes one gap (rendered as an ellipsis).
 */
export function pagerItems(page: number, pageCount: number): PagerItem[] {
  if (pageCount <= 1) return [];
  const shown = new Set<number>([1, pageCount]);
  for (let p = page - 1; p <= page + 1; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous > 1) items.push({ type: "gap", key: `gap-${previous}-${p}` });
    items.push({ type: "page", page: p, current: p === page });
    previous = p;
  }
  return items;
}
