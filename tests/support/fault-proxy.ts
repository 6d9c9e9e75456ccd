/**
 * A fault proxy between the store and a merchant API, as a flaky network or gateway would be:
 * it forwards every request, and a request that a rule matches gets a bad answer — after the
 * API acted on it (garbage, a 500, a reset connection, silence) or before it ever reached the
 * API (an HTML 502 from a proxy, a reset) — or gets there late.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

type BadAnswer = "garbage" | "500" | "html502" | "reset" | "silence";

type Fault =
  /** Forwarded: the API acts on it; the store gets `answer` instead of the API's answer. */
  | { when: "after"; answer: BadAnswer }
  /** Never forwarded: the API never sees it. */
  | { when: "before"; answer: BadAnswer }
  /** Forwarded `ms` later. */
  | { when: "delay"; ms: number };

interface FaultRule {
  method?: string;
  /** Matched against the path and query, without the proxy's own prefix. */
  path: RegExp;
  fault: Fault;
  /** How many matching requests it applies to (default: every one). */
  times?: number;
}

export interface FaultProxy {
  /** The proxy's origin: the store's API_URL. */
  url: string;
  add(rule: FaultRule): void;
  clear(): void;
  /** "METHOD path" of every request the API received through the proxy. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const rules: FaultRule[] = [];
  const forwarded: string[] = [];
  const hanging = new Set<http.ServerResponse>();

  const badAnswer = (res: http.ServerResponse, answer: BadAnswer) => {
    switch (answer) {
      case "garbage":
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"id": tr…<<');
        return;
      case "500":
        res.writeHead(500, { "Content-Type": "text/html" }).end("<h1>Internal Server Error</h1>");
        return;
      case "html502":
        res.writeHead(502, { "Content-Type": "text/html" }).end("<html><h1>502 Bad Gateway</h1>");
        return;
      case "reset":
        res.socket?.destroy();
        return;
      case "silence":
        hanging.add(res);
        return;
    }
  };

  const forward = (req: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const path = upstream.pathname.replace(/\/$/, "") + (req.url ?? "/");
        forwarded.push(`${req.method} ${req.url}`);
        const call = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            path,
            method: req.method,
            headers: { ...req.headers, host: upstream.host },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("end", () =>
              resolve({
                status: answer.statusCode ?? 502,
                headers: answer.headers,
                body: Buffer.concat(chunks),
              }),
            );
            answer.on("error", reject);
          },
        );
        call.on("error", reject);
        call.end(body);
      },
    );

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answer(req, res, Buffer.concat(chunks)));
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const rule = rules.find(
      (r) =>
        (r.times ?? 0) > 0 && (!r.method || r.method === req.method) && r.path.test(req.url ?? ""),
    );
    if (rule) rule.times = (rule.times ?? 1) - 1;
    const fault = rule?.fault;
    try {
      if (fault?.when === "before") return badAnswer(res, fault.answer);
      if (fault?.when === "delay") await new Promise((r) => setTimeout(r, fault.ms));
      const upstreamAnswer = await forward(req, body);
      if (fault?.when === "after") return badAnswer(res, fault.answer);
      res.writeHead(upstreamAnswer.status, upstreamAnswer.headers).end(upstreamAnswer.body);
    } catch {
      res.socket?.destroy();
    }
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    add: (rule) => rules.unshift({ ...rule, times: rule.times ?? Number.POSITIVE_INFINITY }),
    clear: () => {
      rules.length = 0;
    },
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
