/**
 * The embedded sandbox mounted on the store's origin (docs/decisions/0410), in production mode
 * (the e2e server): what a page makes the browser load is public; the outbox and the rest of the
 * API, which hold every customer's name, e-mail, phone, address and document, answer an
 * anonymous visitor 404 and the signed-in staff in full. Runs once (project "server").
 */
import http from "node:http";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { PAYMENT_FIXTURES } from "../../sandbox/fixtures.ts";
import { TOKEN_CALL_LIMITS } from "../../sandbox/payments/card-tokens.ts";
import {
  chargeCard,
  chargePse,
  outbox,
  type PreparedOrder,
  prepareCheckout,
} from "./support/payments.ts";
import { asStaff } from "./support/staff-api.ts";

const PRODUCT = { id: "18433", title: "Cámara IP Bala 4 MP", price: 200_000 };

/** A paid card order of a customer whose details are easy to look for in an answer. */
async function paidOrder(request: APIRequestContext) {
  const email = `privada.${Date.now()}@example.com`;
  const order = await prepareCheckout(
    request,
    [{ product: PRODUCT, quantity: 1 }],
    "openpay",
    email,
  );
  const charge = await chargeCard(request, order, PAYMENT_FIXTURES.cards.approvedVisa.number);
  expect(charge.status).toBe(200);
  return { order, chargeId: charge.chargeId };
}

/** A raw request, its path sent exactly as written (no client-side normalisation of `..`). */
function raw(
  baseURL: string,
  method: string,
  path: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function expectRefused(answer: { status: number; body: string }, what: string, secrets: string[]) {
  expect(answer.status, what).toBe(404);
  expect(JSON.parse(answer.body), what).toEqual({ error: "Ruta no encontrada" });
  for (const secret of secrets) expect(answer.body, what).not.toContain(secret);
}

test("an anonymous visitor gets 404 from the outbox, the charges, the re-send tool and the rest of the API", async ({
  request,
  baseURL,
}) => {
  const { order, chargeId } = await paidOrder(request);
  const secrets = [order.email, "1020304050", "3001234567", "Calle 10"];
  const anonymous: Array<[string, string]> = [
    ["GET", "/sandbox/correos"],
    ["HEAD", "/sandbox/correos"],
    ["GET", `/sandbox/correos?pedido=${order.orderId}`],
    ["GET", "/sandbox/correos/1"],
    ["GET", "/sandbox/payments/emails"],
    ["GET", `/sandbox/payments/emails?order_id=${order.orderId}`],
    ["GET", `/sandbox/payments/charges?order_id=${order.orderId}`],
    ["GET", `/sandbox/payments/status/${chargeId}`],
    ["GET", `/sandbox/api/payments/status/${chargeId}`],
    ["GET", `/sandbox/payments/checkout-data/${order.sessionId}`],
    ["POST", `/sandbox/payments/manual-notification/${order.orderId}`],
    ["POST", `/sandbox/api/payments/confirm-success-page/${chargeId}`],
    ["POST", "/sandbox/payments/prepare-checkout"],
    ["GET", "/sandbox/api/productos?limit=1"],
    ["GET", `/sandbox/syscom/productos/DS-YD792-B/pdf`],
    // Other spellings of the same addresses: the fault prefix, the prefix twice, a climb out
    // of a public folder, a method the public address does not take.
    ["GET", "/sandbox/_falla/lento/correos"],
    ["GET", "/sandbox/sandbox/correos"],
    ["GET", "/sandbox/img/productos/%2e%2e/%2e%2e/correos"],
    ["PUT", "/sandbox/img/productos/18433-1.svg"],
  ];
  for (const [method, path] of anonymous) {
    const answer = await raw(baseURL!, method, path);
    if (method === "HEAD") expect(answer.status, path).toBe(404);
    else expectRefused(answer, `${method} ${path}`, secrets);
  }
  // A staff cookie that is not signed by the store is nobody's.
  const forged = await request.get("/sandbox/correos", {
    headers: { Cookie: "__Host-personal=eyJ1c2VyIjoicGVyc29uYWwiLCJzaW5jZSI6MX0.firma" },
  });
  expect(forged.status()).toBe(404);
  // The refused re-send sent nothing: only the two e-mails of the charge itself.
  expect(await outbox(request, order.orderId)).toHaveLength(2);
});

test("what pages load from the sandbox stays public: drawings, logos, the datasheet, the PSE bank page and the card token call", async ({
  request,
  baseURL,
}) => {
  const product = await (await request.get(`/producto/${PRODUCT.id}`)).text();
  const drawings = [...product.matchAll(/\/sandbox\/img\/productos\/[\w.-]+\.svg/g)].map(
    (m) => m[0],
  );
  expect(drawings.length).toBeGreaterThan(0);
  for (const src of new Set(drawings)) {
    const answer = await request.get(src);
    expect(answer.status(), src).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  }
  const home = await (await request.get("/")).text();
  const logo = /\/sandbox\/logos\/marcas\/[\w-]+\.svg/.exec(home)?.[0];
  expect(logo, "the home page shows brand logos").toBeTruthy();
  expect((await request.get(logo!)).status()).toBe(200);

  // The datasheet the product page links comes through the store, not the sandbox mount.
  const datasheet = /href="(\/documentacion\/[^"]+)"/.exec(product)?.[1];
  expect(datasheet).toBeTruthy();
  const pdf = await request.get(datasheet!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The shopper at the bank: its page and its form, anonymous.
  const order: PreparedOrder = await prepareCheckout(
    request,
    [{ product: PRODUCT, quantity: 1 }],
    "pse",
  );
  const charge = await chargePse(request, order, baseURL!);
  const page = await request.get(charge.redirect_url);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("Bancolombia");
  const decided = await request.post(charge.redirect_url, {
    form: { decision: "aprobar" },
    maxRedirects: 0,
  });
  expect(decided.status()).toBe(303);
  expect(decided.headers()["location"]).toBe(`${baseURL}/checkout/success/pse?id=${charge.id}`);
  expect((await outbox(request, order.orderId)).map((mail) => mail.kind).sort()).toEqual([
    "aviso-ventas",
    "confirmacion-cliente",
  ]);

  // The card form's token call, from the store's own pages, with the public key (0432).
  const token = await request.post("/sandbox/payments/card/token", {
    data: {
      card_number: "4111111111111111",
      holder_name: "Ana Gómez",
      expiration_month: "12",
      expiration_year: "35",
      cvv2: "123",
    },
    headers: {
      Origin: new URL(baseURL!).origin,
      Authorization: `Basic ${btoa("pk_sandbox_tienda:")}`,
    },
  });
  expect(token.status()).toBe(200);
  expect(((await token.json()) as { card: { card_number: string } }).card.card_number).toBe(
    "411111XXXXXX1111",
  );
  const stranger = await request.post("/sandbox/payments/card/token", {
    data: { card_number: "4111111111111111" },
    headers: { Origin: "https://evil.example" },
  });
  expect(stranger.status()).toBe(403);
});

test("the signed-in staff reads the outbox and the charges, and no shared cache keeps them", async ({
  request,
}) => {
  const { order, chargeId } = await paidOrder(request);
  const headers = await asStaff();
  const page = await request.get(`/sandbox/correos?pedido=${order.orderId}`, { headers });
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toBe("private, no-store");
  const html = await page.text();
  expect(html).toContain("<h1>Correos enviados</h1>");
  expect(html).toContain(`Confirmación de tu pedido ${order.orderId}`);
  expect(html).toContain(`Nuevo pedido pagado ${order.orderId}`);

  const charges = await request.get(`/sandbox/payments/charges?order_id=${order.orderId}`, {
    headers,
  });
  expect(charges.status()).toBe(200);
  expect(await charges.json()).toEqual([
    expect.objectContaining({ id: chargeId, status: "completed" }),
  ]);
  // The catalogue API, cacheable on its own, is private through the staff mount too.
  const catalogue = await request.get("/sandbox/api/productos?limit=1", { headers });
  expect(catalogue.status()).toBe(200);
  expect(catalogue.headers()["cache-control"]).toBe("private, no-store");
});

test("a signed-out staff cookie opens no page behind the staff sign-in, the sandbox's included", async ({
  playwright,
  baseURL,
}) => {
  // A session of its own: the shared one (asStaff) stays signed in for the other tests.
  const context = await playwright.request.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  try {
    const signedIn = await context.post("/admin/ingresar", {
      form: { usuario: "personal", clave: "sandbox-demo", volver: "/admin/notificaciones" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(303);
    const cookie = signedIn
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie")!
      .value.split(";")[0];
    const staffPages = [
      "/admin",
      "/admin/notificaciones",
      "/admin/otra",
      "/sandbox/correos",
      "/sandbox/payments/emails",
      "/sandbox/api/productos?limit=1",
    ];
    const replay = (path: string) =>
      context.get(path, { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect((await replay("/sandbox/correos")).status()).toBe(200);
    expect((await replay("/admin/notificaciones")).status()).toBe(200);

    const signedOut = await context.post("/admin/salir", {
      form: {},
      headers: { Origin: origin, Cookie: cookie },
      maxRedirects: 0,
    });
    expect(signedOut.status()).toBe(303);
    // The copy of the cookie, replayed on every page behind the sign-in: the store's pages send
    // it to the sign-in, the sandbox's mount answers as to anyone (the server's own check).
    for (const path of staffPages) {
      const answer = await replay(path);
      if (path.startsWith("/sandbox")) expect(answer.status(), path).toBe(404);
      else expect(answer.headers()["location"] ?? "", path).toMatch(/^\/admin\/ingresar\?volver=/);
    }
  } finally {
    await context.dispose();
  }
});

test("the token call answers no one without the public key, and a burst from one address only up to its limit", async ({
  request,
}) => {
  const card = {
    card_number: "4111111111111112",
    holder_name: "Ana Gómez",
    expiration_month: "12",
    expiration_year: "35",
    cvv2: "123",
  };
  // A server's call (no Origin) without the key: refused, the card not even read.
  const bare = await request.post("/sandbox/payments/card/token", {
    data: card,
    headers: { "X-Forwarded-For": "198.18.35.1" },
  });
  expect(bare.status()).toBe(401);
  expect(await bare.text()).not.toMatch(/2004|Luhn/i);
  // With the key, a burst from one address: only the address's number gets an answer.
  const answers = await Promise.all(
    Array.from({ length: 80 }, () =>
      request.post("/sandbox/payments/card/token", {
        data: card,
        headers: {
          Authorization: `Basic ${btoa("pk_sandbox_tienda:")}`,
          "X-Forwarded-For": "198.18.35.2",
        },
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status === 429)).toHaveLength(
    80 - TOKEN_CALL_LIMITS.address.calls,
  );
  const limited = answers.find((answer) => answer.status() === 429)!;
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
});
