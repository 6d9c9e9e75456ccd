import { describe, expect, it } from "vitest";
import { NOTIFY_MESSAGES, sendNotifications } from "./notify.server";
import { ApiError, type ApiClient } from "~/merchant-api/client.server";

type Answer = Awaited<ReturnType<ApiClient["manualNotification"]>>;

function setup(answer: Answer | Error) {
  const lines: Array<{ level: string; fields: Record<string, unknown> }> = [];
  const calls: string[] = [];
  const log = {
    info: (fields: Record<string, unknown>) => lines.push({ level: "info", fields }),
    error: (fields: Record<string, unknown>) => lines.push({ level: "error", fields }),
  };
  const api = {
    manualNotification: (orderId: string) => {
      calls.push(orderId);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  const run = () =>
    sendNotifications({
      staffUser: "ana",
      orderId: "CARD-1767225600000AB12",
      api,
      log: log as never,
    });
  const audits = () => lines.filter((l) => l.fields.audit === "manual-notification");
  return { run, lines, calls, audits };
}

const PAID = {
  success: true,
  message: "Notificaciones enviadas al cliente y a ventas.",
  payment_id: "tr123",
  payment_status: "completed",
  customer_email: "ana.gomez@example.com",
  amount: 238000,
  already_sent: false,
  suggestion: null,
};

describe("sendNotifications", () => {
  it("shows a paid order's payment and logs one audit line without the full e-mail", async () => {
    const t = setup({ ok: true, result: PAID });
    expect(await t.run()).toEqual({
      kind: "sent",
      orderId: "CARD-1767225600000AB12",
      message: PAID.message,
      paymentId: "tr123",
      paymentStatus: "completed",
      customerEmail: "ana.gomez@example.com",
      amount: 238000,
      alreadySent: false,
      paymentDue: null,
    });
    expect(t.calls).toEqual(["CARD-1767225600000AB12"]);
    expect(t.audits()).toHaveLength(1);
    expect(t.audits()[0].fields).toMatchObject({
      staff: "ana",
      orderId: "CARD-1767225600000AB12",
      outcome: "sent",
      customer: "a***@example.com",
    });
    expect(JSON.stringify(t.lines)).not.toContain("ana.gomez@example.com");
  });

  it("notes an order whose notifications had gone out before", async () => {
    const t = setup({ ok: true, result: { ...PAID, already_sent: true } });
    expect(await t.run()).toMatchObject({ kind: "sent", alreadySent: true });
    expect(t.audits()[0].fields.outcome).toBe("resent");
  });

  it("shows success false as information with the suggestion", async () => {
    const t = setup({
      ok: true,
      result: {
        ...PAID,
        success: false,
        message: "El pago no está completado",
        payment_status: "failed",
        suggestion: "El cliente debe intentar de nuevo.",
      },
    });
    expect(await t.run()).toMatchObject({
      kind: "not-sent",
      message: "El pago no está completado",
      suggestion: "El cliente debe intentar de nuevo.",
      paymentStatus: "failed",
    });
    expect(t.audits()[0].fields).toMatchObject({
      outcome: "not_sent",
      customer: "a***@example.com",
    });
  });

  it("fills in a missing message", async () => {
    const t = setup({ ok: true, result: { ...PAID, message: null, amount: null } });
    expect(await t.run()).toMatchObject({ message: NOTIFY_MESSAGES.sent, amount: null });
  });

  it("shows the server's message on a refusal, or 'Error al procesar la solicitud'", async () => {
    const withMessage = setup({ ok: false, message: "Orden no encontrada", suggestion: "Revisa" });
    expect(await withMessage.run()).toEqual({
      kind: "error",
      orderId: "CARD-1767225600000AB12",
      message: "Orden no encontrada",
      suggestion: "Revisa",
    });
    expect(withMessage.audits()[0].fields.outcome).toBe("refused");

    const without = setup({ ok: false, message: null, suggestion: null });
    expect(await without.run()).toMatchObject({
      kind: "error",
      message: "Error al procesar la solicitud",
      suggestion: null,
    });
  });

  it.each(["unreachable", "timeout"] as const)(
    "answers 'Error de conexión' when the API is %s",
    async (kind) => {
      const t = setup(new ApiError("x", 502, { kind }));
      expect(await t.run()).toEqual({
        kind: "unreachable",
        orderId: "CARD-1767225600000AB12",
        message: "Error de conexión. Verifica que el backend esté funcionando.",
      });
      expect(t.audits()).toHaveLength(1);
      expect(t.audits()[0].fields.outcome).toBe(kind);
    },
  );

  it("answers 'Error al procesar la solicitud' on an unexpected failure, and logs it", async () => {
    const t = setup(new TypeError("boom"));
    expect(await t.run()).toMatchObject({ kind: "error", message: NOTIFY_MESSAGES.failed });
    expect(t.audits()[0].fields.outcome).toBe("failed");
    expect(t.lines.some((l) => l.level === "error")).toBe(true);
  });
});
