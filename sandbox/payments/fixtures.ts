/**
 * Well-known inputs of the sandbox payment gateway, for tests anywhere in the
 * project:
 *   import { PAYMENT_FIXTURES } from "../../sandbox/payments/fixtures.ts";
 * Test cards, fault triggers and the PSE bank list. No imports: cheap to load.
 * sandbox/payments/gateway.test.ts and routes.test.ts check every entry.
 */

/** Openpay decline codes the test cards produce at charge time. */
export type DeclineCode = 3001 | 3002 | 3003 | 3004 | 3005;

export type TestCardOutcome =
  | { readonly status: "completed" }
  | { readonly status: "charge_pending" }
  | { readonly status: "failed"; readonly errorCode: DeclineCode };

export interface TestCard {
  readonly number: string;
  readonly brand: "visa" | "mastercard";
  readonly outcome: TestCardOutcome;
  /** What a tester should expect, in Spanish (shown in the README). */
  readonly label: string;
}

const card = (
  number: string,
  brand: TestCard["brand"],
  outcome: TestCardOutcome,
  label: string,
): TestCard => ({
  number,
  brand,
  outcome,
  label,
});

/** The 21 financial institutions of the ACH list (reference file), in code order. */
const BANKS = [
  { code: "1001", name: "Banco de Bogotá" },
  { code: "1002", name: "Banco Popular" },
  { code: "1006", name: "Banco Itaú (ex-Corpbanca)" },
  { code: "1007", name: "Bancolombia" },
  { code: "1009", name: "Citibank" },
  { code: "1012", name: "Banco GNB Sudameris" },
  { code: "1013", name: "BBVA Colombia" },
  { code: "1019", name: "Scotiabank Colpatria" },
  { code: "1023", name: "Banco de Occidente" },
  { code: "1032", name: "Banco Caja Social" },
  { code: "1040", name: "Banco Agrario" },
  { code: "1051", name: "Davivienda" },
  { code: "1052", name: "Banco AV Villas" },
  { code: "1059", name: "Bancamía" },
  { code: "1060", name: "Banco Pichincha" },
  { code: "1061", name: "Bancoomeva" },
  { code: "1062", name: "Banco Falabella" },
  { code: "1063", name: "Banco Finandina" },
  { code: "1065", name: "Banco Santander" },
  { code: "1507", name: "Nequi" },
  { code: "1551", name: "Daviplata" },
] as const;

export const PAYMENT_FIXTURES = {
  /**
   * Any CVV of 3 digits is accepted for the test cards (an Amex takes 4: `amex` below); the
   * documented one is 123. Any future expiry works.
   */
  cvv: "123",
  expiry: { month: "12", year: "35" },
  holderName: "JUAN PEREZ",
  cards: {
    approvedVisa: card("4111111111111111", "visa", { status: "completed" }, "Aprobada"),
    approvedVisa2: card("4242424242424242", "visa", { status: "completed" }, "Aprobada"),
    approvedMastercard: card(
      "5555555555554444",
      "mastercard",
      { status: "completed" },
      "Aprobada (Mastercard)",
    ),
    declined: card(
      "4000000000000002",
      "visa",
      { status: "failed", errorCode: 3001 },
      "Declinada (3001)",
    ),
    insufficientFunds: card(
      "4444444444444448",
      "visa",
      { status: "failed", errorCode: 3003 },
      "Fondos insuficientes (3003)",
    ),
    expired: card(
      "4000000000000069",
      "visa",
      { status: "failed", errorCode: 3002 },
      "Tarjeta expirada (3002)",
    ),
    stolen: card(
      "4000000000000119",
      "visa",
      { status: "failed", errorCode: 3004 },
      "Reportada como robada (3004)",
    ),
    fraudRisk: card(
      "4000000000000127",
      "visa",
      { status: "failed", errorCode: 3005 },
      "Riesgo de fraude (3005)",
    ),
    pending: card(
      "4000000000000101",
      "visa",
      { status: "charge_pending" },
      "Queda pendiente (charge_pending)",
    ),
  },
  /**
   * American Express (Luhn-valid, outside the test-card table, approved): its code has 4 digits
   * (any 4 work); a 3-digit code is refused at /payments/card/token with 2009, as a 4-digit code
   * is on any other brand.
   */
  amex: { number: "378282246310005", cvv: "1234" },
  /** Numbers outside the test-card table. */
  invalidCards: {
    /** Fails the Luhn check: 2004 at /payments/card/token. */
    luhn: "4111111111111112",
    /** Luhn-valid, not a test card, unknown brand: approved like any other valid number. */
    otherValid: "6011111111111117",
  },
  faults: {
    /** Sent as the customer e-mail (case-insensitive): prepare-checkout, pse and card/charge answer 500. */
    error500Email: "falla500@example.com",
    /** Sent as the customer e-mail: pse and card/charge create the charge, then answer after `slowChargeMs` (default 20 s). */
    slowEmail: "lento@example.com",
    /**
     * Sent as the customer e-mail: the charge completes but the gateway's notice is lost, so no
     * e-mail goes out until confirm-success-page or the staff tool sends the first ones.
     */
    unsentEmail: "sin-aviso@example.com",
    /** GET /payments/status/{id}, /api/payments/status/{id} and confirm-success-page answer 500 for this charge id. */
    error500ChargeId: "trfalla500",
    /** POST /payments/manual-notification/{id} answers 500 for this order id. */
    error500OrderId: "FALLA500",
    /**
     * A header (value `error500`, `bancos-vacios` or `lento`) or a path prefix `/_falla/{value}`
     * (e.g. API_URL=http://127.0.0.1:4010/_falla/bancos-vacios) applies a fault to every payment call.
     */
    header: "X-Sandbox-Fault",
    pathPrefix: "/_falla",
    modes: ["error500", "bancos-vacios", "lento"] as const,
    /** Body `error` (and card/charge `error.description`) of a deliberate 500. */
    message: "Falla simulada de la pasarela de pagos",
    defaultSlowMs: 20_000,
  },
  /** ACH list served by GET /payments/pse-banks. */
  banks: BANKS,
  /** The store's own fallback when the list is empty or fails: 10 banks, codes 1001–1051. */
  storeFallbackBankCount: 10,
  /** Recipient of the sales notice. */
  salesEmail: "ventas@seguridadtelecom.com.co",
  /**
   * Who sells, named in the order e-mails (demo values). The NIT's check digit follows the DIAN
   * rule: 900123456 gives 8.
   */
  seller: {
    name: "SegTel Colombia S.A.S.",
    nit: "900.123.456-8",
    address: "Calle 93 # 11-28, oficina 502",
    city: "Bogotá D.C.",
  },
} as const;

export type FaultMode = (typeof PAYMENT_FIXTURES.faults.modes)[number];
