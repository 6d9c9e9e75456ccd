import { inflateSync } from "node:zlib";
import type { Locator } from "@playwright/test";

/** RGBA pixels of a PNG as Chromium writes screenshots (8-bit RGB or RGBA, not interlaced). */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6))
        throw new Error(`unsupported PNG (depth ${depth}, colour ${colour})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  const previous = new Uint8Array(stride);
  const line = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? line[i - channels] : 0;
      const up = previous[i];
      const upLeft = i >= channels ? previous[i - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      line[i] = (row[i] + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++)
        out[(y * width + x) * 4 + c] = c < channels ? line[x * channels + c] : 255;
    }
    previous.set(line);
  }
  return { width, height, rgba: out };
}

/** Share (0..1) of the element's rendered pixels within `tolerance` of the colour `#rrggbb`. */
export async function shareOfColour(locator: Locator, hex: string, tolerance = 6): Promise<number> {
  const { width, height, rgba } = decodePng(await locator.screenshot({ animations: "disabled" }));
  const target = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let hits = 0;
  for (let p = 0; p < width * height; p++) {
    if (target.every((value, c) => Math.abs(rgba[p * 4 + c] - value) <= tolerance)) hits++;
  }
  return hits / (width * height);
}
