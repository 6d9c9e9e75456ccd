/**
 * Paying by PSE through the one pay sequence against the embedded sandbox: the bank's page, a
 * payment left pending, a refusal, the form's checks.
 */
import { describe, expect, it } from "vitest";
import {
  type ApiClient,
  apiClient,
  cardForm,
  decideAtBank,
  expectRedirect,
  expectReply,
  ORIGIN,
  outbox,
  override,
  payments,
  prepare,
  pseForm,
  readCartCookie,
  request,
  resultPage,
  shopper,
} from "~/payments/payment-flows.test-support.server";
import { PSE_MESSAGES } from "./pse";

describe("PSE payment", () => {
  it("creates the charge with the store's return address and sends the shopper to the bank", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    expect(answer.document).toBe(true);
    expect(answer.location).toMatch(/^\/sandbox\/banco-pse\/tr[a-z0-9]+$/);
    jar.apply(answer.headers);

    // A second submit while at the bank: the same bank page, no second charge.
    const again = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    expect(again.location).toBe(answer.location);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);

    const back = await decideAtBank(answer.location, "pendiente");
    expect(back).toMatch(new RegExp(`^${ORIGIN}/checkout/success/pse\\?id=tr`));
    const pending = await resultPage(request(jar, back), "pse");
    expect(pending.view).toMatchObject({
      state: "pending",
      statusLabel: "Pendiente",
      bankUrl: answer.location,
      refresh: { url: expect.stringContaining("intento=1"), seconds: 10 },
    });
    expect(jar.values.has("carrito")).toBe(true);

    const approved = await decideAtBank(answer.location, "aprobar");
    const settling = await payments.loadPaymentResult(request(jar, approved), "pse");
    expect(settling.kind).toBe("reload");
    jar.apply(settling.headers);
    expect((await readCartCookie(request(jar))).cart).toEqual([]);
    const done = await resultPage(request(jar, approved), "pse");
    expect(done.view).toMatchObject({
      state: "success",
      receipt: { method: "PSE · Bancolombia", orderId: order.orderId },
      refresh: null,
    });
    expect(await outbox(order.orderId)).toHaveLength(2);
  });

  it("keeps a PSE payment left pending at the bank as the cart's one order, whatever method follows", async () => {
    const jar = await shopper();
    const pse = await prepare(jar, "pse");
    const toBank = expectRedirect(await payments.payByPse(request(jar), pseForm(pse), pse));
    jar.apply(toBank.headers);
    const back = await decideAtBank(toBank.location, "pendiente");
    jar.apply((await payments.loadPaymentResult(request(jar, back), "pse")).headers);

    // Back to the method step, card this time: no new order while the PSE payment is pending.
    await expect(prepare(jar, "openpay")).rejects.toThrow(/\(409\).*pago pendiente/);
    const page = await payments.loadPaymentPage(request(jar), pse);
    expect(page.kind === "redirect" && page.location).toMatch(/^\/checkout\/success\/pse\?id=/);
    // A card form posted for the same order answers with its pending PSE payment.
    const card = { ...pse, method: "openpay" as const };
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(card), card));
    expect(paid.location).toMatch(/^\/checkout\/success\/pse\?id=/);

    // The bank approves later: one completed charge for the cart.
    await decideAtBank(toBank.location, "aprobar");
    const charges = await apiClient().listCharges(pse.orderId);
    expect(charges.map((c) => c.status)).toEqual(["completed"]);
  });

  it("shows a rejected PSE payment as 'Pago fallido'", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    jar.apply(answer.headers);
    const back = await decideAtBank(answer.location, "rechazar");
    const result = await resultPage(request(jar, back), "pse");
    expect(result.view).toMatchObject({ state: "failed", statusLabel: "Fallido", receipt: null });
    jar.apply(result.headers);
    expect(jar.values.has("carrito")).toBe(true);
  });

  it("checks the PSE form: document of 6-12 digits, name and last name, a bank", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    const answer = expectReply(
      await payments.payByPse(
        request(jar),
        pseForm(order, { document: "12a", full_name: "ana", bank: "" }),
        order,
      ),
    );
    expect(answer.body.reply.error).toMatchObject({
      document: ["El número de documento debe tener entre 6 y 12 dígitos."],
      full_name: ["Por favor, ingrese su nombre y apellido completos."],
      bank: ["Selecciona tu banco"],
    });
    expect(answer.body.reply.initialValue).toMatchObject({ document: "12a", full_name: "ana" });
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });

  it("says 'No se recibió URL de redirección para PSE.' when the gateway gives no bank URL", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    override.client = (real) => ({
      ...(real as ApiClient),
      createPseCharge: async (body: Record<string, unknown>) => {
        const charge = await (real as ApiClient).createPseCharge(body);
        return { ...charge, redirect_url: null, payment_method: null };
      },
    });
    const answer = expectReply(await payments.payByPse(request(jar), pseForm(order), order));
    expect(answer.body.reply.error).toEqual({ "": [PSE_MESSAGES.noBankPage] });
    expect(PSE_MESSAGES.noBankPage).toMatch(
      /^No se recibió URL de redirección para PSE\. No se realizó ningún cobro/,
    );
  });
});
