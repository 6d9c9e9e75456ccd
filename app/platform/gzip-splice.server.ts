/**
 * One gzip answer put together from pieces compressed apart (docs/decisions/0470): the parts of
 * a cached page, deflated once, and the few bytes that belong to one shopper, deflated per
 * answer. Each piece is a raw deflate stream cut with a full flush: it ends on a byte boundary,
 * refers to nothing before it and is not final, so pieces laid one after another are one valid
 * deflate stream once a final empty block closes it. The gzip header, the CRC-32 of all the bytes
 * and their length make it a gzip member; the CRC of the whole is combined from the pieces' own,
 * without reading their bytes again.
 */
import { promisify } from "node:util";
import { constants, crc32, deflateRaw, deflateRawSync } from "node:zlib";

const deflateRawAsync = promisify(deflateRaw);

/** A piece of a gzip answer: its deflated bytes, and the CRC-32 and length of what they hold. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
  /** x^(8 × length): what appending the piece does to the CRC of the bytes before it. */
  shift: number;
}

/**
 * The bytes on their own. zlib gives its output as a view into a 64 KB buffer, which a copy kept
 * holds whole: a stored page's 10 KB of brotli, or a shopper's 400-byte piece, kept 64 KB each
 * (docs/decisions/0635).
 */
export function ownBytes(view: Buffer): Buffer {
  if (view.length === view.buffer.byteLength) return view;
  // Not `Buffer.from(view)`: that is a slice of Node's pool, 64 KB shared with whatever else.
  const own = new Uint8Array(view);
  return Buffer.from(own.buffer, 0, own.length);
}

const pieceOf = (deflated: Buffer, bytes: Buffer): DeflatedPiece => ({
  deflated: ownBytes(deflated),
  crc: crc32(bytes),
  length: bytes.length,
  shift: lengthShift(bytes.length),
});

// No file name, no time, no extra flags, operating system unknown (RFC 1952).
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A final block of the fixed code holding nothing but its end: what a deflater writes to finish.
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** A large piece (a part of a cached page), deflated off the main thread. */
export async function deflatePiece(bytes: Buffer): Promise<DeflatedPiece> {
  const deflated = await deflateRawAsync(bytes, { level: 6, finishFlush: constants.Z_FULL_FLUSH });
  return pieceOf(deflated, bytes);
}

/** A small piece (a shopper's cart badge, notice and data: about 1 KB), deflated at once. */
export function deflateSmallPiece(bytes: Buffer): DeflatedPiece {
  const deflated = deflateRawSync(bytes, { level: 6, finishFlush: constants.Z_FULL_FLUSH });
  return pieceOf(deflated, bytes);
}

/**
 * The gzip member holding the pieces' bytes in order, as the buffers to write one after another:
 * neighbours under 1 KB joined in one (the header, a shopper's pieces and the page's short ones
 * between them, the end), as each buffer costs the server a write of its own; the large ones as
 * they are, never copied.
 */
export function gzipOf(pieces: readonly DeflatedPiece[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = (multiply(piece.shift, crc) ^ piece.crc) >>> 0;
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const buffers: Buffer[] = [];
  let small: Buffer[] = [];
  for (const bytes of [HEADER, ...pieces.map((piece) => piece.deflated), LAST_BLOCK, trailer]) {
    if (bytes.length < 1024) {
      small.push(bytes);
      continue;
    }
    if (small.length > 0) buffers.push(ownBytes(Buffer.concat(small)));
    buffers.push(bytes);
    small = [];
  }
  if (small.length > 0) buffers.push(ownBytes(Buffer.concat(small)));
  return buffers;
}

// CRC-32 arithmetic (zlib's crc32_combine): polynomials over GF(2), reflected, modulo the
// CRC-32 polynomial. The CRC of A then B is CRC(A) × x^(8 × length of B) + CRC(B).
const POLYNOMIAL = 0xedb88320;

/** a × b modulo the polynomial. */
function multiply(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) {
      product ^= factor;
      if ((a & (bit - 1)) === 0) break;
    }
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X_POWERS: number[] = [];
for (let k = 0, power = 0x40000000; k < 32; k++, power = multiply(power, power)) {
  X_POWERS.push(power);
}

/** x^(8 × length) modulo the polynomial: the bits of length, from x^(2^3) = x^8 on. */
function lengthShift(length: number): number {
  let shift = 0x80000000; // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) shift = multiply(X_POWERS[k % 32], shift);
  }
  return shift;
}
