/**
 * The limits against a real Redis (Debian's redis-server on a free port): a burst of parallel
 * reservations passes only the limit's number, as in memory; a frozen Redis (SIGSTOP: its socket
 * stays open and nothing answers) costs each command its deadline, never a hang, and the
 * readiness probe calls it slow.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeRateLimitStore,
  connectRateLimitStore,
  createRateLimit,
  probeRateLimitStore,
} from "./rate-limit.server";
import { createRevocationList } from "./revocation.server";

let redis: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  redis = spawn(
    process.env.REDIS_SERVER ?? "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    redis.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    redis.once("error", reject);
  });
  url = `redis://127.0.0.1:${port}`;
  expect(await connectRateLimitStore(url)).toBe("redis");
});

afterAll(async () => {
  redis.kill("SIGCONT");
  await closeRateLimitStore();
  redis.kill("SIGTERM");
});

describe("reserve (Redis)", () => {
  it("lets exactly `points` of a burst of parallel reservations through", async () => {
    const limit = createRateLimit({ name: "burst", points: 5, durationSeconds: 60 }, url);
    const answers = await Promise.all(Array.from({ length: 60 }, () => limit.reserve("pair")));
    expect(answers.filter((a) => a.failed)).toEqual([]);
    expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    await limit.giveBack("pair");
    expect((await limit.reserve("pair")).allowed).toBe(true);
  });
});

describe("a frozen Redis", () => {
  it("costs each command its deadline, then the policies apply; readiness says slow", async () => {
    const limit = createRateLimit({ name: "frozen", points: 5, durationSeconds: 60 }, url);
    const list = createRevocationList({ name: "frozen", redisUrl: url });
    redis.kill("SIGSTOP");
    try {
      // Without a deadline these would wait until SIGCONT, past the test's own timeout.
      const [reserved, revoked, store] = await Promise.all([
        limit.reserve("k"),
        list.isRevoked("sid"),
        probeRateLimitStore(url),
      ]);
      expect(reserved).toMatchObject({ allowed: true, failed: true });
      expect(revoked).toBe(true);
      expect(store).toBe("redis-slow");
    } finally {
      redis.kill("SIGCONT");
    }
    expect(await probeRateLimitStore(url)).toBe("redis");
    expect((await limit.reserve("k")).failed).toBe(false);
  });
});
