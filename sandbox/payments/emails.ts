/**
 * The e-mails the merchant would send for a paid order: the confirmation to the customer
 * (products table, totals) and the notice to sales, both from the order's content (the session
 * orders.ts reads as the order record) and naming the seller. Built only from validated data,
 * every value escaped; supplied HTML (products_html) is never used.
 */
import { CHARGE_KINDS } from "./charge-kinds.ts";
import type { Breakdown, CheckoutLine } from "./schemas.ts";
import type { ChargeRecord, OutgoingEmail, SessionRecord } from "./records.ts";
import type { ChargeStatus } from "./gateway.ts";

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? "").replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

const cop = new Intl.NumberFormat("es-CO", {
  style: "currency",
  currency: "COP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `$ 1.234.567` (the space is U+00A0). */
export const formatCOP = (amount: number) => cop.format(Math.round(amount));

const dateTime = new Intl.DateTimeFormat("es-CO", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "America/Bogota",
});

/** "7 de septiembre de 2025, 10:15 a. m." in Colombian time; the raw text when it is not a date. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

export const STATUS_LABELS: Record<ChargeStatus, string> = {
  completed: "Completado",
  in_progress: "En proceso",
  charge_pending: "Pendiente",
  failed: "Fallido",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
  expired: "Vencido",
};

/** The business that sells: razón social, NIT (with its check digit), address. */
export interface Seller {
  name: string;
  nit: string;
  address: string;
  city: string;
}

/** When the electronic invoice (factura electrónica) reaches the customer: one sentence, one promise. */
export const INVOICE_NOTICE =
  "Recibirás la factura electrónica en este correo dentro de las 48 horas hábiles siguientes a la confirmación del pago.";

const EMAIL_KINDS = {
  customer: "confirmacion-cliente",
  sales: "aviso-ventas",
} as const;

interface Party {
  clientType: "person" | "business";
  name: string;
  lastName?: string;
  email: string;
  phone?: string;
  address?: string;
  city?: string;
  document?: string;
  documentType?: string;
  additionalInfo?: string;
  companyName?: string;
  companyNit?: string;
  contactPosition?: string;
}

interface Shipping {
  sameAsInvoice: boolean;
  receiverName?: string;
  address?: string;
  city?: string;
  instructions?: string;
  preferredTime?: string;
}

/** Everything an order e-mail shows, from the checkout session or, without one, from the charge. */
export interface OrderSummary {
  orderId: string;
  party: Party;
  shipping: Shipping | null;
  lines: CheckoutLine[];
  breakdown: Breakdown | null;
  charge: ChargeRecord;
}

const optional = (v: unknown): string | undefined =>
  typeof v === "string" && v !== "" ? v : undefined;

export function orderSummary(
  charge: ChargeRecord,
  session: SessionRecord | undefined,
): OrderSummary {
  if (session) {
    const c = session.data.customer;
    const lines =
      session.data.products.length > 0 ? session.data.products : session.data.cart_items;
    return {
      orderId: charge.orderId,
      party: {
        clientType: session.data.client_type,
        name: c.name,
        lastName: c.last_name,
        email: c.email,
        phone: c.phone,
        address: c.address,
        city: c.city,
        document: c.document,
        documentType: c.document_type,
        additionalInfo: c.additional_info,
        companyName: c.company_name,
        companyNit: c.company_nit,
        contactPosition: c.contact_position,
      },
      shipping: session.data.shipping,
      lines,
      breakdown: session.breakdown.total === charge.amount ? session.breakdown : null,
      charge,
    };
  }
  const x = charge.extra ?? {};
  const lines = Array.isArray(x.cart_items) ? (x.cart_items as CheckoutLine[]) : [];
  return {
    orderId: charge.orderId,
    party: {
      clientType: optional(x.company_name) ? "business" : "person",
      name: charge.customer.name,
      lastName: charge.customer.last_name,
      email: charge.customer.email,
      phone: charge.customer.phone,
      address: optional(x.customer_address),
      city: optional(x.customer_city),
      document: optional(x.customer_document),
      documentType: optional(x.customer_document_type),
      companyName: optional(x.company_name),
      companyNit: optional(x.company_nit),
      contactPosition: optional(x.contact_position),
    },
    shipping:
      x.shipping_same_as_invoice === false || optional(x.shipping_address)
        ? {
            sameAsInvoice: x.shipping_same_as_invoice !== false && !optional(x.shipping_address),
            receiverName: optional(x.shipping_receiver_name),
            address: optional(x.shipping_address),
            city: optional(x.shipping_city),
            instructions: optional(x.shipping_instructions),
            preferredTime: optional(x.shipping_preferred_time),
          }
        : null,
    lines,
    breakdown: null,
    charge,
  };
}

const fullName = (p: Party) => [p.name, p.lastName].filter(Boolean).join(" ");

/** "Tarjeta Visa terminada en 1111", "PSE – Bancolombia": as the charge's kind says it. */
const paymentText = (charge: ChargeRecord) => CHARGE_KINDS[charge.method].emailLabel(charge);

const CELL = 'style="padding:8px;border-bottom:1px solid #e2e8f0;text-align:left"';
const NOTE = 'style="color:#475569;font-size:13px"';

/** The product's name, and under it its brand and model when the store sent them. */
function productCell(l: CheckoutLine): string {
  const detail = [l.brand ? `Marca: ${l.brand}` : "", l.model ? `Modelo: ${l.model}` : ""]
    .filter(Boolean)
    .join(" · ");
  return `${escapeHtml(l.title ?? l.name)}${detail ? `<br><span ${NOTE}>${escapeHtml(detail)}</span>` : ""}`;
}
const CELL_RIGHT = 'style="padding:8px;border-bottom:1px solid #e2e8f0;text-align:right"';

function productsTable(s: OrderSummary): string {
  const rows = s.lines
    .map(
      (l) =>
        `<tr><td ${CELL}>${productCell(l)}</td><td ${CELL_RIGHT}>${l.quantity}</td>` +
        `<td ${CELL_RIGHT}>${formatCOP(l.unit_price)}</td><td ${CELL_RIGHT}>${formatCOP(l.subtotal)}</td></tr>`,
    )
    .join("");
  const totals: Array<[string, string]> = [];
  if (s.breakdown) {
    totals.push(["Subtotal", formatCOP(s.breakdown.subtotal)]);
    if (s.breakdown.iva !== null) totals.push(["IVA (19 %)", formatCOP(s.breakdown.iva)]);
    if (s.breakdown.shipping !== null)
      totals.push([
        "Envío",
        s.breakdown.shipping === 0 ? "Gratis" : formatCOP(s.breakdown.shipping),
      ]);
  }
  totals.push([
    s.charge.status === "completed" ? "Total pagado" : "Total del pedido",
    formatCOP(s.charge.amount),
  ]);
  const foot = totals
    .map(([label, value], i) => {
      const weight = i === totals.length - 1 ? "font-weight:bold;" : "";
      return (
        `<tr><th scope="row" colspan="3" style="padding:8px;text-align:right;${weight}">${label}</th>` +
        `<td style="padding:8px;text-align:right;${weight}">${value}</td></tr>`
      );
    })
    .join("");
  const body = rows || `<tr><td ${CELL} colspan="4">${escapeHtml(s.charge.description)}</td></tr>`;
  return (
    `<table style="width:100%;border-collapse:collapse;margin:16px 0">
<caption style="text-align:left;font-weight:bold;padding:8px 0">Productos del pedido ${escapeHtml(s.orderId)}</caption>
<thead><tr style="background:#f1f5f9"><th scope="col" ${CELL}>Producto</th><th scope="col" ${CELL_RIGHT}>Cantidad</th>` +
    `<th scope="col" ${CELL_RIGHT}>Precio unitario</th><th scope="col" ${CELL_RIGHT}>Subtotal</th></tr></thead>
<tbody>${body}</tbody>
<tfoot>${foot}</tfoot>
</table>`
  );
}

/** A two-column table of label → value, leaving out empty values. */
function facts(rows: Array<[string, string | undefined | null]>): string {
  const shown = rows.filter((r): r is [string, string] => typeof r[1] === "string" && r[1] !== "");
  return `<table style="border-collapse:collapse;margin:8px 0">${shown
    .map(
      ([k, v]) =>
        `<tr><th scope="row" style="padding:4px 12px 4px 0;text-align:left;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
}

function shippingFacts(s: OrderSummary): string {
  const sh = s.shipping;
  if (!sh || sh.sameAsInvoice) {
    return facts([
      ["Entrega", "En la dirección de facturación"],
      ["Dirección", s.party.address],
      ["Ciudad", s.party.city],
      ["Instrucciones", sh?.instructions],
      ["Horario preferido", sh?.preferredTime],
    ]);
  }
  return facts([
    ["Recibe", sh.receiverName],
    ["Dirección", sh.address],
    ["Ciudad", sh.city],
    ["Instrucciones", sh.instructions],
    ["Horario preferido", sh.preferredTime],
  ]);
}

function paymentFacts(s: OrderSummary): string {
  const c = s.charge;
  return facts([
    ["Pedido", s.orderId],
    ["Medio de pago", paymentText(c)],
    ["Estado", STATUS_LABELS[c.status]],
    ["Autorización", c.authorization],
    ["Referencia del pago", c.id],
    ["Fecha", formatDate(c.operationDate ?? c.creationDate)],
  ]);
}

export function emailDocument(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:16px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<main style="display:block;max-width:640px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
${content}
</main>
</body>
</html>`;
}

const RESEND_PREFIX = "Reenvío: ";

/** What a company books a purchase by (name, NIT), or a person's name and document. */
function billingFacts(p: Party): string {
  const business = p.clientType === "business";
  return facts([
    ["Empresa", business ? p.companyName : undefined],
    ["NIT", business ? (p.companyNit ?? p.document) : undefined],
    [business ? "Contacto" : "Nombre", fullName(p)],
    ["Cargo", business ? p.contactPosition : undefined],
    [
      "Documento",
      !business && p.document ? `${p.documentType ?? ""} ${p.document}`.trim() : undefined,
    ],
    ["Dirección", p.address],
    ["Ciudad", p.city],
  ]);
}

export interface EmailOptions {
  resend: boolean;
  salesEmail: string;
  seller: Seller;
  /** The customer's link to 'Mis pedidos' (root-relative only the store's own outbox resolves). */
  ordersUrl: string;
}

/** Who sells, at the foot of both e-mails. */
function sellerFooter(seller: Seller): string {
  return `<p ${NOTE}>${escapeHtml(seller.name)} · NIT ${escapeHtml(seller.nit)} · ${escapeHtml(seller.address)}, ${escapeHtml(seller.city)}</p>`;
}

function customerConfirmationEmail(s: OrderSummary, opts: EmailOptions): OutgoingEmail {
  const subject = `${opts.resend ? RESEND_PREFIX : ""}Confirmación de tu pedido ${s.orderId}`;
  const greeting =
    s.party.clientType === "business" && s.party.companyName
      ? s.party.companyName
      : fullName(s.party);
  // Only a completed charge is paid: anything else is worded as pending, never 'pagado'.
  const paid = s.charge.status === "completed";
  const lookup = opts.ordersUrl;
  const html = emailDocument(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${paid ? "¡Gracias por tu compra" : "Recibimos tu pedido"}, ${escapeHtml(greeting)}!</h1>
<p>${
      paid
        ? `Recibimos el pago de tu pedido <strong>${escapeHtml(s.orderId)}</strong> por <strong>${formatCOP(s.charge.amount)}</strong>.`
        : `El pago de tu pedido <strong>${escapeHtml(s.orderId)}</strong> por <strong>${formatCOP(s.charge.amount)}</strong> está pendiente de confirmación.`
    }</p>
${productsTable(s)}
<h2 style="font-size:18px;margin:16px 0 4px">Pago</h2>
${paymentFacts(s)}
<h2 style="font-size:18px;margin:16px 0 4px">Facturación</h2>
${billingFacts(s.party)}
<h2 style="font-size:18px;margin:16px 0 4px">Envío</h2>
${shippingFacts(s)}
<p>${paid ? "Procesaremos tu pedido en 24 a 48 horas" : "Procesaremos tu pedido cuando se confirme el pago"}; la entrega tarda de 2 a 5 días hábiles.</p>
<p>${escapeHtml(INVOICE_NOTICE)}</p>
<p>Consulta el estado de tu pedido y descarga su comprobante en <a href="${escapeHtml(lookup)}">Mis pedidos</a>, con el número de pedido <strong>${escapeHtml(s.orderId)}</strong> y este correo electrónico.</p>
<p>¿Preguntas? Escríbenos a <a href="mailto:${escapeHtml(opts.salesEmail)}">${escapeHtml(opts.salesEmail)}</a>.</p>
${sellerFooter(opts.seller)}`,
  );
  return { kind: EMAIL_KINDS.customer, recipients: [s.party.email], subject, html };
}

function salesNoticeEmail(s: OrderSummary, opts: EmailOptions): OutgoingEmail {
  const who =
    s.party.clientType === "business" && s.party.companyName
      ? s.party.companyName
      : fullName(s.party);
  const subject = `${opts.resend ? RESEND_PREFIX : ""}Nuevo pedido pagado ${s.orderId} – ${who}`;
  const p = s.party;
  const html = emailDocument(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Nuevo pedido pagado ${escapeHtml(s.orderId)}</h1>
<p>Total pagado: <strong>${formatCOP(s.charge.amount)}</strong> (${escapeHtml(paymentText(s.charge))}).</p>
<h2 style="font-size:18px;margin:16px 0 4px">Cliente</h2>
${facts([
  ["Tipo de cliente", p.clientType === "business" ? "Empresa" : "Persona natural"],
  ["Empresa", p.companyName],
  ["NIT", p.companyNit],
  ["Nombre", fullName(p)],
  ["Cargo", p.contactPosition],
  ["Documento", p.document ? `${p.documentType ?? ""} ${p.document}`.trim() : undefined],
  ["Correo", p.email],
  ["Teléfono", p.phone],
  ["Dirección", p.address],
  ["Ciudad", p.city],
  ["Información adicional", p.additionalInfo],
])}
<h2 style="font-size:18px;margin:16px 0 4px">Envío</h2>
${shippingFacts(s)}
<h2 style="font-size:18px;margin:16px 0 4px">Pago</h2>
${paymentFacts(s)}
${productsTable(s)}
${sellerFooter(opts.seller)}`,
  );
  return { kind: EMAIL_KINDS.sales, recipients: [opts.salesEmail], subject, html };
}

/** Both e-mails of a paid order, customer first. */
export function orderEmails(s: OrderSummary, opts: EmailOptions): OutgoingEmail[] {
  return [customerConfirmationEmail(s, opts), salesNoticeEmail(s, opts)];
}
