/**
 * Submits of one order run one after another in this process: a burst of clicks (or a replayed
 * POST) waits for the submit before it, then finds the order's state (paid, declined, in
 * progress) instead of reserving the card-testing limits' points again and getting a limit page
 * (docs/decisions/0510).
 */
const queues = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const mine = before.then(run, run);
  const settled = mine.catch(() => {});
  queues.set(key, settled);
  try {
    return await mine;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}
