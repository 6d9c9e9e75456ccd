/**
 * The staff notification tool: the sign-in in front of /admin, the tool's messages, real sends
 * against the sandbox (e-mails in its outbox), the API down, sign-out and the limit on failed
 * sign-ins. Orders are made through the sandbox's payment API. The accessibility of the tool's
 * screens is a11y.spec.ts, but for the two that only a store of its own shows (the API down, a
 * refused sign-in), checked here.
 *
 * The main e2e server runs the embedded sandbox with no STAFF_USERS, so the demo account
 * personal / sandbox-demo signs in there, and no test fails a sign-in on it: failures slow every
 * later sign-in of the account and count against 127.0.0.1 (docs/decisions/0325, 0400). The
 * failed sign-ins, the limits and the API down run on a store process of their own, started
 * here on a free port, which trusts X-Forwarded-For from loopback so a test can name addresses.
 */
import { spawn } from "node:child_process";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { hashPassword } from "../../app/staff/password.server.ts";
import { PAYMENT_FIXTURES } from "../../sandbox/fixtures.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import { freePort } from "./support/merchant-api.ts";
import { chargeCard, outbox, prepareCheckout, type Sellable } from "./support/payments.ts";
import { STORE_MAIN, type StoreProcess, startStoreOnFreePort } from "./support/store-process.ts";

const TOOL = "/admin/notificaciones";
const SIGN_IN = "/admin/ingresar";
const M = {
  invalidOrderId: "Por favor ingresa un Order ID válido",
  noOrderId: "No se encontró order_id en la URL proporcionada",
  invalidUrl: "URL inválida. Por favor verifica el formato.",
  unreachable: "Error de conexión. Verifica que el backend esté funcionando.",
  wrong: "Usuario o contraseña incorrectos.",
  tooMany: "Demasiados intentos. Intenta de nuevo más tarde.",
};

// --- Orders, made through the sandbox's payment API ---

let sequence = 0;
const newOrderId = (prefix: string) =>
  `${prefix}-${Date.now()}${String(sequence++).padStart(3, "0")}${Math.random().toString(36).slice(2, 6)}`;

const CAMERA: Sellable = { id: "18433", title: "Cámara IP Bala 4 MP", price: 200_000 };

/**
 * A card order of one camera (238.000 with IVA): approved (paid) or declined (unpaid).
 * `chargeEmail` is the customer e-mail given with the charge (the sandbox's lost-notice fault).
 */
async function cardOrder(
  request: APIRequestContext,
  cardNumber: string,
  email: string,
  chargeEmail = email,
) {
  const order = await prepareCheckout(
    request,
    [{ product: CAMERA, quantity: 1 }],
    "openpay",
    email,
  );
  const charge = await chargeCard(request, order, cardNumber, chargeEmail);
  return { orderId: order.orderId, chargeId: charge.chargeId, status: charge.status };
}

// --- Pages ---

async function signIn(page: Page, user: string, password: string) {
  await page.getByLabel("Usuario").fill(user);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/**
 * Signed in as the demo account, then on the tool. The sign-in form is posted as the browser
 * posts it, its cookie kept by the page's context; the sign-in page itself, typed into, is the
 * journey of the first tests.
 */
async function signInAsDemo(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const answer = await page.request.post(SIGN_IN, {
    form: { usuario: "personal", clave: "sandbox-demo", volver: TOOL },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  expect(answer.headers()["location"]).toBe(TOOL);
  await page.goto(TOOL);
  await expect(page).toHaveURL(TOOL);
  await expect(
    page.getByRole("heading", { level: 1, name: "Notificaciones de pedidos" }),
  ).toBeVisible();
}

async function send(page: Page, orderId: string) {
  await page.getByLabel("Número de pedido (Order ID)", { exact: true }).fill(orderId);
  await page.getByRole("button", { name: "Enviar Notificaciones" }).click();
}

const resultPanel = (page: Page) => page.locator("[data-resultado]");
const summary = (page: Page) => page.getByRole("group", { name: "Hay un problema" });

async function staffCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name.endsWith("personal"));
}

// --- On the main server (embedded sandbox, demo account) ---

test("the tool asks for a sign-in first and comes back to it; the session cookie is strict", async ({
  page,
  context,
}) => {
  const response = await page.goto(TOOL);
  await expect(page).toHaveURL(`${SIGN_IN}?volver=${encodeURIComponent(TOOL)}`);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Ingreso del personal" })).toBeVisible();
  await expect(page).toHaveTitle("Ingreso del personal | SegTel Colombia");

  await signIn(page, "Personal", "sandbox-demo");
  await expect(page).toHaveURL(TOOL);
  await expect(page.getByText("Sesión iniciada como personal")).toBeVisible();

  const cookie = await staffCookie(context);
  expect(cookie).toMatchObject({
    name: "__Host-personal",
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Strict",
  });
  // The browser forgets it after 30 minutes without use (the server checks that too).
  const minutes = (cookie!.expires * 1000 - Date.now()) / 60_000;
  expect(minutes).toBeGreaterThan(29);
  expect(minutes).toBeLessThanOrEqual(30);

  // Signed in, the sign-in page leads straight to the tool.
  await page.goto(SIGN_IN);
  await expect(page).toHaveURL(TOOL);
});

test("any /admin address needs the sign-in, and the return path never leaves /admin", async ({
  page,
}) => {
  await page.goto("/admin/otra-cosa?x=1");
  await expect(page).toHaveURL(`${SIGN_IN}?volver=${encodeURIComponent("/admin/otra-cosa?x=1")}`);

  await page.goto(`${SIGN_IN}?volver=${encodeURIComponent("//atacante.example/admin/x")}`);
  await signIn(page, "personal", "sandbox-demo");
  await expect(page).toHaveURL(TOOL);

  await page.goto("/admin");
  await expect(page).toHaveURL(TOOL);
  const missing = await page.goto("/admin/otra-cosa");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
});

test("the tool page: fields, the link home, every submit button inside its own form", async ({
  page,
}) => {
  await signInAsDemo(page);
  await expect(page).toHaveTitle("Notificaciones de pedidos | SegTel Colombia");
  await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toBeEmpty();
  await expect(page.getByLabel("URL de la página de pago (opcional)")).toBeEmpty();
  await expect(page.getByRole("button", { name: "Extraer Order ID" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  // Every submit button inside its own form, none tied to one by a `form` attribute, which
  // text browsers ignore: in lynx 'Enviar Notificaciones' did nothing.
  const layout = await page.evaluate(() => ({
    withFormAttribute: [...document.querySelectorAll("[form]")].map((e) => e.outerHTML),
    buttons: [...document.querySelectorAll("button")].map(
      (b) => `${b.textContent?.trim()} in ${b.closest("form")?.id || b.closest("form")?.action}`,
    ),
    formsWithoutSubmit: [...document.forms]
      .filter((f) => !f.querySelector('button:not([type]), button[type="submit"]'))
      .map((f) => f.id || f.action),
  }));
  expect(layout.withFormAttribute).toEqual([]);
  expect(layout.formsWithoutSubmit).toEqual([]);
  expect(layout.buttons).toEqual(
    expect.arrayContaining([
      "Enviar Notificaciones in enviar-notificaciones",
      "Extraer Order ID in extraer-order-id",
    ]),
  );
});

test("an empty Order ID is refused by the server @nojs", async ({ page }) => {
  await signInAsDemo(page);
  const button = page.getByRole("button", { name: "Enviar Notificaciones" });
  await expect(button).toBeEnabled();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    button.click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(summary(page)).toContainText(M.invalidOrderId);
  await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page).toHaveTitle(/^Error: Notificaciones de pedidos/);
});

test("'Enviar Notificaciones' is disabled while the Order ID is empty @js", async ({ page }) => {
  await signInAsDemo(page);
  const orderId = page.getByLabel("Número de pedido (Order ID)", { exact: true });
  const button = page.getByRole("button", { name: "Enviar Notificaciones" });
  await expect(button).toBeDisabled();
  await orderId.fill("   ");
  await expect(button).toBeDisabled();
  await orderId.fill("CARD 1");
  await expect(button).toBeEnabled();
  await button.click();
  await expect(summary(page)).toContainText(M.invalidOrderId);
  await expect(summary(page)).toBeFocused();
  // In the summary and next to the field.
  await expect(page.getByText(M.invalidOrderId)).toHaveCount(2);
  await expect(page).toHaveTitle(/^Error: /);
  // Nothing went to the server.
  await expect(resultPanel(page)).toHaveCount(0);
});

test("an Order ID with characters no order has gets 'Por favor ingresa un Order ID válido'", async ({
  page,
}) => {
  await signInAsDemo(page);
  await send(page, "pedido#1");
  await expect(summary(page)).toContainText(M.invalidOrderId);
  await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toHaveValue(
    "pedido#1",
  );
  await expect(resultPanel(page)).toHaveCount(0);
});

test("'Extraer Order ID' reads the order_id of a pasted URL, or says what is wrong", async ({
  page,
}) => {
  await signInAsDemo(page);
  const url = page.getByLabel("URL de la página de pago (opcional)");
  const extract = page.getByRole("button", { name: "Extraer Order ID" });

  await url.fill("no es una url");
  await extract.click();
  await expect(summary(page)).toContainText(M.invalidUrl);
  await expect(url).toHaveAttribute("aria-invalid", "true");

  await url.fill("https://tienda.example.co/checkout/success/card?id=tr123");
  await extract.click();
  await expect(summary(page)).toContainText(M.noOrderId);
  await expect(summary(page)).not.toContainText(M.invalidUrl);

  await url.fill(
    "https://tienda.example.co/checkout/success/card?id=tr123&order_id=CARD-1767225600000AB12",
  );
  await extract.click();
  await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toHaveValue(
    "CARD-1767225600000AB12",
  );
  await expect(page.getByText("Order ID extraído de la URL: CARD-1767225600000AB12")).toBeVisible();
  await expect(summary(page)).toHaveCount(0);
  await expect(url).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Enviar Notificaciones" })).toBeEnabled();
});

test("pasting a URL extracts its Order ID at once @js", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsDemo(page);
  const url = page.getByLabel("URL de la página de pago (opcional)");
  // The send button is disabled while the Order ID is empty once scripts run: the paste
  // handler is there from then on (a paste before hydration is a plain paste).
  await expect(page.getByRole("button", { name: "Enviar Notificaciones" })).toBeDisabled();
  await page.evaluate(() =>
    navigator.clipboard.writeText(
      "http://localhost:3000/checkout/success/pse?order_id=PSE-1767225600000ZZ99",
    ),
  );
  await url.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(url).toHaveValue(/order_id=PSE-1767225600000ZZ99$/);
  await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toHaveValue(
    "PSE-1767225600000ZZ99",
  );
  // A paste that is not a URL says so, without taking focus away from the field.
  await url.fill("");
  await page.evaluate(() => navigator.clipboard.writeText("CARD-123"));
  await page.keyboard.press("ControlOrMeta+V");
  await expect(page.getByText(M.invalidUrl).first()).toBeVisible();
  await expect(url).toBeFocused();
});

test("a paid order: notifications sent, e-mails in the outbox, a refresh sends nothing, a second send is noted @smoke", async ({
  page,
  request,
}) => {
  // The gateway settles a charge by sending its e-mails itself; with its notice lost (the
  // sandbox's fault) nothing went out, which is what the tool is for.
  const { orderId, chargeId, status } = await cardOrder(
    request,
    PAYMENT_FIXTURES.cards.approvedVisa.number,
    "ana.pagada@example.com",
    PAYMENT_FIXTURES.faults.unsentEmail,
  );
  expect(status).toBe(200);
  expect(await outbox(request, orderId)).toHaveLength(0);

  await signInAsDemo(page);
  await send(page, orderId);
  await expect(page).toHaveURL(TOOL);
  const panel = resultPanel(page);
  await expect(panel).toHaveAttribute("data-resultado", "sent");
  await expect(panel.getByRole("heading", { name: "Notificaciones enviadas" })).toBeVisible();
  await expect(panel).toContainText("Notificaciones enviadas al cliente y a ventas.");
  const facts = panel.locator("dl");
  await expect(facts).toContainText(`Order ID${orderId}`);
  await expect(facts).toContainText(`ID del pago${chargeId}`);
  await expect(facts).toContainText("Estado del pagoCompletado");
  await expect(facts).toContainText("Correo del clienteana.pagada@example.com");
  await expect(facts).toContainText("Monto$\u00a0238.000");
  await expect(panel).not.toContainText("ya se habían enviado");
  // One message, the statuses in Spanish.
  await expect(panel.locator("p")).toHaveText(["Notificaciones enviadas al cliente y a ventas."]);
  await expect(panel).not.toContainText("completed");
  // The form is fresh after the redirect.
  await expect(page.getByLabel("Número de pedido (Order ID)", { exact: true })).toBeEmpty();

  const sent = await outbox(request, orderId);
  expect(sent).toHaveLength(2);
  expect(JSON.stringify(sent)).toContain("ana.pagada@example.com");

  // The page after the redirect is a GET: reloading shows the tool again and sends nothing.
  await page.reload();
  await expect(
    page.getByRole("heading", { level: 1, name: "Notificaciones de pedidos" }),
  ).toBeVisible();
  await expect(resultPanel(page)).toHaveCount(0);
  expect(await outbox(request, orderId)).toHaveLength(2);

  await send(page, orderId);
  await expect(resultPanel(page)).toHaveAttribute("data-resultado", "sent");
  // Said once: not the store's note and the server's message saying the same again.
  await expect(resultPanel(page).locator("p")).toHaveText([
    "Las notificaciones de este pedido ya se habían enviado antes; esta vez se enviaron de nuevo.",
  ]);
  await expect(resultPanel(page).locator("dl")).toContainText("Estado del pagoCompletado");
  const again = await outbox(request, orderId);
  expect(again).toHaveLength(4);
  expect(again.filter((e) => e.subject.startsWith("Reenvío: "))).toHaveLength(2);

  // The outbox page shows them too.
  await page.goto(`/sandbox/correos?pedido=${encodeURIComponent(orderId)}`);
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(4);
});

test("an unpaid order: an information panel with the suggestion, and no e-mail", async ({
  page,
  request,
}) => {
  const { orderId, status } = await cardOrder(
    request,
    PAYMENT_FIXTURES.cards.declined.number,
    "ana.declinada@example.com",
  );
  expect(status).toBe(402);
  await signInAsDemo(page);
  await send(page, orderId);
  const panel = resultPanel(page);
  await expect(panel).toHaveAttribute("data-resultado", "not-sent");
  await expect(panel.getByRole("heading", { name: "No se enviaron notificaciones" })).toBeVisible();
  await expect(panel).toContainText(`El pago de la orden ${orderId} no está completado`);
  await expect(panel).toContainText(
    "Sugerencia: El pago fue rechazado: el cliente debe intentar de nuevo con un pedido nuevo.",
  );
  await expect(panel.locator("dl")).toContainText("Estado del pagoFallido");
  await expect(panel).not.toContainText("failed");
  expect(await outbox(request, orderId)).toHaveLength(0);
});

test("an unknown order and a failing platform show the server's message", async ({ page }) => {
  await signInAsDemo(page);
  const unknown = newOrderId("ORDER");
  await send(page, unknown);
  const panel = resultPanel(page);
  await expect(panel).toHaveAttribute("data-resultado", "error");
  await expect(panel).toContainText(`No se encontró la orden ${unknown}`);
  await expect(panel).toContainText("Sugerencia: Verifica el Order ID");

  await send(page, PAYMENT_FIXTURES.faults.error500OrderId);
  await expect(panel).toHaveAttribute("data-resultado", "error");
  await expect(panel).toContainText(PAYMENT_FIXTURES.faults.message);
  await expect(panel.locator("dl")).toContainText("Order IDFALLA500");
});

test("'Cerrar sesión' ends the session, for a copy of its cookie too", async ({
  page,
  context,
  request,
}) => {
  await signInAsDemo(page);
  const cookie = await staffCookie(context);
  expect(cookie).toBeTruthy();
  // A copy of the cookie, replayed from elsewhere.
  const replay = () =>
    request.get(TOOL, { headers: { Cookie: `${cookie!.name}=${cookie!.value}` }, maxRedirects: 0 });
  expect((await replay()).status()).toBe(200);

  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(SIGN_IN);
  await expect(page.getByText("Cerraste la sesión.")).toBeVisible();
  expect(await staffCookie(context)).toBeUndefined();

  // Revoked on the server: the copy leads to the sign-in.
  const refused = await replay();
  expect(refused.status()).toBe(303);
  expect(refused.headers()["location"]).toBe(`${SIGN_IN}?volver=${encodeURIComponent(TOOL)}`);
  await page.goto(TOOL);
  await expect(page).toHaveURL(new RegExp(`${SIGN_IN}\\?volver=`));
  // A GET of the sign-out address signs nobody out and sends nobody anywhere odd.
  await page.goto("/admin/salir");
  await expect(page).toHaveURL(new RegExp(`${SIGN_IN}\\?volver=`));
});

// --- Store processes of their own ---

/** Starts a store expected to refuse to start; its exit code and output. */
async function failedStart(env: Record<string, string>) {
  const child = spawn(process.execPath, [STORE_MAIN], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  return { code, output };
}

test.describe.serial("a store against an API that is down, with its own accounts", () => {
  let store: StoreProcess;
  test.beforeAll(async () => {
    const [ana, bloqueo] = await Promise.all([
      hashPassword("clave-de-ana-e2e"),
      hashPassword("clave-de-bloqueo-e2e"),
    ]);
    const port = await freePort();
    store = await startStoreOnFreePort({
      PORT: String(port),
      API_URL: "http://127.0.0.1:9",
      API_TIMEOUT_MS: "3000",
      STAFF_USERS: `ana=${ana} bloqueo=${bloqueo}`,
      // The test names its client addresses with X-Forwarded-For.
      TRUST_PROXY: "loopback",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
  });
  test.afterAll(async () => {
    await store?.stop();
  });

  test("the demo account does not exist there; an account of STAFF_USERS sends, and the API down is a connection error", async ({
    page,
  }) => {
    await page.goto(`${store.origin}${TOOL}`);
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN}\\?volver=`));
    await signIn(page, "ana", "clave-de-ana-e2e");
    await expect(page).toHaveURL(`${store.origin}${TOOL}`);
    await send(page, "CARD-1767225600000AB12");
    const panel = resultPanel(page);
    await expect(panel).toHaveAttribute("data-resultado", "unreachable");
    await expect(panel).toContainText(M.unreachable);
    await expect(panel.locator("dl")).toContainText("Order IDCARD-1767225600000AB12");
    await expectNoSeriousA11yViolations(page);

    // One audit line: who, which order, what happened.
    const audits = store
      .output()
      .split("\n")
      .filter((l) => l.includes('"audit":"manual-notification"'));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0])).toMatchObject({
      staff: "ana",
      orderId: "CARD-1767225600000AB12",
      outcome: "unreachable",
    });
  });

  test("a wrong password and an unknown user get the same answer; five failures lock that user out of that address only, with Retry-After", async ({
    page,
    context,
  }) => {
    // Two client addresses (the store trusts X-Forwarded-For from loopback).
    const A = { "X-Forwarded-For": "198.51.100.7" };
    const B = { "X-Forwarded-For": "203.0.113.9" };
    await context.setExtraHTTPHeaders(A);
    await page.goto(`${store.origin}${SIGN_IN}`);
    await signIn(page, "ana", "clave-equivocada");
    await expect(summary(page)).toContainText(M.wrong);
    await expect(page).toHaveTitle(/^Error: Ingreso del personal/);
    await expect(page.getByLabel("Usuario")).toHaveValue("ana");
    await expect(page.getByLabel("Contraseña")).toBeEmpty();
    await expectNoSeriousA11yViolations(page);
    const wrongPage = await page.locator("main").innerText();

    await signIn(page, "nadie", "clave-equivocada");
    await expect(summary(page)).toContainText(M.wrong);
    expect(await page.locator("main").innerText()).toBe(wrongPage);

    // The personal demo account does not exist when STAFF_USERS is set.
    await signIn(page, "personal", "sandbox-demo");
    await expect(summary(page)).toContainText(M.wrong);

    for (let i = 0; i < 5; i++) {
      await signIn(page, "bloqueo", `mala-${i}`);
      await expect(summary(page)).toContainText(M.wrong);
    }
    // Five failures for bloqueo from A: there, even the right password is refused, with a time.
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      signIn(page, "bloqueo", "clave-de-bloqueo-e2e"),
    ]);
    expect(refused.status()).toBe(429);
    const retryAfter = Number(refused.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    await expect(summary(page)).toContainText(M.tooMany);
    await expect(page).toHaveURL(new RegExp(`${SIGN_IN}`));

    const post = (usuario: string, clave: string, address: Record<string, string>) =>
      page.request.post(`${store.origin}${SIGN_IN}`, {
        headers: { Origin: store.origin, ...address },
        form: { usuario, clave, volver: TOOL },
        maxRedirects: 0,
      });
    const again = await post("bloqueo", "clave-de-bloqueo-e2e", A);
    expect(again.status()).toBe(429);
    expect(Number(again.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await again.text()).toContain(M.tooMany);

    // The same account from another address, and another account from A, still sign in.
    const fromB = await post("bloqueo", "clave-de-bloqueo-e2e", B);
    expect(fromB.status()).toBe(303);
    expect(fromB.headers()["location"]).toBe(TOOL);
    expect((await post("ana", "clave-de-ana-e2e", A)).status()).toBe(303);

    // Passwords never reach the log.
    expect(store.output()).not.toContain("clave-equivocada");
    expect(store.output()).not.toContain("clave-de-bloqueo-e2e");
  });
});

test("with a remote API and no STAFF_USERS the tool answers 404, and the start-up log says why @once", async ({
  request,
}) => {
  const store = await startStoreOnFreePort({ API_URL: "http://127.0.0.1:9", STAFF_USERS: "" });
  try {
    for (const path of [TOOL, SIGN_IN, "/admin"]) {
      const response = await request.get(`${store.origin}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
    expect(store.output()).toContain("STAFF_USERS is not set: the staff tool (/admin) is off");
  } finally {
    await store.stop();
  }
});

test("a malformed STAFF_USERS stops the start with one line naming it @once", async () => {
  const { code, output } = await failedStart({ STAFF_USERS: "ana=clave-en-claro" });
  expect(code).toBe(1);
  const lines = output
    .trim()
    .split("\n")
    .filter((l) => !l.startsWith("npm warn"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Invalid environment variable STAFF_USERS: /);
  expect(output).not.toContain("clave-en-claro");
});
