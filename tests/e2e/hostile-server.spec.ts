/**
 * The hostile corpus (tests/e2e/support/hostile-corpus.ts) against a production store process of
 * its own: no 5xx, no reflected markup, no stack or internal message in a body, no redirect off
 * the site, the guard's refusals where the corpus knows them, nothing logged as an error, and
 * the store healthy afterwards. Runs once, in the "server" project (the name ends in
 * server.spec.ts).
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { buildCorpus, type HostileRequest, REFLECTED } from "./support/hostile-corpus";
import { errorLines, startStore, type StoreProcess } from "./support/store-process";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 1;
const PARALLEL = 8;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(agent: http.Agent, request: HostileRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers: Record<string, string | number> = { ...request.headers };
    if (body && !request.chunked) headers["Content-Length"] = body.length;
    const req = http.request(
      { host: "127.0.0.1", port: PORT, method: request.method, path: request.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("no answer in 30 s")));
    // A refusal may close the connection before a large body is written: the answer counts.
    req.on("error", reject);
    if (body && request.chunked) {
      for (let i = 0; i < body.length; i += 8_192) req.write(body.subarray(i, i + 8_192));
      req.end();
    } else {
      req.end(body);
    }
  });
}

const STACK = [/\n\s+at [^\n]*:\d+:\d+/, /node:internal/, /Unexpected Server Error/, /file:\/\//];

/** Every way an answer can be wrong; empty when it is right. */
function problems(request: HostileRequest, answer: Answer): string[] {
  const out: string[] = [];
  if (answer.status >= 500) out.push(`status ${answer.status}`);
  if (request.expect && !request.expect.includes(answer.status)) {
    out.push(`status ${answer.status}, expected ${request.expect.join("/")}`);
  }
  if (answer.status === 405 && !request.path.startsWith("/sandbox")) {
    const allow = String(answer.headers.allow ?? "");
    if (!/^GET, HEAD(, POST)?$/.test(allow) || allow.includes(request.method)) {
      out.push(`405 with Allow "${allow}"`);
    }
  }
  // Markup inside JSON or a data request's stream is data, never parsed as a document.
  const type = String(answer.headers["content-type"] ?? "");
  const parsedAsMarkup = !/^(application\/json|text\/x-script)/.test(type);
  if (parsedAsMarkup && REFLECTED.some((pattern) => pattern.test(answer.body))) {
    out.push(`markup reflected (${type})`);
  }
  if (STACK.some((pattern) => pattern.test(answer.body))) out.push("stack or internal message");
  const location = answer.headers.location;
  if (
    location &&
    !/^\/(?!\/)/.test(location) &&
    !location.startsWith(`http://127.0.0.1:${PORT}/`)
  ) {
    out.push(`redirect to ${location}`);
  }
  return out;
}

let store: StoreProcess;

test.describe.serial("hostile requests", () => {
  test.beforeAll(async () => {
    store = await startStore(PORT);
  });
  test.afterAll(async () => {
    await store?.stop();
  });

  test("over 2,000 hostile requests: no 5xx, nothing reflected, no stack, nothing logged as an error", async () => {
    test.setTimeout(240_000);
    // Signed in as staff first (the sandbox's demo account), for the staff forms: the corpus
    // then fails the sign-in often enough to be refused for a while.
    const signedIn = await fetch(`${store.origin}/admin/ingresar`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.origin },
      body: "usuario=personal&clave=sandbox-demo&volver=/admin/notificaciones",
    });
    expect(signedIn.status).toBe(303);
    const staffCookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const corpus = buildCorpus(store.origin, staffCookie);
    expect(corpus.length).toBeGreaterThanOrEqual(2_000);

    const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < corpus.length) {
          const request = corpus[next++];
          const label = `${request.method} ${request.path.slice(0, 120)}`;
          try {
            const answer = await send(agent, request);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            for (const problem of problems(request, answer)) failures.push(`${label}: ${problem}`);
          } catch (error) {
            failures.push(`${label}: ${(error as Error).message}`);
          }
        }
      }),
    );
    agent.destroy();

    expect(failures.slice(0, 40)).toEqual([]);
    // The corpus reaches the pages, the actions and every refusal of the guard.
    for (const status of [200, 303, 400, 404, 405, 413, 414, 415]) {
      expect(statuses.get(status) ?? 0, `answers with status ${status}`).toBeGreaterThan(0);
    }

    const health = await fetch(`${store.origin}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`${store.origin}/producto/18433`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(errorLines(store.output()).slice(0, 10)).toEqual([]);
  });
});
