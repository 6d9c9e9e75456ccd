/**
 * The receipt as a PDF (issue 10 point 6), built on the server with pdf-lib so that 'Descargar
 * comprobante (PDF)' works without JavaScript. It shows what the success page shows to the
 * payer: order, status, date, authorization, method, billing (a company's name and NIT) and
 * delivery, lines with brand and model and totals from the order record, the seller and when the
 * electronic invoice arrives. Never a card number.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatCOP } from "~/money/format";
import { SITE_NAME } from "~/platform/page-meta";
import { INVOICE_NOTE, sellerLine } from "~/platform/seller";
import {
  billingRows,
  deliveryRows,
  receiptConfirmed,
  receiptLineName,
  RESULT_TEXTS,
  type ReceiptView,
} from "./result-views";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.106, 0.141, 0.188);
const MUTED = rgb(0.3, 0.36, 0.42);
const PRIMARY = rgb(0.043, 0.31, 0.612);

/** Text the standard font can encode (WinAnsi); anything else becomes "?". */
function encodable(font: PDFFont, text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += "?";
    }
  }
  return out;
}

/** Words of `text` in lines no wider than `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

class Writer {
  page: PDFPage;
  y: number;
  private readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  text(
    value: string,
    options: { x?: number; size?: number; bold?: boolean; color?: typeof INK; right?: number },
  ) {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? 10;
    const safe = encodable(font, value);
    const x =
      options.right !== undefined
        ? options.right - font.widthOfTextAtSize(safe, size)
        : (options.x ?? MARGIN);
    this.page.drawText(safe, { x, y: this.y, size, font, color: options.color ?? INK });
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.7,
      color: MUTED,
    });
  }
}

/** The receipt of one paid order as PDF bytes. */
export async function receiptPdf(
  receipt: ReceiptView,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Comprobante de pago ${receipt.orderId}`);
  doc.setAuthor(SITE_NAME);
  doc.setSubject(`Pedido ${receipt.orderId}`);
  doc.setLanguage("es-CO");
  doc.setCreationDate(now);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const right = A4[0] - MARGIN;

  w.text(SITE_NAME, { size: 12, bold: true, color: PRIMARY });
  w.y -= 14;
  // Who sells, as the buyer's accounting books it.
  w.text(encodable(w.regular, sellerLine(receipt.seller)), { size: 9, color: MUTED });
  w.y -= 24;
  w.text("Comprobante de pago", { size: 20, bold: true });
  w.y -= 30;

  const confirmed = receiptConfirmed(receipt);
  if (!confirmed) {
    w.text(RESULT_TEXTS.pendingReceiptNote, { size: 10, bold: true });
    w.y -= 22;
  }
  const rows: Array<[string, string | null]> = [
    ["Pedido", receipt.orderId],
    ["Estado", confirmed ? receipt.statusLabel : "Pendiente de confirmación"],
    ["Fecha", receipt.date],
    ["Autorización", receipt.authorization],
    ["Método de pago", receipt.method],
    ["Cliente", receipt.billing ? null : receipt.customerName],
    ["Referencia del pago", receipt.chargeId],
  ];
  const section = (heading: string | null, list: Array<[string, string | null]>) => {
    if (heading) {
      w.y -= 6;
      w.room(40);
      w.text(heading, { size: 12, bold: true });
      w.y -= 18;
    }
    for (const [label, value] of list) {
      if (!value) continue;
      const parts = wrap(w.bold, encodable(w.bold, value), 10, A4[0] - 2 * MARGIN - 130);
      w.room(18 * parts.length);
      w.text(label, { size: 10, color: MUTED });
      for (const part of parts) {
        w.text(part, { x: MARGIN + 130, size: 10, bold: true });
        w.y -= 14;
      }
      w.y -= 4;
    }
  };
  section(null, rows);
  if (receipt.billing) section("Datos de facturación", billingRows(receipt.billing));
  if (receipt.delivery) {
    section("Entrega", deliveryRows(receipt.delivery, receipt.billing));
  }

  if (receipt.lines.length > 0) {
    w.y -= 10;
    w.rule();
    w.y -= 18;
    const columns = { quantity: 330, unit: 440, subtotal: right };
    w.text("Producto", { bold: true });
    w.text("Cant.", { right: columns.quantity + 20, bold: true });
    w.text("Precio unitario", { right: columns.unit + 20, bold: true });
    w.text("Subtotal", { right: columns.subtotal, bold: true });
    w.y -= 16;
    for (const line of receipt.lines) {
      const title = wrap(w.regular, encodable(w.regular, receiptLineName(line)), 10, 260);
      w.room(14 * title.length + 6);
      w.text(String(line.quantity), { right: columns.quantity + 20 });
      w.text(formatCOP(line.unitPrice), { right: columns.unit + 20 });
      w.text(formatCOP(line.subtotal), { right: columns.subtotal });
      for (const part of title) {
        w.text(part, {});
        w.y -= 14;
      }
      w.y -= 4;
    }
    w.rule();
    w.y -= 18;
  }

  const totals: Array<[string, string]> = receipt.totals
    ? [
        ["Subtotal", formatCOP(receipt.totals.subtotal)],
        ["IVA (19%)", formatCOP(receipt.totals.iva)],
        ["Envío", receipt.totals.shipping === 0 ? "Gratis" : formatCOP(receipt.totals.shipping)],
      ]
    : [];
  w.room(18 * (totals.length + 1) + 80);
  for (const [label, value] of totals) {
    w.text(label, { right: right - 120, color: MUTED });
    w.text(value, { right });
    w.y -= 16;
  }
  if (receipt.amount !== null) {
    w.text(confirmed ? "Total pagado" : "Total del pedido", {
      right: right - 120,
      bold: true,
      size: 12,
    });
    w.text(formatCOP(receipt.amount), { right, bold: true, size: 12 });
    w.y -= 30;
  }

  const processing = confirmed ? RESULT_TEXTS.processing : RESULT_TEXTS.processingPending;
  const notes = [processing, RESULT_TEXTS.delivery, ...(confirmed ? [INVOICE_NOTE] : [])];
  for (const note of notes) {
    for (const part of wrap(w.regular, encodable(w.regular, note), 10, right - MARGIN)) {
      w.text(part, { size: 10, color: MUTED });
      w.y -= 15;
    }
  }
  return doc.save();
}
