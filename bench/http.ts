/**
 * The bench's client: keep-alive HTTP requests to a port on 127.0.0.1, their latencies and
 * statuses (`Tally`), and number formatting for its tables.
 */
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  ms: number;
  /** Time to the answer's status line and headers (its first bytes), in ms. */
  ttfb: number;
  /** The body as received (still compressed when it was sent so), only with `keep`. */
  bytes: Buffer;
  body: string;
  encoding: string;
  cookies: string[];
  headers: http.IncomingHttpHeaders;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Keep the body (otherwise it is read and dropped). */
  keep?: boolean;
}

export function send(port: number, path: string, options: RequestOptions = {}): Promise<Answer> {
  const start = performance.now();
  const failed = (): Answer => ({
    status: 0,
    ms: performance.now() - start,
    ttfb: performance.now() - start,
    bytes: Buffer.alloc(0),
    body: "",
    encoding: "",
    cookies: [],
    headers: {},
  });
  return new Promise((resolve) => {
    // Compressed, as browsers ask for it.
    const headers: Record<string, string | number> = {
      "accept-encoding": "br, gzip",
      ...options.headers,
    };
    if (options.body !== undefined) headers["content-length"] = Buffer.byteLength(options.body);
    const req = http.request(
      { host: "127.0.0.1", port, path, agent, headers, method: options.method ?? "GET" },
      (res) => {
        const ttfb = performance.now() - start;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (options.keep) chunks.push(chunk);
        });
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            ttfb,
            bytes,
            body: bytes.toString(),
            encoding: res.headers["content-encoding"] ?? "identity",
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]),
            headers: res.headers,
          });
        });
        res.on("error", () => resolve(failed()));
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on("error", () => resolve(failed()));
    req.end(options.body);
  });
}

/** Closes the kept-alive connections, so the process can end. */
export function closeConnections() {
  agent.destroy();
}

export class Tally {
  readonly latencies: number[] = [];
  readonly statuses = new Map<number, number>();
  errors = 0;
  add(answer: Answer, ok: (status: number) => boolean = (s) => s >= 200 && s < 400) {
    this.latencies.push(answer.ms);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (!ok(answer.status)) this.errors++;
  }
  percentile(p: number) {
    return percentile(this.latencies, p);
  }
  get count() {
    return this.latencies.length;
  }
  get max() {
    // A loop, not a spread: past about 120,000 answers the arguments overflow the stack.
    return this.latencies.reduce((most, ms) => (ms > most ? ms : most), 0);
  }
  statusList() {
    return [...this.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s || "failed"}×${n}`)
      .join(" ");
  }
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The value at fraction `p` of `values` in order (the one at or just above it); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** The middle value (the upper of the two middle ones for an even count); 0 for none. */
export const median = (values: readonly number[]) => percentile(values, 0.5);
