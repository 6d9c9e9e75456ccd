import { inflateSync } from "node:zlib";
import { PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { slipElementString } from "./barcode";
import { slipBarWidths } from "./barcode-svg.server";
import { colombianDeadline } from "~/money/deadline";
import { voucherPdf } from "./voucher-pdf.server";

const SLIP = {
  gln: "7709998000018",
  reference: "41234567890124",
  amount: 1_190_000,
  dueDate: "20261201",
};
const VIEW = {
  orderId: "CASH-1767225600000K7Q2",
  reference: SLIP.reference,
  amount: SLIP.amount,
  deadline: colombianDeadline("2026-12-01T11:05:00-05:00")!,
  networks: ["Efecty", "Baloto"],
  elementString: slipElementString(SLIP),
};
const SELLER = { name: "SegTel Colombia S.A.S.", nit: "900.123.456-8", address: "Bogotá" };

/** The page's drawing operators, inflated, with the hex strings the text is written in decoded. */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const streams = doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream);
  return streams
    .map((stream) => {
      try {
        return inflateSync(stream.contents).toString("latin1");
      } catch {
        return "";
      }
    })
    .join("\n")
    .replace(/<([0-9A-Fa-f]+)>/g, (_, hex: string) => Buffer.from(hex, "hex").toString("latin1"));
}

describe("the cash voucher PDF", () => {
  it("carries the reference, amount, deadline, order, networks and the bars with their text", async () => {
    const bars = await slipBarWidths(SLIP);
    const bytes = await voucherPdf(VIEW, bars, SELLER, new Date("2026-11-28T12:00:00Z"));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Comprobante de pago en efectivo ${VIEW.orderId}`);
    const text = await pageText(bytes);
    for (const shown of [
      "4123 4567 8901 24",
      "1.190.000",
      "martes 1 de diciembre de 2026, 11:05 a. m. (hora de Colombia)",
      VIEW.orderId,
      "Efecty, Baloto",
      VIEW.elementString,
    ]) {
      expect(text).toContain(shown);
    }
    // One filled rectangle (a path from 0 0) per bar: half the widths, rounded up (bars open and close the symbol).
    expect(text.match(/^0 0 m$/gm)).toHaveLength(Math.ceil(bars.length / 2));
  });

  it("says to read the reference out when there are no bars", async () => {
    const text = await pageText(await voucherPdf({ ...VIEW, elementString: null }, null, SELLER));
    expect(text).toContain("dicta la referencia");
    expect(text).not.toMatch(/^0 0 m$/m);
  });
});
