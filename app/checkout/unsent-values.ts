/**
 * What the shopper typed in a checkout step but has not sent yet, kept in this tab's
 * sessionStorage while JavaScript runs: going Back and Forward through the browser's history
 * re-renders the step from the server's copy, which does not have it (docs/decisions/0568).
 * Without JavaScript the browser restores the fields itself. Sending the step forgets it.
 */
import { useEffect } from "react";

interface Saved {
  /** The server's values the typing started from: another copy by now means it is stale. */
  base: string;
  values: Record<string, string>;
}

const PREFIX = "checkout-sin-enviar:";
/** Fields that steer the post, not what the shopper typed. */
const NOT_TYPED = new Set(["intent", "fetcher"]);

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage turned off: nothing is kept, as without JavaScript
  }
}

function read(key: string): Saved | null {
  try {
    const saved = JSON.parse(storage()?.getItem(key) ?? "null") as Saved | null;
    return saved && typeof saved.base === "string" && typeof saved.values === "object"
      ? saved
      : null;
  } catch {
    return null;
  }
}

/** The form's fields as text, by name (a checkbox left unticked is absent, as in a post). */
function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !NOT_TYPED.has(name)) values[name] = value;
  }
  return values;
}

/**
 * Keeps the unsent values of the form `formId`, whose server values are `base`, and gives them
 * back to `restore` when the step is shown again from the same server values.
 */
export function useUnsentValues(
  formId: string,
  base: unknown,
  restore: (values: Record<string, string>) => void,
  /** The server refused a post of this form: what it answers with is the newer copy. */
  answered: boolean,
) {
  const key = PREFIX + formId;
  const baseText = JSON.stringify(base);
  useEffect(() => {
    const saved = read(key);
    if (saved && saved.base === baseText && !answered) restore(saved.values);
    else if (saved) storage()?.removeItem(key);
    // Only when the step is shown: restoring is what a new showing of the step does.
  }, []);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const save = () =>
      storage()?.setItem(key, JSON.stringify({ base: baseText, values: valuesOf(form) }));
    // Sent with one of the step's own buttons (conform's blur checks submit too, and stop).
    const forget = (event: SubmitEvent) => {
      if (event.submitter?.getAttribute("name") === "intent") storage()?.removeItem(key);
    };
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    form.addEventListener("submit", forget);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
      form.removeEventListener("submit", forget);
    };
  }, [formId, key, baseText]);
}
