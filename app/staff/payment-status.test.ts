import { describe, expect, it } from "vitest";
import { paymentStatusLabel } from "./payment-status";

describe("paymentStatusLabel", () => {
  it.each([
    ["completed", "Completado"],
    ["in_progress", "En proceso"],
    ["charge_pending", "Pendiente"],
    ["failed", "Fallido"],
    ["cancelled", "Cancelado"],
    ["refunded", "Reembolsado"],
    [" COMPLETED ", "Completado"],
  ])("says %j as %j", (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });

  it("says a payment in progress with a deadline (cash) waits for the customer; expired as such", () => {
    expect(paymentStatusLabel("in_progress", "2026-12-01T11:05:00-05:00")).toBe(
      "Esperando el pago",
    );
    expect(paymentStatusLabel("expired", "2026-12-01T11:05:00-05:00")).toBe("Vencido");
  });

  it("names a status it does not know as unknown, never as another one", () => {
    expect(paymentStatusLabel("on_hold")).toBe("Desconocido (on_hold)");
    expect(paymentStatusLabel("constructor")).toBe("Desconocido (constructor)");
  });
});
