import { crc32 } from "node:zlib";

/**
 * CRC-32 arithmetic on known checksums, so a file whose first bytes are replaced (a metadata header written in) gets
 * its new CRC without reading the unchanged bulk again: CRC is linear, and appending `n` bytes to a message multiplies
 * its CRC by x^(8n) modulo the polynomial before the new bytes' CRC is added. The polynomial arithmetic below works
 * in the reflected bit order CRC-32 uses (bit 31 is x^0).
 */
const POLY = 0xedb88320;
const X0 = 0x80000000;

/** a · b modulo the CRC polynomial. */
function multiply(a: number, b: number): number {
  let product = 0;
  let m = X0;
  let factor = b >>> 0;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0 … 31 (x^(2^(k+1)) is the square of x^(2^k)). */
const POWERS: number[] = [];
for (let k = 0, p = X0 >>> 1; k < 32; k++, p = multiply(p, p)) POWERS.push(p);

/** x^(8 · bytes) modulo the polynomial: the factor that moves a CRC past `bytes` more bytes. */
function shiftFactor(bytes: number): number {
  let result = X0;
  let n = bytes;
  // 8 · bytes = 2^3 · bytes: start at the power x^(2^3) and walk the bits of `bytes`; numbers, not 32-bit ints, so
  // files past 4 GB shift right.
  for (let k = 3; n > 0; k++, n = Math.floor(n / 2)) if (n % 2 === 1) result = multiply(POWERS[k % 32]!, result);
  return result;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiply(shiftFactor(lengthB), crcA >>> 0) ^ crcB) >>> 0;
}

/** The CRC-32 of the bytes after a prefix: from the whole's CRC and length and the prefix's CRC and length. */
export function crc32OfRest(crcWhole: number, lengthWhole: number, crcPrefix: number, lengthPrefix: number): number {
  return (crcWhole ^ multiply(shiftFactor(lengthWhole - lengthPrefix), crcPrefix >>> 0)) >>> 0;
}

/** The CRC-32 of a buffer (zlib's, which uses the CPU's instructions where it can). */
export const crc32Of = (bytes: Uint8Array, previous = 0) => crc32(bytes, previous) >>> 0;
