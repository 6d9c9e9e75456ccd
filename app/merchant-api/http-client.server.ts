/**
 * One exchange with the merchant API, as the transport reads it (`Reply`): over Node's HTTP
 * client with connections kept alive for a remote API, or from the embedded sandbox's answer
 * (plain data from its catalogue's thread, docs/decisions/0685). Node's client costs about a
 * third of `fetch`'s CPU per call (no Request, Headers and web streams per call): a first visit
 * makes 5 to over 100 calls (docs/decisions/0585).
 */
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { urlToHttpOptions } from "node:url";
import { rememberedBy } from "../text/normalize.ts";
import type { SandboxAnswer } from "../../sandbox/index.ts";

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

/** An answer of the embedded sandbox, as plain data (sandbox/catalogue-thread.ts). */
export function replyOfAnswer({ status, headers, body }: SandboxAnswer): Reply {
  const bytes = () => (typeof body === "string" ? new Uint8Array(Buffer.from(body)) : body);
  return {
    status,
    ok: status >= 200 && status < 300,
    // Names come lower-cased, as a Fetch response's headers list them.
    header: (name) => headers.find(([key]) => key === name.toLowerCase())?.[1],
    text: () =>
      Promise.resolve(typeof body === "string" ? body : Buffer.from(body).toString("utf8")),
    bytes: () => Promise.resolve(bytes()),
    discard: () => {},
    toResponse: () => new Response(body.length > 0 ? bytes() : null, { status, headers }),
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
 * An origin's parts as Node's client takes them, read once an origin; only those it has, as
 * Node's client and agent copy the options' every key a few times a call.
 */
const originOptions = rememberedBy(
  100,
  (origin: string) => {
    const { protocol, hostname, port, auth } = urlToHttpOptions(new URL(origin));
    return { protocol, hostname, ...(port ? { port } : {}), ...(auth ? { auth } : {}) };
  },
  512,
);

/**
 * A path and query a URL sends as they are: no character it would encode (an apostrophe, in the
 * query of an http URL), no dot segment.
 */
const PLAIN_PATH = /^\/[\w\-.~!$&()*+,;=:@%/?]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;

/**
 * Where a call goes, as the options of Node's client: the URL's origin read once, its path as
 * it is when a URL would not change it. A URL object per call, which Node's client then copies
 * into options, cost about a tenth of a call's CPU (docs/decisions/0680).
 */
function requestTarget(url: string): http.RequestOptions {
  const at = url.indexOf("/", url.indexOf("//") + 2);
  const path = at < 0 ? "/" : url.slice(at);
  if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) {
    return { ...originOptions(at < 0 ? url : url.slice(0, at)), path };
  }
  return urlToHttpOptions(new URL(url));
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
    const target = requestTarget(url);
    const secure = target.protocol === "https:";
    const headers = { ...exchange.headers };
    if (exchange.body !== undefined) {
      headers["Content-Length"] = String(Buffer.byteLength(exchange.body));
    }
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        {
          ...target,
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
