/**
 * A process holding one rate limit through app/platform/rate-limit.server.ts, as a store
 * instance does: `createRateLimit({ name, points: 2, durationSeconds: 60 }, REDIS_URL)`. It
 * answers lines on stdin, `consume <key>`, `blocked <key>` and `store`, with one JSON line
 * `{"reply": …}` on stdout, after a first `{"store": …}` line once it is connected (the logger
 * writes its own JSON lines there too).
 */
import readline from "node:readline";
import { createRateLimit, rateLimitStore } from "../../../app/platform/rate-limit.server.ts";

const limit = createRateLimit(
  { name: process.env.LIMIT_NAME ?? "x", points: 2, durationSeconds: 60 },
  process.env.REDIS_URL,
);
// Like a store instance, which opens the connection at start, it takes commands once connected.
for (let i = 0; i < 100 && rateLimitStore(process.env.REDIS_URL) === "redis-unavailable"; i++) {
  await new Promise((r) => setTimeout(r, 50));
}
process.stdout.write(`${JSON.stringify({ store: rateLimitStore(process.env.REDIS_URL) })}\n`);

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [command, key] = line.trim().split(" ");
  const reply =
    command === "consume"
      ? await limit.consume([key])
      : command === "blocked"
        ? await limit.isBlocked([key])
        : rateLimitStore(process.env.REDIS_URL);
  process.stdout.write(`${JSON.stringify({ reply })}\n`);
}
process.exit(0);
