/**
 * More than one instance (docs/decisions/0364): a real Redis (Debian's redis-server, started on a
 * free port), two processes holding the same rate limit and two store processes against it.
 * A limit reached through one instance holds on the other; a cart made on one is read by the
 * other; when Redis goes away the limits fail open (logged) and the stores keep answering; when
 * it comes back the limits are shared again. Runs once, in the "server" project.
 *
 * The limit is reached through `LimitedInstance` below. No store route uses a rate limit yet, so
 * today an instance is a probe process holding the limit module exactly as a route would; when
 * the staff sign-in (/admin/ingresar: 5 failed sign-ins per 15 min per user and per address)
 * lands, `attempt` becomes a failed sign-in POST to a store process and `blocked` its refusal.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import readline from "node:readline";
import { expect, test } from "@playwright/test";
import { errorLines, startStore, type StoreProcess } from "./support/store-process";

const STORE_PORTS = [2, 3].map((n) => Number(process.env.E2E_PORT ?? 3210) + n);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

interface RedisProcess {
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function startRedis(port: number): Promise<RedisProcess> {
  const child = spawn(
    process.env.REDIS_SERVER ?? "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.once("error", (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error}`)),
    );
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return {
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** One instance as far as the limit is concerned (see the header). */
interface LimitedInstance {
  /** Counts one attempt for `key`; whether it was allowed. */
  attempt(key: string): Promise<boolean>;
  /** Whether `key` is over the limit, without counting an attempt. */
  blocked(key: string): Promise<boolean>;
  /** "redis", "redis-unavailable" or "memory". */
  store(): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

async function startLimitedInstance(redisUrl: string): Promise<LimitedInstance> {
  const child: ChildProcess = spawn(process.execPath, ["tests/e2e/support/limit-probe.ts"], {
    env: { ...process.env, REDIS_URL: redisUrl, LOG_LEVEL: "info", LIMIT_NAME: "instancias" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const replies: Array<(value: unknown) => void> = [];
  let ready: (store: string) => void;
  const connected = new Promise<string>((resolve) => (ready = resolve));
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    output += `${line}\n`;
    const message = JSON.parse(line) as { reply?: unknown; store?: string };
    if ("store" in message) ready(message.store!);
    if ("reply" in message) replies.shift()?.(message.reply);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ask = <T>(line: string) =>
    new Promise<T>((resolve) => {
      replies.push(resolve as (value: unknown) => void);
      child.stdin!.write(`${line}\n`);
    });
  expect(await connected).toBe("redis");
  return {
    attempt: async (key) => (await ask<{ allowed: boolean }>(`consume ${key}`)).allowed,
    blocked: async (key) => (await ask<{ blocked: boolean }>(`blocked ${key}`)).blocked,
    store: () => ask<string>("store"),
    output: () => output,
    async stop() {
      child.stdin!.end();
      await exited;
    },
  };
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`waited 10 s for ${what}`);
}

test("two instances share their limits through Redis and keep answering without it", async () => {
  test.setTimeout(180_000);
  const redisPort = Number(process.env.REDIS_TEST_PORT) || (await freePort());
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  let redis = await startRedis(redisPort);
  const limited: LimitedInstance[] = [];
  const stores: StoreProcess[] = [];
  try {
    limited.push(await startLimitedInstance(redisUrl), await startLimitedInstance(redisUrl));
    const [a, b] = limited;
    stores.push(
      ...(await Promise.all(STORE_PORTS.map((port) => startStore(port, { REDIS_URL: redisUrl })))),
    );
    const [x, y] = stores;

    // A limit of 2 reached through A holds on B, for that key only.
    const key = `ip:203.0.113.${Date.now() % 250}`;
    expect(await a.attempt(key)).toBe(true);
    expect(await a.attempt(key)).toBe(true);
    expect(await b.attempt(key)).toBe(false);
    expect(await b.blocked(key)).toBe(true);
    expect(await a.blocked(key)).toBe(true);
    expect(await b.attempt(`${key}0`)).toBe(true);

    // Both stores keep their limits in Redis, and a cart made on one is read by the other.
    for (const store of stores) {
      const health = await fetch(`${store.origin}/healthz`);
      expect(await health.json()).toMatchObject({ status: "ok", limits: "redis" });
    }
    const added = await fetch(`${x.origin}/carrito`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: x.origin },
      body: "intent=add&productId=18433&quantity=2&redirectTo=/carrito",
    });
    expect(added.status).toBe(303);
    const cookie = added.headers.getSetCookie().map((c) => c.split(";")[0]);
    const cart = await fetch(`${y.origin}/carrito`, { headers: { Cookie: cookie.join("; ") } });
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain("/producto/18433");

    // Redis goes away: the limits fail open and say so; the stores keep answering.
    await redis.stop("SIGKILL");
    const open = `ip:198.51.100.${Date.now() % 250}`;
    for (let i = 0; i < 3; i++) expect(await a.attempt(open)).toBe(true);
    expect(await b.attempt(open)).toBe(true);
    expect(a.output()).toContain("rate limit store failed: request allowed");
    for (const store of stores) {
      expect((await fetch(`${store.origin}/producto/18433`)).status).toBe(200);
      await until(async () => {
        const health = await fetch(`${store.origin}/healthz`);
        expect(health.status).toBe(200);
        const { limits } = (await health.json()) as { limits: string };
        return limits === "redis-unavailable";
      }, "the store to see Redis gone");
      expect(store.output()).toContain("redis unavailable: rate limits fail open");
    }

    // Redis comes back (empty): the limits are shared again.
    redis = await startRedis(redisPort);
    await until(async () => (await a.store()) === "redis" && (await b.store()) === "redis", "A, B");
    const again = `ip:192.0.2.${Date.now() % 250}`;
    expect(await b.attempt(again)).toBe(true);
    expect(await b.attempt(again)).toBe(true);
    expect(await a.attempt(again)).toBe(false);
    await until(async () => {
      const health = (await (await fetch(`${y.origin}/healthz`)).json()) as { limits: string };
      return health.limits === "redis";
    }, "the store to reconnect");

    for (const store of stores) expect(errorLines(store.output())).toEqual([]);
  } finally {
    await Promise.all([...limited, ...stores].map((p) => p.stop()));
    await redis.stop();
  }
});
