/**
 * Card form rules (docs/decisions/0552, 0350): digits, display format, Luhn, brand, expiry years
 * and the form's schema. Runs in the browser (formatting, conform's onValidate) and on the
 * server (parseWithZod in the action). The card number is only ever read here, never kept.
 */
import { z } from "zod";
import { PAYMENT_METHODS } from "~/money/payment-methods";
import { isSingleLineText, NOT_ALLOWED } from "~/text/control-characters";

/** The other methods, as the card's messages offer them: 'PSE' (0545). */
const OTHERS = PAYMENT_METHODS.namesOtherThan("openpay");

/** What paying by card answers besides the form's field messages. */
export const CARD_PAYMENT_MESSAGES = {
  card: "Error al procesar la tarjeta. Por favor, verifique los datos. No se realizó ningún cobro.",
  cardNeedsJavaScript: `El pago con tarjeta necesita JavaScript en tu navegador. Actívalo, o paga con ${OTHERS}.`,
  browserUnreachable: `No pudimos conectar con la plataforma de pagos desde tu navegador, así que no se realizó ningún cobro. Intenta de nuevo o paga con ${OTHERS}.`,
  serviceFailed: `La plataforma de pagos falló y no se realizó ningún cobro. Intenta de nuevo en unos minutos o paga con ${OTHERS}.`,
  /** The link to the checkout's method step: 'Pagar con PSE'. */
  payOtherwise: `Pagar con ${OTHERS}`,
} as const;

/** "una hora", "20 minutos", "un minuto": how long a refusal lasts, as the shopper reads it. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes >= 55) return "una hora";
  return minutes === 1 ? "un minuto" : `${minutes} minutos`;
}

/**
 * The card-testing limits' refusal (docs/decisions/0431): for how long, that nothing was
 * charged, and the way to pay now. A blocked card leaves another card or the other methods; a
 * blocked checkout (every card of it) leaves the other methods.
 */
export function cardBlockedMessage(scope: "card" | "checkout", seconds: number): string {
  const wait = waitText(seconds);
  return scope === "card"
    ? `Demasiados intentos de pago con esta tarjeta: por seguridad no la aceptaremos durante ${wait}. No se realizó ningún cobro. Puedes pagar ahora con otra tarjeta, o con ${OTHERS}: elige «Volver» y cambia el medio de pago.`
    : `Demasiados intentos de pago con tarjeta en esta compra: por seguridad no aceptaremos tarjetas durante ${wait}. No se realizó ningún cobro. Puedes pagar ahora con ${OTHERS}: elige «Volver» y cambia el medio de pago.`;
}

export const CARD_MESSAGES = {
  holderName: "El nombre del titular es obligatorio",
  holderNameTooLong: "Máximo 80 caracteres",
  cardNumber: "El número de tarjeta es obligatorio",
  cardNumberInvalid: "Número de tarjeta inválido",
  expirationMonth: "Selecciona el mes de expiración",
  expirationYear: "Selecciona el año de expiración",
  cvv: "El CVV es obligatorio",
  cvvInvalid: "El CVV debe tener exactamente 3 dígitos",
  cvvAmexInvalid: "El código de American Express tiene 4 dígitos",
  expired: "La tarjeta está expirada",
} as const;

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb";

/** @public For the forms of issue 10 (the checkout and payment screens). */
export const CARD_BRAND_LABELS: Readonly<Record<CardBrand, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
};

/** The formatted number input's maxlength: 16 digits in groups of four with 3 spaces. */
/** @public For the forms of issue 10 (the checkout and payment screens). */
export const CARD_NUMBER_INPUT_MAX_LENGTH = 19;
const CARD_NUMBER_MIN_DIGITS = 13;
const CARD_NUMBER_MAX_DIGITS = 19;

/** The number as typed without its spaces and dashes; other characters are kept (and fail). */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** Luhn (mod 10) check of a string of digits; false for an empty or non-digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Brand prefixes as inclusive ranges over the first `length` digits. */
const BRAND_RANGES: ReadonlyArray<
  readonly [brand: CardBrand, length: number, from: number, to: number]
> = [
  ["amex", 2, 34, 34],
  ["amex", 2, 37, 37],
  ["diners", 3, 300, 305],
  ["diners", 2, 36, 36],
  ["diners", 2, 38, 38],
  ["jcb", 4, 3528, 3589],
  ["discover", 4, 6011, 6011],
  ["discover", 6, 622126, 622925],
  ["discover", 3, 644, 649],
  ["discover", 2, 65, 65],
  ["mastercard", 2, 51, 55],
  ["mastercard", 4, 2221, 2720],
  ["visa", 1, 4, 4],
];

/**
 * The brand of a (possibly partial) card number from its prefix: Visa 4 · Mastercard 51–55,
 * 2221–2720 · Amex 34, 37 · Discover 6011, 622126–622925, 644–649, 65 · Diners 300–305, 36,
 * 38 · JCB 3528–3589. Null while too few digits are typed to tell, or for anything else.
 */
export function detectCardBrand(digits: string): CardBrand | null {
  const number = cardDigits(digits);
  if (!/^\d+$/.test(number)) return null;
  for (const [brand, length, from, to] of BRAND_RANGES) {
    if (number.length < length) continue;
    const prefix = Number(number.slice(0, length));
    if (prefix >= from && prefix <= to) return brand;
  }
  return null;
}

/**
 * The number for display while typing: digits only, in groups of four, at most 16 digits
 * (19 characters); an American Express number in 4-6-5 groups, at most 15 digits.
 */
export function formatCardNumber(input: string): string {
  const all = input.replace(/\D/g, "");
  if (detectCardBrand(all) === "amex") {
    const digits = all.slice(0, 15);
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(" ");
  }
  const digits = all.slice(0, 16);
  return (digits.match(/\d{1,4}/g) ?? []).join(" ");
}

/**
 * The security code's length for a brand: American Express prints 4 digits on the front (CID),
 * every other brand 3 on the back (docs/decisions/0350). An unknown brand
 * follows the rule of most cards.
 */
export function cvvLength(brand: CardBrand | null): 3 | 4 {
  return brand === "amex" ? 4 : 3;
}

/** The CVV input's maxlength before the brand is known: room for an American Express code. */
export const CVV_INPUT_MAX_LENGTH = 4;

/** What the CVV field says of itself: for the detected brand, or for both while none is. */
export function cvvHint(brand: CardBrand | null): string {
  if (brand === "amex") return "Los 4 dígitos al frente de tu tarjeta American Express";
  if (brand) return "Los 3 dígitos al respaldo de tu tarjeta";
  return "Los 3 dígitos al respaldo de tu tarjeta; en American Express, los 4 del frente";
}

/**
 * Year and month (1–12) in Colombia (UTC−5 all year, no daylight saving time), so that the
 * server and the shopper's browser agree on the current month whatever their own time zone.
 */
export function colombiaYearMonth(now: Date): { year: number; month: number } {
  const bogota = new Date(now.getTime() - 5 * 60 * 60 * 1000);
  return { year: bogota.getUTCFullYear(), month: bogota.getUTCMonth() + 1 };
}

/** The expiry year choices: the current year in Colombia and the next 9. */
export function expiryYears(now: Date): number[] {
  const { year } = colombiaYearMonth(now);
  return Array.from({ length: 10 }, (_, i) => year + i);
}

/** The expiry month choices, as the select's values. */
/** @public For the forms of issue 10 (the checkout and payment screens). */
export const EXPIRY_MONTHS = [
  "01",
  "02",
  "03",
  "04",
  "05",
  "06",
  "07",
  "08",
  "09",
  "10",
  "11",
  "12",
] as const;

const MONTH_PATTERN = /^(0?[1-9]|1[0-2])$/;
const CARD_NUMBER_PATTERN = new RegExp(
  `^\\d{${CARD_NUMBER_MIN_DIGITS},${CARD_NUMBER_MAX_DIGITS}}$`,
);

/**
 * The card form's schema for a given moment (pass `new Date()` per request). Output: the
 * trimmed holder name with single spaces, the number as digits, the month as "01"–"12", the
 * year as 4 digits and the CVV: 4 digits for an American Express number ('El código de American
 * Express tiene 4 dígitos'), 3 for any other ('El CVV debe tener exactamente 3 dígitos'). An expiry
 * before the current month reports 'La tarjeta está expirada' on expiration_month, even while other
 * fields are wrong.
 */
export function cardFormSchema(now: Date) {
  const years = expiryYears(now).map(String);
  const current = colombiaYearMonth(now);
  return z
    .object({
      holder_name: z
        .string({ error: CARD_MESSAGES.holderName })
        // Before the spaces are collapsed: a line break must be refused, not made a space.
        .refine(isSingleLineText, NOT_ALLOWED)
        .trim()
        .min(1, CARD_MESSAGES.holderName)
        .max(80, CARD_MESSAGES.holderNameTooLong)
        .transform((value) => value.replace(/\s+/g, " ")),
      card_number: z
        .string({ error: CARD_MESSAGES.cardNumber })
        .trim()
        .min(1, CARD_MESSAGES.cardNumber)
        .max(40, CARD_MESSAGES.cardNumberInvalid)
        .transform(cardDigits)
        .refine(
          (digits) => CARD_NUMBER_PATTERN.test(digits) && luhnValid(digits),
          CARD_MESSAGES.cardNumberInvalid,
        ),
      expiration_month: z
        .string({ error: CARD_MESSAGES.expirationMonth })
        .trim()
        .regex(MONTH_PATTERN, CARD_MESSAGES.expirationMonth)
        .transform((value) => value.padStart(2, "0")),
      expiration_year: z
        .string({ error: CARD_MESSAGES.expirationYear })
        .trim()
        .refine((value) => years.includes(value), CARD_MESSAGES.expirationYear),
      cvv2: z.string({ error: CARD_MESSAGES.cvv }).trim().min(1, CARD_MESSAGES.cvv),
    })
    .superRefine(
      (value, ctx) => {
        // The code's length follows the number's brand, even while the number is wrong.
        const cvv = typeof value.cvv2 === "string" ? value.cvv2.trim() : "";
        if (cvv === "") return;
        const brand = detectCardBrand(
          typeof value.card_number === "string" ? value.card_number : "",
        );
        if (/^\d+$/.test(cvv) && cvv.length === cvvLength(brand)) return;
        ctx.addIssue({
          code: "custom",
          path: ["cvv2"],
          message: brand === "amex" ? CARD_MESSAGES.cvvAmexInvalid : CARD_MESSAGES.cvvInvalid,
        });
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .superRefine(
      (value, ctx) => {
        const month =
          typeof value.expiration_month === "string" ? value.expiration_month.trim() : "";
        const year = typeof value.expiration_year === "string" ? value.expiration_year.trim() : "";
        // Only a month and a year that are each valid can make a card expired.
        if (!MONTH_PATTERN.test(month) || !years.includes(year)) return;
        const expiry = Number(year) * 12 + Number(month);
        if (expiry < current.year * 12 + current.month) {
          ctx.addIssue({
            code: "custom",
            path: ["expiration_month"],
            message: CARD_MESSAGES.expired,
          });
        }
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    );
}

export type CardFormValues = z.output<ReturnType<typeof cardFormSchema>>;

/** Month and year as the gateway's tokenization takes them: "05" and "26". */
export function gatewayExpiry(
  values: Pick<CardFormValues, "expiration_month" | "expiration_year">,
): {
  expiration_month: string;
  expiration_year: string;
} {
  return {
    expiration_month: values.expiration_month,
    expiration_year: values.expiration_year.slice(-2),
  };
}

/**
 * What the card form posts to the store when the browser tokenized the card (JavaScript on):
 * the token and what the result pages and the card-testing limits need to know of the card,
 * from the token's answer. Never the number or the CVV.
 */
export const cardTokenFormSchema = z.object({
  token_id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  device_session_id: z.string().regex(/^[A-Za-z0-9_-]{8,255}$/),
  /** The token's masked number: first six and last four digits. */
  card_mask: z.string().regex(/^\d{6}X{3,9}\d{4}$/),
  card_brand: z
    .string()
    .regex(/^[a-z_]{0,20}$/)
    .optional(),
  holder_name: z.string().refine(isSingleLineText).pipe(z.string().trim().min(1).max(80)),
  expiration_month: z.string().regex(/^(0[1-9]|1[0-2])$/),
  expiration_year: z.string().regex(/^\d{4}$/),
});

/** The card's brand label and last four: "Visa terminada en 1111". */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined) {
  const key = (brand ?? "").toLowerCase() as CardBrand;
  const name = CARD_BRAND_LABELS[key] ?? (brand ? brand : "Tarjeta");
  const digits = (last4 ?? "").replace(/\D/g, "").slice(-4);
  return digits ? `${name} terminada en ${digits}` : name;
}
