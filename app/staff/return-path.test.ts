import { describe, expect, it } from "vitest";
import { safeReturnPath, signInUrl, STAFF_HOME } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/admin/notificaciones", "/admin/notificaciones"],
    ["/admin/notificaciones?order_id=CARD-1", "/admin/notificaciones?order_id=CARD-1"],
    ["/admin/otra/pagina", "/admin/otra/pagina"],
    ["/admin/./notificaciones", "/admin/notificaciones"],
    ["/admin/notificaciones#resultado", "/admin/notificaciones"],
  ])("keeps the staff page %s", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    ["nothing", undefined],
    ["not a string", ["/admin/notificaciones"]],
    ["empty", ""],
    ["another site", "https://atacante.example/admin/x"],
    ["a protocol-relative URL", "//atacante.example/admin/x"],
    ["a backslash host", "/\\atacante.example/admin/x"],
    ["a backslash later", "/admin\\..\\..\\x"],
    ["a scheme", "javascript:alert(1)"],
    ["a relative path", "admin/notificaciones"],
    ["a tab the browser would strip", "/\t/atacante.example/admin/"],
    ["a newline", "/admin/x\n"],
    ["a page outside /admin", "/carrito"],
    ["/admin itself", "/admin"],
    ["a look-alike prefix", "/administrador/x"],
    ["a climb out of /admin", "/admin/../carrito"],
    ["an encoded climb", "/admin/%2e%2e/carrito"],
    ["the sign-in page", "/admin/ingresar"],
    ["the sign-out", "/admin/salir"],
    ["an over-long value", `/admin/${"a".repeat(600)}`],
  ])("refuses %s", (_label, input) => {
    expect(safeReturnPath(input)).toBe(STAFF_HOME);
  });
});

describe("signInUrl", () => {
  it("carries the safe path back, encoded", () => {
    expect(signInUrl("/admin/notificaciones?a=1&b=2")).toBe(
      "/admin/ingresar?volver=%2Fadmin%2Fnotificaciones%3Fa%3D1%26b%3D2",
    );
    expect(signInUrl("//atacante.example")).toBe(
      "/admin/ingresar?volver=%2Fadmin%2Fnotificaciones",
    );
  });
});
