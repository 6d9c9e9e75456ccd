/**
 * A GET whose fresh page the page cache gives at once, answered before Express with the same
 * headers, log line and metrics, without its per-request work (about 40 % of such an answer's
 * CPU, docs/decisions/0500). False for anything else, which Express then takes.
 */
import type http from "node:http";
import type { CachedAnswer, PageCache, PersonalSlots, RequestReaders } from "./app-build.ts";
import type { RecordRequest } from "./request-log.ts";

export function createAnswerFromMemory(
  pageCache: PageCache,
  slots: PersonalSlots | undefined,
  readers: RequestReaders,
  headers: Readonly<Record<string, string>>,
  recordRequest: RecordRequest,
) {
  // The header list of each answer the page cache keeps (frozen), with ours, made once: what is
  // left per answer is Node's own writing of it (docs/decisions/0615). An answer made for its
  // request (a shopper's) has its headers and ours merged once, as they are.
  const heads = new WeakMap<CachedAnswer, string[]>();
  function headOf(answer: CachedAnswer): string[] | CachedAnswer["headers"] {
    if (!Object.isFrozen(answer)) return { ...answer.headers, ...headers };
    let head = heads.get(answer);
    if (!head) {
      head = Object.entries({ ...answer.headers, ...headers }).flatMap(([name, value]) =>
        Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, value],
      );
      heads.set(answer, head);
    }
    return head;
  }

  return function answerFromMemory(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.method !== "GET" || !req.url?.startsWith("/")) return false;
    const start = performance.now();
    const request = readers.pageRequestOf(req, req.url);
    const answer = request && pageCache.answerAtOnce(request, slots);
    if (!answer) return false;
    res.writeHead(answer.status, headOf(answer));
    const { body } = answer;
    if (body.length <= 1) {
      // Node writes the header block and the body in one write of the socket.
      res.end(body[0]);
    } else {
      // The pieces leave in one write of the socket too, as they are (with an empty one, end's).
      res.cork();
      for (const piece of body) res.write(piece);
      res.end();
    }
    const at = req.url.indexOf("?");
    const path = at < 0 ? req.url : req.url.slice(0, at);
    recordRequest("GET", path, answer.status, answer.route ?? "other", start);
    return true;
  };
}
