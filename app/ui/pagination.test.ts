import { describe, expect, it } from "vitest";
import { pagerItems, paginate, type PagerItem } from "./pagination";

/** Compact form: numbers, the current one in brackets, "…" for a gap. */
function show(items: PagerItem[]): string {
  return items
    .map((i) => (i.type === "gap" ? "…" : i.current ? `[${i.page}]` : String(i.page)))
    .join(" ");
}

describe("paginate", () => {
  it("slices a page", () => {
    expect(paginate(50, 2, 12)).toEqual({ page: 2, pageCount: 5, start: 12, end: 24, total: 50 });
    expect(paginate(50, 5, 12)).toMatchObject({ start: 48, end: 50 });
  });
  it("clamps the page into range", () => {
    expect(paginate(50, 99, 12).page).toBe(5);
    expect(paginate(50, 0, 12).page).toBe(1);
  });
  it("has one empty page when there is nothing", () => {
    expect(paginate(0, 3, 12)).toEqual({ page: 1, pageCount: 1, start: 0, end: 0, total: 0 });
  });
});

describe("pagerItems: first, last, current ± 1, ellipses", () => {
  it.each([
    [1, 1, ""],
    [1, 2, "[1] 2"],
    [2, 3, "1 [2] 3"],
    [1, 10, "[1] 2 … 10"],
    [5, 10, "1 … 4 [5] 6 … 10"],
    [3, 10, "1 2 [3] 4 … 10"],
    [4, 10, "1 … 3 [4] 5 … 10"],
    [10, 10, "1 … 9 [10]"],
    [9, 10, "1 … 8 [9] 10"],
  ])("page %i of %i → %s", (page, count, expected) => {
    expect(show(pagerItems(page, count))).toBe(expected);
  });
  it("gives each gap a distinct key", () => {
    const keys = pagerItems(5, 10).flatMap((i) => (i.type === "gap" ? [i.key] : []));
    expect(new Set(keys).size).toBe(2);
  });
});
