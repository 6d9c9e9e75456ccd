/**
 * The kinds of charge this gateway makes, as Openpay names them (a charge's `method` and its
 * `payment_method.type`): one line per kind, with what differs in its answers and e-mails. The
 * database keeps the names in `charge_kinds`, filled from this table each time it opens
 * (migrate.ts), and every charge names one: a new line here is a new kind, in a new data folder
 * and an existing one alike.
 */
import { cashDetailsOf, cashPaymentMethod } from "./cash.ts";
import type { CardBrand } from "./gateway.ts";

/** The card of a card charge, as stored (never its number or CVV). */
export interface StoredCard {
  brand: CardBrand | null;
  last4: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
}

/** What a charge's kind reads of it. */
interface KindDetails {
  card: StoredCard | null;
  bank: { code: string; name: string } | null;
  /** Other fields the kind keeps with its charge (PSE: document, shipping, lines), JSON. */
  extra: Record<string, unknown> | null;
}

interface ChargeKind {
  /** The answers' `payment_method`; `payUrl`: where the payer goes on (PSE's bank page). */
  paymentMethod(charge: KindDetails, payUrl: string): Record<string, unknown>;
  /** The answers also carry `redirect_url`: the payer goes on at `payUrl`. */
  goesOn: boolean;
  /** The order e-mails' "Medio de pago". */
  emailLabel(charge: KindDetails): string;
  /** Until when the payer may pay a pending charge (cash), a gateway date; null: no deadline. */
  dueDate(charge: KindDetails): string | null;
}

const BRAND_LABELS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
};

export const CHARGE_KINDS = {
  card: {
    paymentMethod: (charge) => ({
      type: "card",
      brand: charge.card?.brand ?? null,
      last4: charge.card?.last4 ?? null,
    }),
    goesOn: false,
    dueDate: () => null,
    emailLabel(charge) {
      const brand = charge.card?.brand
        ? (BRAND_LABELS[charge.card.brand] ?? charge.card.brand)
        : "Tarjeta";
      return `Tarjeta ${brand} terminada en ${charge.card?.last4 ?? ""}`;
    },
  },
  bank_account: {
    paymentMethod: (charge, payUrl) => ({
      type: "bank_account",
      bank_code: charge.bank?.code ?? null,
      bank_name: charge.bank?.name ?? null,
      url: payUrl,
    }),
    goesOn: true,
    dueDate: () => null,
    emailLabel: (charge) => (charge.bank ? `PSE – ${charge.bank.name}` : "PSE"),
  },
  // Paid at a payment point with its reference before the deadline (README.md here).
  cash: {
    paymentMethod: (charge) => cashPaymentMethod(charge.extra),
    goesOn: false,
    dueDate: (charge) => cashDetailsOf(charge.extra)?.expires_at ?? null,
    emailLabel(charge) {
      const reference = cashDetailsOf(charge.extra)?.reference;
      return reference
        ? `Efectivo en punto de pago – referencia ${reference}`
        : "Efectivo en punto de pago";
    },
  },
} as const satisfies Record<string, ChargeKind>;

export type ChargeKindName = keyof typeof CHARGE_KINDS;

/** The kinds' names, as the database's `charge_kinds` holds them. */
export const CHARGE_KIND_NAMES = Object.keys(CHARGE_KINDS) as ChargeKindName[];
