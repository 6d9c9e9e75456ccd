/**
 * What the store promises under faults (docs/decisions/0366), each against real processes:
 * the merchant API goes down, the API is slow under a burst of shoppers, the session secret is
 * rotated, the sandbox cannot write its catalogue. Redis going away is in
 * instances-server.spec.ts, a full disk under the sandbox's payments in
 * tests/integration/sandbox-disk-full.test.ts. Runs once, in the "server" project.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { STORE_MAIN, startStore, type StoreProcess } from "./support/store-process";

const BASE = Number(process.env.E2E_PORT ?? 3210);
const [SANDBOX_PORT, STORE_PORT, FAKE_API_PORT] = [BASE + 4, BASE + 5, BASE + 6];
const OLD_SECRET = "secreto-anterior-0123456789";
const NEW_SECRET = "secreto-nuevo-0123456789abc";

/** The sandbox served alone over HTTP, as a remote merchant API (npm run sandbox). */
async function startSandboxApi(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["sandbox/serve.ts"], {
    env: { ...process.env, SANDBOX_PORT: String(SANDBOX_PORT), SANDBOX_DATA_DIR: ".data/sandbox" },
    stdio: "ignore",
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${SANDBOX_PORT}/api/marcas`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("the sandbox API did not start");
}

function stopped(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

const form = (origin: string) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: origin,
});

test.describe.configure({ mode: "serial" });

test("a rotated secret keeps carts; the API going down leaves cached pages and a Spanish 503", async () => {
  test.setTimeout(180_000);
  let store: StoreProcess | undefined;
  let sandbox: ChildProcess | undefined;
  try {
    // A cart made while the store signs with the old secret…
    store = await startStore(STORE_PORT, { SESSION_SECRET: OLD_SECRET });
    const added = await fetch(`${store.origin}/carrito`, {
      method: "POST",
      redirect: "manual",
      headers: form(store.origin),
      body: "intent=add&productId=18433&quantity=3&redirectTo=/carrito",
    });
    expect(added.status).toBe(303);
    const cookie = added.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await store.stop();

    // …is still there after the rotation (SESSION_SECRET=new,old), against a remote API.
    sandbox = await startSandboxApi();
    store = await startStore(STORE_PORT, {
      SESSION_SECRET: `${NEW_SECRET},${OLD_SECRET}`,
      API_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      API_TIMEOUT_MS: "3000",
    });
    const cart = await fetch(`${store.origin}/carrito`, { headers: { Cookie: cookie } });
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain("/producto/18433");
    // A cookie no secret signed reads as an empty cart, not as an error.
    const forgedCookie = cookie
      .split("; ")
      .map((pair) => (/carrito=/.test(pair) ? pair.replace(/\.[^.]*$/, ".firma-falsa") : pair))
      .join("; ");
    const forged = await fetch(`${store.origin}/carrito`, { headers: { Cookie: forgedCookie } });
    expect(forged.status).toBe(200);
    expect(await forged.text()).not.toContain("/producto/18433");

    // A page seen before the outage…
    expect((await fetch(`${store.origin}/producto/18433`)).status).toBe(200);
    sandbox.kill("SIGKILL");
    await stopped(sandbox);
    // …still renders from the cache; one never seen is a Spanish 503 that says when to retry.
    const cached = await fetch(`${store.origin}/producto/18433`);
    expect(cached.status).toBe(200);
    const uncached = await fetch(`${store.origin}/producto/10031`);
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get("retry-after")).toBe("10");
    expect(uncached.headers.get("cache-control")).toContain("no-store");
    const page = await uncached.text();
    expect(page).toContain('lang="es');
    expect(page).toContain("Error de red");
    expect(page).not.toMatch(/\n\s+at [^\n]*:\d+:\d+/);
    expect((await fetch(`${store.origin}/healthz`)).status).toBe(200);
  } finally {
    await store?.stop();
    if (sandbox) {
      sandbox.kill("SIGKILL");
      await stopped(sandbox);
    }
  }
});

test("a burst against a slow API: a bounded queue, then a quick Spanish 503 with Retry-After", async () => {
  test.setTimeout(120_000);
  // An API that takes every call and never answers (the store's timeout ends each one).
  let inFlight = 0;
  let mostAtOnce = 0;
  // Every call counts, the whole catalogue's read the store starts on its own too: a call cut
  // by the store's timeout closes its connection (docs/decisions/0520, 0585).
  const held = new Set<http.ServerResponse>();
  const slowApi = http.createServer((req, res) => {
    held.add(res);
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    // A call is over when the store closes its side (the FIN read: the socket's "end"). The
    // response's "close" comes a loop turn later, after the next call may already be read.
    let over = false;
    const end = () => {
      if (over) return;
      over = true;
      inFlight--;
      held.delete(res);
    };
    req.socket.once("end", end);
    res.once("close", end);
  });
  await new Promise<void>((resolve) => slowApi.listen(FAKE_API_PORT, "127.0.0.1", resolve));
  let store: StoreProcess | undefined;
  try {
    store = await startStore(STORE_PORT, {
      API_URL: `http://127.0.0.1:${FAKE_API_PORT}`,
      SESSION_SECRET: NEW_SECRET,
      API_CONCURRENCY: "1",
      API_QUEUE_MAX: "1",
      API_TIMEOUT_MS: "4000",
    });
    const origin = store.origin;
    const ids = ["18433", "10031", "10107", "10194", "12475", "14004"];
    const pages = ids.map((id) => fetch(`${origin}/producto/${id}`));
    // The store keeps answering its health check meanwhile.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    const answers = await Promise.all(
      pages.map(async (p) => {
        const res = await p;
        return {
          status: res.status,
          retry: res.headers.get("retry-after"),
          body: await res.text(),
        };
      }),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.retry).toBe("10");
      expect(answer.body).toContain('lang="es');
    }
    // Past one running call and one waiting, shoppers are told at once to come back.
    expect(answers.some((a) => a.body.includes("atendiendo a muchas personas"))).toBe(true);
    expect(mostAtOnce).toBe(1);
  } finally {
    await store?.stop();
    for (const res of held) res.destroy();
    await new Promise((resolve) => slowApi.close(resolve));
  }
});

test("a sandbox that cannot write its catalogue stops the store with one line", async () => {
  const child = spawn(process.execPath, [STORE_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(STORE_PORT),
      // A folder that cannot be created: the same failed write as a full disk.
      SANDBOX_DATA_DIR: "package.json/sandbox",
      LOG_LEVEL: "warn",
      SESSION_SECRET: NEW_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  await stopped(child);
  expect(child.exitCode).toBe(1);
  expect(stderr.trim().split("\n")).toEqual([
    expect.stringMatching(/^The sandbox catalogue could not be built in SANDBOX_DATA_DIR: ENOTDIR/),
  ]);
});
