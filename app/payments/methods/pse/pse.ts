/**
 * PSE (bank transfer) form rules (docs/decisions/0352, 0552; the pse-banks call of
 * docs/merchant-api.md): the form's schema, its choices and the fallback bank list. Used by the
 * action (parseWithZod) and the browser (conform's onValidate).
 */
import { z } from "zod";
import { isSingleLineText, NOT_ALLOWED } from "~/text/control-characters";

export const PSE_MESSAGES = {
  documentType: "Selecciona el tipo de documento",
  document: "El número de documento debe tener entre 6 y 12 dígitos.",
  fullName: "Por favor, ingrese su nombre y apellido completos.",
  fullNameTooLong: "Máximo 120 caracteres",
  bank: "Selecciona tu banco",
  personType: "Selecciona el tipo de persona",
  /** A pending PSE charge that came without the bank's page. */
  noBankPage:
    "No se recibió URL de redirección para PSE. No se realizó ningún cobro: tu banco no llegó a pedirte la autorización. Intenta de nuevo en unos minutos.",
} as const;

const PSE_DOCUMENT_TYPES = ["CC", "CE", "NIT", "PP"] as const;
type PseDocumentType = (typeof PSE_DOCUMENT_TYPES)[number];
/** @public For the forms of issue 10 (the checkout and payment screens). */
export const PSE_DOCUMENT_TYPE_LABELS: Readonly<Record<PseDocumentType, string>> = {
  CC: "Cédula de ciudadanía",
  CE: "Cédula de extranjería",
  NIT: "NIT",
  PP: "Pasaporte",
};

const PSE_PERSON_TYPES = ["natural", "juridica"] as const;
type PsePersonType = (typeof PSE_PERSON_TYPES)[number];
/** @public For the forms of issue 10 (the checkout and payment screens). */
export const PSE_PERSON_TYPE_LABELS: Readonly<Record<PsePersonType, string>> = {
  natural: "Persona natural",
  juridica: "Persona jurídica",
};

export type PseBank = { readonly code: string; readonly name: string };

/** The 10 banks offered when the gateway's list fails or is empty (ACH codes). */
export const FALLBACK_PSE_BANKS: ReadonlyArray<PseBank> = [
  { code: "1001", name: "Banco de Bogotá" },
  { code: "1002", name: "Banco Popular" },
  { code: "1006", name: "Banco Itaú" },
  { code: "1007", name: "Bancolombia" },
  { code: "1009", name: "Citibank" },
  { code: "1012", name: "Banco GNB Sudameris" },
  { code: "1013", name: "BBVA Colombia" },
  { code: "1019", name: "Scotiabank Colpatria" },
  { code: "1023", name: "Banco de Occidente" },
  { code: "1051", name: "Davivienda" },
];

/** PSE lists start with code "0", "A continuación seleccione su banco": a prompt, not a bank. */
const PROMPT_BANK_CODE = "0";

/**
 * The bank list from the gateway's answer: an array (or `{ banks }` / `{ data }` holding one)
 * of `{ id or code, name }`. Entries without a code or name and the "0" prompt are dropped;
 * when nothing is left, FALLBACK_PSE_BANKS.
 */
export function pseBanksFrom(payload: unknown): ReadonlyArray<PseBank> {
  const list = Array.isArray(payload)
    ? payload
    : payload !== null && typeof payload === "object"
      ? (["banks", "data"] as const)
          .map((key) => (payload as Record<string, unknown>)[key])
          .find((value): value is unknown[] => Array.isArray(value))
      : undefined;
  const banks: PseBank[] = [];
  const seen = new Set<string>();
  for (const entry of list ?? []) {
    if (entry === null || typeof entry !== "object") continue;
    const record = entry as Record<string, unknown>;
    const rawCode = record.code ?? record.id;
    const code =
      typeof rawCode === "number" || typeof rawCode === "string" ? String(rawCode).trim() : "";
    const name = typeof record.name === "string" ? record.name.trim() : "";
    if (!code || !name || code === PROMPT_BANK_CODE || seen.has(code)) continue;
    seen.add(code);
    banks.push({ code, name });
  }
  return banks.length > 0 ? banks : FALLBACK_PSE_BANKS;
}

/** Name as typed, trimmed, single-spaced and in capitals: " ana  gómez " -> "ANA GÓMEZ". */
export function normalizeFullName(input: string): string {
  return input.trim().replace(/\s+/g, " ").toLocaleUpperCase("es-CO");
}

/** At least two words with a letter each, e.g. "ANA GÓMEZ"; "ANA" or "ANA ." is not enough. */
function hasNameAndLastName(name: string): boolean {
  return name.split(" ").filter((word) => /\p{L}/u.test(word)).length >= 2;
}

/**
 * The PSE form. Output: document digits (spaces and dots as in "1.020.304.050" removed), the
 * full name in capitals, the bank code, the document and person types.
 */
export const pseFormSchema = z.object({
  document_type: z.enum(PSE_DOCUMENT_TYPES, { error: PSE_MESSAGES.documentType }),
  document: z
    .string({ error: PSE_MESSAGES.document })
    .refine(isSingleLineText, NOT_ALLOWED)
    .max(40, PSE_MESSAGES.document)
    .transform((value) => value.replace(/[\s.]/g, ""))
    .pipe(z.string({ error: PSE_MESSAGES.document }).regex(/^\d{6,12}$/, PSE_MESSAGES.document)),
  full_name: z
    .string({ error: PSE_MESSAGES.fullName })
    .refine(isSingleLineText, NOT_ALLOWED)
    .max(120, PSE_MESSAGES.fullNameTooLong)
    .transform(normalizeFullName)
    .refine(hasNameAndLastName, PSE_MESSAGES.fullName),
  bank: z
    .string({ error: PSE_MESSAGES.bank })
    .trim()
    .min(1, PSE_MESSAGES.bank)
    .max(40, PSE_MESSAGES.bank)
    .refine((code) => code !== PROMPT_BANK_CODE, PSE_MESSAGES.bank),
  person_type: z.enum(PSE_PERSON_TYPES, { error: PSE_MESSAGES.personType }),
});

/** @public For the forms of issue 10 (the checkout and payment screens). */
export type PseFormValues = z.output<typeof pseFormSchema>;

/** "PSE · Bancolombia" (or "PSE" when the bank is not known). */
export function bankLabel(bankName: string | null | undefined) {
  return bankName ? `PSE · ${bankName}` : "PSE";
}
