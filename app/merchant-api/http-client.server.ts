/**
 * One exchange with the merchant API, as the transport reads it (`Reply`): over Node's HTTP
 * client with connections kept alive for a remote API, or from the embedded sandbox's Fetch
 * response. Node's client costs about a third of `fetch`'s CPU per call (no Request, Headers
 * and web streams per call): a first visit makes 5 to over 100 calls (docs/decisions/0585).
 */
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";

/** An answer's status, headers and body, read once. */
export interface Reply {
  status: number;
  ok: boolean;
  header(name: string): string | undefined;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
  /** Lets the body go unread (the connection is freed). */
  discard(): void;
  /** The answer as a Fetch response whose body is streamed later (a PDF). */
  toResponse(): Response;
}

export interface Exchange {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export function replyOf(response: Response): Reply {
  return {
    status: response.status,
    ok: response.ok,
    header: (name) => response.headers.get(name) ?? undefined,
    text: () => response.text(),
    bytes: async () => new Uint8Array(await response.arrayBuffer()),
    discard: () => void response.body?.cancel().catch(() => {}),
    toResponse: () => response,
  };
}

/** A header Node gives as a list (a repeated header) read as one value, as Fetch does. */
const joined = (value: string | string[]) => (Array.isArray(value) ? value.join(", ") : value);

function replyOfIncoming(message: http.IncomingMessage): Reply {
  const status = message.statusCode ?? 0;
  // Iterating rejects when the connection closes before the body's end.
  const body = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = message.headers[name.toLowerCase()];
      return value === undefined ? undefined : joined(value);
    },
    text: async () => (await body()).toString("utf8"),
    bytes: body,
    discard: () => void message.resume(),
    toResponse: () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(message.headers)) {
        if (value !== undefined) headers.set(name, joined(value));
      }
      return new Response(Readable.toWeb(message) as ReadableStream<Uint8Array>, {
        status,
        headers,
      });
    },
  };
}

/**
 * Sends exchanges over kept-alive connections, at most `maxSockets` to one origin (the
 * transport's concurrency limit already holds the calls back; this bounds the sockets).
 */
export function createHttpClient(maxSockets: number) {
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets }),
    "https:": new https.Agent({ keepAlive: true, maxSockets }),
  };
  return function send(url: string, exchange: Exchange): Promise<Reply> {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    const headers = { ...exchange.headers };
    if (exchange.body !== undefined) {
      headers["Content-Length"] = String(Buffer.byteLength(exchange.body));
    }
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        {
          method: exchange.method,
          headers,
          agent: secure ? agents["https:"] : agents["http:"],
          signal: exchange.signal,
        },
        (message) => resolve(replyOfIncoming(message)),
      );
      request.on("error", reject);
      request.end(exchange.body);
    });
  };
}
