/**
 * The Node server itself: health, caching headers, compression, CSP, request
 * logs, the Origin check behind a TLS proxy and graceful shutdown.
 * Runs once (project "server"), not per browser mode.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { scriptsAfterFirstPaint } from "../../app/platform/after-first-paint.server.ts";
import { STORE_MAIN } from "./support/store-process.ts";

test("GET /healthz says the sandbox is in use", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ok", api: "sandbox", limits: "memory" });
});

test("hashed assets are immutable for a year, other static files short-lived", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset!);
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("pages go out whole and compressed, just rendered or from memory, for anyone and a shopper", async ({
  request,
}) => {
  // Two addresses of a public page no one asked for yet; a cart cookie that reads as an empty
  // cart still makes the answer a shopper's (docs/decisions/0470).
  const [anyone, shopper] = [`/nosotros?v=${randomUUID()}`, `/nosotros?v=${randomUUID()}`];
  const cart = "carrito=x";
  for (const [path, cookie, encoding, state, sent] of [
    [anyone, "", "gzip", "miss", "gzip"], // compressed on the way out
    [anyone, "", "br", "hit", "br"], // compressed once, kept
    [anyone, "", "gzip", "hit", "gzip"], // answered before Express (docs/decisions/0500)
    [shopper, cart, "br", "miss", "br"],
    [shopper, cart, "gzip", "hit", "gzip"], // stitched
    [shopper, cart, "gzip", "hit", "gzip"], // the shopper's slots kept: before Express
    [shopper, cart, "br", "hit", undefined], // a shopper's page is never brotli
  ] as const) {
    const headers = { "Accept-Encoding": encoding, ...(cookie ? { Cookie: cookie } : {}) };
    const res = await request.get(path, { headers });
    const what = `${path} ${cookie} ${encoding}`;
    expect(res.headers()["x-page-cache"], what).toBe(state);
    expect(res.headers()["content-encoding"], what).toBe(sent);
    expect(res.headers()["x-content-type-options"], what).toBe("nosniff");
    const html = await res.text();
    expect(html, what).toMatch(/<\/html>$/);
    // The header's cart count, its words apart for screen readers (docs/decisions/0576).
    expect(html, what).toContain('>0</span><span class="visually-hidden"> productos<');
  }
});

test("a page rendered for one request carries its own nonce, matching its scripts", async ({
  request,
}) => {
  // The cart page is rendered for each request (other pages come from the page cache).
  const personal = { headers: { Cookie: "carrito=x" } };
  const nonces = [];
  for (const res of [
    await request.get("/carrito", personal),
    await request.get("/carrito", personal),
  ]) {
    expect(res.headers()["x-page-cache"]).toBeUndefined();
    const csp = res.headers()["content-security-policy"];
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      // Data blocks (JSON-LD, the shopper's parts) are never run.
      if (/type="application\/(ld\+)?json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("a cached page carries no nonce: its CSP allows each inline script by hash", async ({
  request,
}) => {
  await request.get("/garantias");
  const res = await request.get("/garantias");
  expect(res.headers()["x-page-cache"]).toBe("hit");
  const csp = res.headers()["content-security-policy"];
  expect(csp).not.toContain("nonce");
  expect(csp).not.toContain("unsafe-inline");
  const html = await res.text();
  expect(html).not.toContain("nonce=");
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes]) =>
      !attributes.includes("src=") && !/application\/(ld\+)?json/.test(attributes),
  );
  expect(inline.length).toBeGreaterThan(1);
  const allowed = /script-src ([^;]*)/.exec(csp)![1].split(" ");
  expect(allowed[0]).toBe("'self'");
  const hashes = inline.map(
    ([, , body]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`,
  );
  expect(allowed.slice(1).sort()).toEqual([...new Set(hashes)].sort());
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("React Router's module script still has the shape the first-frame rewrite knows", async ({
  request,
}) => {
  // A React Router upgrade that writes its script another way turns the rewrite off silently
  // (pages load their scripts at once): this names the cause (docs/decisions/0390).
  for (const path of ["/", "/productos", "/producto/18433"]) {
    const html = await (await request.get(path)).text();
    const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const why =
      `${path}: app/platform/after-first-paint.server.ts left React Router's module script ` +
      `as it was (${scriptsAfterFirstPaint(html).skipped}); React Router changed its shape`;
    const deferred =
      !html.includes('rel="modulepreload"') &&
      Boolean(moduleScript?.includes("requestAnimationFrame")) &&
      !/^\s*import\s/m.test(moduleScript ?? "");
    expect(deferred, why).toBe(true);
  }
});

test("a cross-origin POST is rejected", async ({ request }) => {
  const res = await request.post("/login", {
    headers: { Origin: "https://atacante.example" },
    form: { intent: "login", email: "a@b.co", password: "x" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
});

// --- A second server started by the tests, to watch its logs and its shutdown. ---

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [STORE_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitHealthy() {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function exitCode(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
}

// One server behind a (pretended) TLS proxy: its logs are read first, then it is stopped.
test.describe.serial("own server", () => {
  let server: ReturnType<typeof startServer>;
  test.beforeAll(async () => {
    server = startServer({
      TRUST_PROXY: "true",
      PUBLIC_URL: "https://tienda.example.co",
      METRICS_TOKEN: "metricas-0123456789abcdef",
    });
    await waitHealthy();
  });
  test.afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      const exited = exitCode(server.child);
      server.child.kill("SIGTERM");
      await exited;
    }
  });

  test("behind a TLS proxy, a same-site POST passes and logs hold no secrets", async () => {
    const res = await fetch(`http://127.0.0.1:${PORT}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://tienda.example.co",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "tienda.example.co",
        Cookie: "galleta-secreta=valor-secreto-123",
      },
      body: "intent=login&email=cliente%40correo.co&password=clave-secreta-456",
    });
    expect(res.status).not.toBe(400);
    await res.text();
    // The request line is written when the response finishes; on a loaded machine it may lag.
    const findLine = () =>
      server
        .output()
        .split("\n")
        .find((l) => l.includes('"path":"/login"'));
    await expect.poll(findLine, { timeout: 10_000 }).toBeTruthy();
    const logs = server.output();
    const line = findLine();
    expect(line).toBeTruthy();
    const entry = JSON.parse(line!);
    expect(entry).toMatchObject({ method: "POST", path: "/login", status: res.status });
    expect(logs).not.toContain("valor-secreto-123");
    expect(logs).not.toContain("clave-secreta-456");
    expect(logs).not.toContain("cliente@correo.co");
  });

  test("a request to the sandbox's mount is logged and counted under its own path and class", async () => {
    const headers = { "X-Forwarded-Host": "tienda.example.co" };
    const res = await fetch(`http://127.0.0.1:${PORT}/sandbox/correos?pedido=X`, { headers });
    expect(res.status).toBe(404);
    await res.text();
    const line = () =>
      server
        .output()
        .split("\n")
        .find((l) => l.includes('"msg":"request"') && l.includes("correos"));
    await expect.poll(line, { timeout: 10_000 }).toBeTruthy();
    expect(JSON.parse(line()!)).toMatchObject({ method: "GET", path: "/sandbox/correos" });
    const metrics = await fetch(`http://127.0.0.1:${PORT}/metrics`, {
      headers: { Authorization: "Bearer metricas-0123456789abcdef" },
    });
    expect(await metrics.text()).toMatch(
      /tienda_http_requests_total\{route="sandbox",method="GET",status="4xx"\} [1-9]/,
    );
  });

  test("SIGTERM lets the requests in flight finish, on every listening socket, then exits 0", async () => {
    const body = "intent=login&email=&password=";
    // Sixteen connections: the kernel spreads them over the store's listening sockets (0710).
    const requests = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const socket = net.connect(PORT, "127.0.0.1");
        await new Promise<void>((r) => socket.once("connect", () => r()));
        let response = "";
        socket.on("data", (chunk: Buffer) => (response += chunk.toString()));
        const closed = new Promise<void>((r) => socket.once("close", () => r()));
        socket.write(
          [
            "POST /login HTTP/1.1",
            "Host: tienda.example.co",
            "Origin: https://tienda.example.co",
            "Content-Type: application/x-www-form-urlencoded",
            `Content-Length: ${body.length}`,
            "Connection: close",
            "",
            body.slice(0, 10),
          ].join("\r\n"),
        );
        return { socket, closed, response: () => response };
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const exited = exitCode(server.child);
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    for (const { socket } of requests) socket.end(body.slice(10));
    await Promise.all(requests.map(({ closed }) => closed));
    for (const { response } of requests) expect(response()).toMatch(/^HTTP\/1\.1 (200|400)/);
    expect(await exited).toBe(0);
  });
});
