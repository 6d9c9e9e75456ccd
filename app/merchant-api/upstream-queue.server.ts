/**
 * The upstream calls' slots (API_CONCURRENCY) and the calls waiting for one. A waiting call goes
 * by the time its request arrived, oldest first, not by the time it was made: under load, a
 * request already under way gets its next call before a newer request gets its first, so pages
 * finish about in the order they were asked for, and a page that needs many calls (a category's
 * first read) is not passed by every page that came after it. A call no request waits for goes
 * by the time it was made (`app/platform/arrival.server.ts`, docs/decisions/0670).
 */
import PQueue from "p-queue";
import { arrivalTime } from "~/platform/arrival.server.ts";

export interface UpstreamQueue {
  /** Calls holding a slot. */
  readonly running: number;
  /** Calls waiting for a slot. */
  readonly waiting: number;
  run<T>(call: () => Promise<T>): Promise<T>;
}

export function createUpstreamQueue(concurrency: number): UpstreamQueue {
  const queue = new PQueue({ concurrency });
  return {
    get running() {
      return queue.pending;
    },
    get waiting() {
      return queue.size;
    },
    // p-queue starts the highest priority first: the earliest arrival.
    run: (call) => queue.add(call, { priority: -arrivalTime() }),
  };
}
