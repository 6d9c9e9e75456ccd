/**
 * What the payments database holds: its tables, the records the store hands out, and the rows
 * read back into records.
 */
import type { TestCardOutcome } from "./fixtures.ts";
import type { ChargeKindName, StoredCard } from "./charge-kinds.ts";
import type { CardBrand, ChargeStatus } from "./gateway.ts";
import type { Breakdown, CheckoutPayload } from "./schemas.ts";

/** Written to PRAGMA user_version; migrate.ts brings an older file up to it when it opens. */
export const SCHEMA_VERSION = 3;

/** The charges table, also what migrate.ts rebuilds an older one into (v3). */
export const CHARGES_TABLE = `
-- order_id is unique over all charges, as Openpay's: a failed or declined charge
-- also takes its order id, so the store makes a new order id to retry.
-- The kinds of charge (charge-kinds.ts), filled from that table each time the file opens.
CREATE TABLE IF NOT EXISTS charge_kinds (kind TEXT PRIMARY KEY);

CREATE TABLE IF NOT EXISTS charges (
  id TEXT PRIMARY KEY,
  method TEXT NOT NULL REFERENCES charge_kinds (kind),  -- a kind of charge-kinds.ts (v3)
  order_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT NOT NULL,
  authorization TEXT,
  error_code INTEGER,
  creation_date TEXT NOT NULL,
  operation_date TEXT,
  session_id TEXT,
  customer TEXT NOT NULL,        -- JSON {name, last_name, email, phone}
  token_id TEXT,
  card_brand TEXT,
  card_last4 TEXT,
  card_holder TEXT,
  card_exp_month TEXT,
  card_exp_year TEXT,
  bank_code TEXT,
  bank_name TEXT,
  redirect_url TEXT,             -- the store's return address (PSE)
  extra TEXT                     -- JSON: other PSE fields (document, shipping, lines)
);
`;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkout_sessions (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  total_amount INTEGER NOT NULL,
  data TEXT NOT NULL,            -- the validated payload, JSON, without products_html
  breakdown TEXT NOT NULL,       -- subtotal / iva / shipping / total the total was read as
  order_id TEXT,                 -- order.order_id, or the one link-payment set
  charge_id TEXT,
  reported_status TEXT,          -- what link-payment said; informative, never trusted
  linked_at TEXT,
  cart_id TEXT,                  -- the store's cart and checkout ids, to find its orders (v2)
  checkout_id TEXT,
  cancelled_at TEXT              -- set on every session of an order the store cancelled (v2)
);
CREATE INDEX IF NOT EXISTS checkout_sessions_order ON checkout_sessions (order_id);
CREATE INDEX IF NOT EXISTS checkout_sessions_cart ON checkout_sessions (cart_id);
CREATE INDEX IF NOT EXISTS checkout_sessions_checkout ON checkout_sessions (checkout_id);

CREATE TABLE IF NOT EXISTS tokens (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  brand TEXT,
  last4 TEXT NOT NULL,
  holder_name TEXT NOT NULL,
  expiration_month TEXT NOT NULL,
  expiration_year TEXT NOT NULL,
  outcome TEXT NOT NULL,         -- JSON: the charge result of this card (test cards are fixed)
  used_at TEXT
);

${CHARGES_TABLE}
CREATE TABLE IF NOT EXISTS notifications (
  order_id TEXT PRIMARY KEY,
  charge_id TEXT NOT NULL,
  first_sent_at TEXT NOT NULL,
  first_source TEXT NOT NULL,
  last_sent_at TEXT NOT NULL,
  send_count INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS emails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at TEXT NOT NULL,
  order_id TEXT,
  kind TEXT NOT NULL,
  recipients TEXT NOT NULL,      -- JSON array
  subject TEXT NOT NULL,
  html TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS emails_order ON emails (order_id);
`;

/** What a checkout session keeps: the payload as validated, minus products_html. */
type StoredCheckout = Omit<CheckoutPayload, "products_html">;

export interface SessionRecord {
  id: string;
  createdAt: string;
  customerEmail: string;
  totalAmount: number;
  data: StoredCheckout;
  breakdown: Breakdown;
  orderId: string | null;
  chargeId: string | null;
  reportedStatus: string | null;
  linkedAt: string | null;
  cartId: string | null;
  checkoutId: string | null;
  cancelledAt: string | null;
}

export interface TokenRecord {
  id: string;
  createdAt: string;
  brand: CardBrand | null;
  last4: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  outcome: TestCardOutcome;
  usedAt: string | null;
}

export interface CustomerInfo {
  name: string;
  last_name?: string;
  email: string;
  phone?: string;
}

/** PSE fields kept with the charge, for the e-mails when no checkout session is linked. */
export type ChargeExtra = Record<string, unknown>;

export interface ChargeRecord {
  id: string;
  method: ChargeKindName;
  orderId: string;
  status: ChargeStatus;
  amount: number;
  currency: "COP";
  description: string;
  authorization: string | null;
  errorCode: number | null;
  creationDate: string;
  operationDate: string | null;
  sessionId: string | null;
  customer: CustomerInfo;
  card: StoredCard | null;
  bank: { code: string; name: string } | null;
  redirectUrl: string | null;
  extra: ChargeExtra | null;
}

export interface OutgoingEmail {
  kind: string;
  recipients: string[];
  subject: string;
  html: string;
}

export interface EmailRecord extends OutgoingEmail {
  id: number;
  createdAt: string;
  orderId: string | null;
}

export type Row = Record<string, unknown>;

/** A column as text (SQLite hands back strings, numbers or bigints), or null. */
const str = (v: unknown) =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "bigint" ? String(v) : null;

export function sessionFromRow(row: Row): SessionRecord {
  return {
    id: String(row.id),
    createdAt: String(row.created_at),
    customerEmail: String(row.customer_email),
    totalAmount: Number(row.total_amount),
    data: JSON.parse(String(row.data)) as StoredCheckout,
    breakdown: JSON.parse(String(row.breakdown)) as Breakdown,
    orderId: str(row.order_id),
    chargeId: str(row.charge_id),
    reportedStatus: str(row.reported_status),
    linkedAt: str(row.linked_at),
    cartId: str(row.cart_id),
    checkoutId: str(row.checkout_id),
    cancelledAt: str(row.cancelled_at),
  };
}

export function chargeFromRow(row: Row): ChargeRecord {
  const method = String(row.method) as ChargeKindName;
  return {
    id: String(row.id),
    method,
    orderId: String(row.order_id),
    status: String(row.status) as ChargeStatus,
    amount: Number(row.amount),
    currency: "COP",
    description: String(row.description),
    authorization: str(row.authorization),
    errorCode: row.error_code === null ? null : Number(row.error_code),
    creationDate: String(row.creation_date),
    operationDate: str(row.operation_date),
    sessionId: str(row.session_id),
    customer: JSON.parse(String(row.customer)) as CustomerInfo,
    card:
      method === "card"
        ? {
            brand: str(row.card_brand) as CardBrand | null,
            last4: String(row.card_last4),
            holderName: String(row.card_holder),
            expirationMonth: String(row.card_exp_month),
            expirationYear: String(row.card_exp_year),
          }
        : null,
    bank:
      row.bank_code === null
        ? null
        : { code: str(row.bank_code) ?? "", name: str(row.bank_name) ?? "" },
    redirectUrl: str(row.redirect_url),
    extra: row.extra === null ? null : (JSON.parse(str(row.extra) ?? "null") as ChargeExtra),
  };
}

export function emailFromRow(row: Row): EmailRecord {
  return {
    id: Number(row.id),
    createdAt: String(row.created_at),
    orderId: str(row.order_id),
    kind: String(row.kind),
    recipients: JSON.parse(String(row.recipients)) as string[],
    subject: String(row.subject),
    html: String(row.html),
  };
}

export type CardChargeResult =
  | { kind: "created"; charge: ChargeRecord }
  | { kind: "duplicate_order" }
  | { kind: "token_unknown" }
  | { kind: "token_used" };

export function isUniqueOrderError(error: unknown): boolean {
  return (
    error instanceof Error && /UNIQUE constraint failed: charges\.order_id/.test(error.message)
  );
}

export function tokenFromRow(row: Row): TokenRecord {
  return {
    id: String(row.id),
    createdAt: String(row.created_at),
    brand: str(row.brand) as CardBrand | null,
    last4: String(row.last4),
    holderName: String(row.holder_name),
    expirationMonth: String(row.expiration_month),
    expirationYear: String(row.expiration_year),
    outcome: JSON.parse(String(row.outcome)) as TestCardOutcome,
    usedAt: str(row.used_at),
  };
}
