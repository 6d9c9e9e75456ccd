/**
 * What the payment result pages, the receipt and the order lookup show (docs/decisions/0430,
 * 0450, 0344): the texts, the shapes the pages render, and the pure
 * rules that turn a charge into them. Shared by the server (loaders, the PDF) and the views.
 */
import type { PaymentMethodId, PaymentMethodKey } from "~/money/payment-methods";
import type { PaymentResult } from "./gateway-status";
import type { Seller } from "~/platform/seller";

type PaymentStatusLabel = PaymentResult["label"];

export const PAYMENT_MESSAGES = {
  connect: "Error al conectar con la plataforma de pagos. Por favor, inténtelo de nuevo más tarde.",
  charge: "Error al procesar el pago.",
  /** Upstream failures where the charge certainly did not happen: said so, and what to do. */
  connectNotCharged:
    "Error al conectar con la plataforma de pagos. Por favor, inténtelo de nuevo más tarde. No se realizó ningún cobro.",
  chargeNotCharged:
    "Error al procesar el pago. No se realizó ningún cobro: revisa tus datos e intenta de nuevo, o elige otro medio de pago con «Volver».",
  tooManyAttempts:
    "Demasiados intentos de pago. Intenta de nuevo en unos minutos. No se realizó ningún cobro.",
  totals: "No pudimos calcular el total de tu pedido. Intenta de nuevo en unos minutos.",
  amountChanged:
    "El total de tu pedido cambió mientras pagabas. Revisa el resumen y confirma el pago de nuevo.",
  cartChanged:
    "Tu carrito cambió después de preparar el pedido. Vuelve al checkout y finaliza la compra de nuevo para confirmar el nuevo total.",
} as const;

export const RESULT_TEXTS = {
  successTitle: "¡Pago exitoso!",
  successLead: "Gracias por tu compra. Te enviamos la confirmación a tu correo electrónico.",
  // A charge awaiting confirmation (charge_pending) may never complete: no e-mail is promised.
  successPendingTitle: "Pago pendiente de confirmación",
  successPendingLead:
    "Registramos tu pedido, pero la plataforma de pagos aún no confirma el pago. Si se confirma, te enviaremos la confirmación por correo electrónico; mientras tanto puedes consultar su estado en Mis pedidos.",
  failedTitle: "Pago fallido",
  failedLead: "Hubo un problema con tu pago. Por favor, intenta nuevamente.",
  pendingTitle: "Pago pendiente",
  pendingLead:
    "Tu pago está siendo procesado. Si se completa, te enviaremos la confirmación por correo electrónico.",
  missingTitle: "Pago no encontrado",
  missing:
    "No se encontró información del pago. Puede que haya ocurrido un error en la redirección.",
  errorTitle: "No pudimos verificar tu pago",
  error:
    "Error al verificar el estado del pago. Por favor, contacta con soporte si el problema persiste.",
  processing: "Tu pedido será procesado en 24-48 horas.",
  processingPending: "Procesaremos tu pedido cuando se confirme el pago.",
  pendingReceiptNote:
    "El pago está pendiente de confirmación: este comprobante no certifica el pago.",
  delivery: "La entrega se realiza en 2-5 días hábiles.",
  pendingResolves: "Los pagos pendientes suelen resolverse en 24-48 horas.",
  checkingLead:
    "Aún no sabemos si la plataforma de pagos registró tu pago: lo estamos consultando. No pagues de nuevo mientras tanto.",
  checkingEmail: "Si el pago se completa, te enviaremos la confirmación por correo electrónico.",
  notChargedTitle: "No se realizó ningún cobro",
  notChargedLead:
    "La plataforma de pagos confirma que no recibió ningún pago de este pedido, así que no se te cobró nada. Puedes pagarlo de nuevo.",
  refreshing: "Esta página se actualiza sola mientras esperamos la respuesta.",
  otherDevice:
    "Por tu seguridad, los detalles del pago solo se muestran en el navegador con el que se hizo la compra. Desde otro dispositivo, consulta tu pedido con su número y tu correo electrónico.",
  refreshStopped:
    "Dejamos de actualizar esta página. Consulta el estado de tu pedido más tarde en Mis pedidos.",
  // A pending charge the payer pays elsewhere before a deadline (cash at a payment point).
  waitingTitle: "Esperando tu pago",
  waitingStatus: "Esperando el pago",
  waitingLead:
    "Registramos tu pedido y lo reservamos hasta la fecha límite. Lo confirmaremos y te enviaremos un correo cuando recibamos el pago.",
  waitingDeadline: (deadline: string) => `Paga antes del ${deadline} (hora de Colombia).`,
  waitingPdf: "Descargar comprobante de pago (PDF)",
  waitingCancel:
    "¿Prefieres pagar con otro medio? Cancela primero este pago: después ya no se podrá pagar.",
  // Its deadline passed unpaid (the gateway's `expired`): nothing was charged.
  lapsedTitle: "Venció el plazo para pagar",
  lapsedStatus: "Vencido",
  lapsedLead:
    "No recibimos el pago antes de la fecha límite, así que no se te cobró nada. Puedes pagar el mismo carrito de nuevo con cualquier medio de pago.",
  payAgain: "Pagar de nuevo",
} as const;

/** The failure page's five possible reasons (docs/decisions/0344). */
export const FAILURE_REASONS = [
  "Fondos insuficientes en la cuenta o la tarjeta",
  "Datos de pago incorrectos",
  "Restricciones de tu banco para compras en línea",
  "Problemas temporales con el procesador de pagos",
  "Rechazo por parte de la entidad emisora",
] as const;

/** How often a pending result page reloads itself, and for how many times (≈ 5 minutes). */
const PENDING_REFRESH_SECONDS = 10;
const PENDING_REFRESH_LIMIT = 30;

/** The query parameter that counts a pending page's automatic reloads. */
const REFRESH_PARAM = "intento";
/** `actualizar=no` stops the automatic reloads (WCAG 2.2.2: the shopper can stop them). */
const STOP_PARAM = "actualizar";

export interface PageRefresh {
  /** The next reload, with the reload count one up. */
  url: string;
  seconds: number;
  /** The same page without automatic reloads. */
  stopUrl: string;
}

/** A line of the paid order, from the merchant's record of the order. */
export interface ReceiptLine {
  title: string;
  brand: string | null;
  model: string | null;
  quantity: number;
  unitPrice: number;
  subtotal: number;
}

/** Who the order is billed to, from the merchant's copy of the order. */
export interface ReceiptBilling {
  clientType: "person" | "company";
  /** The person, or the company's contact. */
  name: string | null;
  /** A person's cédula. */
  document: string | null;
  companyName: string | null;
  companyNit: string | null;
  contactPosition: string | null;
  address: string | null;
  city: string | null;
}

/** Where the order goes. */
export interface ReceiptDelivery {
  sameAsBilling: boolean;
  receiverName: string | null;
  address: string | null;
  city: string | null;
  instructions: string | null;
  preferredTime: string | null;
}

/** Everything the receipt shows; only ever built for the browser that paid. */
export interface ReceiptView {
  orderId: string;
  chargeId: string;
  amount: number | null;
  /** Already formatted in Colombian time, e.g. "7 de septiembre de 2025, 10:15 a. m.". */
  date: string | null;
  authorization: string | null;
  /** "Visa terminada en 1111" or "PSE · Bancolombia". */
  method: string;
  statusLabel: PaymentStatusLabel;
  customerName: string | null;
  /** Null when the merchant's copy of the order could not be read. */
  billing: ReceiptBilling | null;
  delivery: ReceiptDelivery | null;
  lines: ReceiptLine[];
  totals: { subtotal: number; iva: number; shipping: number; total: number } | null;
  /** Who sells, as the buyer's accounting needs it. */
  seller: Seller;
}

/** The key of the method whose result page it is (/checkout/success/{key}). */
export type ResultKind = PaymentMethodKey;

export type ResultView =
  | { state: "missing" }
  | { state: "error" }
  | {
      state: "success" | "failed" | "pending";
      kind: ResultKind;
      chargeId: string;
      statusLabel: PaymentStatusLabel;
      /** The raw gateway status ("charge_pending" shows a success that awaits confirmation). */
      status: string;
      /** Details and receipt: only for the browser whose checkout made the charge. */
      receipt: ReceiptView | null;
      /** The order id, only for the browser whose checkout made the charge. */
      orderId: string | null;
      /** The gateway's error code and description of a failed charge. */
      error: { code: string | null; description: string | null } | null;
      /** The bank page to go back to, for the payer of a PSE payment still in progress. */
      bankUrl: string | null;
      /** The next automatic reload (pending only), or null once it stopped. */
      refresh: PageRefresh | null;
      /** A pending charge its payer pays elsewhere before a deadline (cash), else null. */
      waiting?: WaitingView | null;
    };

/** A pending charge that waits for its payer until a deadline (docs/decisions/0570). */
export interface WaitingView {
  /** The charge's method (its pending hint, its view of the details). */
  method: PaymentMethodId;
  /** The deadline in Colombian time: "lunes 30 de noviembre de 2026, 11:32 a. m.". */
  deadline: string;
  /**
   * For the browser that paid: what its method shows (PENDING_VIEWS in methods/forms.tsx), also
   * as a PDF; null for anyone else, or a method with nothing more to show.
   */
  details: unknown;
}

type Rows = Array<[label: string, value: string]>;

/** Label/value rows without the empty ones. */
function filled(rows: Array<[string, string | null | undefined]>): Rows {
  return rows.filter((row): row is [string, string] => typeof row[1] === "string" && row[1] !== "");
}

/**
 * The billing rows of a receipt: a Colombian company books a purchase by its name and NIT, so
 * they come first; a person's cédula. Shared by the page, the PDF and the order lookup.
 */
export function billingRows(billing: ReceiptBilling): Rows {
  if (billing.clientType === "company") {
    return filled([
      ["Empresa", billing.companyName],
      ["NIT", billing.companyNit],
      ["Contacto", [billing.name, billing.contactPosition].filter(Boolean).join(", ")],
      ["Dirección", billing.address],
      ["Ciudad", billing.city],
    ]);
  }
  return filled([
    ["Nombre", billing.name],
    ["Cédula", billing.document],
    ["Dirección", billing.address],
    ["Ciudad", billing.city],
  ]);
}

/** The delivery rows of a receipt. */
export function deliveryRows(delivery: ReceiptDelivery, billing: ReceiptBilling | null): Rows {
  const same = delivery.sameAsBilling;
  return filled([
    ["Recibe", delivery.receiverName],
    ["Dirección", same ? (delivery.address ?? billing?.address) : delivery.address],
    ["Ciudad", same ? (delivery.city ?? billing?.city) : delivery.city],
    ["Instrucciones", delivery.instructions],
    ["Horario preferido", delivery.preferredTime],
  ]);
}

/** Whether the receipt's payment is confirmed; a pending one never says 'pagado'. */
export function receiptConfirmed(receipt: Pick<ReceiptView, "statusLabel">): boolean {
  return receipt.statusLabel === "Completado";
}

/** "Cámara IP domo 4 MP · Hikvision DS-2CD1143G0-I": the line as the receipt names it. */
export function receiptLineName(line: Pick<ReceiptLine, "title" | "brand" | "model">): string {
  const maker = [line.brand, line.model].filter(Boolean).join(" ");
  return maker ? `${line.title} · ${maker}` : line.title;
}

const dateFormat = new Intl.DateTimeFormat("es-CO", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Bogota",
});

/** A gateway date ("2025-09-07T10:15:00-05:00") in Colombian time; null when unreadable. */
export function formatPaymentDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : dateFormat.format(new Date(time));
}

/**
 * The next automatic reload of a pending page, or null after the last one or when the shopper
 * stopped them.
 */
export function nextRefresh(url: URL): PageRefresh | null {
  if (url.searchParams.get(STOP_PARAM) === "no") return null;
  const done = Number.parseInt(url.searchParams.get(REFRESH_PARAM) ?? "0", 10);
  const count = Number.isFinite(done) && done > 0 ? done : 0;
  if (count >= PENDING_REFRESH_LIMIT) return null;
  const next = new URLSearchParams(url.searchParams);
  next.set(REFRESH_PARAM, String(count + 1));
  const stop = new URLSearchParams(url.searchParams);
  stop.delete(REFRESH_PARAM);
  stop.set(STOP_PARAM, "no");
  return {
    url: `${url.pathname}?${next.toString()}`,
    seconds: PENDING_REFRESH_SECONDS,
    stopUrl: `${url.pathname}?${stop.toString()}`,
  };
}
