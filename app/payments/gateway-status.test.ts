import { describe, expect, it } from "vitest";
import {
  type PaymentResult,
  parseGatewayError,
  paymentResult,
  paymentResultState,
} from "./gateway-status";

describe("paymentResult", () => {
  it.each<[unknown, Omit<PaymentResult, "status">]>([
    ["completed", { state: "success", label: "Completado" }],
    ["approved", { state: "success", label: "Completado" }],
    ["paid", { state: "success", label: "Completado" }],
    ["charge_pending", { state: "success", label: "Pendiente" }],
    ["failed", { state: "failed", label: "Fallido" }],
    ["cancelled", { state: "failed", label: "Fallido" }],
    ["expired", { state: "failed", label: "Fallido" }],
    ["declined", { state: "failed", label: "Fallido" }],
    ["in_progress", { state: "pending", label: "Pendiente" }],
    ["refunded", { state: "pending", label: "Pendiente" }],
    ["canceled", { state: "pending", label: "Pendiente" }], // US spelling is not a gateway status
    ["", { state: "pending", label: "Pendiente" }],
    [undefined, { state: "pending", label: "Pendiente" }],
    [null, { state: "pending", label: "Pendiente" }],
    [42, { state: "pending", label: "Pendiente" }],
    [{ status: "completed" }, { state: "pending", label: "Pendiente" }],
  ])("maps %j", (status, expected) => {
    expect(paymentResult(status)).toMatchObject(expected);
  });

  it.each([
    [" COMPLETED ", "completed", "success"],
    ["Declined", "declined", "failed"],
    ["Charge_Pending", "charge_pending", "success"],
  ])("ignores case and spaces in %j", (status, normalized, state) => {
    expect(paymentResult(status)).toMatchObject({ status: normalized, state });
  });

  it("gives the state alone", () => {
    expect(paymentResultState("paid")).toBe("success");
    expect(paymentResultState("cancelled")).toBe("failed");
    expect(paymentResultState("whatever")).toBe("pending");
  });
});

describe("parseGatewayError", () => {
  it.each<[string, string, { error_code: string | null; description: string | null }]>([
    [
      "a JSON error after a prefix",
      'Error en el pago: {"category":"gateway","error_code":3001,"description":"The card was declined","http_code":402,"request_id":"r1"}',
      { error_code: "3001", description: "The card was declined" },
    ],
    [
      "a bare JSON error",
      '{"error_code":"3003","description":"The card doesn\'t have sufficient funds"}',
      { error_code: "3003", description: "The card doesn't have sufficient funds" },
    ],
    [
      "an error nested under detail",
      '422: {"detail":{"error_code":1006,"description":"The order_id has already been processed"}}',
      { error_code: "1006", description: "The order_id has already been processed" },
    ],
    [
      "JSON inside a JSON string",
      '{"detail":"Openpay error: {\\"error_code\\": 3002, \\"description\\": \\"The card has expired\\"}"}',
      { error_code: "3002", description: "The card has expired" },
    ],
    [
      "braces and quotes inside the description",
      'x {"error_code":2004,"description":"Card {number} \\"4111\\" failed"} y',
      { error_code: "2004", description: 'Card {number} "4111" failed' },
    ],
    [
      "a code without description, with a message",
      '{"error_code":3005,"message":"Fraud risk"}',
      { error_code: "3005", description: "Fraud risk" },
    ],
    [
      "a description without code",
      'Fallo {"description":"Servicio no disponible"}',
      { error_code: null, description: "Servicio no disponible" },
    ],
    [
      "a broken block before a good one",
      '{not json} then {"error_code":3004,"description":"Stolen card"}',
      { error_code: "3004", description: "Stolen card" },
    ],
    [
      "no JSON",
      "Error al procesar el pago.",
      { error_code: null, description: "Error al procesar el pago." },
    ],
    [
      "JSON without the fields",
      'Error al procesar el pago: {"foo":1}',
      { error_code: null, description: "Error al procesar el pago" },
    ],
    [
      "an unclosed brace",
      'Error {"error_code":3001',
      { error_code: null, description: 'Error {"error_code":3001' },
    ],
    ["an empty message", "", { error_code: null, description: null }],
    ["only spaces", "   ", { error_code: null, description: null }],
    [
      "a code that is not a plain token",
      '{"error_code":"<script>","description":"x"}',
      { error_code: null, description: "x" },
    ],
    [
      "control characters and runs of spaces",
      '{"error_code":3001,"description":"line one\\nline\\u0000two   three"}',
      { error_code: "3001", description: "line one line two three" },
    ],
  ])("reads %s", (_label, message, expected) => {
    expect(parseGatewayError(message)).toEqual(expected);
  });

  it("caps the description at 300 characters", () => {
    const result = parseGatewayError(`{"error_code":1,"description":"${"a".repeat(1000)}"}`);
    expect(result.description).toHaveLength(300);
  });

  it("reads a message full of braces, and the error after them", () => {
    const error = '{"error_code":3001,"description":"The card was declined"}';
    expect(parseGatewayError("{".repeat(50_000))).toEqual({
      error_code: null,
      description: "{".repeat(300),
    });
    expect(parseGatewayError("{".repeat(4_000) + "}".repeat(4_000) + error)).toEqual({
      error_code: "3001",
      description: "The card was declined",
    });
    expect(parseGatewayError("{x}".repeat(3_000) + error).error_code).toBe("3001");
    // An unclosed brace before the error does not hide it.
    expect(parseGatewayError("Error { " + error).error_code).toBe("3001");
  });
});
