/**
 * The Node HTTP server, with its limits set on purpose (docs/decisions/0363): request headers
 * (with the request line) up to 16 KB, else 431, and only the first 100 header fields read (Node
 * drops the rest); the headers must arrive within 20 s and the whole request within 30 s, else
 * 408, checked every 5 s (a slow client cannot hold a connection open); an idle keep-alive
 * connection stays open 65 s, longer than the usual 60 s idle timeout of load balancers, so the
 * store never closes a connection a balancer is about to reuse. Bodies and URLs are capped by
 * the request guard (64 KB forms, 4,096-character URLs). Most requests are a fresh page from
 * memory, answered before Express (docs/decisions/0500).
 */
import http from "node:http";
import type express from "express";
import type { ServerHost } from "./app-build.ts";

type Answer = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export function createHttpServer(
  app: express.Express,
  answerFromMemory: Answer | undefined,
  logger: ServerHost["logger"],
): http.Server {
  const server = http.createServer(
    { maxHeaderSize: 16 * 1024, connectionsCheckingInterval: 5_000 },
    (req, res) => {
      let answered = false;
      try {
        answered = answerFromMemory?.(req, res) ?? false;
      } catch (error) {
        // As Express would for a failing middleware: logged, and the request still answered.
        logger.error({ err: error }, "answer from memory failed");
        if (res.headersSent) return void res.destroy();
      }
      if (!answered) void app(req, res);
    },
  );
  server.maxHeadersCount = 100;
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  return server;
}
