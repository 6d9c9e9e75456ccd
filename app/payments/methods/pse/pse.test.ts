import { parseWithZod, type Submission } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  FALLBACK_PSE_BANKS,
  normalizeFullName,
  PSE_MESSAGES as M,
  pseBanksFrom,
  pseFormSchema,
} from "./pse";
import { NOT_ALLOWED_MESSAGE } from "~/text/control-characters";

const VALID = {
  document_type: "CC",
  document: "1020304050",
  full_name: "Ana Gómez",
  bank: "1007",
  person_type: "natural",
};

function parse(fields: Record<string, string | undefined>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) data.append(name, value);
  return parseWithZod(data, { schema: pseFormSchema });
}
function errorsOf<I, O>(submission: Submission<I, string[], O>) {
  return submission.status === "error" ? submission.error : undefined;
}

describe("pseFormSchema", () => {
  it("accepts a valid form and puts the name in capitals", () => {
    const submission = parse({ ...VALID, full_name: "  ana   gómez ñañez " });
    expect(submission.status === "success" && submission.value).toEqual({
      document_type: "CC",
      document: "1020304050",
      full_name: "ANA GÓMEZ ÑAÑEZ",
      bank: "1007",
      person_type: "natural",
    });
  });

  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    ["each document type: CE", { document_type: "CE" }, { document_type: "CE" }],
    [
      "each document type: NIT",
      { document_type: "NIT", person_type: "juridica" },
      { document_type: "NIT", person_type: "juridica" },
    ],
    ["each document type: PP", { document_type: "PP" }, { document_type: "PP" }],
    ["a 6-digit document", { document: "123456" }, { document: "123456" }],
    ["a 12-digit document", { document: "123456789012" }, { document: "123456789012" }],
    [
      "a document with dots and spaces",
      { document: " 1.020.304.050 " },
      { document: "1020304050" },
    ],
    ["a bank code with spaces", { bank: " 1051 " }, { bank: "1051" }],
    ["a bank not in the fallback list", { bank: "1507" }, { bank: "1507" }],
  ])("accepts %s", (_label, changes, expected) => {
    const submission = parse({ ...VALID, ...changes });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject(expected);
  });

  it.each<[string, Record<string, string | undefined>, Record<string, string[]>]>([
    ["no document type", { document_type: "" }, { document_type: [M.documentType] }],
    ["an unknown document type", { document_type: "TI" }, { document_type: [M.documentType] }],
    ["a lower-case document type", { document_type: "cc" }, { document_type: [M.documentType] }],
    ["no document", { document: "" }, { document: [M.document] }],
    ["a blank document", { document: "   " }, { document: [M.document] }],
    ["a missing document", { document: undefined }, { document: [M.document] }],
    ["a 5-digit document", { document: "12345" }, { document: [M.document] }],
    ["a 13-digit document", { document: "1234567890123" }, { document: [M.document] }],
    ["a document with letters", { document: "AB123456" }, { document: [M.document] }],
    ["a document with a dash", { document: "900123456-7" }, { document: [M.document] }],
    ["no name", { full_name: "" }, { full_name: [M.fullName] }],
    ["a blank name", { full_name: "   " }, { full_name: [M.fullName] }],
    ["one word", { full_name: "Ana" }, { full_name: [M.fullName] }],
    ["one word and a dot", { full_name: "Ana ." }, { full_name: [M.fullName] }],
    ["one word with padding", { full_name: "  Ana  " }, { full_name: [M.fullName] }],
    [
      "a 121-character name",
      { full_name: `Ana ${"x".repeat(117)}` },
      { full_name: [M.fullNameTooLong] },
    ],
    ["no bank", { bank: "" }, { bank: [M.bank] }],
    ["the PSE prompt entry", { bank: "0" }, { bank: [M.bank] }],
    ["no person type", { person_type: "" }, { person_type: [M.personType] }],
    ["an unknown person type", { person_type: "jurídica" }, { person_type: [M.personType] }],
  ])("reports %s", (_label, changes, errors) => {
    expect(errorsOf(parse({ ...VALID, ...changes }))).toEqual(errors);
  });

  it("reports every field of an empty form", () => {
    expect(errorsOf(parse({}))).toEqual({
      document_type: [M.documentType],
      document: [M.document],
      full_name: [M.fullName],
      bank: [M.bank],
      person_type: [M.personType],
    });
  });

  it("quotes the spec's messages", () => {
    expect(M.document).toBe("El número de documento debe tener entre 6 y 12 dígitos.");
    expect(M.fullName).toBe("Por favor, ingrese su nombre y apellido completos.");
  });
});

describe("normalizeFullName", () => {
  it.each([
    ["ana gómez", "ANA GÓMEZ"],
    ["  josé\tmaría  peña ", "JOSÉ MARÍA PEÑA"],
    ["", ""],
  ])("turns %j into %j", (input, expected) => {
    expect(normalizeFullName(input)).toBe(expected);
  });
});

describe("FALLBACK_PSE_BANKS", () => {
  it("has the 10 banks with their ACH codes", () => {
    expect(FALLBACK_PSE_BANKS).toEqual([
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
    ]);
  });
});

describe("pseBanksFrom", () => {
  it.each<[string, unknown, ReadonlyArray<{ code: string; name: string }>]>([
    [
      "an array of id and name",
      [{ id: "1007", name: "Bancolombia" }],
      [{ code: "1007", name: "Bancolombia" }],
    ],
    ["numeric ids", [{ id: 1051, name: " Davivienda " }], [{ code: "1051", name: "Davivienda" }]],
    ["code in place of id", [{ code: "1507", name: "Nequi" }], [{ code: "1507", name: "Nequi" }]],
    [
      "a list under banks",
      { banks: [{ id: "1001", name: "Banco de Bogotá" }] },
      [{ code: "1001", name: "Banco de Bogotá" }],
    ],
    [
      "a list under data",
      { data: [{ id: "1002", name: "Banco Popular" }] },
      [{ code: "1002", name: "Banco Popular" }],
    ],
    [
      "the prompt entry, broken entries and duplicates",
      [
        { id: "0", name: "A continuación seleccione su banco" },
        { id: "1007", name: "Bancolombia" },
        { id: "1007", name: "Bancolombia otra vez" },
        { id: "", name: "Sin código" },
        { id: "1009" },
        null,
        "1013",
      ],
      [{ code: "1007", name: "Bancolombia" }],
    ],
    ["an empty list", [], FALLBACK_PSE_BANKS],
    [
      "only the prompt",
      [{ id: "0", name: "A continuación seleccione su banco" }],
      FALLBACK_PSE_BANKS,
    ],
    ["null", null, FALLBACK_PSE_BANKS],
    ["a string", "<html>", FALLBACK_PSE_BANKS],
    ["an object without a list", { error: "timeout" }, FALLBACK_PSE_BANKS],
  ])("reads %s", (_label, payload, expected) => {
    expect(pseBanksFrom(payload)).toEqual(expected);
  });
});

describe("pseFormSchema and control characters (issue 23, point 8)", () => {
  it.each([
    ["full_name", "Ana\r\nBcc: evil@example.com"],
    ["full_name", "Ana \u202eGómez"],
    ["full_name", "Ana\tGómez"],
    ["full_name", "\u0000Ana Gómez"],
    ["document", "1020304050\r\n"],
    ["document", "1020\u001b304050"],
    ["document", "\u20661020304050\u2069"],
  ])("refuses %s %j with its own message, not a space or a format error", (field, value) => {
    expect(errorsOf(parse({ ...VALID, [field]: value }))).toEqual({
      [field]: [NOT_ALLOWED_MESSAGE],
    });
  });
});
