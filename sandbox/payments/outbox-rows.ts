/**
 * The outbox's rows: an order's e-mails written under the notifications table's record of what
 * was sent (docs/decisions/0411), and the outbox read back. Run by the store (store.ts), inside
 * its transactions.
 */
import type { SQLInputValue } from "node:sqlite";
import {
  type ChargeRecord,
  type EmailRecord,
  emailFromRow,
  type OutgoingEmail,
  type Row,
} from "./records.ts";

/** The store's statement helpers. */
export interface Sql {
  get(sql: string, ...args: SQLInputValue[]): Row | undefined;
  all(sql: string, ...args: SQLInputValue[]): Row[];
  run(sql: string, ...args: SQLInputValue[]): number;
}

/**
 * The order e-mails of a charge that has just become completed, built from the charge as
 * stored. The store writes them in the transaction that completes the charge, so a settled
 * charge always has its notice, once, whoever watches (docs/decisions/0411).
 */
export interface CompletionNotice {
  at: string;
  build: (charge: ChargeRecord) => OutgoingEmail[];
}

/** notifications.first_source of the e-mails the completion itself sent. */
const COMPLETION_SOURCE = "charge-completed";

export interface OrderEmailsInput {
  orderId: string;
  chargeId: string;
  at: string;
  source: string;
  mode: "once" | "always";
  build: (alreadySent: boolean) => OutgoingEmail[];
}

/** One e-mail into the outbox, inside the caller's transaction. */
export function insertEmail(sql: Sql, at: string, orderId: string, e: OutgoingEmail): void {
  sql.run(
    "INSERT INTO emails (created_at, order_id, kind, recipients, subject, html) VALUES (?, ?, ?, ?, ?, ?)",
    at,
    orderId,
    e.kind,
    JSON.stringify(e.recipients),
    e.subject,
    e.html,
  );
}

export function writeOrderEmails(
  sql: Sql,
  input: OrderEmailsInput,
): { alreadySent: boolean; queued: number } {
  const previous = sql.get(
    "SELECT send_count FROM notifications WHERE order_id = ?",
    input.orderId,
  );
  const alreadySent = previous !== undefined;
  if (alreadySent && input.mode === "once") return { alreadySent, queued: 0 };
  const emails = input.build(alreadySent);
  for (const e of emails) insertEmail(sql, input.at, input.orderId, e);
  if (alreadySent) {
    sql.run(
      "UPDATE notifications SET last_sent_at = ?, send_count = send_count + 1 WHERE order_id = ?",
      input.at,
      input.orderId,
    );
  } else {
    sql.run(
      `INSERT INTO notifications (order_id, charge_id, first_sent_at, first_source, last_sent_at, send_count)
         VALUES (?, ?, ?, ?, ?, 1)`,
      input.orderId,
      input.chargeId,
      input.at,
      input.source,
      input.at,
    );
  }
  return { alreadySent, queued: emails.length };
}

/** Newest first. */
export function listEmails(sql: Sql, filter: { orderId?: string; limit: number }): EmailRecord[] {
  const rows = filter.orderId
    ? sql.all(
        "SELECT * FROM emails WHERE order_id = ? ORDER BY id DESC LIMIT ?",
        filter.orderId,
        filter.limit,
      )
    : sql.all("SELECT * FROM emails ORDER BY id DESC LIMIT ?", filter.limit);
  return rows.map(emailFromRow);
}

/** Inside a transaction: the completed charge's e-mails, unless its order already had them. */
export function notifyCompletion(sql: Sql, charge: ChargeRecord, notice: CompletionNotice): void {
  writeOrderEmails(sql, {
    orderId: charge.orderId,
    chargeId: charge.id,
    at: notice.at,
    source: COMPLETION_SOURCE,
    mode: "once",
    build: () => notice.build(charge),
  });
}
