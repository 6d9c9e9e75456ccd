/**
 * Cash charges in the payments database (README.md here), the rows of the `cash` kind
 * (charge-kinds.ts): created with their reference and deadline in the charge's `extra`, found
 * by reference, paid at a counter, expired by the clock. Every change runs under the store's
 * write lock (its `transaction`, its `sql` helpers); the deadline is applied before any read.
 */
import type { CashDetails } from "./cash.ts";
import { insertEmail, notifyCompletion } from "./outbox-rows.ts";
import {
  chargeFromRow,
  type ChargeRecord,
  type CustomerInfo,
  type OutgoingEmail,
} from "./records.ts";
import type { CompletionNotice, PaymentsStore } from "./store.ts";

function isUniqueError(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}

export class CashCharges {
  readonly #store: PaymentsStore;

  constructor(store: PaymentsStore) {
    this.#store = store;
    // One live reference per number: a payment point must find exactly one charge.
    store.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS charges_cash_reference
      ON charges (json_extract(extra, '$.reference')) WHERE method = 'cash'`);
    // The live references by deadline: lapsing them before every call reads only those due.
    store.db.exec(`CREATE INDEX IF NOT EXISTS charges_cash_live
      ON charges (json_extract(extra, '$.expires_at')) WHERE method = 'cash' AND status = 'in_progress'`);
  }

  /**
   * A cash charge, in_progress until a payment point takes the money or its deadline passes. A
   * used order id creates nothing; a reference already issued (one in 10^13) is "taken", for the
   * caller to draw another. The voucher e-mail is written in the same transaction.
   */
  create(
    input: {
      id: string;
      orderId: string;
      amount: number;
      description: string;
      customer: CustomerInfo;
      sessionId: string | null;
      creationDate: string;
      cash: CashDetails;
    },
    voucher: (charge: ChargeRecord) => OutgoingEmail[],
  ): ChargeRecord | "duplicate_order" | "reference_taken" {
    const store = this.#store;
    try {
      return store.transaction(() => {
        if (store.orderIdUsed(input.orderId)) return "duplicate_order" as const;
        const sessionId =
          input.sessionId &&
          store.sql.get("SELECT 1 FROM checkout_sessions WHERE id = ?", input.sessionId)
            ? input.sessionId
            : null;
        store.sql.run(
          `INSERT INTO charges (id, method, order_id, status, amount, currency, description,
             creation_date, session_id, customer, extra)
           VALUES (?, 'cash', ?, 'in_progress', ?, 'COP', ?, ?, ?, ?, ?)`,
          input.id,
          input.orderId,
          input.amount,
          input.description,
          input.creationDate,
          sessionId,
          JSON.stringify(input.customer),
          JSON.stringify(input.cash),
        );
        const charge = store.getCharge(input.id)!;
        for (const e of voucher(charge))
          insertEmail(store.sql, input.creationDate, charge.orderId, e);
        return charge;
      });
    } catch (error) {
      if (!isUniqueError(error)) throw error;
      return /charges\.order_id/.test((error as Error).message)
        ? "duplicate_order"
        : "reference_taken";
    }
  }

  /**
   * References whose deadline passed unpaid become expired, as the gateway lets them lapse.
   * Dates are all written at −05:00, so they compare as text. Returns how many lapsed.
   */
  lapse(at: string): number {
    return this.#store.sql.run(
      `UPDATE charges SET status = 'expired', operation_date = json_extract(extra, '$.expires_at')
       WHERE method = 'cash' AND status = 'in_progress' AND json_extract(extra, '$.expires_at') <= ?`,
      at,
    );
  }

  /** The cash charge of a reference, its deadline applied first. */
  byReference(reference: string, at: string): ChargeRecord | undefined {
    this.lapse(at);
    const row = this.#store.sql.get(
      `SELECT * FROM charges WHERE method = 'cash' AND json_extract(extra, '$.reference') = ?`,
      reference,
    );
    return row ? chargeFromRow(row) : undefined;
  }

  /**
   * A payment point took the money: only a live reference completes, with its order e-mails in
   * the same transaction (docs/decisions/0411); an expired, cancelled or paid one is answered
   * as it is, unchanged.
   */
  pay(id: string, at: string, authorization: string, notice?: CompletionNotice) {
    const store = this.#store;
    return store.transaction(() => {
      this.lapse(at);
      const changed = store.sql.run(
        `UPDATE charges SET status = 'completed', operation_date = ?, authorization = ?
         WHERE id = ? AND method = 'cash' AND status = 'in_progress'`,
        at,
        authorization,
        id,
      );
      const charge = store.getCharge(id);
      if (changed > 0 && charge && notice) notifyCompletion(store.sql, charge, notice);
      return charge;
    });
  }

  /** A live reference's deadline moved to now: it lapses at once (the sandbox's clock). */
  expire(id: string, at: string): ChargeRecord | undefined {
    const store = this.#store;
    return store.transaction(() => {
      store.sql.run(
        `UPDATE charges SET status = 'expired', operation_date = ?,
           extra = json_set(extra, '$.expires_at', ?)
         WHERE id = ? AND method = 'cash' AND status = 'in_progress'`,
        at,
        at,
        id,
      );
      return store.getCharge(id);
    });
  }
}
