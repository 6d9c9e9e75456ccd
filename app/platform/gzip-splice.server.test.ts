import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePiece, deflateSmallPiece, gzipOf } from "./gzip-splice.server";

const page = (n: number) =>
  Buffer.from(
    Array.from({ length: n }, (_, i) => `<li class="card">Cámara ${i} · $ ${i * 1000}</li>`).join(
      "",
    ),
  );

describe("gzipOf", () => {
  it("makes one gzip stream of pieces deflated apart, whose bytes gunzip to theirs in order", async () => {
    const parts = [page(900), Buffer.from("<span>3</span>"), page(2000), Buffer.alloc(0), page(10)];
    const pieces = await Promise.all(
      parts.map(async (bytes, i) => (i % 2 === 0 ? deflatePiece(bytes) : deflateSmallPiece(bytes))),
    );
    // gunzip checks the trailer's CRC-32 and length too.
    expect(gunzipSync(Buffer.concat(gzipOf(pieces)))).toEqual(Buffer.concat(parts));
  });

  it("compresses a repeated page well although each piece starts afresh", async () => {
    const bytes = page(3000);
    const halves = [bytes.subarray(0, 60_000), bytes.subarray(60_000)];
    const whole = Buffer.concat(gzipOf(await Promise.all(halves.map((b) => deflatePiece(b)))));
    expect(whole.length).toBeLessThan(bytes.length / 8);
  });

  it("takes a piece made of one shopper's bytes in the middle, reused between answers", async () => {
    const [before, after] = await Promise.all([deflatePiece(page(50)), deflatePiece(page(60))]);
    for (const mine of ["<span>1</span>", "<span>12</span>", "ñandú <b>&amp;</b> ✓"]) {
      const middle = deflateSmallPiece(Buffer.from(mine));
      const html = gunzipSync(Buffer.concat(gzipOf([before, middle, after]))).toString();
      expect(html).toBe(`${page(50).toString()}${mine}${page(60).toString()}`);
    }
  });

  it("has the CRC-32 and length of all the bytes, whatever the pieces' sizes", async () => {
    // gunzip checks the trailer: a wrong CRC or length is an error.
    const cases = [
      [Buffer.from("hola "), Buffer.from("mundo")],
      [Buffer.alloc(0), Buffer.from("solo b")],
      [randomBytes(70_001), randomBytes(1), randomBytes(65_536)],
      [randomBytes(3), randomBytes(123_457), Buffer.alloc(0)],
    ];
    for (const parts of cases) {
      const pieces = await Promise.all(parts.map((bytes) => deflatePiece(bytes)));
      expect(gunzipSync(Buffer.concat(gzipOf(pieces)))).toEqual(Buffer.concat(parts));
    }
  });

  it("joins the small buffers between large ones, and writes the large ones as they are", async () => {
    const [head, foot] = await Promise.all([deflatePiece(page(400)), deflatePiece(page(500))]);
    const mine = ["<span>2</span>", "</a></nav>", "<script>{}</script>"].map((html) =>
      deflateSmallPiece(Buffer.from(html)),
    );
    const buffers = gzipOf([head, ...mine, foot]);
    // The header alone, the page's first piece, the three small ones, the last, the end.
    expect(buffers.map((b) => b.length >= 1024)).toEqual([false, true, false, true, false]);
    expect(buffers[1]).toBe(head.deflated);
    expect(buffers[3]).toBe(foot.deflated);
    expect(buffers[2]).toEqual(Buffer.concat(mine.map((piece) => piece.deflated)));
    expect(buffers[2].buffer.byteLength).toBe(buffers[2].length);
    expect(gunzipSync(Buffer.concat(buffers)).toString()).toContain("</a></nav><script>");
  });

  it("keeps pieces of their own size, not views of zlib's 64 KB buffers", async () => {
    const big = await deflatePiece(randomBytes(6000));
    expect(big.deflated.buffer.byteLength).toBe(big.deflated.length);
    const small = deflateSmallPiece(Buffer.from("<span>3</span>"));
    expect(small.deflated.buffer.byteLength).toBe(small.deflated.length);
  });

  it("holds nothing when there is nothing", () => {
    expect(gunzipSync(Buffer.concat(gzipOf([])))).toEqual(Buffer.alloc(0));
  });
});
