import { describe, expect, it } from 'vitest';
import { randomBytes } from '@noble/hashes/utils.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { ByteReader, ByteWriter, fromBase64url, MalformedBytes, toBase64url, utf8 } from './bytes';
import { bytesToDigits, digitCount, digitsToBytes } from './digits';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('base64url', () => {
  it('matches the RFC 4648 test vectors, without padding, in the URL alphabet', () => {
    const vectors = ['', 'Zg', 'Zm8', 'Zm9v', 'Zm9vYg', 'Zm9vYmE', 'Zm9vYmFy'];
    vectors.forEach((encoded, length) => expect(toBase64url(ascii('foobar'.slice(0, length)))).toBe(encoded));
    expect(toBase64url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
  });

  it('reads back every byte string it writes', () => {
    for (let length = 0; length < 80; length++) {
      const bytes = randomBytes(length);
      expect(fromBase64url(toBase64url(bytes))).toEqual(bytes);
    }
  });

  it('accepts one text per byte string: no padding, no other alphabet, no stray bits', () => {
    for (const text of ['Zg==', 'Zm9v+', 'Zm9v/', 'Zh', 'Zm9', 'A', 'Zm 9v']) {
      expect(() => fromBase64url(text), text).toThrow(MalformedBytes);
    }
  });
});

describe('utf8', () => {
  it('is UTF-8, ASCII or not', () => {
    for (const text of ['', 'AFM:123456789', 'NAME:MARIA|ΓΕΩΡΓΙΟΣ|X|1990-01-01', 'DOC:😀']) {
      expect(utf8(text)).toEqual(utf8ToBytes(text));
    }
  });
});

describe('integers', () => {
  it('writes varints in LEB128 and reads them back up to 2^53 - 1', () => {
    const values = [0, 1, 127, 128, 300, 16_383, 16_384, 2 ** 31 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER];
    for (const value of values) {
      const bytes = new ByteWriter().varint(value).finish();
      expect(new ByteReader(bytes).varint()).toBe(value);
      expect(bytes.length).toBe(Math.max(1, Math.ceil(Math.log2(value + 1) / 7)));
    }
    expect(new ByteWriter().varint(300).finish()).toEqual(Uint8Array.of(0xac, 0x02));
  });

  it('refuses a varint that is not the shortest, too long or past 2^53 - 1', () => {
    for (const bytes of [
      [0x80, 0x00],
      [0xff, 0x80, 0x00],
      [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
    ]) {
      expect(() => new ByteReader(Uint8Array.from(bytes)).varint()).toThrow(MalformedBytes);
    }
    expect(() => new ByteReader(Uint8Array.of(0x80)).varint()).toThrow(MalformedBytes);
  });

  it('writes fixed-width integers big-endian', () => {
    expect(new ByteWriter().uint(999_999_999_999, 5).finish()).toEqual(
      Uint8Array.of(0xe8, 0xd4, 0xa5, 0x0f, 0xff),
    );
    expect(() => new ByteWriter().uint(2 ** 32, 4)).toThrow(RangeError);
  });
});

describe('decimal digits (QR numeric mode)', () => {
  it('writes n bytes as digitCount(n) digits and reads them back, leading zero bytes included', () => {
    for (let length = 0; length <= 200; length++) {
      for (const bytes of [randomBytes(length), new Uint8Array(length), new Uint8Array(length).fill(0xff)]) {
        const digits = bytesToDigits(bytes);
        expect(digits).toMatch(/^[0-9]*$/);
        expect(digits.length).toBe(digitCount(length));
        expect(digitsToBytes(digits)).toEqual(bytes);
      }
    }
  });

  it('costs at most one digit more than the information needs', () => {
    for (let length = 1; length <= 200; length++) {
      expect(digitCount(length)).toBe(Math.floor(length * Math.log10(256)) + 1);
    }
  });

  it('refuses a length no byte string has, and a value too large for its length', () => {
    const lengths = new Set(Array.from({ length: 201 }, (_, n) => digitCount(n)));
    for (let digits = 1; digits < 480; digits++) {
      if (!lengths.has(digits)) expect(digitsToBytes('1'.repeat(digits))).toBeUndefined();
    }
    // Three digits hold one byte: 255 is the largest.
    expect(digitsToBytes('255')).toEqual(Uint8Array.of(255));
    expect(digitsToBytes('256')).toBeUndefined();
  });
});
