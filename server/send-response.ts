/** Writing answers made elsewhere (Fetch responses, the page cache's) to a Node response. */
import http from "node:http";
import { sendResponse as writeResponse } from "@remix-run/node-fetch-server";
import type express from "express";

/** An answer from the page cache: the status, its headers and the pieces of its body. */
export interface PiecesAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: readonly Buffer[];
}

/** Writes a Fetch response, with the standard reason phrase when it has none ("200 OK"). */
export function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (response.statusText || !http.STATUS_CODES[response.status]) {
    return writeResponse(res, response);
  }
  const { status, headers, body } = response;
  return writeResponse(
    res,
    new Response(body, { status, statusText: http.STATUS_CODES[status], headers }),
  );
}

/**
 * A document the app rendered, written in one piece from its bytes (`takeRenderedBytes`): no
 * stream to read, the answer's status and headers as `sendResponse` writes them (0720).
 */
export function writeRendered(res: http.ServerResponse, response: Response, body: Buffer): void {
  const headers: Record<string, string | string[]> = {};
  // Each Set-Cookie on its own line: the Fetch headers join every other repeated name.
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const reason = response.statusText || http.STATUS_CODES[response.status];
  res.writeHead(response.status, reason, headers);
  res.end(body);
}

/**
 * An answer from the page cache, written in one go: as it is, or (a shopper's page just stored,
 * plain) through the compression middleware like any rendered page.
 */
export function writeCached(res: express.Response, answer: PiecesAnswer): void {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body.length === 1 ? answer.body[0] : Buffer.concat(answer.body));
}

/** A staff answer, never kept by a shared cache for the next visitor. */
export function privateAnswer(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  const { status, statusText, body } = response;
  return new Response(body, { status, statusText, headers });
}
