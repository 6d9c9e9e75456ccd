import { describe, expect, it } from "vitest";
import { capture } from "../../tests/support/log-capture";
import { ApiError } from "./transport.server";

describe("logged errors", () => {
  it("an upstream answer is logged without a stack: status, kind and message", () => {
    const { log, lines } = capture();
    log.warn({ err: new ApiError("ID de producto inválido", 400) }, "product load failed");
    expect(lines[0].err).toEqual({
      type: "ApiError",
      message: "ID de producto inválido",
      status: 400,
      kind: "answered",
    });
  });
});
