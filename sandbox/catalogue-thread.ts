/**
 * The embedded sandbox's catalogue on a thread of its own (docs/decisions/0685). Reading SQLite
 * and writing the answers was a sixth of the store's main thread in a crawl (0680), and the
 * pages of every shopper waited behind it: a merchant's API does that work on its own machine.
 * The payments side stays on the main thread with its state (orders, the token calls' limits).
 *
 * This module is both ends. Imported, it starts the thread (`startCatalogueThread`); run as the
 * thread's main module (its own URL: in the build, the chunk that holds it), it serves the calls.
 */
import {
  isMainThread,
  parentPort,
  type MessagePort,
  Worker,
  workerData,
} from "node:worker_threads";
import type { Hono } from "hono";
import { CatalogueStore } from "./catalogue/db.ts";
import { CATALOGUE_UNAVAILABLE, plainError } from "./http.ts";
import { createSandboxApp } from "./router.ts";

/** A call to the sandbox as plain data (it crosses to the thread). */
export interface SandboxCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Where its URLs for browsers point: "/sandbox", or "" for the request's own origin. */
  publicBase: string;
}

/** An answer as plain data: the body as text when it is text (JSON, SVG), else its bytes. */
export interface SandboxAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: string | Uint8Array<ArrayBuffer>;
}

export interface CatalogueThread {
  /** Settled once the thread has opened the catalogue (rejected when it could not). */
  ready: Promise<void>;
  /** The sandbox's answer; a 503 (logged) when the thread stopped before answering. */
  call(call: SandboxCall): Promise<SandboxAnswer>;
}

const ROLE = "sandbox-catalogue";

type Outcome = { id: number; answer: SandboxAnswer } | { id: number; failure: string };
type Hello = { ready: true } | { ready: false; failure: string };
type Waiting = (answer: SandboxAnswer) => void;

/**
 * The catalogue's thread over the built file. A thread that stops (an uncaught error, a file it
 * cannot open) answers the calls it held with a 503 and is started again by the next call. It
 * never keeps the process alive by itself: only while a call waits for it.
 */
export function startCatalogueThread(file: string): CatalogueThread {
  const waiting = new Map<number, Waiting>();
  let nextId = 0;

  /** A thread, and when it has opened the catalogue. */
  function start(): [Worker, Promise<void>] {
    const thread = new Worker(new URL(import.meta.url), { workerData: { role: ROLE, file } });
    thread.unref();
    const ready = new Promise<void>((resolve, reject) => {
      thread.once("message", (hello: Hello) =>
        hello.ready ? resolve() : reject(new Error(hello.failure)),
      );
      thread.once("exit", () =>
        reject(new Error("the catalogue thread stopped before opening the catalogue")),
      );
    });
    ready.catch(() => {}); // reported through `ready` (the first thread's) and 503s
    thread.on("message", (message: Outcome | Hello) => {
      if (!("id" in message)) return;
      const answer = waiting.get(message.id);
      if (!answer) return;
      waiting.delete(message.id);
      if (waiting.size === 0) thread.unref();
      if ("answer" in message) return answer(message.answer);
      console.error("sandbox: catalogue call failed", message.failure);
      answer(plainError(500, "Error interno del sandbox"));
    });
    thread.on("error", (error) => console.error("sandbox: catalogue thread failed", error));
    thread.on("exit", () => {
      if (worker === thread) worker = undefined;
      for (const answer of waiting.values()) answer(plainError(503, CATALOGUE_UNAVAILABLE));
      waiting.clear();
    });
    return [thread, ready];
  }

  const [first, ready] = start();
  let worker: Worker | undefined = first;
  return {
    ready,
    call(call) {
      const thread = (worker ??= start()[0]);
      const id = nextId++;
      if (waiting.size === 0) thread.ref();
      return new Promise<SandboxAnswer>((resolve) => {
        waiting.set(id, resolve);
        thread.postMessage({ id, call });
      });
    },
  };
}

/** Bodies read as text: what the catalogue sends as JSON, text or SVG. */
const TEXT_TYPE = /^(application\/json|text\/|image\/svg\+xml)/i;

/** A Fetch response as plain data (the body read whole). */
export async function answerOf(response: Response): Promise<SandboxAnswer> {
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    headers: [...response.headers],
    body: TEXT_TYPE.test(type)
      ? await response.text()
      : new Uint8Array(await response.arrayBuffer()),
  };
}

/** Statuses whose answers have no body (a Fetch response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** Plain data as a Fetch response again. */
export function responseOf(answer: SandboxAnswer): Response {
  const empty = answer.body.length === 0 || NO_BODY.has(answer.status);
  return new Response(empty ? null : (answer.body as BodyInit), {
    status: answer.status,
    headers: answer.headers,
  });
}

/** The thread's side: open the catalogue, then answer each call with the sandbox's router. */
function serve(port: MessagePort, file: string) {
  let store: CatalogueStore;
  try {
    store = new CatalogueStore(file);
  } catch (error) {
    port.postMessage({ ready: false, failure: String(error) } satisfies Hello);
    process.exit(1); // ends this thread: the calls sent meanwhile are answered 503
  }
  const apps = new Map<string, Hono>();
  const appFor = (publicBase: string) => {
    let app = apps.get(publicBase);
    if (!app) apps.set(publicBase, (app = createSandboxApp({ catalogue: store, publicBase })));
    return app;
  };
  port.on("message", ({ id, call }: { id: number; call: SandboxCall }) => {
    void (async () => {
      try {
        const { method, url, headers, body } = call;
        const response = await appFor(call.publicBase).fetch(
          new Request(url, { method, headers, body }),
        );
        const answer = await answerOf(response);
        const moved = typeof answer.body === "string" ? [] : [answer.body.buffer];
        port.postMessage({ id, answer } satisfies Outcome, moved);
      } catch (error) {
        port.postMessage({ id, failure: String(error) } satisfies Outcome);
      }
    })();
  });
  port.postMessage({ ready: true } satisfies Hello);
}

if (!isMainThread && parentPort && (workerData as { role?: string } | null)?.role === ROLE) {
  serve(parentPort, (workerData as { file: string }).file);
}
