/**
 * `node bench/node-floor.ts DIR`: Node's own HTTP server and nothing else, the floor under any
 * Node server (docs/decisions/0505). For `/NAME` it writes the bytes of `DIR/NAME.body` with the
 * headers in `DIR/NAME.headers.json`, read once; anything else is a 404. It listens on a
 * free port of 127.0.0.1 and prints that port.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node bench/node-floor.ts DIR");
  process.exit(2);
}

const answers = new Map<string, { body: Buffer; headers: Record<string, string> }>();

/** `/NAME`'s answer, read on its first request (the bench writes each page's before it asks). */
function answerOf(url: string) {
  let answer = answers.get(url);
  if (!answer && /^\/[\w-]+$/.test(url)) {
    const file = path.join(dir, url.slice(1));
    try {
      const json = readFileSync(`${file}.headers.json`, "utf8");
      answer = {
        body: readFileSync(`${file}.body`),
        headers: JSON.parse(json) as Record<string, string>,
      };
      answers.set(url, answer);
    } catch {
      return undefined;
    }
  }
  return answer;
}

const server = http.createServer((req, res) => {
  const answer = answerOf(req.url ?? "");
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : "");
});
