import { describe, expect, it } from "vitest";
import { capture } from "../../tests/support/log-capture";

describe("logged errors", () => {
  it("a defect keeps its stack", () => {
    const { log, lines } = capture();
    log.error({ err: new TypeError("x is undefined") }, "unhandled error");
    expect(lines[0].err).toMatchObject({ type: "TypeError", message: "x is undefined" });
    expect(String((lines[0].err as { stack: string }).stack)).toContain("logger.server.test");
  });
});
