import { describe, expect, it } from "vitest";
import { isValidOrderId, newOrderId, type RandomSource } from "./order-id";

/** A random source that hands out the given bytes in order, then zeros. */
function bytes(...values: number[]): RandomSource & { calls: number } {
  const queue = [...values];
  return {
    calls: 0,
    getRandomValues(array: Uint8Array<ArrayBuffer>) {
      this.calls++;
      for (let i = 0; i < array.length; i++) array[i] = queue.shift() ?? 0;
      return array;
    },
  };
}

const NOW = 1_767_225_600_000; // 2026-01-01T00:00:00Z

describe("newOrderId", () => {
  it.each([
    ["openpay", "CARD-1767225600000"],
    ["pse", "PSE-1767225600000"],
  ] as const)("starts a %s order id with %s", (method, start) => {
    const id = newOrderId(method, NOW, bytes(0, 1, 2, 3));
    expect(id).toBe(`${start}0123`);
  });

  it("maps random bytes onto digits and upper-case letters", () => {
    expect(newOrderId("pse", NOW, bytes(10, 35, 36, 71))).toBe("PSE-1767225600000AZ0Z");
  });

  it("draws again for bytes 252 to 255, so no character is favoured", () => {
    const random = bytes(252, 253, 254, 255, 255, 254, 253, 252, 1, 2, 3, 4);
    expect(newOrderId("openpay", NOW, random)).toBe("CARD-17672256000001234");
    expect(random.calls).toBe(2);
  });

  it("pads an early timestamp to 13 digits", () => {
    expect(newOrderId("pse", 42, bytes(0, 0, 0, 0))).toBe("PSE-00000000000420000");
  });

  it.each([-1, 1.5, Number.NaN, 10_000_000_000_000, Number.POSITIVE_INFINITY])(
    "refuses the timestamp %d",
    (now) => {
      expect(() => newOrderId("pse", now, bytes())).toThrow(RangeError);
    },
  );

  it("uses the current time and Web Crypto by default", () => {
    const before = Date.now();
    const id = newOrderId("openpay");
    const after = Date.now();
    expect(isValidOrderId(id)).toBe(true);
    const stamp = Number(id.slice(5, 18));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(after);
  });

  it("gives distinct ids within the same millisecond", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newOrderId("pse", NOW)));
    expect(ids.size).toBeGreaterThan(195);
    for (const id of ids) expect(id).toMatch(/^PSE-1767225600000[0-9A-Z]{4}$/);
  });
});

describe("isValidOrderId", () => {
  it.each([
    "PSE-1767225600000AB12",
    "CARD-17672256000000000",
    "ORDER-1767225600000ZZZZ",
    "CARD-1767225600000ab12", // older ids with lower-case letters
  ])("accepts %s", (id) => {
    expect(isValidOrderId(id)).toBe(true);
  });

  it.each([
    "",
    "TR-1767225600000AB12", // transfer prefix is not an order id format
    "pse-1767225600000AB12",
    "PSE1767225600000AB12",
    "PSE-176722560000AB12", // 12 digits
    "PSE-17672256000000AB12", // 14 digits then 4: the suffix would be '0AB1' plus '2'
    "PSE-1767225600000AB1",
    "PSE-1767225600000AB123",
    "PSE-1767225600000AB-2",
    " PSE-1767225600000AB12",
    "PSE-1767225600000AB12\n",
    "CARD-1767225600000ÁB12",
  ])("rejects %j", (id) => {
    expect(isValidOrderId(id)).toBe(false);
  });
});
