/** Shared by the page cache's tests. */
import type { CachedAnswer } from "./page-cache.server";

/** An answer from memory as the Fetch Response it is written like. */
export function asResponse(answer: Response | CachedAnswer): Response {
  if (answer instanceof Response) return answer;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const v of [value].flat()) headers.append(name, v);
  }
  const body = answer.status === 304 ? null : new Uint8Array(Buffer.concat(answer.body));
  return new Response(body, { status: answer.status, headers });
}
