/**
 * The time the request being answered arrived, carried through all its asynchronous work: the
 * upstream queue serves the oldest request's calls first (docs/decisions/0670). Work nobody waits
 * for (a refresh behind a stale copy) runs as no request's, and so does the work the process
 * starts itself: their calls go by the time they are made, behind the requests already waiting.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const arrivals = new AsyncLocalStorage<number>();

/** Runs a request's work with the time it arrived (`performance.now()`). */
export function inArrivalOrder<T>(arrivedAt: number, work: () => T): T {
  return arrivals.run(arrivedAt, work);
}

/** Runs work that no request waits for as no request's. */
export function behindRequests<T>(work: () => T): T {
  return arrivals.exit(work);
}

/** The arrival of the request whose work this is; for any other work, now. */
export function arrivalTime(): number {
  return arrivals.getStore() ?? performance.now();
}
