import { startTransition, useEffect, useState } from "react";

/** Set once the page has hydrated: components mounted after that read true at once. */
let pageHydrated = false;

/**
 * False on the server and while the page hydrates, true after: what turns a plain form or
 * link into its enhanced control. The first change after hydration is a transition, so React
 * renders the enhanced controls of the whole page in slices of a few milliseconds instead of
 * one long task (remix-utils' hook is an external store, whose change React applies to every
 * reader at once, synchronously: docs/decisions/0390).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    pageHydrated = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
