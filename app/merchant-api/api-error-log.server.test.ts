import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "~/platform/logger.server";
import { ApiError } from "./transport.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ ...loggerOptions, level: "info" }, stream), lines };
}

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
