/**
 * The slip's bars, drawn on the server with bwip-js (docs/decisions/0570): an SVG for the
 * voucher page and the e-mail, and the bar widths for the PDF. The library is loaded on the
 * first voucher, not at start-up (it is a megabyte of code no other page needs). It inserts the
 * FNC1 after each variable-length field and refuses data GS1 would refuse.
 */
import { type SlipFields, slipElementString } from "./barcode";

type Bwip = typeof import("bwip-js/node");
let library: Promise<Bwip> | undefined;
const bwip = () => (library ??= import("bwip-js/node").then((module) => module.default));

/** The slip's symbol as an SVG document: black bars on white, with the quiet zones. */
export async function slipBarcodeSvg(fields: SlipFields): Promise<string> {
  return (await bwip()).toSVG({
    bcid: "gs1-128",
    text: slipElementString(fields),
    scale: 2,
    height: 18,
    // GS1-128 asks for ten modules of light margin on each side.
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: "FFFFFF",
  });
}

/** The same, as the src of an <img> (the page's CSP allows data: images). */
export async function slipBarcodeDataUrl(fields: SlipFields): Promise<string> {
  const svg = await slipBarcodeSvg(fields);
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * The symbol's bar and space widths in modules, bar first, left to right (start, data, check
 * character, stop): what the PDF draws, and what a test decodes back.
 */
export async function slipBarWidths(fields: SlipFields): Promise<number[]> {
  const [symbol] = (await bwip()).raw({ bcid: "gs1-128", text: slipElementString(fields) });
  if (!symbol || !("sbs" in symbol)) throw new Error("gs1-128 gave no linear symbol");
  return symbol.sbs;
}
