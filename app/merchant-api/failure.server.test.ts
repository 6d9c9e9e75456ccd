import { describe, expect, it } from "vitest";
import { failureMessage, failureResponse, failureStatus, isOutage } from "./failure.server.ts";
import { ApiError } from "./transport.server.ts";

describe("failureStatus", () => {
  it.each([
    ["an unknown id", new ApiError("Producto no encontrado", 404), 404],
    ["a malformed id the API refuses", new ApiError("ID de producto inválido", 400), 404],
    ["an unprocessable parameter", new ApiError("Error de validación", 422), 404],
    ["a timeout", new ApiError("Tiempo", 504, { kind: "timeout" }), 503],
    ["an unreachable API", new ApiError("Red", 502, { kind: "unreachable" }), 503],
    ["an API that says it is unavailable", new ApiError("Error HTTP: 503", 503), 503],
    ["an upstream 500", new ApiError("Error HTTP: 500", 500), 502],
    ["an upstream 401", new ApiError("No autorizado", 401), 502],
    ["an upstream 502 answer", new ApiError("Error HTTP: 502", 502), 502],
    ["an exception that is not an upstream failure", new TypeError("boom"), 502],
  ])("%s → %i", (_label, error, status) => {
    expect(failureStatus(error)).toBe(status);
    expect(isOutage(error)).toBe(status !== 404);
  });
});

describe("failureMessage", () => {
  it("shows the API's message but never an exception's", () => {
    expect(failureMessage(new ApiError("Error HTTP: 500", 500))).toBe("Error HTTP: 500");
    expect(failureMessage(new Error("secret internals"))).toBe("Error inesperado");
  });
});

describe("failureResponse", () => {
  it("answers a refused id with the not-found message and 404, never cached", () => {
    const response = failureResponse(new ApiError("ID de producto inválido", 400), "No existe");
    expect(response.init?.status).toBe(404);
    expect(response.data).toEqual({ message: "No existe" });
    expect(new Headers(response.init?.headers).get("Cache-Control")).toBe("no-store");
  });

  it("answers an outage with 503 and the upstream message", () => {
    const response = failureResponse(new ApiError("Tiempo", 504, { kind: "timeout" }), "x");
    expect(response.init?.status).toBe(503);
    expect(response.data).toEqual({ message: "Tiempo" });
  });
});
