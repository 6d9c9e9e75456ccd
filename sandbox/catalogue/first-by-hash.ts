/** The related and accessory lists' choice among candidates, without sorting them all. */

/**
 * The first `limit` of `candidates` but `self`, ordered by `group` (smaller first), then as
 * db.ts's HASH_ORDER seeded with `self`, then by id. A pass that keeps the best few: no full sort.
 */
export function firstByHash(
  candidates: readonly number[],
  self: number,
  limit: number,
  group: (id: number) => number,
): number[] {
  const best: Array<{ id: number; group: number; hash: number }> = [];
  if (limit <= 0) return [];
  const before = (a: (typeof best)[number], b: (typeof best)[number]) =>
    a.group !== b.group ? a.group < b.group : a.hash !== b.hash ? a.hash < b.hash : a.id < b.id;
  for (const id of candidates) {
    if (id === self) continue;
    const item = { id, group: group(id), hash: (id * 7919 + self) % 104729 };
    if (best.length === limit && !before(item, best[limit - 1])) continue;
    let at = best.length === limit ? limit - 1 : best.length;
    while (at > 0 && before(item, best[at - 1])) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = item;
    best.length = Math.min(best.length, limit);
  }
  return best.map((item) => item.id);
}
