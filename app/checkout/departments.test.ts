import { describe, expect, it } from "vitest";
import { DEPARTMENTS, departmentByCode, departmentCode } from "./departments";

describe("DEPARTMENTS", () => {
  it("lists the 32 departments and Bogotá, each code once and each name once", () => {
    expect(DEPARTMENTS).toHaveLength(33);
    expect(new Set(DEPARTMENTS.map((d) => d.code)).size).toBe(33);
    expect(new Set(DEPARTMENTS.map((d) => d.name)).size).toBe(33);
    for (const d of DEPARTMENTS) expect(d.code).toMatch(/^\d{2}$/);
  });

  it("is in Spanish alphabetical order", () => {
    const names = DEPARTMENTS.map((d) => d.name);
    expect(names[0]).toBe("Amazonas");
    expect(names.at(-1)).toBe("Vichada");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "es")));
  });

  it.each([
    ["05", "Antioquia"],
    ["11", "Bogotá D.C."],
    ["54", "Norte de Santander"],
    ["88", "San Andrés"],
    ["99", "Vichada"],
  ])("carries the DANE code %s for %s", (code, name) => {
    expect(departmentByCode(code)?.name).toBe(name);
  });
});

describe("departmentCode", () => {
  it.each([
    ["05", "05"],
    [" 76 ", "76"],
    ["Antioquia", "05"],
    ["antioquia", "05"],
    ["ATLÁNTICO", "08"],
    ["Atlantico", "08"],
    ["Bogotá D.C.", "11"],
    ["bogota dc", "11"],
    ["Bogotá, D.C.", "11"],
    ["Bogotá", "11"],
    ["Norte  de   Santander", "54"],
    ["Nariño", "52"],
    ["Narino", "52"],
    ["San Andrés, Providencia y Santa Catalina", "88"],
    ["Valle del Cauca", "76"],
    ["Quindio", "63"],
  ])("reads %j as %s", (input, code) => {
    expect(departmentCode(input)).toBe(code);
  });

  it.each([
    "",
    "  ",
    "00",
    "5",
    "005",
    "12",
    "100",
    "Medellín",
    "Antioquia x",
    "Santander del Norte",
  ])("finds no department for %j", (input) => {
    expect(departmentCode(input)).toBeNull();
  });
});
