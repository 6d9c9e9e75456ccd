import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getPayments, PAYMENTS_DB_FILE } from "./index.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-pagos-index-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("getPayments", () => {
  it("opens the database on first use and shares it between public bases", async () => {
    const mounted = getPayments({ dataDir: path.join(dir, "datos"), publicBase: "/sandbox/" });
    expect(fs.existsSync(path.join(dir, "datos", PAYMENTS_DB_FILE))).toBe(false);
    const created = await mounted.fetch(
      new Request("http://tienda.local/sandbox/payments/pse", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          amount: 5000,
          order_id: "PSE-1757253600000-IDX1",
          customer_name: "Ana",
          customer_email: "ana@example.com",
          redirect_url: "/checkout/success/pse",
        }),
      }),
    );
    expect(created.status).toBe(200);
    const { id, redirect_url } = (await created.json()) as { id: string; redirect_url: string };
    expect(redirect_url).toBe(`/sandbox/banco-pse/${id}`);
    expect(fs.existsSync(path.join(dir, "datos", PAYMENTS_DB_FILE))).toBe(true);

    const standalone = getPayments({ dataDir: `${path.join(dir, "datos")}/`, publicBase: "" });
    const status = await standalone.fetch(
      new Request(`http://127.0.0.1:4010/payments/status/${id}`),
    );
    expect(await status.json()).toMatchObject({
      id,
      redirect_url: `http://127.0.0.1:4010/banco-pse/${id}`,
    });
  });

  it("answers 503 JSON when the database cannot be opened", async () => {
    const file = path.join(dir, "un-archivo");
    fs.writeFileSync(file, "");
    const broken = getPayments({ dataDir: file, publicBase: "" });
    const originalError = console.error;
    console.error = () => {};
    try {
      const res = await broken.fetch(new Request("http://x.local/payments/pse-banks"));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: "La base de datos de pagos del sandbox no está disponible",
      });
    } finally {
      console.error = originalError;
    }
  });
});
