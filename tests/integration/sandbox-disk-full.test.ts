/**
 * The sandbox's disk fills up while the store runs (docs/decisions/0366): SQLite refuses the
 * write (SQLITE_FULL, "database or disk is full", made real by capping the database's page
 * count). A payment call then gets a 500 JSON answer that the store's one failure rule turns
 * into a 502 error page; nothing is half-written, and what is already stored can still be read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { failureStatus } from "../../app/merchant-api/failure.server";
import { ApiError, createTransport } from "../../app/merchant-api/transport.server";
import { createPaymentsApp } from "../../sandbox/payments/routes";
import { PaymentsStore } from "../../sandbox/payments/store";
import { serveFetch } from "../support/fetch-server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-disco-lleno-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const pse = (orderId: string) => ({
  amount: 150_000,
  order_id: orderId,
  customer_name: "Ana",
  customer_email: "ana@example.com",
  redirect_url: "/checkout/success/pse",
});

describe("disk full in the sandbox", () => {
  it("a write answers 500 JSON, the store maps it to 502; reads go on", async () => {
    const store = new PaymentsStore(dir);
    const app = createPaymentsApp({ store, publicBase: "" });
    const server = await serveFetch((request) => app.fetch(request));
    const api = createTransport({
      baseUrl: server.url,
      timeoutMs: 5_000,
      concurrency: 2,
      queueMax: 10,
    });
    const first = (await api.postJson("/payments/pse", pse("PSE-1757253600000-DSK1"))) as {
      id: string;
    };

    // No room for one more page.
    const { page_count } = store.db.prepare("PRAGMA page_count").get() as { page_count: number };
    store.db.exec(`PRAGMA max_page_count = ${page_count}`);
    const logged: unknown[][] = [];
    const quiet = vi.spyOn(console, "error").mockImplementation((...args) => logged.push(args));
    let refused: unknown;
    let refusedOrder = "";
    try {
      for (let i = 2; i < 20 && !refused; i++) {
        refusedOrder = `PSE-1757253600000-DSK${i}`;
        await api.postJson("/payments/pse", pse(refusedOrder)).catch((e: unknown) => {
          refused = e;
        });
      }
    } finally {
      quiet.mockRestore();
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 500, message: "Error interno del sandbox de pagos" });
    expect(failureStatus(refused)).toBe(502);
    expect(logged.some((args) => /database or disk is full/.test(String(args[1])))).toBe(true);

    // What was stored before can still be read, and the refused order left nothing behind.
    expect(await api.getJson(`/payments/status/${first.id}`)).toMatchObject({ id: first.id });
    expect(await api.getJson("/payments/pse-banks")).toHaveLength(21);
    expect(await api.getJson(`/payments/charges?order_id=${refusedOrder}`)).toEqual([]);
    store.close();
    await server.close();
  });
});
