import { type MouseEvent, useEffect, useId, useRef } from "react";
import styles from "./form.module.css";

/** One line of the summary: a link to the field (`#id`) or to where it is fixed, or plain text. */
export interface SummaryEntry {
  message: string;
  href?: string;
}

/** A form's errors as summary entries: the form's own first, then each field's first message. */
export function summaryEntries(
  formErrors: string[] | undefined,
  fields: ReadonlyArray<{ id: string; errors?: string[] }>,
): SummaryEntry[] {
  return [
    ...(formErrors ?? []).map((message) => ({ message })),
    ...fields.flatMap((field) =>
      field.errors?.[0] ? [{ message: field.errors[0], href: `#${field.id}` }] : [],
    ),
  ];
}

/**
 * The error summary of the form pattern (design.md, form errors): headed 'Hay un problema', each
 * error a link to its field. Without JavaScript it is simply the first thing of the answered
 * page. With it, it takes focus after each failed submission: a new `attempt` (the browser's
 * count of submits) or a new refusal from the server (`answer` with status "error"), and on
 * hydration of a page that shows it. A change of the list while the shopper types never moves
 * focus. The server's answer may list its errors a render after it arrives (conform reads it in
 * an effect), so a due focus waits for the summary to be there.
 *
 * Without JavaScript the page answering a refused form carries `autofocus` on the summary, so
 * the browser puts focus there as it loads, as the script does after a submit (a keyboard or
 * screen reader user starts at the list of what to fix, not at the top of the page).
 *
 * `role`: "alert", "group" or none, as the screen using it has always had (docs/decisions/0480).
 * `className` places the box in its page.
 */
export function ErrorSummary({
  errors,
  attempt,
  answer,
  role,
  className,
}: {
  errors: ReadonlyArray<SummaryEntry>;
  attempt: number;
  answer: { status?: string } | null | undefined;
  role?: "alert" | "group";
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const shown = errors.length > 0;
  const refusal = answer?.status === "error" ? answer : null;
  const due = useRef(true);
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) due.current = true;
  }, [attempt, refusal]);
  useEffect(() => {
    if (due.current && shown) box.current?.focus();
    // On the first render only a summary already there is due; later a due one waits for it.
    if (shown || !mounted.current) due.current = false;
    mounted.current = true;
  });

  if (!shown) return null;
  return (
    <div
      ref={box}
      tabIndex={-1}
      // A focusable element may be autofocused: the answer to a form posted without JavaScript.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      role={role}
      aria-labelledby={headingId}
      className={className ? `${styles.summary} ${className}` : styles.summary}
    >
      <h2 id={headingId}>Hay un problema</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.href ?? ""}:${error.message}`}>
            {error.href ? (
              <a href={error.href} onClick={(event) => focusTarget(event, error.href ?? "")}>
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link to a field focuses it (the browser would only scroll to it). */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, href: string) {
  if (!href.startsWith("#")) return;
  const target = document.getElementById(href.slice(1));
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: "center" });
}

/** The page title of a form: 'Error: ' in front while the form shows errors. */
export function FormTitle({ title, hasErrors }: { title: string; hasErrors: boolean }) {
  return <title>{hasErrors ? `Error: ${title}` : title}</title>;
}
