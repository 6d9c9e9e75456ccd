/**
 * The sandbox's own pages, as a person trying the store meets them: the simulated PSE bank
 * (plain HTML forms, so it must work with JavaScript off, open to any shopper) and the e-mail
 * outbox (for the signed-in staff). Orders are made through the sandbox API as the staff.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { PAYMENT_FIXTURES } from "../../sandbox/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { asStaff, signInStaff } from "./support/staff-api.ts";

const API = "/sandbox";
let sequence = 0;
const orderId = (prefix: string) =>
  `${prefix}-${Date.now()}${String(sequence++).padStart(4, "0")}`.slice(0, 40);

const line = {
  title: "Cámara IP <b>Bala</b>",
  name: "Cámara IP <b>Bala</b>",
  quantity: 1,
  unit_price: 200_000,
  product_id: "18433",
  subtotal: 200_000,
};

async function prepare(request: APIRequestContext, order: string): Promise<string> {
  const response = await request.post(`${API}/payments/prepare-checkout`, {
    headers: await asStaff(),
    data: {
      client_type: "person",
      customer: {
        name: "Ana <script>",
        last_name: "Gómez",
        email: "ana@example.com",
        phone: "3001234567",
        address: "Calle 1",
        city: "Bogotá",
      },
      shipping: { sameAsInvoice: true },
      order: { total_amount: 238_000, payment_method: "pse", order_id: order },
      products: [line],
      cart_items: [line],
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { session_id: string }).session_id;
}

async function pseCharge(request: APIRequestContext) {
  const order = orderId("PSE");
  const sessionId = await prepare(request, order);
  const response = await request.post(`${API}/payments/pse`, {
    headers: await asStaff(),
    data: {
      amount: 238_000,
      order_id: order,
      customer_name: "Ana",
      customer_last_name: "Gómez",
      customer_email: "ana@example.com",
      customer_phone: "3001234567",
      description: `Pedido ${order}`,
      redirect_url: "/checkout/success/pse",
      sessionId,
      bank_code: "1007",
    },
  });
  expect(response.status()).toBe(200);
  return { order, charge: (await response.json()) as { id: string; redirect_url: string } };
}

const status = async (request: APIRequestContext, id: string) =>
  (
    (await (
      await request.get(`${API}/payments/status/${id}`, { headers: await asStaff() })
    ).json()) as { status: string }
  ).status;

const outbox = async (request: APIRequestContext, order: string) =>
  (await (
    await request.get(`${API}/payments/emails?order_id=${encodeURIComponent(order)}`, {
      headers: await asStaff(),
    })
  ).json()) as Array<{ kind: string; to: string[] }>;

test("the PSE bank page approves, rejects or leaves a payment pending, then sends the shopper back; an approval sends the e-mails by itself", async ({
  page,
  request,
}) => {
  for (const [button, expected] of [
    ["Aprobar pago", "completed"],
    ["Rechazar pago", "failed"],
    ["Dejar pendiente", "in_progress"],
  ] as const) {
    const { order, charge } = await pseCharge(request);
    expect(charge.redirect_url).toBe(`/sandbox/banco-pse/${charge.id}`);
    await page.goto(charge.redirect_url);
    await expect(page.getByRole("heading", { level: 1, name: "Bancolombia" })).toBeVisible();
    await expect(page.getByText(order).first()).toBeVisible();
    await expect(page.getByText("$ 238.000").first()).toBeVisible();
    if (button === "Aprobar pago") await expectNoSeriousA11yViolations(page);
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

test("a decided PSE payment cannot be decided again at the bank", async ({ page, request }) => {
  const { charge } = await pseCharge(request);
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
  const order = orderId("CARD");
  const sessionId = await prepare(request, order);
  const card = PAYMENT_FIXTURES.cards.approvedVisa;
  const token = (await (
    await request.post(`${API}/payments/card/token`, {
      headers: await asStaff(),
      data: {
        card_number: card.number,
        holder_name: "ANA GOMEZ",
        expiration_month: PAYMENT_FIXTURES.expiry.month,
        expiration_year: PAYMENT_FIXTURES.expiry.year,
        cvv2: PAYMENT_FIXTURES.cvv,
      },
    })
  ).json()) as { id: string };
  const charged = (await (
    await request.post(`${API}/payments/card/charge`, {
      headers: await asStaff(),
      data: {
        token_id: token.id,
        amount: 238_000,
        order_id: order,
        customer_name: "Ana",
        customer_email: "ana@example.com",
        sessionId,
      },
    })
  ).json()) as { data: { id: string } };
  // The approved charge sent its e-mails; the result page's confirmation sends none again.
  const confirmed = await request.post(
    `${API}/api/payments/confirm-success-page/${charged.data.id}`,
    { headers: await asStaff() },
  );
  expect(await confirmed.json()).toMatchObject({ already_sent: true, emails_queued: 0 });

  await signInStaff(page.context());
  await page.goto(`${API}/correos?pedido=${encodeURIComponent(order)}`);
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
