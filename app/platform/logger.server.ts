import pino from "pino";

/**
 * The one logger. Redaction is a safety net: request logs are built from an
 * allow-list of fields and never include cookies, tokens or bodies.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
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
});
