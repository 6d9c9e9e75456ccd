/**
 * More than one instance (docs/decisions/0364): a real Redis (Debian's redis-server, started on a
 * free port) and two store processes against it, reached through a real limited route, the staff
 * sign-in (/admin/ingresar: 5 failed sign-ins per 15 minutes per user name and address, 0400).
 * Failures counted on one instance block the sign-in on the other; a cart made on one is read by
 * the other; a staff session ended on one is refused by the other (0401); when Redis goes away
 * the limits fail open (logged) and both keep answering; when it comes back the limits are
 * shared again. Runs once, in the "server" project.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { errorLines, startStore, type StoreProcess } from "./support/store-process";

const STORE_PORTS = [2, 3].map((n) => Number(process.env.E2E_PORT ?? 3210) + n);
/** The sandbox's demo staff account (README). */
const STAFF = { user: "personal", password: "sandbox-demo" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

async function startRedis(port: number) {
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
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A staff sign-in on one instance: 303 signed in, 401 wrong password, 429 too many failures. */
async function signIn(store: StoreProcess, password: string) {
  return (await signInAnswer(store, password)).status;
}

async function signInAnswer(store: StoreProcess, password: string) {
  const res = await fetch(`${store.origin}/admin/ingresar`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.origin },
    body: new URLSearchParams({ usuario: STAFF.user, clave: password }).toString(),
  });
  await res.arrayBuffer();
  return res;
}

/** The staff tool's status on one instance with a staff cookie: 200, or 303 to the sign-in. */
async function toolStatus(store: StoreProcess, cookie: string) {
  const res = await fetch(`${store.origin}/admin/notificaciones`, {
    redirect: "manual",
    headers: { Cookie: cookie },
  });
  await res.arrayBuffer();
  return res.status;
}

async function limitsOf(store: StoreProcess) {
  const res = await fetch(`${store.origin}/healthz`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { limits: string }).limits;
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
  const stores: StoreProcess[] = [];
  try {
    stores.push(
      ...(await Promise.all(STORE_PORTS.map((port) => startStore(port, { REDIS_URL: redisUrl })))),
    );
    const [x, y] = stores;
    for (const store of stores) {
      await until(async () => (await limitsOf(store)) === "redis", "the stores to use Redis");
    }

    // A cart made on one instance is read by the other: sessions live in signed cookies.
    const added = await fetch(`${x.origin}/carrito`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: x.origin },
      body: "intent=add&productId=18433&quantity=2&redirectTo=/carrito",
    });
    expect(added.status).toBe(303);
    const cookie = added.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const cart = await fetch(`${y.origin}/carrito`, { headers: { Cookie: cookie } });
    expect(await cart.text()).toContain("/producto/18433");

    // A staff session signed out on X is refused on Y: the revocation is shared.
    const signedIn = await signInAnswer(x, STAFF.password);
    expect(signedIn.status).toBe(303);
    const staffCookie = signedIn.headers.getSetCookie()[0].split(";")[0];
    expect(await toolStatus(y, staffCookie)).toBe(200);
    const signedOut = await fetch(`${x.origin}/admin/salir`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: x.origin,
        Cookie: staffCookie,
      },
      body: "",
    });
    expect(signedOut.status).toBe(303);
    expect(await toolStatus(y, staffCookie)).toBe(303);

    // Five failed sign-ins on X: the sixth attempt is refused on Y, even with the right password.
    for (let i = 0; i < 5; i++) expect(await signIn(x, "clave-equivocada")).toBe(401);
    expect(await signIn(y, STAFF.password)).toBe(429);
    expect(await signIn(x, STAFF.password)).toBe(429);

    // Redis goes away: both keep answering; the limits fail open and say so.
    await redis.stop("SIGKILL");
    for (const store of stores) {
      await until(async () => (await limitsOf(store)) === "redis-unavailable", "Redis gone");
      expect((await fetch(`${store.origin}/producto/18433`)).status).toBe(200);
    }
    expect(await signIn(y, STAFF.password)).toBe(303);
    expect(y.output()).toContain(
      "redis unavailable: rate limits and staff sign-out checks fail open",
    );
    expect(y.output()).toContain("rate limit store failed: request allowed");

    // Redis comes back (empty): the limits are shared again.
    redis = await startRedis(redisPort);
    for (const store of stores) {
      await until(async () => (await limitsOf(store)) === "redis", "Redis back");
    }
    for (let i = 0; i < 5; i++) expect(await signIn(y, "clave-equivocada")).toBe(401);
    expect(await signIn(x, STAFF.password)).toBe(429);

    for (const store of stores) expect(errorLines(store.output())).toEqual([]);
  } finally {
    await Promise.all(stores.map((store) => store.stop()));
    await redis.stop();
  }
});
