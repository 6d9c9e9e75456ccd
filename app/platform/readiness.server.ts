/**
 * Whether the merchant API answered recently, for `/readyz` (docs/decisions/0441). Every
 * upstream call reports its outcome here; an answer (2xx or 4xx: the API is there and speaking)
 * within the last 30 s makes the API "ok". When none came that recently (an idle instance, or an
 * API that stopped answering), one probe call is made, shared by concurrent checks, and the
 * readiness answer waits for it at most 2 s.
 * The API client writes it and the server's `/readyz` reads it, both through the build.
 */
import type { UpstreamOutcome } from "./metrics.server.ts";

const ANSWERED_WITHIN_MS = 30_000;
const PROBE_WAIT_MS = 2_000;

interface State {
  lastAnswerAt?: number;
  probe?: () => Promise<unknown>;
  probing?: Promise<void>;
}

const current: State = {};
const state = (): State => current;

/** One upstream call ended so (the transport, after every call). */
export function noteUpstreamOutcome(outcome: UpstreamOutcome, now = Date.now()) {
  if (outcome === "ok" || outcome === "4xx") state().lastAnswerAt = now;
}

/** The call readiness makes when the API has not answered recently (the app's API client). */
export function registerApiProbe(probe: () => Promise<unknown>) {
  state().probe = probe;
}

export type ApiReadiness = "ok" | "no-answer";

/** "ok" when the merchant API answered within the last 30 s, after a probe if needed. */
export async function merchantApiReadiness(
  options: { now?: () => number; waitMs?: number } = {},
): Promise<ApiReadiness> {
  const now = options.now ?? Date.now;
  const s = state();
  const recent = () => s.lastAnswerAt !== undefined && now() - s.lastAnswerAt <= ANSWERED_WITHIN_MS;
  if (recent()) return "ok";
  if (s.probe && !s.probing) {
    const probe = s.probe;
    s.probing = probe()
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        s.probing = undefined;
      });
  }
  if (s.probing) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      s.probing,
      new Promise((resolve) => (timer = setTimeout(resolve, options.waitMs ?? PROBE_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  return recent() ? "ok" : "no-answer";
}
