/**
 * The upstream calls' slots (API_CONCURRENCY) and the calls waiting for one. A waiting call goes
 * by the time its request arrived, oldest first, not by the time it was made: under load, a
 * request already under way gets its next call before a newer request gets its first, so pages
 * finish about in the order they were asked for, and a page that needs many calls (a category's
 * first read) is not passed by every page that came after it (docs/decisions/0670). A refresh a
 * request starts behind a stale copy goes with that request; a call made outside any request (the
 * whole catalogue's read after start) goes by the time it was made, so it waits for the requests
 * already there and no longer.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import PQueue from "p-queue";

const arrivals = new AsyncLocalStorage<number>();

/** Runs a request's work with the time it arrived (`performance.now()`), which orders its calls. */
export function inArrivalOrder<T>(arrivedAt: number, work: () => T): T {
  return arrivals.run(arrivedAt, work);
}

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
    run: (call) => queue.add(call, { priority: -(arrivals.getStore() ?? performance.now()) }),
  };
}
