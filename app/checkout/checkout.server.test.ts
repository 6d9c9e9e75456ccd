import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CartViewLine } from "~/cart/cart.server";
import type { CartOrderStatus } from "~/cart/cart-order.server";
import { readCartCookie } from "~/cart/cart-session.server";
import type { PrepareCheckoutPayload } from "~/merchant-api/client.server";
import { computeTotals } from "~/money/totals";

// The cart part and the API client are the only dependencies: stand-ins for both. The cart's
// order is what its cookie names, read as the merchant's record of an order nothing was charged
// for ("prepared"), unless a test says what the merchant says of it.
let cartLines: CartViewLine[] = [];
let cartOrder: CartOrderStatus | null = null;
vi.mock("~/cart/cart.server", () => ({
  loadCartPage: async (request: Request) => {
    const cookie = await readCartCookie(request);
    return {
      page: {
        lines: cartLines,
        totals: computeTotals(cartLines.reduce((n, l) => n + l.lineTotal, 0)),
        notices: [],
        order: null,
      },
      headers: new Headers(),
      orderStatus:
        cartOrder ??
        (cookie.order ? { kind: "prepared", orderId: cookie.order } : { kind: "none" }),
      cookie: { ...cookie, cart: cartLines },
    };
  },
}));

const prepareCheckout =
  vi.fn<(payload: PrepareCheckoutPayload) => Promise<{ sessionId: string }>>();
vi.mock("~/merchant-api/client.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiClient: () => ({ prepareCheckout, listCartOrders: async () => [] }),
  getProductsBatch: async (ids: string[]) =>
    ids.includes("10052") ? [{ id: "10052", title: "NVR 8 canales" }] : [],
}));

const { ApiError, PaymentError } = await import("~/merchant-api/client.server");
const { clearCheckoutCookie, loadCheckout, readPreparedOrder, restartPaymentCookie } =
  await import("./checkout.server");
const { performCheckoutAction, PREPARE_FAILURE } = await import("./checkout-actions.server");
const { createCheckoutSessionStorage } = await import("./checkout-session.server");
const { CHECKOUT_TTL_MS } = await import("./checkout-state");
const { CHECKOUT_MESSAGES } = await import("./schemas");

function line(productId: string, title: string, quantity: number, unitPrice: number): CartViewLine {
  return {
    productId,
    title,
    quantity,
    unitPrice,
    model: null,
    lineTotal: quantity * unitPrice,
    image: null,
    sku: null,
    brand: null,
    stock: 5,
  };
}

const CAMERA = line("18433", "Cámara Bala", 2, 40_000);
const NVR = line("10052", "NVR 8 canales", 1, 15_000);

const PERSON = {
  client_type: "person",
  name: "Ana María",
  last_name: "Gómez",
  email: "ana@example.co",
  phone: "300 123 4567",
  department: "05",
  city: "Medellín",
  address: "Calle 10 # 43-12",
};

/** One shopper's browser: the checkout cookie carried from answer to request. */
class Browser {
  cookie = "";

  request(path = "/checkout"): Request {
    return new Request(`http://localhost${path}`, {
      headers: this.cookie ? { Cookie: this.cookie } : {},
    });
  }

  keep(headers: Headers) {
    const jar = new Map(
      this.cookie ? this.cookie.split("; ").map((pair) => [pair.split("=")[0], pair]) : [],
    );
    for (const header of headers.getSetCookie()) {
      const pair = header.split(";")[0];
      const name = pair.split("=")[0];
      // The checkout's cookie, and the cart's (the order it waits on).
      if (name === "checkout" || name === "carrito") jar.set(name, pair);
    }
    this.cookie = [...jar.values()].join("; ");
  }

  /** GET `path` as a browser does, following redirects to a step's address; `url`: where it ended. */
  async load(path = "/checkout") {
    let url = path;
    for (let hop = 0; hop < 2; hop++) {
      const answer = await loadCheckout(this.request(url)).catch((error: unknown) => {
        if (error instanceof Response) return error;
        throw error;
      });
      if (answer instanceof Response) {
        expect(answer.status).toBe(303);
        expect(answer.headers.get("Location")).toMatch(/^\/checkout\?paso=[123]$/);
        this.keep(answer.headers);
        url = answer.headers.get("Location") as string;
        continue;
      }
      this.keep(answer.headers);
      if (answer.view.kind !== "wizard") throw new Error("expected the wizard");
      return { view: answer.view, url };
    }
    throw new Error(`redirected more than once from ${path}`);
  }

  /** Where GET `path` sends the browser instead of showing a step. */
  async loadRedirect(path = "/checkout"): Promise<string | null> {
    const thrown: unknown = await loadCheckout(this.request(path)).then(
      () => null,
      (error: unknown) => error,
    );
    if (!(thrown instanceof Response)) throw new Error("expected a redirect");
    expect(thrown.status).toBe(303);
    this.keep(thrown.headers);
    return thrown.headers.get("Location");
  }

  async post(fields: Record<string, string>, now?: number) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const outcome = await performCheckoutAction(this.request(), form, now);
    this.keep(outcome instanceof Response ? outcome.headers : outcome.headers);
    return outcome;
  }

  /** Steps 1 and 2 done, on step 3. */
  async throughShipping(billing: Record<string, string> = PERSON) {
    await this.load();
    expectRedirect(await this.post({ intent: "billing", ...billing }), "/checkout?paso=2");
    expectRedirect(
      await this.post({ intent: "shipping", same_as_invoice: "on" }),
      "/checkout?paso=3",
    );
  }
}

function expectRedirect(outcome: Response | { status: number }, location: string) {
  expect(outcome).toBeInstanceOf(Response);
  const response = outcome as Response;
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe(location);
}

const toPayment = (outcome: Response | { status: number }) =>
  expectRedirect(outcome, "/checkout/pago");

function refused(outcome: Response | { status: number; data: unknown }) {
  if (outcome instanceof Response) throw new Error(`expected a refusal, got ${outcome.status}`);
  return outcome as Exclude<typeof outcome, Response> & {
    data: { step: number; result: { error?: Record<string, string[] | null> }; links?: unknown };
  };
}

beforeEach(() => {
  cartLines = [CAMERA, NVR];
  cartOrder = null;
  prepareCheckout.mockReset();
  prepareCheckout.mockResolvedValue({ sessionId: "cs_123" });
});

describe("loadCheckout", () => {
  it("shows 'Carrito Vacío' for an empty cart", async () => {
    cartLines = [];
    const { view } = await loadCheckout(new Request("http://localhost/checkout"));
    expect(view).toEqual({ kind: "empty", paid: null });
  });

  it("starts at step 1 with a person, the summary computed from the cart", async () => {
    const browser = new Browser();
    const { view } = await browser.load();
    expect(view).toMatchObject({
      step: 1,
      reachable: 1,
      values: { billing: { client_type: "person" }, shipping: { same_as_invoice: "on" } },
      notice: null,
      summary: { totals: { subtotal: 95_000, iva: 18_050, shipping: 5_000, total: 118_050 } },
    });
    expect(view.summary.lines.map((l) => [l.title, l.quantity, l.lineTotal])).toEqual([
      ["Cámara Bala", 2, 80_000],
      ["NVR 8 canales", 1, 15_000],
    ]);
    // The cookie keeps what the shopper saw, never a title or amount as such.
    expect(browser.cookie).toMatch(/^checkout=/);
  });

  it("says what changed in the cart since the last step", async () => {
    const browser = new Browser();
    await browser.load();
    cartLines = [{ ...CAMERA, unitPrice: 42_000, lineTotal: 84_000 }];
    const { view } = await browser.load();
    expect(view.notice).toEqual({
      title: "Tu carrito cambió desde el último paso",
      items: [
        "El precio de Cámara Bala cambió: ahora $\u00a042.000 por unidad.",
        "NVR 8 canales ya no está en tu carrito.",
      ],
    });
    // Said once: the next page shows the cart as it is now.
    expect((await browser.load()).view.notice).toBeNull();
  });
});

describe("the steps", () => {
  it("refuses step 1 with the messages and keeps the values typed", async () => {
    const browser = new Browser();
    await browser.load();
    const outcome = refused(
      await browser.post({ intent: "billing", ...PERSON, name: "", email: "ana@example" }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data.step).toBe(1);
    expect(outcome.data.result.error).toEqual({
      name: ["El nombre es obligatorio"],
      email: ["El correo electrónico no es válido"],
    });
    expect(outcome.data.result).toMatchObject({ initialValue: { email: "ana@example" } });
  });

  it("goes through billing and shipping; 'Volver' keeps what step 2 held", async () => {
    const browser = new Browser();
    await browser.load();
    expectRedirect(await browser.post({ intent: "billing", ...PERSON }), "/checkout?paso=2");
    let { view } = await browser.load("/checkout?paso=2");
    expect(view).toMatchObject({ step: 2, reachable: 2 });
    expect(view.billingAddress).toEqual([
      ["Recibe", "Ana María Gómez"],
      ["Dirección", "Calle 10 # 43-12"],
      ["Ciudad", "Medellín, Antioquia"],
    ]);

    // Unchecked, with only a receiver: 'Volver' keeps it anyway.
    expectRedirect(
      await browser.post({ intent: "back-to-billing", shipping_receiver_name: "Luis" }),
      "/checkout?paso=1",
    );
    ({ view } = await browser.load("/checkout?paso=1"));
    expect(view.step).toBe(1);
    expect(view.values.billing).toMatchObject(PERSON);
    ({ view } = await browser.load("/checkout?paso=2"));
    expect(view.step).toBe(2);
    expect(view.values.shipping).toEqual({ shipping_receiver_name: "Luis" });

    const shipping = refused(await browser.post({ intent: "shipping", shipping_city: "Cali" }));
    expect(shipping.data.result.error).toEqual({
      shipping_receiver_name: ["El nombre del receptor es obligatorio"],
      shipping_address: ["La dirección de envío es obligatoria"],
    });
    expectRedirect(
      await browser.post({ intent: "shipping", same_as_invoice: "on" }),
      "/checkout?paso=3",
    );
    ({ view } = await browser.load("/checkout?paso=3"));
    expect(view.step).toBe(3);
    expect(view.review?.shipping[0]).toEqual(["Envío", "Igual a la facturación"]);
  });

  it("refuses another address typed beside a checked 'Igual a la facturación' instead of dropping it", async () => {
    const browser = new Browser();
    await browser.load();
    expectRedirect(await browser.post({ intent: "billing", ...PERSON }), "/checkout?paso=2");
    const other = {
      shipping_receiver_name: "Bodega Norte",
      shipping_address: "Calle 80 # 45-10",
      shipping_city: "Medellín",
    };
    const typed = refused(
      await browser.post({ intent: "shipping", same_as_invoice: "on", ...other }),
    );
    expect(typed.status).toBe(400);
    expect(typed.data.result.error).toEqual({
      same_as_invoice: [CHECKOUT_MESSAGES.sameAsInvoiceWithOther],
    });
    // What was typed comes back with the form.
    expect((typed.data.result as { initialValue?: object }).initialValue).toMatchObject(other);
    // Sent to the other address, then the box checked again: what was kept is not new.
    expectRedirect(await browser.post({ intent: "shipping", ...other }), "/checkout?paso=3");
    expectRedirect(
      await browser.post({ intent: "shipping", same_as_invoice: "on", ...other }),
      "/checkout?paso=3",
    );
  });

  it("never shows step 3 by URL before step 1 is valid: it sends the browser to step 1", async () => {
    const browser = new Browser();
    expect(await browser.loadRedirect("/checkout?paso=3")).toBe("/checkout?paso=1");
    const { view, url } = await browser.load("/checkout?paso=3");
    expect([view.step, url]).toEqual([1, "/checkout?paso=1"]);
  });
});

describe("each step's own address (Back and Forward)", () => {
  it("answers every step's post with the next step's address", async () => {
    const browser = new Browser();
    await browser.load();
    const post = async (fields: Record<string, string>) =>
      ((await browser.post(fields)) as Response).headers.get("Location");
    expect(await post({ intent: "billing", ...PERSON })).toBe("/checkout?paso=2");
    expect(await post({ intent: "shipping", same_as_invoice: "on" })).toBe("/checkout?paso=3");
    expect(await post({ intent: "back-to-shipping", payment_method: "pse" })).toBe(
      "/checkout?paso=2",
    );
    expect(await post({ intent: "back-to-billing", same_as_invoice: "on" })).toBe(
      "/checkout?paso=1",
    );
    expect(await post({ intent: "finalize", payment_method: "pse" })).toBe("/checkout/pago");
  });

  it("shows each address's own step with what was kept, whatever step the cookie says", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    await browser.post({ intent: "back-to-shipping", payment_method: "openpay" });
    // Back twice from step 3, then Forward: each address shows its step.
    const two = await browser.load("/checkout?paso=2");
    expect([two.view.step, two.url]).toEqual([2, "/checkout?paso=2"]);
    expect(two.view.values.shipping).toEqual({ same_as_invoice: "on" });
    const one = await browser.load("/checkout?paso=1");
    expect([one.view.step, one.url]).toEqual([1, "/checkout?paso=1"]);
    expect(one.view.values.billing).toEqual(PERSON);
    const three = await browser.load("/checkout?paso=3");
    expect([three.view.step, three.view.values.method]).toEqual([3, "openpay"]);
  });

  it("sends /checkout alone to where the shopper was, storing nothing on the way", async () => {
    const browser = new Browser();
    expect(await browser.loadRedirect()).toBe("/checkout?paso=1");
    await browser.load();
    expectRedirect(await browser.post({ intent: "billing", ...PERSON }), "/checkout?paso=2");
    // The cart changes: the redirect leaves the notice to the step's own page.
    cartLines = [CAMERA];
    const thrown = await loadCheckout(browser.request()).catch((error: unknown) => error);
    expect((thrown as Response).headers.get("Location")).toBe("/checkout?paso=2");
    expect((thrown as Response).headers.get("Set-Cookie")).toBeNull();
    const { view } = await browser.load("/checkout?paso=2");
    expect(view.notice?.items).toEqual(["NVR 8 canales ya no está en tu carrito."]);
    // A step number written another way is sent to the step's one address.
    expect(await browser.loadRedirect("/checkout?paso=02")).toBe("/checkout?paso=2");
  });

  it("renders the answer to a refused post where it was posted, /checkout alone too", async () => {
    const browser = new Browser();
    await browser.load();
    // The request React Router gives the loaders after an action: the post's URL and headers.
    const afterPost = new Request("http://localhost/checkout", {
      headers: { Cookie: browser.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const { view } = await loadCheckout(afterPost);
    expect(view).toMatchObject({ kind: "wizard", step: 1 });
  });
});

describe("'Finalizar compra'", () => {
  it("refuses without a payment method", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    const outcome = refused(await browser.post({ intent: "finalize" }));
    expect(outcome.status).toBe(400);
    expect(outcome.data.result.error).toEqual({ payment_method: ["Selecciona un método de pago"] });
    expect(prepareCheckout).not.toHaveBeenCalled();
  });

  it("prepares the payment with the server's total and keeps session and order ids", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    const now = Date.now() + 1000;
    toPayment(await browser.post({ intent: "finalize", payment_method: "pse" }, now));
    const payload = prepareCheckout.mock.calls[0][0];
    expect(payload.client_type).toBe("person");
    expect(payload.order.total_amount).toBe(118_050);
    expect(payload.order.order_id).toMatch(new RegExp(`^PSE-${now}[0-9A-Z]{4}$`));
    expect(payload.products.map((l) => l.subtotal)).toEqual([80_000, 15_000]);

    // The checkout sends a prepared payment to the payment page.
    expect(await browser.loadRedirect()).toBe("/checkout/pago");
    const prepared = await readPreparedOrder(browser.request());
    expect(prepared).toEqual({
      orderId: payload.order.order_id,
      sessionId: "cs_123",
      checkoutId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      method: "pse",
      clientType: "person",
      customer: expect.objectContaining({ name: "Ana María", document_type: "CC" }),
      shipping: {
        receiverName: "Ana María Gómez",
        address: "Calle 10 # 43-12",
        city: "Medellín, Antioquia",
        instructions: "",
        preferredTime: "",
      },
    });

    // 'Volver' from the payment page (?paso=3): step 3; the same method keeps the order id.
    const back = await browser.load("/checkout?paso=3");
    expect(back.view.step).toBe(3);
    expect(back.view.values.method).toBe("pse");
    toPayment(await browser.post({ intent: "finalize", payment_method: "pse" }));
    expect(prepareCheckout.mock.calls[1][0].order.order_id).toBe(payload.order.order_id);
    // Another method, the same order: one cart is never two orders at the gateway, so a PSE
    // payment left pending at the bank and a card payment cannot both take money for it.
    toPayment(await browser.post({ intent: "finalize", payment_method: "openpay" }));
    expect(prepareCheckout.mock.calls[2][0].order).toMatchObject({
      order_id: payload.order.order_id,
      payment_method: "openpay",
    });
    const switched = await readPreparedOrder(browser.request());
    expect(switched).toMatchObject({ orderId: payload.order.order_id, method: "openpay" });
    // The checkout keeps its own id across its orders (the card-decline limits count on it).
    expect(switched?.checkoutId).toBe(prepared?.checkoutId);
  });

  it("sends a company as 'business' with its NIT", async () => {
    const browser = new Browser();
    await browser.throughShipping({
      client_type: "company",
      company_name: "Seguridad Andina S.A.S.",
      company_nit: "890903938-8",
      name: "Carlos Pérez",
      email: "compras@andina.co",
      phone: "6012345678",
      department: "11",
      city: "Bogotá",
      address: "Carrera 7 # 71-21",
    });
    toPayment(await browser.post({ intent: "finalize", payment_method: "openpay" }));
    expect(prepareCheckout.mock.calls[0][0]).toMatchObject({
      client_type: "business",
      customer: { company_nit: "890903938-8", document_type: "NIT", name: "Carlos Pérez" },
    });
  });

  it("shows a cart that changed before preparing anything", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    await browser.load();
    cartLines = [{ ...CAMERA, quantity: 1, lineTotal: 40_000 }, NVR];
    expectRedirect(
      await browser.post({ intent: "finalize", payment_method: "pse" }),
      "/checkout?paso=3",
    );
    expect(prepareCheckout).not.toHaveBeenCalled();
    const { view } = await browser.load();
    expect(view.step).toBe(3);
    expect(view.values.method).toBe("pse");
    expect(view.notice?.items).toEqual(["La cantidad de Cámara Bala cambió a 1."]);
  });

  it("drops a prepared payment when the cart changes", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    await browser.load();
    toPayment(await browser.post({ intent: "finalize", payment_method: "openpay" }));
    cartLines = [CAMERA];
    const { view } = await browser.load();
    expect(view.step).toBe(3);
    expect(await readPreparedOrder(browser.request())).toBeNull();
  });

  it("re-checks every step with the spec's final messages, linking to each step", async () => {
    const browser = new Browser();
    await browser.load();
    const outcome = refused(await browser.post({ intent: "finalize", payment_method: "pse" }));
    expect(outcome.status).toBe(400);
    expect(outcome.data.result.error).toEqual({
      "": [
        "Por favor complete todos los campos obligatorios de datos personales",
        "Por favor complete todos los datos de envío",
      ],
    });
    expect(outcome.data.links).toEqual([
      {
        message: "Por favor complete todos los campos obligatorios de datos personales",
        href: "/checkout?paso=1",
      },
      { message: "Por favor complete todos los datos de envío", href: "/checkout?paso=2" },
    ]);
    expect(prepareCheckout).not.toHaveBeenCalled();
  });

  it.each([
    [
      "a 422 with its detail",
      new PaymentError("Error de validación", {
        code: null,
        status: 422,
        detail: "customer.name: Debe tener al menos 2 caracteres",
      }),
      422,
      PREPARE_FAILURE.refused,
    ],
    [
      "a refusal the platform explained",
      new PaymentError("Falla simulada de la pasarela de pagos", { code: 1000, status: 500 }),
      502,
      PREPARE_FAILURE.failed,
    ],
    [
      "a timeout",
      new ApiError("Tiempo de espera agotado al consultar el servidor", 504, { kind: "timeout" }),
      503,
      PREPARE_FAILURE.timeout,
    ],
    [
      "an unreachable platform",
      new ApiError("No se pudo conectar", 502, { kind: "unreachable" }),
      503,
      PREPARE_FAILURE.unreachable,
    ],
    [
      "an unexpected error",
      new Error("boom"),
      502,
      "Error al procesar la orden: Intente nuevamente. No se realizó ningún cobro.",
    ],
  ])(
    "answers %s in the store's words and keeps the data",
    async (_label, error, status, message) => {
      const browser = new Browser();
      await browser.throughShipping();
      await browser.load();
      prepareCheckout.mockRejectedValueOnce(error);
      const outcome = refused(await browser.post({ intent: "finalize", payment_method: "pse" }));
      expect(outcome.status).toBe(status);
      expect(outcome.data).toMatchObject({ step: 3, result: { error: { "": [message] } } });
      // Never the platform's own text; always whether anything was charged.
      expect(message).not.toMatch(/Falla simulada|customer\.name|Tiempo de espera agotado/);
      expect(message).toContain("No se realizó ningún cobro.");
      const { view } = await browser.load();
      expect(view.step).toBe(3);
      expect(view.values).toMatchObject({ billing: PERSON, method: "pse" });
    },
  );
});

describe("the checkout cookie", () => {
  it("forgets a checkout two hours after its last change", async () => {
    const browser = new Browser();
    await browser.load();
    const start = Date.now();
    expectRedirect(await browser.post({ intent: "billing", ...PERSON }, start), "/checkout?paso=2");
    vi.useFakeTimers({ now: start + CHECKOUT_TTL_MS + 1000, toFake: ["Date"] });
    try {
      const { view } = await browser.load();
      expect(view).toMatchObject({ step: 1, values: { billing: { client_type: "person" } } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads a tampered cookie as a fresh checkout", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    browser.cookie = `${browser.cookie.slice(0, -4)}AAAA`;
    expect((await browser.load()).view).toMatchObject({ step: 1, reachable: 1 });
  });

  it("refuses a state too large for its cookie, with a message", async () => {
    const browser = new Browser();
    await browser.load();
    expectRedirect(
      await browser.post({
        intent: "billing",
        ...PERSON,
        address: "ñ".repeat(200),
        additional_info: "ñ".repeat(500),
      }),
      "/checkout?paso=2",
    );
    const outcome = refused(
      await browser.post({
        intent: "shipping",
        shipping_receiver_name: "ñ".repeat(100),
        shipping_address: "ñ".repeat(200),
        shipping_city: "ñ".repeat(100),
        shipping_instructions: "ñ".repeat(500),
      }),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data.result.error?.[""]?.[0]).toMatch(/^No pudimos guardar tantos datos/);
  });

  it("restarts the payment with a new order id, or forgets the checkout", async () => {
    const browser = new Browser();
    await browser.throughShipping();
    await browser.load();
    toPayment(await browser.post({ intent: "finalize", payment_method: "pse" }));
    const first = prepareCheckout.mock.calls[0][0].order.order_id;

    browser.keep(new Headers({ "Set-Cookie": await restartPaymentCookie(browser.request()) }));
    // The charge failed: the merchant's record says so, and the cart is released.
    cartOrder = { kind: "none" };
    expect(await readPreparedOrder(browser.request())).toBeNull();
    expect((await browser.load()).view.step).toBe(3);
    toPayment(await browser.post({ intent: "finalize", payment_method: "pse" }));
    expect(prepareCheckout.mock.calls[1][0].order.order_id).not.toBe(first);

    const cleared = await clearCheckoutCookie(browser.request());
    expect(cleared).toMatch(/^checkout=; .*Expires=Thu, 01 Jan 1970/);
  });

  it("is HttpOnly, SameSite=Lax, and Secure with __Host- in production", async () => {
    const { loadConfig } = await import("~/platform/config.server");
    const storage = createCheckoutSessionStorage(
      loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) }),
    );
    const header = await storage.commitSession(await storage.getSession());
    expect(header).toMatch(/^__Host-checkout=/);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("Secure");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Max-Age=7200");
  });
});
