import { describe, expect, it } from "vitest";
import { groupReference } from "./cash";

describe("the reference as printed", () => {
  it("groups it by four", () => {
    expect(groupReference("41234567890124")).toBe("4123 4567 8901 24");
    expect(groupReference("12345678")).toBe("1234 5678");
  });
});
