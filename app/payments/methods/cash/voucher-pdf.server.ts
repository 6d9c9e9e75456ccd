/**
 * The cash voucher as a PDF, built on the server with pdf-lib (docs/decisions/0570), so that
 * 'Descargar comprobante de pago (PDF)' works without JavaScript and prints at the right size
 * for a scanner: the reference, amount, deadline, networks, order and the GS1-128 bars with
 * their text under them.
 */
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { formatCOP } from "~/money/format";
import { SITE_NAME } from "~/platform/page-meta";
import { sellerLine, type Seller } from "~/platform/seller";
import { CASH_TEXTS, groupReference } from "./cash";
import type { VoucherView } from "./CashVoucher";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.106, 0.141, 0.188);
const MUTED = rgb(0.3, 0.36, 0.42);
/** One module of the bars: 0.33 mm, GS1-128's usual X-dimension for slips read at a counter. */
const MODULE_PT = 0.94;
const BAR_HEIGHT_PT = 60;

/** Words of `text` in lines no wider than `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function voucherPdf(
  view: Omit<VoucherView, "barcode">,
  bars: ReadonlyArray<number> | null,
  seller: Seller,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Comprobante de pago en efectivo ${view.orderId}`);
  doc.setAuthor(SITE_NAME);
  doc.setSubject(`Pedido ${view.orderId}`);
  doc.setLanguage("es-CO");
  doc.setCreationDate(now);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const text = (value: string, size: number, font = regular, color = INK, x = MARGIN) => {
    page.drawText(value, { x, y, size, font, color });
  };

  text(SITE_NAME, 12, bold);
  y -= 14;
  text(sellerLine(seller), 9, regular, MUTED);
  y -= 28;
  text("Comprobante de pago en efectivo", 20, bold);
  y -= 22;
  const lead = `${CASH_TEXTS.voucherLead} ${CASH_TEXTS.confirmation}`;
  for (const line of wrap(regular, lead, 10, width)) {
    text(line, 10);
    y -= 14;
  }
  y -= 12;
  text("Referencia de pago", 10, regular, MUTED);
  y -= 30;
  text(groupReference(view.reference), 28, bold);
  y -= 30;
  const rows: Array<[string, string]> = [
    ["Valor a pagar", formatCOP(view.amount)],
    ["Paga antes de", `${view.deadline.date}, ${view.deadline.time} (hora de Colombia)`],
    ["Pedido", view.orderId],
    ["Dónde pagar", view.networks.join(", ")],
  ];
  for (const [label, value] of rows) {
    text(label, 10, regular, MUTED);
    for (const line of wrap(bold, value, 11, width - 110)) {
      text(line, 11, bold, INK, MARGIN + 110);
      y -= 15;
    }
    y -= 5;
  }
  y -= 10;
  if (bars && view.elementString) {
    // Bar first, then space, alternating; ten light modules of quiet zone on the left.
    let x = MARGIN + 10 * MODULE_PT;
    y -= BAR_HEIGHT_PT;
    bars.forEach((modules, index) => {
      if (index % 2 === 0) {
        page.drawRectangle({ x, y, width: modules * MODULE_PT, height: BAR_HEIGHT_PT, color: INK });
      }
      x += modules * MODULE_PT;
    });
    y -= 14;
    text(view.elementString, 9, regular, INK, MARGIN + 10 * MODULE_PT);
  } else {
    text(CASH_TEXTS.barcodeMissing, 10);
  }
  return doc.save();
}
