/**
 * A logger with the store's options writing into an array, for tests of what a log line holds
 * (the platform's logger, and how the merchant API's errors are logged).
 */
import { Writable } from "node:stream";
import pino from "pino";
import { loggerOptions } from "~/platform/logger.server";

export function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ ...loggerOptions, level: "info" }, stream), lines };
}
