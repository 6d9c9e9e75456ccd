/**
 * The e-mail with the cash voucher, sent to the customer when the reference is created: the
 * reference in large type, the amount, the deadline, the networks and the slip's barcode (a PNG
 * drawn with bwip-js, with its data as text under it and as its alt text).
 */
import bwipjs from "bwip-js/node";
import { CASH_NETWORKS, type CashDetails } from "./cash.ts";
import { emailDocument, escapeHtml, formatCOP, formatDate } from "./emails.ts";
import type { ChargeRecord, OutgoingEmail } from "./records.ts";

/**
 * The slip's bars as a PNG data URL; null when they cannot be drawn (the reference still
 * works typed). An e-mail a real merchant sends attaches it (cid:) instead: clients differ on
 * data URLs, the outbox here shows them.
 */
export async function barcodePng(elementString: string): Promise<string | null> {
  try {
    const png = await bwipjs.toBuffer({
      bcid: "gs1-128",
      text: elementString,
      scale: 2,
      height: 18,
      paddingwidth: 10,
      paddingheight: 2,
      backgroundcolor: "FFFFFF",
    });
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    return null;
  }
}

export function cashVoucherEmail(
  charge: ChargeRecord,
  cash: CashDetails,
  opts: { png: string | null; storeOrigin: string },
): OutgoingEmail {
  const lookup = `${opts.storeOrigin}/mi-cuenta/pedidos`;
  const grouped = cash.reference.replace(/(.{4})(?=.)/g, "$1 ");
  const barcode = opts.png
    ? `<p><img src="${escapeHtml(opts.png)}" alt="Código de barras GS1-128 del pago" style="max-width:100%;height:auto;background:#fff"></p>`
    : "";
  const content = `<h1 style="font-size:22px">Paga en efectivo tu pedido ${escapeHtml(charge.orderId)}</h1>
<p>Hola ${escapeHtml(charge.customer.name)}, tu pedido queda reservado hasta la fecha límite. Presenta esta referencia o el código de barras en cualquiera de los puntos de pago y paga el valor exacto. Te confirmaremos el pedido por correo cuando recibamos el dinero.</p>
<p style="margin:16px 0 4px">Referencia de pago</p>
<p style="font-size:30px;font-weight:bold;letter-spacing:1px;margin:0">${escapeHtml(grouped)}</p>
<p><strong>Valor a pagar:</strong> ${formatCOP(charge.amount)}<br>
<strong>Paga antes de:</strong> ${escapeHtml(formatDate(cash.expires_at))} (hora de Colombia)<br>
<strong>Pedido:</strong> ${escapeHtml(charge.orderId)}</p>
<p><strong>Dónde pagar:</strong> ${escapeHtml(CASH_NETWORKS.map((n) => n.name).join(", "))}</p>
${barcode}
<p style="font-family:monospace;font-size:13px">${escapeHtml(cash.barcode)}</p>
<p>Si la fecha límite pasa sin el pago, la referencia vence y no se te cobra nada; puedes pagar tu carrito de nuevo con cualquier medio. Consulta el estado de tu pedido en <a href="${escapeHtml(lookup)}">Mis pedidos</a>.</p>`;
  return {
    kind: "comprobante-efectivo",
    recipients: [charge.customer.email],
    subject: `Tu referencia de pago en efectivo – pedido ${charge.orderId}`,
    html: emailDocument(`Referencia de pago ${charge.orderId}`, content),
  };
}
