/**
 * Colombia's 32 departments and the capital district (DANE codes), for the department select
 * of the checkout. The select's option value is the two-digit DANE code.
 */

export type Department = { readonly code: string; readonly name: string };

const BY_CODE: ReadonlyArray<Department> = [
  { code: "05", name: "Antioquia" },
  { code: "08", name: "Atlántico" },
  { code: "11", name: "Bogotá D.C." },
  { code: "13", name: "Bolívar" },
  { code: "15", name: "Boyacá" },
  { code: "17", name: "Caldas" },
  { code: "18", name: "Caquetá" },
  { code: "19", name: "Cauca" },
  { code: "20", name: "Cesar" },
  { code: "23", name: "Córdoba" },
  { code: "25", name: "Cundinamarca" },
  { code: "27", name: "Chocó" },
  { code: "41", name: "Huila" },
  { code: "44", name: "La Guajira" },
  { code: "47", name: "Magdalena" },
  { code: "50", name: "Meta" },
  { code: "52", name: "Nariño" },
  { code: "54", name: "Norte de Santander" },
  { code: "63", name: "Quindío" },
  { code: "66", name: "Risaralda" },
  { code: "68", name: "Santander" },
  { code: "70", name: "Sucre" },
  { code: "73", name: "Tolima" },
  { code: "76", name: "Valle del Cauca" },
  { code: "81", name: "Arauca" },
  { code: "85", name: "Casanare" },
  { code: "86", name: "Putumayo" },
  { code: "88", name: "San Andrés" },
  { code: "91", name: "Amazonas" },
  { code: "94", name: "Guainía" },
  { code: "95", name: "Guaviare" },
  { code: "97", name: "Vaupés" },
  { code: "99", name: "Vichada" },
];

/** The 33 departments in Spanish alphabetical order, as the select lists them. */
export const DEPARTMENTS: ReadonlyArray<Department> = [...BY_CODE].sort((a, b) =>
  a.name.localeCompare(b.name, "es"),
);

/** Lower case, no accents, no dots or commas, single spaces: "Bogotá, D.C." -> "bogota dc". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[.,]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Other ways shoppers write a department name. */
const ALIASES: ReadonlyArray<[alias: string, code: string]> = [
  ["Bogotá", "11"],
  ["Santafé de Bogotá", "11"],
  ["San Andrés y Providencia", "88"],
  ["San Andrés, Providencia y Santa Catalina", "88"],
  ["Archipiélago de San Andrés, Providencia y Santa Catalina", "88"],
  ["Valle", "76"],
  ["Guajira", "44"],
];

const LOOKUP = new Map<string, string>([
  ...BY_CODE.map((d): [string, string] => [d.code, d.code]),
  ...BY_CODE.map((d): [string, string] => [fold(d.name), d.code]),
  ...ALIASES.map(([alias, code]): [string, string] => [fold(alias), code]),
]);

/**
 * The DANE code of a department given by code ("05") or by name in any case, with or
 * without accents ("Atlántico", "atlantico", "BOGOTA D.C."); null when there is none.
 */
export function departmentCode(input: string): string | null {
  const trimmed = input.trim();
  if (/^\d{2}$/.test(trimmed)) return LOOKUP.get(trimmed) === trimmed ? trimmed : null;
  if (/^\d+$/.test(trimmed)) return null;
  return LOOKUP.get(fold(trimmed)) ?? null;
}

/** The department of a DANE code, or undefined. */
export function departmentByCode(code: string): Department | undefined {
  return BY_CODE.find((d) => d.code === code);
}
