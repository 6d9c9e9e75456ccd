import { describe, expect, it } from "vitest";
import { evaluateLogin, LOGIN_MESSAGES } from "./login-rules";

describe("evaluateLogin", () => {
  it("asks for every field when the e-mail or the password is empty", () => {
    for (const fields of [
      { intent: "login", email: "", password: "secreta" },
      { intent: "login", email: "ana@example.co", password: "" },
      { intent: "login", email: "   ", password: "secreta" },
      { intent: "login", email: null, password: null },
    ]) {
      const outcome = evaluateLogin(fields);
      expect(outcome.status).toBe(400);
      expect(outcome.tone).toBe("error");
      expect(outcome.message).toBe(LOGIN_MESSAGES.missingFields);
    }
  });

  it("keeps the typed e-mail but never echoes the password", () => {
    const outcome = evaluateLogin({ intent: "login", email: "ana@example.co", password: "" });
    expect(outcome.email).toBe("ana@example.co");
    expect(JSON.stringify(outcome)).not.toContain("secreta");
    const filled = evaluateLogin({ intent: "login", email: "ana@example.co", password: "secreta" });
    expect(JSON.stringify(filled)).not.toContain("secreta");
  });

  it("rejects a malformed e-mail", () => {
    const outcome = evaluateLogin({ intent: "login", email: "ana-en-example", password: "x" });
    expect(outcome).toMatchObject({ status: 400, message: LOGIN_MESSAGES.invalidEmail });
  });

  it("answers that sign-in is not available yet when both fields are filled", () => {
    const outcome = evaluateLogin({ intent: "login", email: " ana@example.co ", password: "x" });
    expect(outcome).toEqual({
      status: 200,
      tone: "info",
      message: "Función en desarrollo. La autenticación será implementada próximamente.",
      email: "ana@example.co",
    });
  });

  it("answers that registration is not available yet, whatever the fields", () => {
    const outcome = evaluateLogin({ intent: "register", email: "", password: "" });
    expect(outcome).toMatchObject({
      status: 200,
      message: "La funcionalidad de registro estará disponible próximamente...",
    });
  });

  it("ignores file uploads in place of text", () => {
    const file = new File(["x"], "x.txt");
    expect(evaluateLogin({ intent: "login", email: file, password: file }).message).toBe(
      LOGIN_MESSAGES.missingFields,
    );
  });
});
