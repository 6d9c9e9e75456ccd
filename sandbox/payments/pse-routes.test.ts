/** The PSE charge kind of the payments sandbox: the charge, the bank's page, its decisions. */
import { describe, expect, it } from "vitest";
import { PAYMENT_FIXTURES as PF } from "./fixtures.ts";
import { createPaymentsApp } from "./routes.ts";
import {
  app,
  call,
  decide,
  expectJson4xx,
  NOW,
  ORIGIN,
  payByCard,
  pse,
  pseBody,
  store,
  str,
  TOTAL,
} from "./routes.test-support.ts";

describe("PSE", () => {
  it("lists the 21 ACH banks with code and name", async () => {
    const r = await call("GET", "/payments/pse-banks");
    expect(r.status).toBe(200);
    expect(r.list).toHaveLength(21);
    expect(r.list[0]).toEqual({ id: "1001", code: "1001", name: "Banco de Bogotá" });
    expect(r.list.map((b) => b.code)).toEqual(PF.banks.map((b) => b.code));
    expect(r.list).toContainEqual({ id: "1551", code: "1551", name: "Daviplata" });
  });

  it("creates an in_progress charge whose redirect_url is the sandbox's bank page", async () => {
    const body = pseBody();
    const r = await call("POST", "/payments/pse", body);
    expect(r.status).toBe(200);
    const id = str(r.body, "id");
    expect(id).toMatch(/^tr[a-z0-9]{18}$/);
    expect(r.body).toMatchObject({
      status: "in_progress",
      order_id: body.order_id,
      amount: TOTAL,
      currency: "COP",
      authorization: null,
      redirect_url: `/sandbox/banco-pse/${id}`,
      payment_method: {
        type: "bank_account",
        bank_code: "1007",
        bank_name: "Bancolombia",
        url: `/sandbox/banco-pse/${id}`,
      },
      card: null,
    });
  });

  it("shows the bank, amount and order on a page that works without JavaScript", async () => {
    const r = await pse({ description: "Pedido <script>x</script>" });
    const id = str(r.body, "id");
    const page = await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toMatch(/<title>Bancolombia – Pago PSE de prueba<\/title>/);
    expect(html).toContain("<h1>Bancolombia</h1>");
    expect(html).toContain("$\u00a0121.380");
    expect(html).toContain(String(r.body.order_id));
    expect(html).toContain(`<form method="post" action="/sandbox/banco-pse/${id}">`);
    for (const v of ["aprobar", "rechazar", "pendiente"])
      expect(html).toContain(`name="decision" value="${v}"`);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Pedido &lt;script&gt;x&lt;/script&gt;");
  });

  it("approve: completed with an authorization, 303 to the store with ?id=", async () => {
    const r = await pse();
    const id = str(r.body, "id");
    const res = await decide(id, "aprobar");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/success/pse?id=${id}`);
    const s = await call("GET", `/payments/status/${id}`);
    expect(s.body).toMatchObject({
      status: "completed",
      authorization: expect.stringMatching(/^\d{6}$/),
    });
    // A decided charge is final: another answer changes nothing and still goes back.
    const again = await decide(id, "rechazar");
    expect(again.status).toBe(303);
    expect((await call("GET", `/payments/status/${id}`)).body.status).toBe("completed");
    const page = await (await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`))).text();
    expect(page).not.toContain("<form");
    expect(page).toContain(`href="/checkout/success/pse?id=${id}"`);
  });

  it("reject: failed; pending: stays in_progress and can be decided later", async () => {
    const rejected = str((await pse()).body, "id");
    expect((await decide(rejected, "rechazar")).status).toBe(303);
    expect((await call("GET", `/payments/status/${rejected}`)).body).toMatchObject({
      status: "failed",
      authorization: null,
    });

    const pending = str((await pse()).body, "id");
    const res = await decide(pending, "pendiente");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/success/pse?id=${pending}`);
    expect((await call("GET", `/payments/status/${pending}`)).body.status).toBe("in_progress");
    await decide(pending, "aprobar");
    expect((await call("GET", `/payments/status/${pending}`)).body.status).toBe("completed");
  });

  it("keeps the store's query string and replaces a smuggled id", async () => {
    const id = str(
      (
        await pse({
          redirect_url: "https://tienda.example/checkout/success/pse?metodo=pse&id=falso#r",
        })
      ).body,
      "id",
    );
    const res = await decide(id, "aprobar");
    expect(res.headers.get("location")).toBe(
      `https://tienda.example/checkout/success/pse?metodo=pse&id=${id}#r`,
    );
    const page = await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`));
    expect(page.headers.get("content-security-policy")).toContain(
      "form-action 'self' https://tienda.example",
    );
  });

  it.each([
    "javascript:alert(1)",
    "//evil.example/x",
    "/\\evil.example",
    "ftp://tienda.example/",
    "checkout/success",
    "https://",
    "/a b",
  ])("refuses redirect_url %s", async (redirect) => {
    const r = await call("POST", "/payments/pse", pseBody({ redirect_url: redirect }));
    expectJson4xx(r, 422);
    expect((r.body.fields as Array<{ field: string }>)[0].field).toBe("redirect_url");
  });

  it("refuses an unknown bank code and a bad document", async () => {
    const r = await call(
      "POST",
      "/payments/pse",
      pseBody({ bank_code: "9999", customer_document: "12a" }),
    );
    expectJson4xx(r, 422);
    expect((r.body.fields as Array<{ field: string }>).map((f) => f.field)).toEqual([
      "bank_code",
      "customer_document",
    ]);
  });

  it("refuses a second charge with the same order_id (1006) and creates nothing", async () => {
    const body = pseBody();
    await pse(body);
    const again = await call("POST", "/payments/pse", { ...body, amount: 5000 });
    expectJson4xx(again, 409);
    expect(again.body).toMatchObject({
      error: "Ya existe una transacción con ese order_id",
      error_code: 1006,
    });
    const charges = await call("GET", `/payments/charges?order_id=${String(body.order_id)}`);
    expect(charges.list).toHaveLength(1);
    expect(charges.list[0].amount).toBe(TOTAL);
  });

  it("answers bank-page errors as HTML: unknown charge 404, card charge 404, bad decision 400", async () => {
    const unknown = await app.fetch(new Request(`${ORIGIN}/banco-pse/trnoexiste`));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/^text\/html/);
    expect((await decide("trnoexiste", "aprobar")).status).toBe(404);
    const card = str((await payByCard()).body, "data.id");
    expect((await app.fetch(new Request(`${ORIGIN}/banco-pse/${card}`))).status).toBe(404);
    const id = str((await pse()).body, "id");
    expect((await decide(id, "hackear")).status).toBe(400);
    expect((await decide(id, "toString")).status).toBe(400);
    const empty = await app.fetch(new Request(`${ORIGIN}/banco-pse/${id}`, { method: "POST" }));
    expect(empty.status).toBe(400);
    expect((await call("GET", `/payments/status/${id}`)).body.status).toBe("in_progress");
  });

  it("uses absolute URLs from the request origin when standalone", async () => {
    const standalone = createPaymentsApp({ store, publicBase: "", now: () => NOW });
    const r = await call(
      "POST",
      "/payments/pse",
      pseBody({ redirect_url: "http://127.0.0.1:3000/checkout/success/pse" }),
      {},
      standalone,
    );
    const id = str(r.body, "id");
    expect(r.body.redirect_url).toBe(`${ORIGIN}/banco-pse/${id}`);
  });
});
