/**
 * Datasheet PDFs, drawn on request with pdf-lib: title, brand, model, a
 * specifications table and the main features.
 */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { PDFFont, PDFPage } from "pdf-lib";
import type { ProductInfo } from "./db.ts";

/** The standard fonts speak WinAnsi only: keep Latin-1 and swap the few other signs we use. */
function winAnsi(text: string): string {
  return text
    .replace(/Ω/g, "ohm")
    .replace(/−/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff•–—…‘’“”€]/g, "?");
}

function hexToRgb(hex: string) {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const FIXED_DATE = new Date("2025-09-07T12:00:00Z");

export async function datasheetPdf(info: ProductInfo, brandColor: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`Ficha técnica ${info.model}`));
  doc.setAuthor(winAnsi(info.maker));
  doc.setSubject(winAnsi(info.title));
  doc.setKeywords([info.sku, info.maker, ...info.categories.map((c) => c.nombre)].map(winAnsi));
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const accent = hexToRgb(brandColor);
  const dark = rgb(0.13, 0.15, 0.18);
  const grey = rgb(0.42, 0.45, 0.5);

  const width = 595.28;
  const height = 841.89;
  const margin = 50;
  let page: PDFPage = doc.addPage([width, height]);
  let y = height - margin;

  const newPageIfNeeded = (space: number) => {
    if (y - space < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
    }
  };
  const text = (value: string, x: number, size: number, font: PDFFont, color = dark) =>
    page.drawText(winAnsi(value), { x, y, size, font, color });

  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: accent });
  page.drawText(winAnsi(info.maker), {
    x: margin,
    y: height - 55,
    size: 26,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawText("FICHA TÉCNICA", {
    x: width - margin - bold.widthOfTextAtSize("FICHA TÉCNICA", 12),
    y: height - 52,
    size: 12,
    font: bold,
    color: rgb(1, 1, 1),
  });
  y = height - 130;

  for (const line of wrap(winAnsi(info.title), bold, 18, width - 2 * margin)) {
    text(line, margin, 18, bold);
    y -= 24;
  }
  y -= 6;
  for (const [label, value] of [
    ["Marca", info.maker],
    ["Modelo", info.model],
    ["SKU", info.sku],
    ["Categoría", info.categories.map((c) => c.nombre).join(" > ")],
  ] as const) {
    text(`${label}:`, margin, 11, bold, grey);
    text(value, margin + 80, 11, regular);
    y -= 16;
  }

  y -= 14;
  text("Especificaciones", margin, 14, bold);
  y -= 10;
  const rowHeight = 20;
  let odd = false;
  for (const [name, value] of Object.entries(info.specs)) {
    newPageIfNeeded(rowHeight + 10);
    y -= rowHeight;
    if (odd)
      page.drawRectangle({
        x: margin,
        y: y - 6,
        width: width - 2 * margin,
        height: rowHeight,
        color: rgb(0.95, 0.96, 0.97),
      });
    odd = !odd;
    text(name, margin + 8, 10, bold);
    text(value, margin + 200, 10, regular);
  }
  page.drawRectangle({ x: margin, y: y - 6, width: width - 2 * margin, height: 1, color: accent });

  y -= 36;
  newPageIfNeeded(40);
  text("Características principales", margin, 14, bold);
  y -= 20;
  for (const feature of info.features) {
    for (const [i, line] of wrap(
      winAnsi(feature),
      regular,
      11,
      width - 2 * margin - 16,
    ).entries()) {
      newPageIfNeeded(16);
      if (i === 0) text("•", margin, 11, bold, accent);
      text(line, margin + 14, 11, regular);
      y -= 16;
    }
  }

  for (const p of doc.getPages()) {
    p.drawText(
      winAnsi(`${info.maker} ${info.model} · Información sujeta a cambios sin previo aviso.`),
      {
        x: margin,
        y: 28,
        size: 8,
        font: regular,
        color: grey,
      },
    );
  }
  return doc.save();
}
