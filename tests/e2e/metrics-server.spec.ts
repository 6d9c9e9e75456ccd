/**
 * Issue 28: what an operator sees (docs/decisions/0440, 0441). The e2e server has neither
 * METRICS_PORT nor METRICS_TOKEN, so it has no /metrics; one store of its own, against a remote
 * merchant API behind a fault proxy, serves them on a metrics port behind a token. Card payments
 * approved, declined and lost to an upstream timeout move the right counters, and no label
 * carries a URL, an order id, an e-mail or card data. Runs once, in the "server" project.
 */
import { type APIRequestContext, expect, request as requests, test } from "@playwright/test";
import { personBilling } from "../support/buyer.ts";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy.ts";
import { freePort, type MerchantApi, startMerchantApi } from "./support/merchant-api.ts";
import { type StoreProcess, startStoreOnFreePort } from "./support/store-process.ts";

const TOKEN = "metrics-token-0123456789abcdef";
const YEAR = String(new Date().getFullYear() + 3);
const EMAIL = "metricas@example.com";

test.describe.configure({ mode: "serial" });

test("the shop's own address has no /metrics; /readyz says it can sell", async ({ request }) => {
  expect((await request.get("/metrics")).status()).toBe(404);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", api: "ok", limits: "memory" });
  expect((await request.get("/healthz")).status()).toBe(200);
});

test("payments, upstream failures and the page cache move the counters; no label carries personal data", async () => {
  test.setTimeout(120_000);
  let api: MerchantApi | undefined;
  let proxy: FaultProxy | undefined;
  let store: StoreProcess | undefined;
  try {
    api = await startMerchantApi();
    proxy = await startFaultProxy(api.url);
    // The API silent from the start: nothing it said can make the store ready.
    proxy.add({ path: /./, fault: { when: "before", answer: "silence" } });
    const metricsPort = await freePort();
    store = await startStoreOnFreePort({
      API_URL: proxy.url,
      API_TIMEOUT_MS: "1500",
      PAYMENT_GRACE_SECONDS: "600",
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      LOG_LEVEL: "info",
    });
    const origin = store.origin;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

    // Readiness: the API has not answered and its probe meets silence: 503. Then it speaks.
    const notReady = await fetch(`${origin}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ status: "not-ready", api: "no-answer" });
    proxy.clear();

    // The metrics: never on the shop's port, and not without the token.
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl)).status).toBe(401);
    const wrong = await fetch(metricsUrl, {
      headers: { Authorization: "Bearer wrong-token-0123456789" },
    });
    expect(wrong.status).toBe(401);
    const scrape = async () => {
      const response = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      return response.text();
    };
    const before = parse(await scrape());

    // An anonymous page four times: rendered and stored, then from memory (the first hit
    // compresses it; the next ones are answered before Express, docs/decisions/0500), each with
    // the security headers. The API answered: ready.
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${origin}/nosotros`);
      expect(page.status).toBe(200);
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      await page.text();
    }
    const ready = await fetch(`${origin}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", api: "ok", limits: "memory" });
    expect(ready.status).toBe(200);

    const product = await sellable(api.url);
    const orderIds: string[] = [];
    const pay = async (number: string, rule?: () => void) => {
      const shopper = await requests.newContext({ baseURL: origin });
      try {
        const form = await paymentForm(shopper, origin, product);
        orderIds.push(form.order_id);
        rule?.();
        const response = await shopper.post("/checkout/pago", {
          headers: { Origin: origin },
          maxRedirects: 0,
          form: {
            intent: "pay-card",
            order_id: form.order_id,
            expected_total: form.expected_total,
            card_number: number,
            holder_name: "Ana Gómez",
            expiration_month: "12",
            expiration_year: YEAR,
            cvv2: "123",
          },
        });
        expect(response.status()).toBe(303);
        return response.headers()["location"] ?? "";
      } finally {
        await shopper.dispose();
      }
    };
    expect(await pay("4111111111111111")).toMatch(/^\/checkout\/success\/card\?/);
    expect(await pay("4000000000000002")).toMatch(/^\/checkout\/failure\?/);
    // The charge request never reaches the API and never answers: the store's timeout ends
    // it, the gateway lists no charge, and the shopper is told the payment is pending.
    const lost = await pay("4111111111111111", () =>
      proxy!.add({
        method: "POST",
        path: /^\/payments\/card\/charge/,
        fault: { when: "before", answer: "silence" },
        times: 1,
      }),
    );
    expect(lost).toMatch(/^\/checkout\/pending\?/);

    const text = await scrape();
    const after = parse(text);
    const moved = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);

    const card = { method: "openpay" };
    expect(moved("tienda_payments_total", { ...card, outcome: "completed" })).toBe(1);
    expect(moved("tienda_payments_total", { ...card, outcome: "failed" })).toBe(1);
    expect(moved("tienda_payments_total", { ...card, outcome: "unknown" })).toBe(1);
    expect(moved("tienda_payments_total", { ...card, outcome: "pending" })).toBe(0);
    expect(moved("tienda_payments_total", { ...card, outcome: "refused" })).toBe(0);
    const charge = (outcome: string) =>
      moved("tienda_upstream_calls_total", { resource: "card-charge", outcome });
    expect(charge("ok")).toBe(1);
    expect(charge("4xx")).toBe(1);
    expect(charge("timeout")).toBe(1);
    expect(
      moved("tienda_upstream_call_duration_seconds_count", {
        resource: "card-charge",
        outcome: "timeout",
      }),
    ).toBe(1);
    expect(moved("tienda_upstream_calls_total", { resource: "card-token", outcome: "ok" })).toBe(3);
    expect(
      moved("tienda_upstream_calls_total", { resource: "charges", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved("tienda_http_requests_total", {
        route: "payments/pago",
        method: "POST",
        status: "3xx",
      }),
    ).toBe(3);
    // Every answer logged and counted under its route, however it was given.
    expect(
      moved("tienda_http_requests_total", {
        route: "content/nosotros",
        method: "GET",
        status: "2xx",
      }),
    ).toBe(4);
    const pageLines = store
      .output()
      .split("\n")
      .filter((line) => line.includes('"path":"/nosotros"') && line.includes('"msg":"request"'));
    expect(pageLines).toHaveLength(4);
    expect(moved("tienda_page_cache_answers_total", { result: "hit" })).toBeGreaterThanOrEqual(3);
    expect(value(after, "tienda_page_cache_entries", {})).toBeGreaterThanOrEqual(1);
    for (const name of [
      "tienda_upstream_queue_depth",
      "tienda_upstream_active_calls",
      "tienda_page_cache_bytes",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toMatch(new RegExp(`^${name} `, "m"));
    }

    // Bounded labels only: no URL, order id, e-mail, card number or any long digit run.
    const values = labelValues(text);
    expect(values.size).toBeGreaterThan(10);
    for (const label of values) {
      expect(label, label).not.toMatch(/^\/|:\/\/|\?|@|\d{6,}/);
      for (const id of orderIds) expect(label).not.toContain(id);
      expect(label).not.toContain(EMAIL);
    }
  } finally {
    await store?.stop();
    await proxy?.close();
    await api?.stop();
  }
});

type Samples = Map<string, number>;

/** `name{labels} value` lines of a scrape, keyed by the name and sorted labels. */
function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.set(key(match[1], labels), Number(match[3]));
  }
  return samples;
}

function key(name: string, labels: Record<string, string>) {
  const sorted = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  return `${name}${JSON.stringify(sorted)}`;
}

const value = (samples: Samples, name: string, labels: Record<string, string>) =>
  samples.get(key(name, labels)) ?? 0;

function labelValues(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)) found.add(match[1]);
  return found;
}

/** A product with a price and stock, from the merchant API itself. */
async function sellable(apiUrl: string): Promise<string> {
  const list = (await (await fetch(`${apiUrl}/api/productos?limit=40&offset=0`)).json()) as {
    productos: Array<{ id: string | number; total_existencia?: number }>;
  };
  for (const product of list.productos) {
    if ((product.total_existencia ?? 0) < 5) continue;
    const price = (await (await fetch(`${apiUrl}/api/precios/simple/${product.id}`)).json()) as {
      precio?: number;
    };
    if (typeof price.precio === "number" && price.precio > 0) return String(product.id);
  }
  throw new Error("no sellable product");
}

/** Cart, the checkout's three steps by form posts, then the payment page's hidden fields. */
async function paymentForm(shopper: APIRequestContext, origin: string, productId: string) {
  const post = async (path: string, form: Record<string, string>) => {
    const response = await shopper.post(path, {
      form,
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status(), `${path} ${form.intent}`).toBe(303);
  };
  await post("/carrito", { intent: "add", productId, quantity: "1", redirectTo: "/carrito" });
  await post("/checkout", personBilling(EMAIL));
  await post("/checkout", { intent: "shipping", same_as_invoice: "on" });
  expect((await shopper.get("/checkout")).status()).toBe(200);
  await post("/checkout", { intent: "finalize", payment_method: "openpay" });
  const page = await (await shopper.get("/checkout/pago")).text();
  const hidden = (name: string) =>
    new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ??
    new RegExp(`value="([^"]+)" name="${name}"`).exec(page)?.[1];
  const order_id = hidden("order_id");
  const expected_total = hidden("expected_total");
  expect(order_id, "order_id on the payment page").toBeTruthy();
  expect(expected_total, "expected_total on the payment page").toBeTruthy();
  return { order_id: order_id!, expected_total: expected_total! };
}
