/**
 * More than one instance (docs/decisions/0364): a real Redis (Debian's redis-server, started on a
 * free port) and two store processes against it, reached through a real limited route, the staff
 * sign-in (/admin/ingresar: 5 failed sign-ins per 15 minutes per user name and address, 0400).
 * Failures counted on one instance block the sign-in on the other; a cart made on one is read by
 * the other; a staff session ended on one is refused by the other (0401); bursts of parallel
 * sign-ins, card payments and order lookups split over both pass only the limits' numbers
 * (0510); a Redis stopped with SIGSTOP (its socket open, nothing answering) costs a request its
 * 300 ms deadline, not a hang: a payment goes on, the staff sign-in is refused, /readyz says
 * slow (0512); when Redis goes away the shoppers' limits fail open (logged), the staff sign-in
 * fails closed, and both keep answering; when it comes back the limits are shared again. Runs
 * once, in the "server" project.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { PAYMENT_FIXTURES } from "../../sandbox/fixtures.ts";
import { HttpShopper } from "./support/http-shopper.ts";
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
    /** SIGSTOP and SIGCONT: frozen with its socket open, then going on. */
    signal(signal: NodeJS.Signals) {
      child.kill(signal);
    },
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

async function signInAnswer(store: StoreProcess, password: string, user = STAFF.user) {
  const res = await fetch(`${store.origin}/admin/ingresar`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.origin },
    body: new URLSearchParams({ usuario: user, clave: password }).toString(),
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

    // Bursts split over both instances, from one address: only the limits' numbers pass. On a
    // loaded machine a reservation may miss its 500 ms deadline; the policy then applies (logged):
    // the sign-in refuses unchecked (503), a shopper's request goes on. The exact counts are
    // checked when no reservation failed during the burst.
    const failuresSince = (marks: number[]) =>
      stores.some((store, i) => store.output().slice(marks[i]).includes("store failed"));
    let marks = stores.map((store) => store.output().length);
    const signIns = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInAnswer(stores[i % 2], "clave-equivocada", "rafaga").then((r) => r.status),
      ),
    );
    expect(signIns.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(signIns.filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
    if (!failuresSince(marks)) {
      expect(signIns.filter((status) => status === 401)).toHaveLength(5);
    }
    marks = stores.map((store) => store.output().length);
    const lookups = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(`${stores[i % 2].origin}/mi-cuenta/pedidos`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: stores[i % 2].origin,
          },
          body: "order_id=CARD-1767225600000K7Q2&email=nadie%40example.com",
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    if (!failuresSince(marks)) {
      expect(lookups.filter((status) => status !== 429)).toHaveLength(20);
    }
    // Twelve checkouts, then one declined card paid in all of them at once.
    const shoppers = Array.from({ length: 12 }, () => new HttpShopper());
    const orders = await Promise.all(
      shoppers.map((shopper, i) => shopper.toCardPayment(stores[i % 2].origin)),
    );
    marks = stores.map((store) => store.output().length);
    const declined = await Promise.all(
      shoppers.map((shopper, i) =>
        shopper.payByCard(stores[i % 2].origin, orders[i], PAYMENT_FIXTURES.cards.declined.number),
      ),
    );
    if (!failuresSince(marks)) {
      expect(declined.filter((a) => a.location?.startsWith("/checkout/failure"))).toHaveLength(3);
      expect(declined.filter((a) => a.status === 429)).toHaveLength(9);
    }

    // Redis frozen (SIGSTOP): its socket stays open and nothing answers. Each Redis command
    // costs its deadline: a payment is charged, the staff sign-in refused, /readyz says slow.
    const buyer = new HttpShopper();
    const order = await buyer.toCardPayment(y.origin);
    redis.signal("SIGSTOP");
    try {
      const paid = await buyer.payByCard(
        y.origin,
        order,
        PAYMENT_FIXTURES.cards.approvedVisa.number,
      );
      expect(paid.location).toMatch(/^\/checkout\/success\/card\?id=/);
      expect(await signIn(x, STAFF.password)).toBe(503);
      const ready = await fetch(`${x.origin}/readyz`);
      expect([ready.status, ((await ready.json()) as { limits: string }).limits]).toEqual([
        503,
        "redis-slow",
      ]);
    } finally {
      redis.signal("SIGCONT");
    }
    await until(async () => (await fetch(`${x.origin}/readyz`)).status === 200, "Redis going on");

    // Redis goes away: both keep answering; the shoppers' limits fail open, the staff sign-in
    // fails closed, and they say so.
    await redis.stop("SIGKILL");
    for (const store of stores) {
      await until(async () => (await limitsOf(store)) === "redis-unavailable", "Redis gone");
      expect((await fetch(`${store.origin}/producto/18433`)).status).toBe(200);
    }
    expect(await signIn(y, STAFF.password)).toBe(503);
    // The health answer reads the connection's state, closed at once; the line comes with the
    // client's error event, which may follow with its first failed reconnection.
    await until(
      async () =>
        y
          .output()
          .includes(
            "redis unavailable: shoppers' limits fail open, staff sign-in and sign-out checks fail closed",
          ),
      "the store to say Redis is gone",
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
