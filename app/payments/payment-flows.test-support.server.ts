/**
 * What the payment flow tests share (run in-process against the embedded sandbox merchant API):
 * the environment, a client the tests can make fail, the shopper and the store's server modules.
 * Imported first by each `*.server.test.ts` of the payments part.
 */
import path from "node:path";
import { inflateSync } from "node:zlib";
import { afterEach, beforeAll, expect, vi } from "vitest";

const hoisted = vi.hoisted(() => {
  process.env.SANDBOX_DATA_DIR = ".data/sandbox-payments-tests";
  // The slow fault outlasts the store's timeout quickly.
  process.env.SANDBOX_SLOW_CHARGE_MS = "2500";
  process.env.API_TIMEOUT_MS = "1500";
  process.env.SESSION_SECRET = "payments-tests-secret-0123456789";
  return { client: null as null | ((real: unknown) => unknown) };
});

vi.mock("~/merchant-api/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/merchant-api/client.server")>();
  return {
    ...original,
    apiClient: () => (hoisted.client ? hoisted.client(original.apiClient()) : original.apiClient()),
  };
});

/** The client the tests swap in: `override.client = (real) => ({ ...real, chargeCard: … })`. */
export const override = hoisted;

export const { apiClient, createApiClient, PaymentError } =
  await import("~/merchant-api/client.server");
export const { commitCart, loadCartPage } = await import("~/cart/cart.server");
export const { readCartCookie } = await import("~/cart/cart-session.server");
const { logger } = await import("~/platform/logger.server");
const { getSandbox } = await import("../../sandbox/index.ts");
// Every screen's server module, as the routes use them.
export const payments = {
  ...(await import("../../tests/support/shopper")).payActions,
  ...(await import("./payment-page.server")),
  ...(await import("./charge-steps.server")),
  ...(await import("./result-pages.server")),
  ...(await import("./receipt.server")),
  ...(await import("./lookup.server")),
};
const { pricedProducts } = await import("../../tests/support/shopper");
export const {
  cardForm,
  cashForm,
  expectRedirect,
  expectReply,
  Jar,
  ORIGIN,
  prepare,
  pseForm,
  request,
  shopper,
  VISA,
  withLuhnDigit,
} = await import("../../tests/support/shopper");
export const checkout = await import("~/checkout/checkout.server");
export type PaymentOrder = import("./payment-order").PaymentOrder;
export const { PAYMENT_MESSAGES, RESULT_TEXTS } = await import("./result-views");
export const { FALLBACK_PSE_BANKS } = await import("./methods/pse/pse");
export const { CARD_LIMITS } = await import("./methods/card/card-limits.server");
export const { CARD_PAYMENT_MESSAGES } = await import("./methods/card/card");
export type ApiClient = import("~/merchant-api/client.server").ApiClient;

export const YEAR = String(new Date().getFullYear() + 3);

afterEach(() => {
  override.client = null;
  vi.restoreAllMocks();
});

export let products: Array<{ id: string; price: number }> = [];

beforeAll(async () => {
  products = await pricedProducts();
}, 240_000);

/** From now on the gateway declines every charge (3001), whatever the card. */
export function declineEveryCharge() {
  override.client = (real) => ({
    ...(real as ApiClient),
    chargeCard: () =>
      Promise.reject(new PaymentError("Tarjeta declinada", { code: 3001, status: 402 })),
  });
}

/** Like declineEveryCharge(), counting the charge calls that reach the gateway. */
export function declineEveryChargeCounted() {
  const charges = { count: 0 };
  override.client = (real) => ({
    ...(real as ApiClient),
    chargeCard: async () => {
      charges.count++;
      // Slow enough that every request of a burst is in flight at once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new PaymentError("Tarjeta declinada", { code: 3001, status: 402 });
    },
  });
  return charges;
}

const sandbox = () =>
  getSandbox({ dataDir: path.resolve(".data/sandbox-payments-tests"), publicBase: "/sandbox" });

export async function outbox(orderId: string): Promise<Array<{ kind: string; to: string[] }>> {
  const response = await sandbox().fetch(
    new Request(`http://sandbox.internal/payments/emails?order_id=${orderId}`),
  );
  return (await response.json()) as Array<{ kind: string; to: string[] }>;
}

/** The sandbox's payment point (`/punto-de-pago`) or its clock (`/punto-de-pago/vencer`). */
export async function atPaymentPoint(reference: string, path = "/punto-de-pago") {
  const response = await sandbox().fetch(
    new Request(`http://sandbox.internal${path}`, {
      method: "POST",
      body: new URLSearchParams({ referencia: reference }),
    }),
  );
  return { status: response.status, text: await response.text() };
}

export async function decideAtBank(
  bankPath: string,
  decision: "aprobar" | "rechazar" | "pendiente",
) {
  const response = await sandbox().fetch(
    new Request(`http://sandbox.internal${bankPath}`, {
      method: "POST",
      body: new URLSearchParams({ decision }),
    }),
  );
  expect(response.status).toBe(303);
  return response.headers.get("Location") ?? "";
}

/** Every log call's arguments, as text. */
export function captureLogs() {
  const lines: string[] = [];
  for (const level of ["trace", "debug", "info", "warn", "error", "fatal"] as const) {
    vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
      lines.push(JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? v.message : v)));
    });
  }
  return lines;
}

/** A result page that must render (not reload itself). */
export async function resultPage(req: Request, kind: "card" | "pse" | "cash") {
  const answer = await payments.loadPaymentResult(req, kind);
  if (answer.kind !== "page")
    throw new Error(`expected the page, got a reload to ${answer.location}`);
  return answer;
}

export const chargeIdOf = (location: string) =>
  new URL(location, ORIGIN).searchParams.get("id") ?? "";

/** Whether the PDF draws `text`: pdf-lib deflates its streams and writes standard-font text in hex. */
export function inPdf(bytes: Uint8Array, text: string): boolean {
  const raw = Buffer.from(bytes);
  const hex = `<${Buffer.from(text, "latin1").toString("hex").toUpperCase()}>`;
  let at = 0;
  for (;;) {
    const start = raw.indexOf("\nstream\n", at);
    const end = start < 0 ? -1 : raw.indexOf("\nendstream", start);
    if (end < 0) return false;
    try {
      if (
        inflateSync(raw.subarray(start + 8, end))
          .toString("latin1")
          .includes(hex)
      )
        return true;
    } catch {
      // not a deflated stream
    }
    at = end + 1;
  }
}

export const COMPANY = {
  billing: {
    client_type: "company",
    company_name: "Seguridad Andina S.A.S.",
    company_nit: "890903938-8",
    name: "Carlos Pérez",
    contact_position: "Jefe de compras",
    address: "Carrera 7 # 71-21",
  },
  shipping: {
    shipping_receiver_name: "Bodega Norte",
    shipping_address: "Calle 80 # 45-10",
    shipping_city: "Medellín",
    shipping_preferred_time: "morning",
  },
};

export function lookupForm(orderId: string, email: string) {
  const form = new FormData();
  form.set("order_id", orderId);
  form.set("email", email);
  return form;
}
