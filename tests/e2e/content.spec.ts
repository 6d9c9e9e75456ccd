/**
 * Company pages (nosotros, privacidad, garantías, soporte técnico), the login placeholder, and
 * the store's voice ('tú'). Each test runs with JavaScript on and off unless tagged.
 */
import { SITE_PAGES } from "../../app/content/site-pages.ts";
import { expect, sharedPageTest as test } from "./support/fixtures.ts";

/** The headings below the title of each company page: every indexed page of the site's list. */
const HEADINGS: Record<string, { h2: string[]; h3: string[] }> = {
  "/nosotros": {
    h2: ["Misión", "Visión", "Nuestros valores", "Áreas de solución"],
    h3: [
      "Integridad",
      "Innovación",
      "Excelencia",
      "Compromiso",
      "Seguridad electrónica",
      "Telecomunicaciones",
      "Servicios profesionales",
    ],
  },
  "/privacidad": {
    h2: [
      "1. Datos que recolectamos",
      "2. Uso de la información",
      "3. Base legal",
      "4. Cookies",
      "5. Pagos con tarjeta",
      "6. Seguridad",
      "7. Derechos del titular",
      "8. Contacto",
      "9. Cambios a esta política",
    ],
    h3: [],
  },
  "/garantias": {
    h2: ["Cómo solicitar la garantía", "Preguntas sobre la garantía"],
    h3: [
      "Verificación inicial",
      "Solicitud de autorización de devolución (RMA)",
      "Evaluación técnica",
      "Resolución",
    ],
  },
  "/soporte-tecnico": {
    h2: ["Nuestros servicios", "Proceso de atención", "Niveles de soporte", "Preguntas frecuentes"],
    h3: [
      "Soporte remoto",
      "Soporte en sitio",
      "Mantenimiento preventivo",
      "Nivel 1 · Básico",
      "Nivel 2 · Avanzado",
      "Nivel 3 · Crítico",
    ],
  },
};

const PAGES = SITE_PAGES.filter((page) => page.sitemap !== "noindex").map((page) => ({
  path: page.path,
  h1: page.title,
  h2: HEADINGS[page.path]?.h2,
  h3: HEADINGS[page.path]?.h3 ?? [],
}));

for (const spec of PAGES) {
  test(`${spec.path} renders its headings and meta @once`, async ({ page }) => {
    expect(spec.h2, `HEADINGS lists the headings of ${spec.path}`).toBeDefined();
    const response = await page.goto(spec.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: spec.h1 })).toBeVisible();
    for (const name of spec.h2 ?? []) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    for (const name of spec.h3) {
      await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle(new RegExp(spec.h1));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${spec.path}$`),
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    const nav = page.getByRole("navigation", { name: "Ruta de navegación" });
    await expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/");
    await expect(nav.locator('[aria-current="page"]')).toHaveText(spec.h1);
  });
}

test("privacy policy shows its last update and legal basis @once", async ({ page }) => {
  await page.goto("/privacidad");
  await expect(page.getByText("Última actualización: 7 de septiembre de 2025")).toBeVisible();
  await expect(page.getByText(/Ley Estatutaria 1581 de 2012/)).toBeVisible();
});

test("the warranty accordion has seven sections that open and close without scripts @once", async ({
  page,
}) => {
  await page.goto("/garantias");
  const sections = page.locator("main details");
  await expect(sections).toHaveCount(7);
  const first = sections.first();
  const answer = first.getByText(/defectos de fabricación y las fallas de funcionamiento/);
  await expect(answer).toBeHidden();
  await first.locator("summary").click();
  await expect(answer).toBeVisible();
  await expect(first).toHaveAttribute("open", "");
  await first.locator("summary").click();
  await expect(answer).toBeHidden();
  // Keyboard: a summary is focusable and toggles with Enter.
  const repairs = sections.filter({ hasText: "¿Qué pasa con los productos reparados?" });
  await repairs.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(repairs.getByText(/90 días adicionales/)).toBeVisible();
  await expect(page.getByText(/1 año contado desde la fecha de compra/)).toBeVisible();
});

test("support page lists the response times and a four-question FAQ @once", async ({ page }) => {
  await page.goto("/soporte-tecnico");
  for (const time of ["Respuesta en 24 horas", "Respuesta en 12 horas", "Respuesta en 4 horas"]) {
    await expect(page.getByText(time, { exact: true })).toBeVisible();
  }
  const faq = page.getByRole("region", { name: "Preguntas frecuentes" }).locator("details");
  await expect(faq).toHaveCount(4);
  await faq.first().locator("summary").click();
  await expect(faq.first().getByText(/24 a 48 horas/)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Contáctanos" }).getByRole("link", { name: /@/ }),
  ).toHaveAttribute("href", /^mailto:/);
});

test.describe("login placeholder", () => {
  test("has its fields and links", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByLabel("Correo electrónico")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Contraseña")).toHaveAttribute("type", "password");
    await expect(page.getByLabel("Recordarme")).not.toBeChecked();
    await expect(page.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toHaveAttribute(
      "href",
      "/soporte-tecnico#contacto",
    );
    await expect(
      page.getByRole("main").getByRole("link", { name: "política de privacidad" }),
    ).toHaveAttribute("href", "/privacidad");
    await expect(
      page.getByRole("main").getByRole("link", { name: "política de garantías" }),
    ).toHaveAttribute("href", "/garantias");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    // Plainly: no accounts yet, and where an order is found instead.
    await expect(page.getByRole("main")).toContainText(
      "La tienda aún no tiene cuentas de cliente.",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Mis pedidos" })).toHaveAttribute(
      "href",
      "/mi-cuenta/pedidos",
    );
  });

  test("an empty field asks to complete every field and keeps the e-mail, not the password", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill("ana@example.co");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Por favor complete todos los campos",
    );
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("ana@example.co");
    await expect(page.getByLabel("Contraseña")).toHaveValue("");
  });

  test("a filled form answers that sign-in is coming soon, never echoing the password @smoke", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Correo electrónico").fill("ana@example.co");
    await page.getByLabel("Contraseña").fill("clave-secreta-123");
    await page.getByLabel("Recordarme").check();
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Función en desarrollo. La autenticación será implementada próximamente.",
    );
    expect(await page.content()).not.toContain("clave-secreta-123");
  });

  test("register answers that registration is coming soon", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Crear una cuenta" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "La funcionalidad de registro estará disponible próximamente...",
    );
  });

  test("the action answers 400 for an empty field and never returns the password @once", async ({
    request,
  }) => {
    const empty = await request.post("/login", {
      form: { intent: "login", email: "ana@example.co", password: "" },
      headers: { Origin: new URL(test.info().project.use.baseURL ?? "http://localhost").origin },
    });
    expect(empty.status()).toBe(400);
    const filled = await request.post("/login", {
      form: { intent: "login", email: "ana@example.co", password: "clave-secreta-123" },
      headers: { Origin: new URL(test.info().project.use.baseURL ?? "http://localhost").origin },
    });
    expect(filled.status()).toBe(200);
    const body = await filled.text();
    expect(body).toContain(
      "Función en desarrollo. La autenticación será implementada próximamente.",
    );
    expect(body).not.toContain("clave-secreta-123");
  });
});

test("the store speaks as 'tú' outside the texts the spec quotes @once", async ({ page }) => {
  const usted =
    /\b(usted|Escríbanos|llámenos|Cuéntenos|Contáctenos|Ingrese|Acceda|¿No tiene|¿Necesita|le ayudaremos|le responde|le atiende|sus datos|su carrito|su solicitud)\b/i;
  const pages = SITE_PAGES.filter((page) => page.route.startsWith("content/"));
  for (const { path } of pages) {
    await page.goto(path);
    const text = await page.getByRole("main").innerText();
    expect(text, path).not.toMatch(usted);
  }
});
