/**
 * The payment flows through a fault proxy between the store and the merchant API (the sandbox
 * over real HTTP): whatever the network or the gateway does after a charge request left, the
 * shopper is never told it failed when it may have charged, never charged twice, and told
 * plainly when nothing was charged (docs/decisions/0430).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { getSandbox } from "../../sandbox/index.ts";
import { startFaultProxy } from "../support/fault-proxy.ts";

const sandbox = getSandbox({ dataDir: path.resolve(".data/sandbox-client-tests"), publicBase: "" });
await sandbox.ready;
const api = http.createServer(createRequestListener((request) => sandbox.fetch(request)));
await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
const apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
const proxy = await startFaultProxy(apiOrigin);

// The store's modules read the environment once, on first use: set it before importing them.
process.env.API_URL = proxy.url;
process.env.API_TIMEOUT_MS = "1500";
process.env.SESSION_SECRET = "payment-faults-secret-0123456789";
const { apiClient } = await import("~/merchant-api/client.server");
const payments = {
  ...(await import("../support/shopper.ts")).payActions,
  ...(await import("~/payments/payment-page.server")),
  ...(await import("~/payments/result-pages.server")),
};
const { cardForm, expectRedirect, ORIGIN, prepare, pseForm, request, shopper } =
  await import("../support/shopper.ts");

const CHARGE = /^\/payments\/card\/charge/;
const PSE = /^\/payments\/pse$/;
const LOOKUP = /^\/payments\/charges\?/;

afterEach(() => {
  proxy.clear();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => api.close(resolve));
});

/** What the pending page answers for this browser. */
async function pendingPage(jar: Awaited<ReturnType<typeof shopper>>, orderId: string) {
  return payments.loadPendingPage(
    request(jar, `${ORIGIN}/checkout/pending?order_id=${encodeURIComponent(orderId)}`),
  );
}

describe("a charge the gateway made, whose answer went wrong", () => {
  it.each(["garbage", "500", "reset", "silence"] as const)(
    "after %s, shows the charge it made (looked up by order id), never an error",
    async (answer) => {
      const jar = await shopper();
      const order = await prepare(jar, "openpay");
      proxy.add({ method: "POST", path: CHARGE, fault: { when: "after", answer }, times: 1 });
      const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
      expect(paid.location).toMatch(/^\/checkout\/success\/card\?id=tr/);
      const charges = await apiClient().listCharges(order.orderId);
      expect(charges.map((c) => c.status)).toEqual(["completed"]);
    },
  );

  it("shows 'Pago en proceso' while the lookup fails too, then the payment once it answers", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    proxy.add({ method: "POST", path: CHARGE, fault: { when: "after", answer: "reset" } });
    proxy.add({ method: "GET", path: LOOKUP, fault: { when: "before", answer: "500" } });
    const answer = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    expect(answer.location).toBe(`/checkout/pending?order_id=${order.orderId}`);
    jar.apply(answer.headers);
    expect(await pendingPage(jar, order.orderId)).toMatchObject({
      kind: "page",
      view: { state: "checking", orderId: order.orderId },
    });
    // Long past the grace period, a failing lookup still says nothing about the charge.
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 10 * 60_000);
    expect(await pendingPage(jar, order.orderId)).toMatchObject({ view: { state: "checking" } });
    vi.restoreAllMocks();
    proxy.clear();
    const found = await pendingPage(jar, order.orderId);
    expect(found).toMatchObject({ kind: "redirect" });
    expect(found.kind === "redirect" && found.location).toMatch(/^\/checkout\/success\/card\?id=/);
  });

  it("never lets the shopper pay the cart again by PSE after a card charge cut off mid-answer", async () => {
    const jar = await shopper();
    const card = await prepare(jar, "openpay");
    proxy.add({ method: "POST", path: CHARGE, fault: { when: "after", answer: "reset" } });
    proxy.add({ method: "GET", path: LOOKUP, fault: { when: "before", answer: "reset" } });
    const first = expectRedirect(await payments.payByCard(request(jar), cardForm(card), card));
    expect(first.location).toMatch(/^\/checkout\/pending\?/);
    jar.apply(first.headers);
    // Back to the checkout's method step, PSE this time: the merchant's record of the cart's
    // order says it was paid, so its lines have left the cart and no new order is prepared.
    proxy.clear();
    await expect(prepare(jar, "pse")).rejects.toThrow(/prepared no order/);
    const pse = { ...card, method: "pse" as const };
    const page = await payments.loadPaymentPage(request(jar), pse);
    expect(page).toMatchObject({ kind: "redirect" });
    expect(page.kind === "redirect" && page.location).toMatch(/^\/checkout\/success\/card\?id=/);
    const again = expectRedirect(await payments.payByPse(request(jar), pseForm(pse), pse));
    expect(again.location).toMatch(/^\/checkout\/success\/card\?id=/);
    expect(proxy.forwarded.filter((line) => line === "POST /payments/pse")).toEqual([]);
    expect(await apiClient().listCharges(card.orderId)).toHaveLength(1);
  });
});

describe("a charge request that never reached the gateway", () => {
  it("is pending at first, then plainly not charged, and paid in one more click", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    proxy.add({ method: "POST", path: CHARGE, fault: { when: "before", answer: "html502" } });
    const answer = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    expect(answer.location).toBe(`/checkout/pending?order_id=${order.orderId}`);
    jar.apply(answer.headers);
    expect(await pendingPage(jar, order.orderId)).toMatchObject({ view: { state: "checking" } });
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61_000);
    expect(await pendingPage(jar, order.orderId)).toEqual({
      kind: "page",
      view: { state: "not-charged", orderId: order.orderId },
    });
    proxy.clear();
    // 'Pagar de nuevo': the payment page of the same order, which pays once.
    expect(await payments.loadPaymentPage(request(jar), order)).toMatchObject({ kind: "page" });
    const paid = expectRedirect(await payments.payByCard(request(jar), cardForm(order), order));
    expect(paid.location).toMatch(/^\/checkout\/success\/card\?id=/);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);
  });

  it("says the payments API could not be reached when the PSE request got an HTML 502 and no charge", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "pse");
    proxy.add({ method: "POST", path: PSE, fault: { when: "before", answer: "html502" } });
    const answer = expectRedirect(await payments.payByPse(request(jar), pseForm(order), order));
    expect(answer.location).toBe(`/checkout/pending?order_id=${order.orderId}`);
    expect(await apiClient().listCharges(order.orderId)).toEqual([]);
  });
});

describe("a burst of submits while the gateway is slow", () => {
  it("makes one charge, and every answer, the last included, is that payment", async () => {
    const jar = await shopper();
    const order = await prepare(jar, "openpay");
    proxy.add({ method: "POST", path: CHARGE, fault: { when: "delay", ms: 400 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => payments.payByCard(request(jar), cardForm(order), order)),
    );
    const locations = answers.map((a) => expectRedirect(a).location);
    expect(new Set(locations.map((l) => l.replace(/&.*$/, ""))).size).toBe(1);
    expect(locations[19]).toMatch(/^\/checkout\/success\/card\?id=tr/);
    expect(await apiClient().listCharges(order.orderId)).toHaveLength(1);
  });
});
