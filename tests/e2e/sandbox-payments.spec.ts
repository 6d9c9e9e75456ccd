/**
 * The sandbox's own pages, as a person trying the store meets them: the simulated PSE bank
 * (plain HTML forms, so it must work with JavaScript off, open to any shopper) and the e-mail
 * outbox (for the signed-in staff). Orders are made through the sandbox API as the staff.
 */
import type { APIRequestContext } from "@playwright/test";
import { PAYMENT_FIXTURES } from "../../sandbox/fixtures.ts";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import {
  chargeCard,
  chargePse,
  outbox,
  prepareCheckout,
  type Sellable,
} from "./support/payments.ts";
import { asStaff, signInStaff } from "./support/staff-api.ts";

/** A product whose title carries markup, for a customer whose name does too. */
const CAMERA: Sellable = { id: "18433", title: "Cámara IP <b>Bala</b>", price: 200_000 };

/** An order of one camera (238.000 with IVA) prepared for `method` at the gateway. */
const prepare = (request: APIRequestContext, method: "openpay" | "pse") =>
  prepareCheckout(request, [{ product: CAMERA, quantity: 1 }], method, undefined, "Ana <script>");

async function pseCharge(request: APIRequestContext, baseURL: string) {
  const order = await prepare(request, "pse");
  return { order: order.orderId, charge: await chargePse(request, order, baseURL) };
}

const status = async (request: APIRequestContext, id: string) =>
  (
    (await (
      await request.get(`/sandbox/payments/status/${id}`, { headers: await asStaff() })
    ).json()) as { status: string }
  ).status;

test("the PSE bank page approves, rejects or leaves a payment pending, then sends the shopper back; an approval sends the e-mails by itself", async ({
  page,
  request,
  baseURL,
}) => {
  for (const [button, expected] of [
    ["Aprobar pago", "completed"],
    ["Rechazar pago", "failed"],
    ["Dejar pendiente", "in_progress"],
  ] as const) {
    const { order, charge } = await pseCharge(request, baseURL!);
    expect(charge.redirect_url).toBe(`/sandbox/banco-pse/${charge.id}`);
    await page.goto(charge.redirect_url);
    await expect(page.getByRole("heading", { level: 1, name: "Bancolombia" })).toBeVisible();
    await expect(page.getByText(order).first()).toBeVisible();
    await expect(page.getByText("$ 238.000").first()).toBeVisible();
    await page.getByRole("button", { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/success/pse\\?id=${charge.id}$`));
    expect(await status(request, charge.id)).toBe(expected);
    // This browser did not pay, so its result page confirms nothing: the approval alone sent
    // the customer's confirmation and the sales notice, once.
    const sent = await outbox(request, order);
    expect(sent.map((mail) => mail.kind).sort()).toEqual(
      expected === "completed" ? ["aviso-ventas", "confirmacion-cliente"] : [],
    );
  }
});

test("a decided PSE payment cannot be decided again at the bank", async ({
  page,
  request,
  baseURL,
}) => {
  const { charge } = await pseCharge(request, baseURL!);
  await page.goto(charge.redirect_url);
  await page.getByRole("button", { name: "Rechazar pago" }).click();
  await page.goto(charge.redirect_url);
  await expect(page.getByText("Este pago ya fue rechazado por el banco.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Aprobar pago" })).toHaveCount(0);
  expect(await status(request, charge.id)).toBe("failed");
});

test("the outbox shows the order confirmation a customer would get, customer input escaped", async ({
  page,
  request,
}) => {
  const prepared = await prepare(request, "openpay");
  const order = prepared.orderId;
  const card = PAYMENT_FIXTURES.cards.approvedVisa;
  const charged = await chargeCard(request, prepared, card.number);
  expect(charged.status).toBe(200);
  // The approved charge sent its e-mails; the result page's confirmation sends none again.
  const confirmed = await request.post(
    `/sandbox/api/payments/confirm-success-page/${charged.chargeId}`,
    { headers: await asStaff() },
  );
  expect(await confirmed.json()).toMatchObject({ already_sent: true, emails_queued: 0 });

  await signInStaff(page.context());
  await page.goto(`/sandbox/correos?pedido=${encodeURIComponent(order)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Correos enviados" })).toBeVisible();
  const subjects = page.getByRole("heading", { level: 2 });
  await expect(subjects).toHaveCount(2);
  await expect(subjects.filter({ hasText: order })).toHaveCount(2);
  const html = await page.content();
  expect(html).not.toContain("<script>");
  expect(html).not.toContain(card.number);
  // The confirmation lists the product, escaped, with its price.
  const frame = page.frameLocator("iframe").first();
  await expect(frame.getByText("Cámara IP <b>Bala</b>")).toBeVisible();
  await expect(frame.getByText("$ 200.000").first()).toBeVisible();
});
