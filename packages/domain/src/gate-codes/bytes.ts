import { bytesToUtf8 } from '@noble/ciphers/utils.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The byte-level building blocks of the gate's codes and manifest (docs/gate-codes.md §1): base64url,
 * unsigned LEB128 integers and fixed-width big-endian integers. Written
 * here rather than taken from a library so that every rule a turnstile vendor must follow (minimal
 * encodings only, no padding) is visible in one page and enforced when reading.
 */

/** Raised while reading bytes that do not follow the format; parsers turn it into "not a code". */
export class MalformedBytes extends Error {
  override name = 'MalformedBytes';
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Character code of each 6-bit value, and the value of each character code (-1: not base64url). */
const CHAR_CODES = Uint8Array.from(BASE64URL, (char) => char.charCodeAt(0));
const VALUES = new Int8Array(128).fill(-1);
CHAR_CODES.forEach((code, value) => (VALUES[code] = value));

/**
 * RFC 4648 §5 base64url without padding: the form of every key, hash and sealed entry. Written as
 * character codes and decoded at once: a manifest holds a hundred thousand of these, and strings
 * grown a character at a time cost far more to build and to serialise.
 */
export function toBase64url(bytes: Uint8Array): string {
  const codes = new Uint8Array(Math.ceil((bytes.length * 4) / 3));
  let at = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const rest = bytes.length - i;
    const chunk = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    codes[at++] = CHAR_CODES[chunk >> 18] as number;
    codes[at++] = CHAR_CODES[(chunk >> 12) & 63] as number;
    if (rest > 1) codes[at++] = CHAR_CODES[(chunk >> 6) & 63] as number;
    if (rest > 2) codes[at++] = CHAR_CODES[chunk & 63] as number;
  }
  return bytesToUtf8(codes);
}

/**
 * The inverse of `toBase64url`, strict: no padding, no other alphabet, and the unused low bits of the
 * last character must be zero, so that each byte string has exactly one text form (a signed manifest
 * compares texts).
 */
export function fromBase64url(text: string): Uint8Array {
  if (text.length % 4 === 1) throw new MalformedBytes('base64url length');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (VALUES[code] as number) : -1;
    if (value < 0) throw new MalformedBytes('base64url character');
    buffer = ((buffer << 6) | value) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) throw new MalformedBytes('base64url trailing bits');
  return out;
}

/** UTF-8, without a TextEncoder for ASCII: a manifest hashes some 300,000 identity keys, nearly all ASCII. */
export function utf8(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return utf8ToBytes(text);
    bytes[i] = code;
  }
  return bytes;
}

/** A base64url text that decodes to exactly `length` bytes, or undefined. */
export function decodeKey(text: string, length: number): Uint8Array | undefined {
  try {
    const bytes = fromBase64url(text);
    return bytes.length === length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** Appends bytes; each format is written field by field through one of these. */
export class ByteWriter {
  private buffer = new Uint8Array(160);
  private at = 0;

  private room(length: number) {
    if (this.at + length <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.at + length));
    grown.set(this.buffer.subarray(0, this.at));
    this.buffer = grown;
  }

  u8(value: number): this {
    this.room(1);
    this.buffer[this.at++] = value & 0xff;
    return this;
  }

  /** Big-endian unsigned integer of `width` bytes (times as u32, ticket codes as u40). */
  uint(value: number, width: number): this {
    if (!Number.isSafeInteger(value) || value < 0 || value >= 2 ** (8 * width)) {
      throw new RangeError(`${value} does not fit in ${width} bytes`);
    }
    this.room(width);
    for (let i = width - 1; i >= 0; i--) this.buffer[this.at++] = Math.floor(value / 2 ** (8 * i)) % 256;
    return this;
  }

  /** Unsigned LEB128: seven bits a byte, least significant first, high bit set on all but the last. */
  varint(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${value} is not a varint`);
    this.room(8);
    let rest = value;
    while (rest >= 0x80) {
      this.buffer[this.at++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.at++] = rest;
    return this;
  }

  bytes(value: Uint8Array): this {
    this.room(value.length);
    this.buffer.set(value, this.at);
    this.at += value.length;
    return this;
  }

  get length(): number {
    return this.at;
  }

  finish(): Uint8Array {
    return this.buffer.slice(0, this.at);
  }
}

/** Reads what `ByteWriter` wrote, throwing `MalformedBytes` at the first rule broken. */
export class ByteReader {
  private at = 0;

  constructor(private readonly source: Uint8Array) {}

  get offset(): number {
    return this.at;
  }

  u8(): number {
    if (this.at >= this.source.length) throw new MalformedBytes('truncated');
    return this.source[this.at++] as number;
  }

  uint(width: number): number {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + this.u8();
    return value;
  }

  /** Only the shortest encoding is accepted, and only values up to 2^53 - 1 (eight bytes at most). */
  varint(): number {
    let value = 0;
    for (let i = 0; i < 8; i++) {
      const byte = this.u8();
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) {
        if (i > 0 && byte === 0) throw new MalformedBytes('varint not minimal');
        if (!Number.isSafeInteger(value)) throw new MalformedBytes('varint too large');
        return value;
      }
    }
    throw new MalformedBytes('varint too long');
  }

  bytes(length: number): Uint8Array {
    if (this.at + length > this.source.length) throw new MalformedBytes('truncated');
    const out = this.source.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  /** Everything before the current position: the part a signature covers. */
  consumed(): Uint8Array {
    return this.source.subarray(0, this.at);
  }

  end(): void {
    if (this.at !== this.source.length) throw new MalformedBytes('trailing bytes');
  }
}
