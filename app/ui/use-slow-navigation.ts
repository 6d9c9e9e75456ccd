import { useEffect, useState } from "react";
import { type Location, useNavigation } from "react-router";

/** How long a client-side navigation may take before the page says it is loading. */
const SLOW_NAVIGATION_MS = 300;

/**
 * Where the pending client-side navigation goes, once it has taken longer than `delayMs`;
 * else null. Fast navigations (cached pages) swap without a flash of loading state, slow ones
 * never leave the old page looking idle (docs/decisions/0224). Always null without JavaScript.
 */
export function useSlowNavigation(delayMs = SLOW_NAVIGATION_MS): Location | null {
  const navigation = useNavigation();
  const pending = navigation.state === "idle" ? undefined : navigation.location;
  const target = pending ? pending.pathname + pending.search : null;
  const [slowTarget, setSlowTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target === null) {
      setSlowTarget(null);
      return;
    }
    const timer = setTimeout(() => setSlowTarget(target), delayMs);
    return () => clearTimeout(timer);
  }, [target, delayMs]);
  return pending && slowTarget === target ? pending : null;
}
