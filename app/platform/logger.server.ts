import pino from "pino";

/**
 * An upstream answer (the merchant API's ApiError: a 404, a refused id, an outage) is logged
 * as what it is, status, kind and message, without a stack: it is not a defect of the store.
 * Recognised by name, so this shared module needs no import of the API client.
 */
function serializeError(error: unknown) {
  if (error instanceof Error && error.name === "ApiError") {
    const { status, kind } = error as Error & { status?: unknown; kind?: unknown };
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return { type: error.name, message: error.message, status, kind, cause };
  }
  return error instanceof Error ? pino.stdSerializers.err(error) : error;
}

/** The logger's settings (tests build a logger of their own with them). */
export const loggerOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  serializers: { err: serializeError },
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      "res.headers['set-cookie']",
      "*.card_number",
      "*.cvv2",
      "*.token",
    ],
    censor: "[redacted]",
  },
};

/**
 * The one logger. Redaction is a safety net: request logs are built from an
 * allow-list of fields and never include cookies, tokens or bodies.
 */
export const logger = pino(loggerOptions);
