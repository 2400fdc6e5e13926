import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * Signed codes travel as decimal digits (docs/gate-codes.md §2). A QR code holds digits in numeric
 * mode at 10 bits per 3 digits, 3.33 bits a digit, so n bytes written as one decimal number cost
 * 8.03 bits a byte: within 0.4% of the bytes themselves, where alphanumeric mode (base 45, 5.5 bits a
 * character) costs 8.25 and byte mode with base64 10.7. qrcode.react picks numeric mode by itself
 * for a string of digits only, and a digits-only code survives the server's `toUpperCase()`.
 *
 * The byte string is read as one big-endian unsigned integer and written in decimal, left-padded with
 * zeros to `digitCount(n)` digits: the number of digits of 256^n - 1. That count grows by at least 2
 * with each byte, so the length of the text tells the number of bytes, leading zero bytes included.
 */

/** The longest byte string read back from digits: a wallet code is under 200 bytes. */
const MAX_BYTES = 256;

/** digitCount(n) for n = 0..MAX_BYTES, exact (BigInt, not floating-point logarithms). */
const DIGIT_COUNTS = Array.from({ length: MAX_BYTES + 1 }, (_, n) =>
  n === 0 ? 0 : ((1n << BigInt(8 * n)) - 1n).toString().length,
);
const BYTES_FOR_DIGITS = new Map(DIGIT_COUNTS.map((digits, bytes) => [digits, bytes]));

/** How many digits `bytesToDigits` writes for a byte string of this length. */
export function digitCount(byteLength: number): number {
  const digits = DIGIT_COUNTS[byteLength];
  if (digits === undefined) throw new RangeError(`at most ${MAX_BYTES} bytes`);
  return digits;
}

export function bytesToDigits(bytes: Uint8Array): string {
  if (bytes.length === 0) return '';
  return BigInt(`0x${bytesToHex(bytes)}`)
    .toString()
    .padStart(digitCount(bytes.length), '0');
}

/** The bytes a digit string stands for, or undefined when its length or value fits no byte string. */
export function digitsToBytes(text: string): Uint8Array | undefined {
  const length = BYTES_FOR_DIGITS.get(text.length);
  if (length === undefined || !/^[0-9]*$/.test(text)) return undefined;
  if (length === 0) return new Uint8Array(0);
  const value = BigInt(text);
  if (value >> BigInt(8 * length) !== 0n) return undefined;
  return hexToBytes(value.toString(16).padStart(2 * length, '0'));
}
