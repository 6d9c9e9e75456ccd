import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  CARD_MESSAGES as M,
  cardDigits,
  cardFormSchema,
  colombiaYearMonth,
  CVV_INPUT_MAX_LENGTH,
  cvvHint,
  cvvLength,
  detectCardBrand,
  expiryYears,
  formatCardNumber,
  gatewayExpiry,
  luhnValid,
} from "./card";
import { NOT_ALLOWED_MESSAGE } from "~/text/control-characters";

// Luhn-valid sample numbers of each brand.
const SAMPLES = {
  visa: "4111111111111111",
  visa2: "4242424242424242",
  mastercard: "5555555555554444",
  mastercard2: "2223000048400011",
  amex: "378282246310005",
  discover: "6011111111111117",
  diners: "30569309025904",
  jcb: "3530111333300000",
};

describe("cardDigits", () => {
  it.each([
    ["4111 1111 1111 1111", "4111111111111111"],
    ["4111-1111-1111-1111", "4111111111111111"],
    [" 4111\t1111 ", "41111111"],
    ["4111.1111", "4111.1111"], // other characters are kept, so that the number fails
    ["", ""],
  ])("turns %j into %j", (input, expected) => {
    expect(cardDigits(input)).toBe(expected);
  });
});

describe("luhnValid", () => {
  it.each(Object.entries(SAMPLES))("accepts the %s sample", (_brand, number) => {
    expect(luhnValid(number)).toBe(true);
  });

  it.each([
    "4111111111111112", // last digit off by one
    "4111111111111121", // two digits swapped
    "5555555555554443",
    "378282246310006",
    "",
    "4111 1111 1111 1111", // not digits only
    "abc",
  ])("rejects %j", (input) => {
    expect(luhnValid(input)).toBe(false);
  });

  it.each(["0", "00", "18", "59", "0000000000000", "411111111117", "41111111111111111115"])(
    "accepts the trivially valid %j",
    (input) => {
      expect(luhnValid(input)).toBe(true);
    },
  );
});

describe("detectCardBrand", () => {
  it.each([
    ["4", "visa"],
    ["4111111111111111", "visa"],
    ["51", "mastercard"],
    ["55", "mastercard"],
    ["2221", "mastercard"],
    ["2720", "mastercard"],
    ["5555 5555 5555 4444", "mastercard"],
    ["34", "amex"],
    ["37", "amex"],
    ["300", "diners"],
    ["305", "diners"],
    ["36", "diners"],
    ["38", "diners"],
    ["3528", "jcb"],
    ["3589", "jcb"],
    ["6011", "discover"],
    ["622126", "discover"],
    ["622925", "discover"],
    ["644", "discover"],
    ["649", "discover"],
    ["65", "discover"],
    [SAMPLES.amex, "amex"],
    [SAMPLES.diners, "diners"],
    [SAMPLES.jcb, "jcb"],
    [SAMPLES.discover, "discover"],
    [SAMPLES.mastercard2, "mastercard"],
  ])("reads %s as %s", (digits, brand) => {
    expect(detectCardBrand(digits)).toBe(brand);
  });

  it.each([
    "",
    "5", // 5 alone could be several things
    "50",
    "56",
    "2220",
    "2721",
    "306",
    "35",
    "3527",
    "3590",
    "6010",
    "622125",
    "622926",
    "643",
    "1234567890123",
    "4a",
    "x4",
  ])("finds no brand for %j", (digits) => {
    expect(detectCardBrand(digits)).toBeNull();
  });
});

describe("formatCardNumber", () => {
  it.each([
    ["", ""],
    ["4", "4"],
    ["4111", "4111"],
    ["41111", "4111 1"],
    ["4111111111111111", "4111 1111 1111 1111"],
    ["4111-1111 1111x1111", "4111 1111 1111 1111"],
    ["41111111111111119999", "4111 1111 1111 1111"], // cut at 16 digits, 19 characters
    ["3782", "3782"],
    ["378282", "3782 82"],
    ["378282246310005", "3782 822463 10005"],
    ["3782822463100059", "3782 822463 10005"], // Amex stops at 15 digits
    ["30569309025904", "3056 9309 0259 04"],
  ])("formats %j as %j", (input, expected) => {
    expect(formatCardNumber(input)).toBe(expected);
  });

  it("never exceeds 19 characters", () => {
    expect(formatCardNumber("9".repeat(40)).length).toBe(19);
  });
});

describe("colombiaYearMonth and expiryYears", () => {
  it.each([
    ["2026-06-15T12:00:00Z", 2026, 6],
    ["2026-07-01T04:59:59Z", 2026, 6], // still 30 June, 23:59 in Bogotá
    ["2026-07-01T05:00:00Z", 2026, 7],
    ["2026-01-01T04:00:00Z", 2025, 12],
  ])("at %s it is %i-%i in Colombia", (iso, year, month) => {
    expect(colombiaYearMonth(new Date(iso))).toEqual({ year, month });
  });

  it("offers the current year and the next 9", () => {
    expect(expiryYears(new Date("2026-06-15T12:00:00Z"))).toEqual([
      2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035,
    ]);
  });

  it("starts at the Colombian year on New Year's Eve in UTC", () => {
    expect(expiryYears(new Date("2026-01-01T02:00:00Z"))[0]).toBe(2025);
  });
});

describe("cardFormSchema", () => {
  const NOW = new Date("2026-06-15T12:00:00Z");
  const VALID = {
    holder_name: "ANA GOMEZ",
    card_number: "4111 1111 1111 1111",
    expiration_month: "12",
    expiration_year: "2028",
    cvv2: "123",
  };

  function parse(fields: Record<string, string | undefined>, now = NOW) {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined) data.append(name, value);
    return parseWithZod(data, { schema: cardFormSchema(now) });
  }
  function errorsOf<I, O>(submission: Submission<I, string[], O>) {
    return submission.status === "error" ? submission.error : undefined;
  }

  it("accepts a valid card and gives the number as digits", () => {
    const submission = parse({ ...VALID, holder_name: "  Ana   Gómez " });
    expect(submission.status === "success" && submission.value).toEqual({
      holder_name: "Ana Gómez",
      card_number: "4111111111111111",
      expiration_month: "12",
      expiration_year: "2028",
      cvv2: "123",
    });
  });

  it.each<[string, Record<string, string | undefined>, Record<string, unknown>]>([
    [
      "an Amex number with dashes",
      { card_number: "3782-822463-10005", cvv2: "1234" },
      { card_number: SAMPLES.amex, cvv2: "1234" },
    ],
    [
      "an Amex 4-digit code with spaces around",
      { card_number: SAMPLES.amex, cvv2: " 0007 " },
      { cvv2: "0007" },
    ],
    ["a 14-digit Diners number", { card_number: SAMPLES.diners }, { card_number: SAMPLES.diners }],
    ["a one-digit month", { expiration_month: "7" }, { expiration_month: "07" }],
    [
      "the current month",
      { expiration_month: "06", expiration_year: "2026" },
      { expiration_month: "06" },
    ],
    ["the last year offered", { expiration_year: "2035" }, { expiration_year: "2035" }],
    ["a CVV with spaces around", { cvv2: " 123 " }, { cvv2: "123" }],
  ])("accepts %s", (_label, changes, expected) => {
    const submission = parse({ ...VALID, ...changes });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject(expected);
  });

  it.each<[string, Record<string, string | undefined>, Record<string, string[]>]>([
    ["an empty holder name", { holder_name: "" }, { holder_name: [M.holderName] }],
    ["a blank holder name", { holder_name: "  " }, { holder_name: [M.holderName] }],
    [
      "an 81-character holder name (the gateway takes 80)",
      { holder_name: "A".repeat(81) },
      { holder_name: [M.holderNameTooLong] },
    ],
    ["an empty number", { card_number: "" }, { card_number: [M.cardNumber] }],
    ["a missing number", { card_number: undefined }, { card_number: [M.cardNumber] }],
    [
      "a number failing Luhn",
      { card_number: "4111 1111 1111 1112" },
      { card_number: [M.cardNumberInvalid] },
    ],
    [
      "a 12-digit Luhn-valid number",
      { card_number: "411111111117" },
      { card_number: [M.cardNumberInvalid] },
    ],
    [
      "a 20-digit Luhn-valid number",
      { card_number: "41111111111111111115" },
      { card_number: [M.cardNumberInvalid] },
    ],
    [
      "a number with letters",
      { card_number: "4111 1111 1111 111O" },
      { card_number: [M.cardNumberInvalid] },
    ],
    [
      "a number with dots",
      { card_number: "4111.1111.1111.1111" },
      { card_number: [M.cardNumberInvalid] },
    ],
    ["no month", { expiration_month: "" }, { expiration_month: [M.expirationMonth] }],
    ["month 13", { expiration_month: "13" }, { expiration_month: [M.expirationMonth] }],
    ["month 00", { expiration_month: "00" }, { expiration_month: [M.expirationMonth] }],
    ["no year", { expiration_year: "" }, { expiration_year: [M.expirationYear] }],
    ["a two-digit year", { expiration_year: "28" }, { expiration_year: [M.expirationYear] }],
    ["last year", { expiration_year: "2025" }, { expiration_year: [M.expirationYear] }],
    ["a year past the list", { expiration_year: "2036" }, { expiration_year: [M.expirationYear] }],
    ["no CVV", { cvv2: "" }, { cvv2: [M.cvv] }],
    ["a 4-digit CVV", { cvv2: "1234" }, { cvv2: [M.cvvInvalid] }],
    ["a 2-digit CVV", { cvv2: "12" }, { cvv2: [M.cvvInvalid] }],
    ["a CVV with a letter", { cvv2: "12a" }, { cvv2: [M.cvvInvalid] }],
    [
      "a 4-digit CVV on a Mastercard",
      { card_number: SAMPLES.mastercard, cvv2: "1234" },
      { cvv2: [M.cvvInvalid] },
    ],
    [
      "a 3-digit code on an Amex (it has 4)",
      { card_number: SAMPLES.amex, cvv2: "123" },
      { cvv2: [M.cvvAmexInvalid] },
    ],
    [
      "a 5-digit code on an Amex",
      { card_number: "3782 822463 10005", cvv2: "12345" },
      { cvv2: [M.cvvAmexInvalid] },
    ],
    [
      "an Amex code with a letter",
      { card_number: SAMPLES.amex, cvv2: "123a" },
      { cvv2: [M.cvvAmexInvalid] },
    ],
    ["no code on an Amex", { card_number: SAMPLES.amex, cvv2: "" }, { cvv2: [M.cvv] }],
    [
      "a 3-digit code on a mistyped Amex number: the brand still asks for 4",
      { card_number: "378282246310006", cvv2: "123" },
      { card_number: [M.cardNumberInvalid], cvv2: [M.cvvAmexInvalid] },
    ],
    [
      "a 4-digit CVV with no number",
      { card_number: "", cvv2: "1234" },
      { card_number: [M.cardNumber], cvv2: [M.cvvInvalid] },
    ],
    [
      "last month",
      { expiration_month: "05", expiration_year: "2026" },
      { expiration_month: [M.expired] },
    ],
    [
      "January this year",
      { expiration_month: "1", expiration_year: "2026" },
      { expiration_month: [M.expired] },
    ],
    [
      "an expired card with other errors",
      { expiration_month: "05", expiration_year: "2026", cvv2: "", holder_name: "" },
      { holder_name: [M.holderName], cvv2: [M.cvv], expiration_month: [M.expired] },
    ],
  ])("reports %s", (_label, changes, errors) => {
    expect(errorsOf(parse({ ...VALID, ...changes }))).toEqual(errors);
  });

  it("reports every field of an empty form", () => {
    expect(errorsOf(parse({}))).toEqual({
      holder_name: [M.holderName],
      card_number: [M.cardNumber],
      expiration_month: [M.expirationMonth],
      expiration_year: [M.expirationYear],
      cvv2: [M.cvv],
    });
  });

  it("counts expiry by the month in Colombia", () => {
    const june = { ...VALID, expiration_month: "06", expiration_year: "2026" };
    expect(parse(june, new Date("2026-07-01T04:59:59Z")).status).toBe("success");
    expect(errorsOf(parse(june, new Date("2026-07-01T05:00:00Z")))).toEqual({
      expiration_month: [M.expired],
    });
  });

  it("quotes the spec's messages", () => {
    expect(M.cardNumberInvalid).toBe("Número de tarjeta inválido");
    expect(M.expired).toBe("La tarjeta está expirada");
    expect(M.cvvInvalid).toBe("El CVV debe tener exactamente 3 dígitos");
    expect(M.cvvAmexInvalid).toBe("El código de American Express tiene 4 dígitos");
  });

  it.each(["Ana\r\nBcc: evil@example.com", "ANA\u202eGOMEZ", "ANA\tGOMEZ", "ANA GOMEZ\u0000"])(
    "refuses a holder name with control characters (%j), not collapsing them to spaces",
    (holder) => {
      expect(errorsOf(parse({ ...VALID, holder_name: holder }))).toEqual({
        holder_name: [NOT_ALLOWED_MESSAGE],
      });
    },
  );
});

describe("the CVV by brand", () => {
  it("is 4 digits for American Express and 3 for every other brand", () => {
    expect(cvvLength("amex")).toBe(4);
    for (const brand of ["visa", "mastercard", "discover", "diners", "jcb", null] as const)
      expect(cvvLength(brand)).toBe(3);
  });

  it("lets an Amex code be typed before the brand is known, and says so in the hint", () => {
    expect(CVV_INPUT_MAX_LENGTH).toBe(4);
    expect(cvvHint(null)).toBe(
      "Los 3 dígitos al respaldo de tu tarjeta; en American Express, los 4 del frente",
    );
    expect(cvvHint("amex")).toBe("Los 4 dígitos al frente de tu tarjeta American Express");
    expect(cvvHint("visa")).toBe("Los 3 dígitos al respaldo de tu tarjeta");
  });
});

describe("gatewayExpiry", () => {
  it("gives the two-digit month and year the gateway takes", () => {
    expect(gatewayExpiry({ expiration_month: "05", expiration_year: "2031" })).toEqual({
      expiration_month: "05",
      expiration_year: "31",
    });
  });
});
