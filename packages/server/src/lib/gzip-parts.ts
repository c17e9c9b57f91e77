import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip from parts compressed apart (RFC 1951/1952): each part is a raw deflate stream of its own text ended by a
 * sync flush (byte-aligned, no final block, no reference to another part), so parts stored compressed can be
 * joined in any order into one gzip member: a header, the parts, a final empty block, and the trailer's CRC-32
 * and length, combined from the parts' own (crc32Combine, zlib's crc32_combine).
 */
export interface DeflatedPart {
  /** Raw deflate of the text's UTF-8 bytes, sync-flushed. */
  deflated: Buffer;
  /** CRC-32 of those bytes. */
  crc: number;
  /** Their length. */
  bytes: number;
}

/** A text compressed as a part (level 1: zlib's fastest, as the answers compressed on the fly). */
export function deflatePart(text: string, level = 1): DeflatedPart {
  const raw = Buffer.from(text, 'utf8');
  return { deflated: deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(raw), bytes: raw.length };
}

const POLY = 0xedb88320;

/** a(x) * b(x) modulo p(x), both in the reflected bit order of the CRC. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo p(x), k = 0..31. */
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X2N.push(p);
  for (let k = 1; k < 32; k++) {
    p = multModP(p, p);
    X2N.push(p);
  }
}

/** x^(n * 2^k) modulo p(x). */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0 == 1
  let rest = n;
  let i = k;
  while (rest > 0) {
    if (rest % 2 === 1) p = multModP(X2N[i & 31] as number, p);
    rest = Math.floor(rest / 2);
    i++;
  }
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, bytesB: number): number {
  return (multModP(x2nModP(bytesB, 3), crcA) ^ crcB) >>> 0;
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty fixed-Huffman block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member whose content is the parts' texts in order. */
export function gzipOfParts(parts: readonly DeflatedPart[]): Buffer {
  let crc = 0;
  let bytes = 0;
  const buffers: Buffer[] = [HEADER];
  for (const part of parts) {
    buffers.push(part.deflated);
    crc = crc32Combine(crc, part.crc, part.bytes);
    bytes += part.bytes;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(bytes % 0x100000000, 4);
  buffers.push(FINAL_BLOCK, trailer);
  return Buffer.concat(buffers);
}
