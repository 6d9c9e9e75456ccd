import { useEffect, useId, useRef } from "react";
import styles from "./staff.module.css";
import { SITE_NAME } from "~/platform/page-meta";

export interface SummaryItem {
  /** The id of the field the message is about. */
  fieldId: string;
  message: string;
}

/**
 * 'Hay un problema': each error of the last submission as a link to its field. With
 * JavaScript it takes focus after each submission that has something to show: a new
 * `attempt` (refused in the browser) or a new `answer` (refused by the server).
 */
export function ErrorSummary({
  items,
  attempt,
  answer,
}: {
  items: SummaryItem[];
  attempt: number;
  answer: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const hasItems = items.length > 0;

  useEffect(() => {
    if (hasItems) ref.current?.focus();
    // Only a new submission moves focus, not every change of the list while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, answer]);

  if (!hasItems) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={styles.summary}
      aria-labelledby={headingId}
      role="group"
    >
      <h2 id={headingId}>Hay un problema</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.fieldId}:${item.message}`}>
            <a href={`#${item.fieldId}`}>{item.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The document title, 'Error: '-prefixed while a form shows errors. */
export function pageTitle(title: string, hasErrors: boolean): string {
  return `${hasErrors ? "Error: " : ""}${title} | ${SITE_NAME}`;
}
