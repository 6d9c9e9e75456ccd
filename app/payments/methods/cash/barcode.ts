/**
 * The barcode of a cash payment slip (docs/decisions/0570): GS1-128 with the layout Colombian
 * payment slips use, in this order:
 *
 *   (415) the biller's location number, a GLN: 13 digits, the last a check digit
 *   (8020) the payment reference: up to 25 characters (the gateway's are digits)
 *   (3900) the amount payable in pesos, no decimals: up to 15 digits
 *   (96)   the due date, YYYYMMDD (a company-internal field networks read as the deadline)
 *
 * 415 has a fixed length; 8020 and 3900 do not, so a scanner needs an FNC1 after each of them
 * to know where they end (it transmits it as the GS character, ASCII 29). 96 comes last and
 * needs none. The gateway hands the element string; the store checks it against the charge it
 * belongs to before printing it, so a slip never collects another amount or reference.
 */

export interface SlipFields {
  /** The biller's GLN (AI 415). */
  readonly gln: string;
  /** The payment reference (AI 8020). */
  readonly reference: string;
  /** Integer pesos (AI 3900). */
  readonly amount: number;
  /** YYYYMMDD in Colombian time (AI 96). */
  readonly dueDate: string;
}

/** What a scanner sends for FNC1 inside the data. */
export const GS = "\u001d";

/** GS1's mod-10 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function glnValid(gln: string): boolean {
  return /^\d{13}$/.test(gln) && gs1CheckDigit(gln.slice(0, 12)) === Number(gln[12]);
}

/** A calendar date YYYYMMDD that exists (20260230 does not). */
function dateValid(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Why fields cannot go on a slip, or null when they can. */
export function slipProblem(fields: SlipFields): string | null {
  if (!glnValid(fields.gln)) return "415: not a GLN";
  if (!/^\d{1,25}$/.test(fields.reference)) return "8020: not 1–25 digits";
  if (
    !Number.isSafeInteger(fields.amount) ||
    fields.amount < 1 ||
    String(fields.amount).length > 15
  )
    return "3900: not a positive whole amount of up to 15 digits";
  if (!dateValid(fields.dueDate)) return "96: not a date YYYYMMDD";
  return null;
}

/** "(415)7709998000018(8020)…(3900)…(96)…": the element string, as printed under the bars. */
export function slipElementString(fields: SlipFields): string {
  return `(415)${fields.gln}(8020)${fields.reference}(3900)${fields.amount}(96)${fields.dueDate}`;
}

/**
 * What a cashier's scanner transmits for the slip: the GS1-128 symbology identifier ]C1, then
 * the fields with GS where an FNC1 ends a variable-length one.
 */
export function slipScannedData(fields: SlipFields): string {
  return `]C1415${fields.gln}8020${fields.reference}${GS}3900${fields.amount}${GS}96${fields.dueDate}`;
}

const ELEMENT_STRING = /^\(415\)(\d{13})\(8020\)(\d{1,25})\(3900\)(\d{1,15})\(96\)(\d{8})$/;

/** The fields of the gateway's element string, or null when it is not a slip of this layout. */
export function parseSlipElementString(value: string): SlipFields | null {
  const match = ELEMENT_STRING.exec(value);
  if (!match) return null;
  const fields: SlipFields = {
    gln: match[1],
    reference: match[2],
    amount: Number(match[3]),
    dueDate: match[4],
  };
  return slipProblem(fields) === null ? fields : null;
}
