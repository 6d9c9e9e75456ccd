import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email";

describe("maskEmail", () => {
  it.each([
    ["ana.gomez@example.com", "a***@example.com"],
    ["  Luis@Correo.co ", "L***@Correo.co"],
    ["x@y.co", "x***@y.co"],
    ['"a@b"@example.com', '"***@example.com'],
  ])("keeps only the first letter and the domain of %j", (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
    expect(maskEmail(input)).not.toContain(input.trim());
  });

  it.each(["sin-arroba", "@example.com", "ana@"])("hides all of %j", (input) => {
    expect(maskEmail(input)).toBe("***");
  });

  it.each([null, undefined, "", "  "])("gives null for %j", (input) => {
    expect(maskEmail(input)).toBeNull();
  });
});
