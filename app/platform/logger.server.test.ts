import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logger.server";

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
  it("a defect keeps its stack", () => {
    const { log, lines } = capture();
    log.error({ err: new TypeError("x is undefined") }, "unhandled error");
    expect(lines[0].err).toMatchObject({ type: "TypeError", message: "x is undefined" });
    expect(String((lines[0].err as { stack: string }).stack)).toContain("logger.server.test");
  });
});
