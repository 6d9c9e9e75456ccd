/**
 * The checkout wizard: empty cart, a person and a company through to the payment step, every
 * message of steps 1 and 2, 'Volver', prepare-checkout failures, the checkout cookie expired or
 * tampered, a cart that changes between steps, a URL to step 3 without step 1; step 1 refusing
 * what the payment service or an e-mail header would not take (one-letter names, control
 * characters); Back and Forward through the steps' own addresses and 'Paso N de 4' on each step
 * and the payment page. Each journey runs with JavaScript on and off unless tagged.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { createCookie } from "react-router";
import { SANDBOX_FIXTURES } from "../../sandbox/fixtures.ts";
import { type Buyer, fillContact, fillPerson } from "./support/checkout-journey.ts";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";
import { asStaff } from "./support/staff-api.ts";

const CHECKOUT_COOKIE = "__Host-checkout"; // production mode: Secure + __Host- prefix
/** The signing and the previous secret of SESSION_SECRET in playwright.config.ts. */
const SECRET = "e2e-secret-0123456789abcdef";
const OLD_SECRET = "e2e-old-secret-0123456789";
const TWO_HOURS = 2 * 60 * 60 * 1000;

/** A product with an integer price and plenty of stock, and a second, cheaper one. */
const PANEL = SANDBOX_FIXTURES.products.complete.id;
const NVR = SANDBOX_FIXTURES.products.largeStock;

const PERSON: Buyer = {
  name: "Ana María",
  lastName: "Gómez Restrepo",
  email: "ana.gomez@example.co",
  phone: "300 123 4567",
  department: "05", // Antioquia
  city: "Medellín",
  address: "Calle 10 # 43-12",
};

/** Opens a step of the checkout (200), hydrated when JavaScript is on. */
async function openCheckout(page: Page, ready: () => Promise<void>, path = "/checkout") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await ready();
}

const heading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
/** 'Continuar', then wait for the next step. */
async function continueTo(page: Page, step: string) {
  await button(page, "Continuar").click();
  await expect(heading(page, step)).toBeVisible();
}

const STEP_NAMES = ["Facturación", "Envío", "Método de pago", "Pago"];

/**
 * Step `n` of four is shown (the payment page is the fourth): its heading, its own address (so
 * Back returns to it), 'Paso N de 4', and the indicator marking it as the current step.
 */
async function expectStep(page: Page, n: 1 | 2 | 3 | 4, title: string) {
  await expect(heading(page, title)).toBeVisible();
  await expect(page).toHaveURL(
    n === 4 ? /\/checkout\/pago$/ : new RegExp(`/checkout\\?paso=${n}$`),
  );
  await expect(page.getByRole("main").getByText(`Paso ${n} de 4`, { exact: true })).toBeVisible();
  const steps = page.getByRole("navigation", { name: "Pasos de la compra" }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  const current = steps.and(page.locator('[aria-current="step"]'));
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(`Paso ${n}: ${STEP_NAMES[n - 1]}`);
}

const summaryBox = (page: Page) =>
  page.getByRole("heading", { name: "Hay un problema" }).locator("xpath=..");

/**
 * The error summary lists exactly `messages`, each also next to its field (unless the message
 * is about the whole order); the title says 'Error: '; with JavaScript the summary has focus.
 */
async function expectErrors(page: Page, messages: string[], besideFields = true) {
  const box = summaryBox(page);
  await expect(box.getByRole("listitem")).toHaveText(messages);
  await expect(page).toHaveTitle(/^Error: /);
  // With JavaScript the form's script focuses it; without, the page's autofocus does.
  await expect(box).toBeFocused();
  for (const message of messages) {
    await expect(page.getByRole("main").getByText(message, { exact: true })).toHaveCount(
      besideFields ? 2 : 1,
    );
  }
}

/**
 * A checkout cookie signed as the store signs it (or signed before a rotation), holding `state`.
 */
async function signedCheckout(state: object, secret = SECRET) {
  const cookie = createCookie(CHECKOUT_COOKIE, { secrets: [secret], secure: true, path: "/" });
  const serialized = await cookie.serialize({ s: state });
  return serialized.split(";")[0].slice(CHECKOUT_COOKIE.length + 1);
}

async function setCheckoutCookie(page: Page, baseURL: string, value: string) {
  await page.context().addCookies([
    {
      name: CHECKOUT_COOKIE,
      value,
      url: baseURL.replace(/^http:/, "https:"),
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** What the sandbox keeps of a prepared checkout: its e-mail and amount, by order id. */
async function preparedInSandbox(request: APIRequestContext, orderId: string) {
  const response = await request.post(`/sandbox/payments/manual-notification/${orderId}`, {
    headers: await asStaff(),
  });
  return (await response.json()) as { customer_email: string; amount: number };
}

async function orderIdOnPage(page: Page, prefix: "CARD" | "PSE") {
  const text = await page.getByRole("main").innerText();
  const match = new RegExp(`${prefix}-\\d{13}[0-9A-Z]{4}`).exec(text);
  expect(match, `an order id ${prefix}-… on the payment step`).not.toBeNull();
  return match![0];
}

async function totalOnPage(page: Page) {
  const text = await page
    .getByRole("complementary", { name: "Resumen del pedido" })
    .getByRole("definition")
    .last()
    .innerText();
  return Number(text.replace(/\D/g, ""));
}

test("empty cart, a URL to step 3 without step 1, an expired and a tampered cookie", async ({
  page,
  baseURL,
  ready,
  cart,
}) => {
  await openCheckout(page, ready);
  await expect(heading(page, "Carrito Vacío")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver Productos" })).toHaveAttribute(
    "href",
    "/productos",
  );
  await expect(page).toHaveTitle(/^Carrito Vacío/);

  await cart.add(PANEL);
  // Step 3 by URL without step 1: step 1, at its own address.
  await openCheckout(page, ready, "/checkout?paso=3");
  await expectStep(page, 1, "Datos de facturación");
  await expect(page.getByRole("navigation", { name: "Pasos de la compra" })).toContainText(
    "Paso 1: Facturación",
  );
  // Later steps are not links before step 1 is valid.
  await expect(page.getByRole("link", { name: /Paso 3/ })).toHaveCount(0);

  // A cookie signed with the previous secret, changed 1 hour ago: the shopper's billing is back.
  const billing = {
    client_type: "person",
    name: "Ana",
    last_name: "Gómez",
    email: "ana@example.co",
    phone: "3001234567",
    department: "05",
    city: "Medellín",
    address: "Calle 1",
  };
  await setCheckoutCookie(
    page,
    baseURL!,
    await signedCheckout({ at: Date.now() - TWO_HOURS / 2, step: 2, billing }, OLD_SECRET),
  );
  await openCheckout(page, ready);
  await expect(heading(page, "Datos de envío")).toBeVisible();

  // The same, changed more than 2 hours ago: a fresh checkout, not an error.
  await setCheckoutCookie(
    page,
    baseURL!,
    await signedCheckout({ at: Date.now() - TWO_HOURS - 60_000, step: 2, billing }),
  );
  await openCheckout(page, ready);
  await expect(heading(page, "Datos de facturación")).toBeVisible();
  await expect(textbox(page, "Nombre")).toHaveValue("");

  // A tampered cookie: a fresh checkout too.
  const valid = await signedCheckout({ at: Date.now(), step: 2, billing });
  await setCheckoutCookie(page, baseURL!, `${valid.slice(0, -4)}AAAA`);
  await openCheckout(page, ready);
  await expect(heading(page, "Datos de facturación")).toBeVisible();
  await expect(textbox(page, "Apellido")).toHaveValue("");

  // Without JavaScript every step is a POST answered 303 (good) or 400 (refused).
  const refused = await page.request.post("/checkout", {
    form: { intent: "billing", client_type: "person" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  const accepted = await page.request.post("/checkout", {
    form: { intent: "billing", ...billing },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(303);
  expect(accepted.headers()["location"]).toBe("/checkout?paso=2");
  expect(accepted.headers()["cache-control"]).toBe("private, no-store");
  const cookie = (await page.context().cookies()).find((c) => c.name === CHECKOUT_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
});

test("a person: every message, 'Volver' and Back keep the values, through to the card payment", async ({
  page,
  jsOn,
  ready,
  cart,
}) => {
  // A long journey: every step, its messages, and Back and Forward through them.
  test.slow();
  await cart.add(PANEL);
  await openCheckout(page, ready);
  await expectStep(page, 1, "Datos de facturación");
  await expect(page.getByRole("radio", { name: "Persona natural" })).toBeChecked();
  if (jsOn) await page.evaluate(() => Object.assign(window, { sinRecarga: true }));

  // Step 1: nothing typed.
  await button(page, "Continuar").click();
  await expectErrors(page, [
    "El nombre es obligatorio",
    "El apellido es obligatorio",
    "El correo es obligatorio",
    "El teléfono es obligatorio",
    "Selecciona el departamento",
    "La ciudad es obligatoria",
    "La dirección es obligatoria",
  ]);
  await expect(textbox(page, "Apellido")).toHaveAttribute("aria-invalid", "true");
  await expect(textbox(page, "Apellido")).toHaveAccessibleDescription("El apellido es obligatorio");

  // Wrong formats; the values typed stay.
  await fillPerson(page, { ...PERSON, email: "ana@example", phone: "12 34" });
  await textbox(page, "Cédula (opcional)").fill("12.345");
  if (jsOn) {
    // Checked as the shopper leaves the field, before any submit.
    await textbox(page, "Correo electrónico").press("Tab");
    await expect(textbox(page, "Correo electrónico")).toHaveAccessibleDescription(
      "El correo electrónico no es válido",
    );
  }
  await button(page, "Continuar").click();
  await expectErrors(page, [
    "La cédula debe tener entre 6 y 10 dígitos",
    "El correo electrónico no es válido",
    "El formato del teléfono no es válido",
  ]);
  await expect(textbox(page, "Nombre")).toHaveValue(PERSON.name);
  await expect(textbox(page, "Correo electrónico")).toHaveValue("ana@example");

  // The summary's link takes the shopper to the field.
  await summaryBox(page).getByRole("link", { name: "El correo electrónico no es válido" }).click();
  if (jsOn) await expect(textbox(page, "Correo electrónico")).toBeFocused();
  await textbox(page, "Correo electrónico").fill(PERSON.email);
  await textbox(page, "Teléfono").fill(PERSON.phone);
  await textbox(page, "Cédula (opcional)").fill("1.020.304.050");
  await button(page, "Continuar").click();

  // Step 2: 'Igual a la facturación' checked, showing where the order goes.
  await expectStep(page, 2, "Datos de envío");
  await expect(page).toHaveTitle(/^Datos de envío/);
  if (!jsOn) {
    // Post/Redirect/Get: a refresh asks for the page again, it repeats nothing.
    const again = await page.reload();
    expect(again?.request().method()).toBe("GET");
  }
  const same = page.getByRole("checkbox", { name: "Igual a la facturación" });
  await expect(same).toBeChecked();
  await expect(page.getByRole("main")).toContainText("Ana María Gómez Restrepo");
  await expect(page.getByRole("main")).toContainText("Medellín, Antioquia");
  await expect(page.getByRole("main")).toContainText(
    "Procesamos tu pedido en 24 a 48 horas y lo entregamos en 2 a 5 días hábiles.",
  );
  await expect(textbox(page, "Nombre de quien recibe")).toBeHidden();

  // Unchecked: the three messages of docs/decisions/0307.
  await same.uncheck();
  await expect(textbox(page, "Nombre de quien recibe")).toBeVisible();
  await button(page, "Continuar").click();
  await expectErrors(page, [
    "El nombre del receptor es obligatorio",
    "La dirección de envío es obligatoria",
    "La ciudad de envío es obligatoria",
  ]);
  await textbox(page, "Nombre de quien recibe").fill("Luis Torres");
  await textbox(page, "Dirección de envío").fill("Avenida 3N # 25-40");
  await page.getByRole("radio", { name: "Mañana (9:00–13:00)" }).check();

  // 'Volver' keeps step 2 as it is (even incomplete) and step 1 as it was.
  await button(page, "Volver").click();
  await expect(heading(page, "Datos de facturación")).toBeVisible();
  await expect(textbox(page, "Nombre")).toHaveValue(PERSON.name);
  await expect(textbox(page, "Cédula (opcional)")).toHaveValue("1.020.304.050");
  await expect(page.getByRole("combobox", { name: "Departamento" })).toHaveValue("05");
  await button(page, "Continuar").click();
  await expect(heading(page, "Datos de envío")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Igual a la facturación" })).not.toBeChecked();
  await expect(textbox(page, "Nombre de quien recibe")).toHaveValue("Luis Torres");
  await expect(page.getByRole("radio", { name: "Mañana (9:00–13:00)" })).toBeChecked();
  await textbox(page, "Ciudad de envío").fill("Cali, Valle del Cauca");
  await button(page, "Continuar").click();
  await expectStep(page, 3, "Método de pago");

  // The browser's Back and Forward walk the steps, each at its own address, nothing lost.
  await page.goBack();
  await expectStep(page, 2, "Datos de envío");
  await expect(textbox(page, "Nombre de quien recibe")).toHaveValue("Luis Torres");
  await expect(textbox(page, "Ciudad de envío")).toHaveValue("Cali, Valle del Cauca");
  await page.goBack();
  await expectStep(page, 1, "Datos de facturación");
  await expect(textbox(page, "Nombre")).toHaveValue(PERSON.name);
  await expect(textbox(page, "Cédula (opcional)")).toHaveValue("1.020.304.050");
  await page.goForward();
  await expectStep(page, 2, "Datos de envío");
  await expect(page.getByRole("radio", { name: "Mañana (9:00–13:00)" })).toBeChecked();
  await button(page, "Continuar").click();

  // Step 3: nothing chosen, 'Finalizar compra' refuses.
  await expect(heading(page, "Método de pago")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Tarjeta de crédito o débito/ })).not.toBeChecked();
  await expect(page.getByRole("radio", { name: /^PSE/ })).not.toBeChecked();
  await expect(page.getByRole("main")).toContainText("Luis Torres");
  await expect(page.getByRole("main")).toContainText("Mañana (9:00–13:00)");
  await button(page, "Finalizar compra").click();
  await expectErrors(page, ["Selecciona un método de pago"]);

  // 'Volver' to step 2 and on again: everything kept.
  await button(page, "Volver").click();
  await expect(heading(page, "Datos de envío")).toBeVisible();
  await expect(textbox(page, "Ciudad de envío")).toHaveValue("Cali, Valle del Cauca");
  await button(page, "Continuar").click();
  await expect(heading(page, "Método de pago")).toBeVisible();

  await page.getByRole("radio", { name: /Tarjeta de crédito o débito/ }).check();
  await button(page, "Finalizar compra").click();

  // The payment page, step 4 of 4: the order id minted for a card, the server's amount.
  await expectStep(page, 4, "Pago con tarjeta");
  if (jsOn) {
    // Every step came without a full reload of the page.
    expect(await page.evaluate(() => "sinRecarga" in window)).toBe(true);
  }
  const orderId = await orderIdOnPage(page, "CARD");
  const total = await totalOnPage(page);
  expect(await preparedInSandbox(page.request, orderId)).toMatchObject({
    customer_email: PERSON.email,
    amount: total,
  });

  // Back returns to step 3 with the method kept; so does 'Volver'.
  await page.goBack();
  await expectStep(page, 3, "Método de pago");
  await expect(page.getByRole("radio", { name: /Tarjeta de crédito o débito/ })).toBeChecked();
  await page.goForward();
  await expectStep(page, 4, "Pago con tarjeta");
  await page.getByRole("link", { name: /^\W*Volver$/ }).click();
  await expectStep(page, 3, "Método de pago");
  await expect(page.getByRole("radio", { name: /Tarjeta de crédito o débito/ })).toBeChecked();
});

test("a company: its messages, the NIT check digit, a refusal of prepare-checkout, PSE", async ({
  page,
  ready,
  cart,
}) => {
  test.slow();
  await cart.add(NVR, 2);
  await openCheckout(page, ready);
  await page.getByRole("radio", { name: "Empresa" }).check();
  await expect(textbox(page, "Apellido")).toBeHidden();
  await button(page, "Continuar").click();
  await expectErrors(page, [
    "El nombre de la empresa es obligatorio",
    "El NIT es obligatorio",
    "El nombre de contacto es obligatorio",
    "El correo es obligatorio",
    "El teléfono es obligatorio",
    "Selecciona el departamento",
    "La ciudad es obligatoria",
    "La dirección es obligatoria",
  ]);

  await textbox(page, "Nombre de la empresa").fill("Seguridad Andina S.A.S.");
  await textbox(page, "NIT").fill("890903938-7");
  await textbox(page, "Nombre de contacto").fill("Carlos Pérez");
  await textbox(page, "Cargo (opcional)").fill("Compras");
  // The sandbox's fault trigger: prepare-checkout answers 500.
  await fillContact(page, { ...PERSON, email: "falla500@example.com" });
  await button(page, "Continuar").click();
  await expectErrors(page, ["El NIT no es válido"]);
  await expect(textbox(page, "Nombre de la empresa")).toHaveValue("Seguridad Andina S.A.S.");
  await textbox(page, "NIT").fill("890.903.938-8");
  await button(page, "Continuar").click();

  await expect(heading(page, "Datos de envío")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Carlos Pérez");
  await button(page, "Continuar").click();
  await expect(heading(page, "Método de pago")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("890903938-8");
  await page.getByRole("radio", { name: /^PSE/ }).check();
  await button(page, "Finalizar compra").click();
  await expectErrors(
    page,
    [
      "Error al procesar la orden: la plataforma de pagos falló. No se realizó ningún cobro. Intenta de nuevo en unos minutos.",
    ],
    false,
  );
  await expect(page.getByRole("radio", { name: /^PSE/ })).toBeChecked();

  // A contact name the payment platform would find too short: refused here, at step 1, not
  // at 'Finalizar compra' as 'customer.name: Debe tener al menos 2 caracteres'.
  await page.getByRole("link", { name: /Editar datos de facturación/ }).click();
  await expect(heading(page, "Datos de facturación")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Empresa" })).toBeChecked();
  await textbox(page, "Nombre de contacto").fill("C");
  await textbox(page, "Correo electrónico").fill("compras@andina.co");
  await button(page, "Continuar").click();
  await expectErrors(page, ["El nombre de contacto debe tener al menos 2 caracteres"]);
  await expect(textbox(page, "Nombre de contacto")).toHaveValue("C");
  await expect(textbox(page, "Correo electrónico")).toHaveValue("compras@andina.co");

  await textbox(page, "Nombre de contacto").fill("Carlos Pérez");
  await continueTo(page, "Datos de envío");
  await continueTo(page, "Método de pago");
  await expect(page.getByRole("radio", { name: /^PSE/ })).toBeChecked();
  await button(page, "Finalizar compra").click();
  await expect(heading(page, "Pago con PSE")).toBeVisible();
  // The company's account: its NIT without the check digit, as PSE asks, and its name.
  await expect(textbox(page, "Número de documento")).toHaveValue("890903938");
  await expect(textbox(page, "Nombre completo del titular de la cuenta")).toHaveValue(
    "SEGURIDAD ANDINA S.A.S.",
  );
  await expect(page.getByRole("radio", { name: "Persona jurídica" })).toBeChecked();
  const orderId = await orderIdOnPage(page, "PSE");
  expect(await preparedInSandbox(page.request, orderId)).toMatchObject({
    customer_email: "compras@andina.co",
    amount: await totalOnPage(page),
  });
});

/**
 * The message for control characters and bidirectional overrides (app/text/control-characters.ts).
 */
const NOT_ALLOWED = "Contiene caracteres invisibles no permitidos. Escríbelo de nuevo.";

test("step 1 refuses a one-letter name and a hidden right-to-left override, keeping what was typed", async ({
  page,
  jsOn,
  ready,
  cart,
}) => {
  await cart.add(PANEL);
  await openCheckout(page, ready);
  // A browser's input drops CR and LF itself, not U+202E (RIGHT-TO-LEFT OVERRIDE).
  const lastName = "Gómez\u202eortsetseR";
  await fillPerson(page, { ...PERSON, name: "A", lastName });
  const posted = jsOn
    ? null
    : page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout",
      );
  await button(page, "Continuar").click();
  await expectErrors(page, ["El nombre debe tener al menos 2 caracteres", NOT_ALLOWED]);
  // Without JavaScript the server said it, with 400; with it, the browser did before posting.
  if (posted) expect((await posted).status()).toBe(400);
  await expect(textbox(page, "Nombre")).toHaveValue("A");
  await expect(textbox(page, "Apellido")).toHaveValue(lastName);
  await expect(textbox(page, "Apellido")).toHaveAccessibleDescription(NOT_ALLOWED);
  await expect(textbox(page, "Correo electrónico")).toHaveValue(PERSON.email);

  await textbox(page, "Nombre").fill("Al");
  await textbox(page, "Apellido").fill("Gómez Restrepo");
  await continueTo(page, "Datos de envío");
  await expect(page.getByRole("main")).toContainText("Al Gómez Restrepo");
});

test("@once a name posted with CR/LF and 'Bcc:' is refused at step 1; a textarea keeps its lines, not its controls", async ({
  page,
  baseURL,
  cart,
}) => {
  await cart.add(PANEL);
  const billing = {
    intent: "billing",
    client_type: "person",
    name: "Ana\r\nBcc: evil@example.com",
    last_name: "Gómez",
    email: "ana@example.co",
    phone: "3001234567",
    department: "05",
    city: "Medellín",
    address: "Calle 1",
    additional_info: "Torre 2\r\nApto 301\u001b[31m\u202e",
  };
  const refused = await page.request.post("/checkout", {
    form: billing,
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  // The page that came back (JavaScript off: nothing runs in it): the message in the summary
  // and next to the field, and the form with what was posted.
  // Its stylesheets too: the label of the name is one text or another by client type.
  const html = await refused.text();
  await page.setContent(html.replace("<head>", `<head><base href="${baseURL}/">`));
  const box = summaryBox(page);
  await expect(box.getByRole("listitem")).toHaveText([NOT_ALLOWED]);
  await expect(box.getByRole("link", { name: NOT_ALLOWED })).toHaveAttribute(
    "href",
    "#facturacion-name",
  );
  await expect(textbox(page, "Nombre")).toHaveAccessibleDescription(NOT_ALLOWED);
  // An input's value never holds CR or LF: the browser shows the rest of what was posted.
  await expect(textbox(page, "Nombre")).toHaveValue("AnaBcc: evil@example.com");
  await expect(textbox(page, "Apellido")).toHaveValue("Gómez");

  // The same order with a proper name goes on; the additional info keeps its line break only.
  const accepted = await page.request.post("/checkout", {
    form: { ...billing, name: "Ana" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(303);
  // @once: JavaScript off.
  expect((await page.goto("/checkout"))?.status()).toBe(200);
  await continueTo(page, "Método de pago");
  const main = await page.getByRole("main").innerText();
  expect(main).toContain("Torre 2");
  expect(main).toContain("Apto 301[31m");
  for (const dropped of ["\u001b", "\u202e", "\r"]) expect(main).not.toContain(dropped);
});

test("the cart changes between steps: the notice says what, the payment is prepared again @smoke", async ({
  page,
  baseURL,
  ready,
  cart,
}) => {
  await cart.add(PANEL);
  await openCheckout(page, ready);
  const summary = page.getByRole("complementary", { name: "Resumen del pedido" });
  const panelTitle = (
    await summary.getByRole("listitem").first().locator("p").first().innerText()
  ).trim();
  await expect(summary).toContainText("Cantidad: 1");
  await expect(summary).toContainText("IVA (19%)");
  await fillPerson(page, PERSON);
  await button(page, "Continuar").click();
  await expect(heading(page, "Datos de envío")).toBeVisible();

  // Another tab changes the quantity.
  await cart.set(PANEL, 2);
  await openCheckout(page, ready);
  const notice = page.getByRole("status").filter({ hasText: "Tu carrito cambió" });
  await expect(notice).toContainText(`La cantidad de ${panelTitle} cambió a 2.`);
  await expect(summary).toContainText("Cantidad: 2");
  await button(page, "Continuar").click();
  await expect(heading(page, "Método de pago")).toBeVisible();
  await expect(notice).toHaveCount(0);

  await page.getByRole("radio", { name: /Tarjeta de crédito o débito/ }).check();
  await button(page, "Finalizar compra").click();
  await expect(heading(page, "Pago con tarjeta")).toBeVisible();
  const orderId = await orderIdOnPage(page, "CARD");

  // A product added after 'Finalizar compra': back to step 3, told why, nothing charged.
  await cart.add(NVR);
  await openCheckout(page, ready);
  await expect(heading(page, "Método de pago")).toBeVisible();
  await expect(notice).toContainText("se agregó a tu carrito (1 unidad).");
  await expect(summary.getByRole("listitem")).toHaveCount(2);
  await button(page, "Finalizar compra").click();
  await expect(heading(page, "Pago con tarjeta")).toBeVisible();
  // The same order id (same method), prepared again for the new amount.
  expect(await orderIdOnPage(page, "CARD")).toBe(orderId);
  expect(await preparedInSandbox(page.request, orderId)).toMatchObject({
    amount: await totalOnPage(page),
  });

  // A price that differs from the one the shopper saw (a fingerprint signed the store's way).
  const cookie = (await page.context().cookies()).find((c) => c.name === CHECKOUT_COOKIE)!;
  const state = (await createCookie(CHECKOUT_COOKIE, { secrets: [SECRET] }).parse(
    `${CHECKOUT_COOKIE}=${cookie.value}`,
  )) as { s: { seen: string } };
  const seen = state.s.seen.replace(new RegExp(`^${PANEL}:2:[0-9a-z]+`), `${PANEL}:2:1`);
  await setCheckoutCookie(page, baseURL!, await signedCheckout({ ...state.s, seen }));
  await openCheckout(page, ready);
  await expect(notice).toContainText(new RegExp(`El precio de ${panelTitle} cambió: ahora \\$`));
  await expect(heading(page, "Método de pago")).toBeVisible();
});
