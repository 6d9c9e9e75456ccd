import { describe, expect, it } from "vitest";
import { type Answer, Tally } from "./http.ts";

const answer = (ms: number, status = 200) => ({ status, ms }) as Answer;

describe("Tally", () => {
  it("reads the slowest of a long run (2,000,000 answers)", () => {
    const tally = new Tally();
    for (let i = 0; i < 2_000_000; i++) tally.add(answer(i === 1_234_567 ? 987 : i % 300));
    expect(tally.max).toBe(987);
    expect(tally.count).toBe(2_000_000);
    expect(tally.percentile(0.5)).toBe(149);
  });

  it("says 0 for the slowest of no answer", () => {
    expect(new Tally().max).toBe(0);
  });
});
