import { describe, expect, it } from "vitest";
import {
  billingValuesOf,
  type CartChange,
  cartChanges,
  cartFingerprint,
  changed,
  CHECKOUT_TTL_MS,
  type CheckoutState,
  cityWithDepartment,
  describeCartChange,
  freshState,
  isPrepared,
  parsedBilling,
  parsedShipping,
  type PricedLine,
  reachableStep,
  shippingValuesOf,
  shownStep,
  type Step,
  stateFromCookie,
  stepPath,
} from "./checkout-state";

const NOW = 1_767_225_600_000;

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
const SAME = { same_as_invoice: "on" };
const ORDER = { id: "CARD-1767225600000AB12", method: "openpay" as const };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

function state(changes: Partial<CheckoutState> = {}): CheckoutState {
  return { at: NOW, step: 1, ...changes };
}

describe("stateFromCookie", () => {
  const kept = state({
    step: 4,
    billing: PERSON,
    shipping: SAME,
    method: "openpay",
    order: { ...ORDER, session: "cs_1" },
    seen: "18433:1:abc",
  });

  it("keeps a well-formed state younger than two hours", () => {
    expect(stateFromCookie(kept, NOW + CHECKOUT_TTL_MS)).toEqual(kept);
  });

  it("tolerates another instance's clock a little ahead", () => {
    expect(stateFromCookie(kept, NOW - 60_000)).toEqual(kept);
  });

  it.each<[string, unknown, number]>([
    ["nothing", undefined, NOW],
    ["a string", "hola", NOW],
    ["a state older than two hours", kept, NOW + CHECKOUT_TTL_MS + 1],
    ["a state from more than 5 minutes in the future", kept, NOW - 5 * 60 * 1000 - 1],
    ["an unknown step", { ...kept, step: 5 }, NOW],
    ["an unknown method", { ...kept, method: "transfer" }, NOW],
    ["a malformed order id", { ...kept, order: { ...ORDER, id: "ORDEN-1" } }, NOW],
    ["values that are not text", { ...kept, billing: { name: 42 } }, NOW],
    ["an over-long value", { ...kept, billing: { name: "a".repeat(501) } }, NOW],
    ["no time", { step: 1 }, NOW],
  ])("reads %s as a fresh checkout", (_label, value, now) => {
    expect(stateFromCookie(value, now)).toEqual(freshState(now));
  });
});

describe("the values kept of each step", () => {
  it("keeps the fields of the chosen client type only, without empty ones", () => {
    const values = billingValuesOf(
      form({
        ...PERSON,
        client_type: "company",
        company_name: "Andina S.A.S.",
        company_nit: "890903938-8",
        contact_position: "",
        intent: "billing",
      }),
    );
    expect(values).toEqual({
      client_type: "company",
      company_name: "Andina S.A.S.",
      company_nit: "890903938-8",
      name: "Ana María",
      email: "ana@example.co",
      phone: "300 123 4567",
      department: "05",
      city: "Medellín",
      address: "Calle 10 # 43-12",
    });
  });

  it("keeps a person's last name and cédula, not company fields", () => {
    const values = billingValuesOf(form({ ...PERSON, document: "123456", company_name: "X" }));
    expect(values).toMatchObject({ last_name: "Gómez", document: "123456" });
    expect(values).not.toHaveProperty("company_name");
  });

  it("cuts a value longer than any field allows", () => {
    const values = billingValuesOf(form({ ...PERSON, additional_info: "x".repeat(2000) }));
    expect(values.additional_info).toHaveLength(500);
  });

  it("keeps step 2 as posted, an unchecked box being absent", () => {
    expect(
      shippingValuesOf(form({ shipping_receiver_name: "Luis", shipping_city: "", intent: "x" })),
    ).toEqual({ shipping_receiver_name: "Luis" });
  });

  it("parses kept values with the steps' schemas", () => {
    expect(parsedBilling(state({ billing: PERSON }))).toMatchObject({
      client_type: "person",
      phone: "3001234567",
    });
    expect(parsedBilling(state({ billing: { ...PERSON, email: "ana" } }))).toBeNull();
    expect(parsedShipping(state({ shipping: SAME }))).toMatchObject({ same_as_invoice: true });
    expect(parsedShipping(state({ shipping: {} }))).toBeNull();
    expect(parsedShipping(state())).toBeNull();
  });
});

describe("steps", () => {
  const billed = { billing: PERSON };
  const shipped = { billing: PERSON, shipping: SAME };
  const prepared = { ...shipped, step: 4 as const, order: { ...ORDER, session: "cs_1" } };

  it.each<[string, Partial<CheckoutState>, string | null, number]>([
    ["a fresh checkout", {}, null, 1],
    ["a direct URL to step 3 without step 1", {}, "3", 1],
    ["a cookie saying step 3 without step 1", { step: 3 }, null, 1],
    ["a URL to step 3 with only step 1 valid", billed, "3", 2],
    ["step 3 with step 2 never submitted", { ...billed, step: 3 }, null, 2],
    ["step 3 with invalid shipping", { ...billed, step: 3, shipping: {} }, null, 2],
    ["step 3 when both are valid", { ...shipped, step: 3 }, null, 3],
    ["a URL back to step 1", { ...shipped, step: 3 }, "1", 1],
    ["a URL forward to a valid step", { ...shipped, step: 1 }, "3", 3],
    ["a URL to the payment step", { ...shipped, step: 3 }, "4", 3],
    ["a URL to the payment step when prepared", prepared, "4", 4],
    ["a nonsense step", { ...shipped, step: 2 }, "dos", 2],
    ["the prepared payment", prepared, null, 4],
    ["a URL back from the payment", prepared, "2", 2],
    ["step 4 without a session", { ...prepared, order: ORDER }, null, 3],
    ["step 4 whose billing became invalid", { ...prepared, billing: {} }, null, 1],
  ])("shows %s (paso=%s) as step %i", (_label, changes, paso, expected) => {
    expect(shownStep(state(changes), paso)).toBe(expected);
  });

  it("gives each step its own address, the payment page being the fourth", () => {
    expect(([1, 2, 3, 4] as Step[]).map(stepPath)).toEqual([
      "/checkout?paso=1",
      "/checkout?paso=2",
      "/checkout?paso=3",
      "/checkout/pago",
    ]);
  });

  it("reaches the furthest step whose earlier steps are valid", () => {
    expect(reachableStep(state())).toBe(1);
    expect(reachableStep(state(billed))).toBe(2);
    expect(reachableStep(state(shipped))).toBe(3);
  });

  it("a change keeps the order id but drops the prepared payment", () => {
    const next = changed(state(prepared), 2, NOW + 5);
    expect(next).toMatchObject({ step: 2, at: NOW + 5, order: ORDER });
    expect(next.order).not.toHaveProperty("session");
    expect(isPrepared(state(prepared))).toBe(true);
    expect(isPrepared(changed(state(prepared), 4, NOW))).toBe(false);
  });
});

describe("the cart the shopper saw", () => {
  const camera: PricedLine = {
    productId: "18433",
    title: "Cámara Bala",
    quantity: 2,
    unitPrice: 150_000,
    stock: 10,
  };
  const nvr: PricedLine = {
    productId: "10052",
    title: "NVR",
    quantity: 1,
    unitPrice: 99_900,
    stock: 3,
  };
  const seen = cartFingerprint([camera, nvr]);

  it("fingerprints ids, quantities and whole-peso prices compactly", () => {
    expect(seen).toBe("18433:2:37qo,10052:1:2530");
    expect(cartFingerprint([{ ...camera, unitPrice: 150_000.4 }])).toBe("18433:2:37qo");
  });

  it.each<[string, PricedLine[], CartChange[]]>([
    ["nothing", [camera, nvr], []],
    ["the same lines in another order", [nvr, camera], []],
    [
      "a new price",
      [{ ...camera, unitPrice: 160_000 }, nvr],
      [{ kind: "price", line: { ...camera, unitPrice: 160_000 } }],
    ],
    [
      "a new quantity",
      [camera, { ...nvr, quantity: 3 }],
      [{ kind: "quantity", line: { ...nvr, quantity: 3 } }],
    ],
    ["a line removed", [camera], [{ kind: "removed", productId: "10052" }]],
    [
      "a line added",
      [camera, nvr, { ...nvr, productId: "777", title: "Fuente" }],
      [{ kind: "added", line: { ...nvr, productId: "777", title: "Fuente" } }],
    ],
  ])("finds %s", (_label, lines, expected) => {
    expect(cartChanges(seen, lines)).toEqual(expected);
  });

  it.each<[CartChange, string]>([
    [
      { kind: "price", line: { ...camera, unitPrice: 160_000 } },
      "El precio de Cámara Bala cambió: ahora $\u00a0160.000 por unidad.",
    ],
    [
      { kind: "quantity", line: { ...camera, quantity: 3 } },
      "La cantidad de Cámara Bala cambió a 3.",
    ],
    [
      { kind: "quantity", line: { ...nvr, quantity: 3 } },
      "La cantidad de NVR cambió a 3: es todo el stock disponible.",
    ],
    [{ kind: "added", line: nvr }, "NVR se agregó a tu carrito (1 unidad)."],
    [{ kind: "added", line: camera }, "Cámara Bala se agregó a tu carrito (2 unidades)."],
    [{ kind: "removed", productId: "10052" }, "NVR ya no está en tu carrito."],
    [{ kind: "removed", productId: "999" }, "Un producto ya no está en tu carrito."],
  ])("says %j as %j", (change, message) => {
    expect(describeCartChange(change, new Map([["10052", "NVR"]]))).toBe(message);
  });
});

describe("cityWithDepartment", () => {
  it.each([
    ["Medellín", "05", "Medellín, Antioquia"],
    ["Bogotá", "11", "Bogotá D.C."],
    ["bogota", "11", "Bogotá D.C."],
    ["Soacha", "25", "Soacha, Cundinamarca"],
    ["Cali", undefined, "Cali"],
    ["Cali", "12", "Cali"],
  ])("writes %s in %s as %s", (city, code, expected) => {
    expect(cityWithDepartment(city, code)).toBe(expected);
  });
});
