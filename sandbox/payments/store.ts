/**
 * The writable payments database (payments.sqlite in the sandbox data folder), separate from the
 * read-only catalogue: checkout sessions, single-use card tokens, charges, order notifications
 * and the e-mail outbox. One process, synchronous node:sqlite: a request's statements never
 * interleave with another's, and WAL + busy_timeout + BEGIN IMMEDIATE keep it correct when a
 * second process (a test runner, the standalone sandbox) opens the same file. Card numbers and
 * CVVs are never written: a token keeps the brand, last four digits, holder name and expiry, plus
 * the outcome decided when it was created.
 */
import fs from "node:fs";
import path from "node:path";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { openPaymentsDb } from "./migrate.ts";
import {
  type CompletionNotice,
  listEmails,
  notifyCompletion,
  type OrderEmailsInput,
  type Sql,
  writeOrderEmails,
} from "./outbox-rows.ts";
import {
  type ChargeExtra,
  type ChargeRecord,
  chargeFromRow,
  type CustomerInfo,
  type EmailRecord,
  emailFromRow,
  type Row,
  type SessionRecord,
  sessionFromRow,
  tokenFromRow,
  isUniqueOrderError,
  type CardChargeResult,
  type TokenRecord,
} from "./records.ts";

export const PAYMENTS_DB_FILE = "payments.sqlite";

export type { CardChargeResult, CompletionNotice };

export class PaymentsStore {
  readonly file: string;
  readonly db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, PAYMENTS_DB_FILE);
    this.db = openPaymentsDb(this.file);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }

  #stmt(sql: string): StatementSync {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /** The statement helpers, for the rows modules (outbox-rows.ts, a charge kind's own). */
  readonly sql: Sql = {
    get: (sql, ...args) => this.#get(sql, ...args),
    all: (sql, ...args) => this.#all(sql, ...args),
    run: (sql, ...args) => this.#run(sql, ...args),
  };

  #get(sql: string, ...args: SQLInputValue[]): Row | undefined {
    return this.#stmt(sql).get(...args);
  }

  #all(sql: string, ...args: SQLInputValue[]): Row[] {
    return this.#stmt(sql).all(...args);
  }

  #run(sql: string, ...args: SQLInputValue[]): number {
    return Number(this.#stmt(sql).run(...args).changes);
  }

  /** For the order book (orders.ts): its check-then-write steps under the same lock. */
  transaction<T>(fn: () => T): T {
    return this.#transaction(fn);
  }

  /** BEGIN IMMEDIATE takes the write lock up front, so a check and the insert after it are atomic across processes too. */
  #transaction<T>(fn: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = fn();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }

  // Checkout sessions

  createSession(
    s: Omit<SessionRecord, "chargeId" | "reportedStatus" | "linkedAt" | "cancelledAt">,
  ): SessionRecord {
    this.#run(
      `INSERT INTO checkout_sessions (id, created_at, customer_email, total_amount, data, breakdown, order_id,
         cart_id, checkout_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.id,
      s.createdAt,
      s.customerEmail,
      s.totalAmount,
      JSON.stringify(s.data),
      JSON.stringify(s.breakdown),
      s.orderId,
      s.cartId,
      s.checkoutId,
    );
    return { ...s, chargeId: null, reportedStatus: null, linkedAt: null, cancelledAt: null };
  }

  getSession(id: string): SessionRecord | undefined {
    const row = this.#get("SELECT * FROM checkout_sessions WHERE id = ?", id);
    return row ? sessionFromRow(row) : undefined;
  }

  /**
   * The session tied to an order (its content): the one a charge names, else the last one
   * prepared with or linked to that order id, so preparing again before paying replaces it.
   */
  sessionForOrder(orderId: string, sessionId: string | null): SessionRecord | undefined {
    if (sessionId) {
      const s = this.getSession(sessionId);
      if (s) return s;
    }
    const row = this.#get(
      `SELECT * FROM checkout_sessions WHERE order_id = ?
       ORDER BY COALESCE(linked_at, created_at) DESC, rowid DESC LIMIT 1`,
      orderId,
    );
    return row ? sessionFromRow(row) : undefined;
  }

  /** Ties a session to an order and charge; the charge gets the session when it had none. */
  linkSession(
    sessionId: string,
    link: { orderId: string; chargeId: string | null; reportedStatus: string | null; at: string },
  ): SessionRecord | undefined {
    return this.#transaction(() => {
      const changed = this.#run(
        `UPDATE checkout_sessions SET order_id = ?, charge_id = ?, reported_status = ?, linked_at = ? WHERE id = ?`,
        link.orderId,
        link.chargeId,
        link.reportedStatus,
        link.at,
        sessionId,
      );
      if (changed === 0) return undefined;
      if (link.chargeId) {
        this.#run(
          "UPDATE charges SET session_id = ? WHERE id = ? AND session_id IS NULL",
          sessionId,
          link.chargeId,
        );
      }
      return this.getSession(sessionId);
    });
  }

  // Tokens

  createToken(t: Omit<TokenRecord, "usedAt">): void {
    this.#run(
      `INSERT INTO tokens (id, created_at, brand, last4, holder_name, expiration_month, expiration_year, outcome)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      t.id,
      t.createdAt,
      t.brand,
      t.last4,
      t.holderName,
      t.expirationMonth,
      t.expirationYear,
      JSON.stringify(t.outcome),
    );
  }

  getToken(id: string): TokenRecord | undefined {
    const row = this.#get("SELECT * FROM tokens WHERE id = ?", id);
    return row ? tokenFromRow(row) : undefined;
  }

  // Charges

  /**
   * One card charge, atomically: a repeated order id creates nothing and leaves
   * the token unused; otherwise the token is spent and the charge recorded with
   * the token's outcome (completed, charge_pending, or failed with its code).
   */
  createCardCharge(
    input: {
      id: string;
      tokenId: string;
      orderId: string;
      amount: number;
      description: string;
      customer: CustomerInfo;
      sessionId: string | null;
      creationDate: string;
      authorization: string;
    },
    notice?: CompletionNotice,
  ): CardChargeResult {
    try {
      return this.#transaction((): CardChargeResult => {
        if (this.orderIdUsed(input.orderId)) return { kind: "duplicate_order" };
        const token = this.getToken(input.tokenId);
        if (!token) return { kind: "token_unknown" };
        if (token.usedAt !== null) return { kind: "token_used" };
        this.#run("UPDATE tokens SET used_at = ? WHERE id = ?", input.creationDate, token.id);
        const outcome = token.outcome;
        const sessionId =
          input.sessionId &&
          this.#get("SELECT 1 FROM checkout_sessions WHERE id = ?", input.sessionId)
            ? input.sessionId
            : null;
        this.#run(
          `INSERT INTO charges (id, method, order_id, status, amount, currency, description, authorization, error_code,
             creation_date, operation_date, session_id, customer, token_id, card_brand, card_last4, card_holder,
             card_exp_month, card_exp_year)
           VALUES (?, 'card', ?, ?, ?, 'COP', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          input.id,
          input.orderId,
          outcome.status,
          input.amount,
          input.description,
          outcome.status === "completed" ? input.authorization : null,
          outcome.status === "failed" ? outcome.errorCode : null,
          input.creationDate,
          outcome.status === "charge_pending" ? null : input.creationDate,
          sessionId,
          JSON.stringify(input.customer),
          token.id,
          token.brand,
          token.last4,
          token.holderName,
          token.expirationMonth,
          token.expirationYear,
        );
        const charge = this.getCharge(input.id)!;
        if (charge.status === "completed" && notice) this.#notifyCompletion(charge, notice);
        return { kind: "created", charge };
      });
    } catch (error) {
      if (isUniqueOrderError(error)) return { kind: "duplicate_order" };
      throw error;
    }
  }

  /** A PSE charge, in_progress until the bank page decides; a repeated order id creates nothing. */
  createBankCharge(input: {
    id: string;
    orderId: string;
    amount: number;
    description: string;
    customer: CustomerInfo;
    sessionId: string | null;
    creationDate: string;
    bank: { code: string; name: string } | null;
    redirectUrl: string;
    extra: ChargeExtra;
  }): ChargeRecord | "duplicate_order" {
    try {
      return this.#transaction(() => {
        if (this.orderIdUsed(input.orderId)) return "duplicate_order" as const;
        const sessionId =
          input.sessionId &&
          this.#get("SELECT 1 FROM checkout_sessions WHERE id = ?", input.sessionId)
            ? input.sessionId
            : null;
        this.#run(
          `INSERT INTO charges (id, method, order_id, status, amount, currency, description, creation_date, session_id,
             customer, bank_code, bank_name, redirect_url, extra)
           VALUES (?, 'bank_account', ?, 'in_progress', ?, 'COP', ?, ?, ?, ?, ?, ?, ?, ?)`,
          input.id,
          input.orderId,
          input.amount,
          input.description,
          input.creationDate,
          sessionId,
          JSON.stringify(input.customer),
          input.bank?.code ?? null,
          input.bank?.name ?? null,
          input.redirectUrl,
          JSON.stringify(input.extra),
        );
        return this.getCharge(input.id)!;
      });
    } catch (error) {
      if (isUniqueOrderError(error)) return "duplicate_order";
      throw error;
    }
  }

  /** An order id is used once: by any charge, or by an order the store cancelled before paying. */
  orderIdUsed(orderId: string): boolean {
    return (
      this.#get(
        `SELECT 1 FROM charges WHERE order_id = ?
         UNION ALL SELECT 1 FROM checkout_sessions WHERE order_id = ? AND cancelled_at IS NOT NULL`,
        orderId,
        orderId,
      ) !== undefined
    );
  }

  getCharge(id: string): ChargeRecord | undefined {
    const row = this.#get("SELECT * FROM charges WHERE id = ?", id);
    return row ? chargeFromRow(row) : undefined;
  }

  chargesByOrder(orderId: string): ChargeRecord[] {
    return this.#all(
      "SELECT * FROM charges WHERE order_id = ? ORDER BY creation_date, id",
      orderId,
    ).map(chargeFromRow);
  }

  /**
   * The bank's answer to a PSE charge. Only an in_progress charge changes
   * (completed and failed are final); the charge as it is afterwards is returned.
   * A charge this answer completes gets its order e-mails in the same transaction.
   */
  decideBankCharge(
    id: string,
    status: "completed" | "failed" | "in_progress",
    at: string,
    authorization: string,
    notice?: CompletionNotice,
  ): ChargeRecord | undefined {
    return this.#transaction(() => {
      const changed = this.#run(
        `UPDATE charges SET status = ?, operation_date = ?, authorization = ?
         WHERE id = ? AND method = 'bank_account' AND status = 'in_progress'`,
        status,
        status === "in_progress" ? null : at,
        status === "completed" ? authorization : null,
        id,
      );
      const charge = this.getCharge(id);
      if (changed > 0 && charge?.status === "completed" && notice) {
        this.#notifyCompletion(charge, notice);
      }
      return charge;
    });
  }

  /** Inside a transaction: the completed charge's e-mails, unless its order already had them. */
  #notifyCompletion(charge: ChargeRecord, notice: CompletionNotice): void {
    notifyCompletion(this.sql, charge, notice);
  }

  // Notifications and outbox

  /**
   * Writes an order's e-mails to the outbox under the notifications lock.
   * mode "once": only when the order never had its notice (the charge's completion,
   * confirm-success-page); mode "always": sends again (manual notification). `build` gets
   * whether they had been sent before. Returns that, and how many e-mails were written.
   */
  sendOrderEmails(input: OrderEmailsInput): { alreadySent: boolean; queued: number } {
    return this.#transaction(() => this.#writeOrderEmails(input));
  }

  #writeOrderEmails(input: OrderEmailsInput): { alreadySent: boolean; queued: number } {
    return writeOrderEmails(this.sql, input);
  }

  notificationSent(orderId: string): boolean {
    return this.#get("SELECT 1 FROM notifications WHERE order_id = ?", orderId) !== undefined;
  }

  /** Newest first. */
  listEmails(filter: { orderId?: string; limit: number }): EmailRecord[] {
    return listEmails(this.sql, filter);
  }

  getEmail(id: number): EmailRecord | undefined {
    const row = this.#get("SELECT * FROM emails WHERE id = ?", id);
    return row ? emailFromRow(row) : undefined;
  }

  countEmails(): number {
    return Number(this.#get("SELECT COUNT(*) AS n FROM emails")?.n ?? 0);
  }
}
