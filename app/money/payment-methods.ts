/**
 * The payment methods the store offers (docs/decisions/0485): one entry per method, in the
 * order checkout's method step lists them. Plain data, safe in the browser, importing nothing
 * of the shop: a shared piece, as checkout offers the methods and payments takes them
 * (docs/decisions/0490). Each method's form and server half are registered under the same id
 * in the payments part, PAYMENT_FORMS (methods/forms.tsx) and METHOD_SERVERS
 * (methods/servers.server.ts); TypeScript refuses an entry here until both have it.
 */

export interface PaymentMethodInfo {
  /** Its name at the merchant API (prepare-checkout's payment_method) and in the cookies. */
  readonly id: string;
  /**
   * Its short name in the store's addresses and forms: intent=pay-{key}, the result page
   * /checkout/success/{key}, its form's data under `{key}` in the payment page's data.
   */
  readonly key: string;
  /** The prefix of its order ids (docs/decisions/0305): CARD-1767225600000K7Q2. */
  readonly orderPrefix: string;
  /** Checkout's method step: the choice and the line under it. */
  readonly label: string;
  readonly description: string;
  /** As in 'Pago con tarjeta' (the payment page's heading) and 'Paga tu pedido con …'. */
  readonly name: string;
  /** The gateway's name for its charges: a charge's `method` or `payment_method.type`. */
  readonly chargeKind: string;
  /** A pending charge goes on at the bank's page (PSE): paying answers with that page. */
  readonly toBank: boolean;
  /** What a pending payment asks of the shopper, on its result page ('Aprueba el pago en …'). */
  readonly pendingHint?: string;
}

/** The order ids of orders paid before the method prefixes (docs/decisions/0485). */
const LEGACY_ORDER_PREFIX = "ORDER";

/** 'tarjeta o PSE': the methods' names, as a sentence offers them (one formatter: each costs µs to make). */
const disjunction = new Intl.ListFormat("es", { type: "disjunction" });
const offered = (methods: readonly PaymentMethodInfo[]) =>
  disjunction.format(methods.map((method) => method.name));

/**
 * A registry of methods: the store's below, or a test's own. The first method is what a charge
 * carrying no other method's kind is read as (the gateway's charges are card charges unless
 * they say otherwise). Ids, keys, order prefixes and charge kinds must be unique.
 */
export function definePaymentMethods<
  const M extends readonly [PaymentMethodInfo, ...PaymentMethodInfo[]],
>(list: M) {
  type Method = M[number];
  type Id = Method["id"];
  const badPrefix = list.find((method) => !/^[A-Z]+$/.test(method.orderPrefix));
  if (badPrefix) throw new Error(`The order prefix of ${badPrefix.id} is not upper-case letters`);
  for (const field of ["id", "key", "orderPrefix", "chargeKind"] as const) {
    const values = list.map((method) => method[field]);
    const repeated = values.find((value, index) => values.indexOf(value) !== index);
    if (repeated !== undefined)
      throw new Error(`Two payment methods share the ${field} ${repeated}`);
  }
  const byId = Object.fromEntries(list.map((method) => [method.id, method])) as {
    readonly [I in Id]: Extract<Method, { id: I }>;
  };
  const first: Method = list[0];
  const others: readonly Method[] = list.slice(1);
  return {
    list,
    /** The ids as z.enum takes them. */
    ids: list.map((method) => method.id) as unknown as readonly [Id, ...Id[]],
    byId,
    /** The method a form's intent (pay-card, pay-pse) pays with, if any. */
    byIntent(intent: unknown): Method | undefined {
      return list.find((method) => intent === `pay-${method.key}`);
    },
    /** The method of a result page's key (/checkout/success/{key}), if any. */
    byKey(key: string): Method | undefined {
      return list.find((method) => method.key === key);
    },
    /** The method of a gateway charge, by its method or payment_method.type. */
    ofCharge(charge: {
      method?: string | null;
      payment_method?: { type?: string | null } | null;
    }): Method {
      const carries = (method: Method) =>
        charge.method === method.chargeKind || charge.payment_method?.type === method.chargeKind;
      return others.find(carries) ?? first;
    },
    /** Every order id prefix, the older orders' included. */
    orderPrefixes: [...list.map((method) => method.orderPrefix), LEGACY_ORDER_PREFIX],
    /** 'tarjeta o PSE': every method's name, as a sentence offers them. */
    names: offered(list),
    /** The other methods, as a message offers them instead of one: 'PSE' for the card. */
    namesOtherThan(id: Id): string {
      return offered(list.filter((method) => method.id !== id));
    },
  };
}

export type PaymentMethods = ReturnType<typeof definePaymentMethods>;

/** The store's payment methods. */
export const PAYMENT_METHODS = definePaymentMethods([
  {
    id: "openpay",
    key: "card",
    orderPrefix: "CARD",
    label: "Tarjeta de crédito o débito",
    description: "Visa, Mastercard, American Express y Diners, procesado por Openpay.",
    name: "tarjeta",
    chargeKind: "card",
    toBank: false,
  },
  {
    id: "pse",
    key: "pse",
    orderPrefix: "PSE",
    label: "PSE",
    description: "Débito desde tu cuenta de ahorros o corriente en un banco colombiano.",
    name: "PSE",
    chargeKind: "bank_account",
    toBank: true,
  },
  {
    id: "cash",
    key: "cash",
    orderPrefix: "CASH",
    label: "Efectivo en puntos de pago",
    description:
      "Paga en efectivo en Efecty, Baloto, SuRed, Gana u otro punto de la lista antes de que venza el plazo. Confirmamos tu pedido cuando el dinero llegue.",
    name: "efectivo",
    chargeKind: "cash",
    toBank: false,
    pendingHint:
      "Paga el valor exacto en efectivo en cualquier punto de pago de la lista antes de la fecha límite, con la referencia o el código de barras de tu comprobante.",
  },
]);

type StoreMethod = (typeof PAYMENT_METHODS.list)[number];
export type PaymentMethodId = StoreMethod["id"];
/** card | pse: the forms' and result pages' names. */
export type PaymentMethodKey = StoreMethod["key"];
/** The key of one method: MethodKey<"openpay"> is "card". */
export type MethodKey<Id extends PaymentMethodId> = Extract<StoreMethod, { id: Id }>["key"];
