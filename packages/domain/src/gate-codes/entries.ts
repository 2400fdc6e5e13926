import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8 } from '@noble/ciphers/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { TICKET_CODE_LENGTH } from '../constants';
import { ByteReader, ByteWriter, MalformedBytes, toBase64url } from './bytes';
import type { GateCodeKind } from './codes';

/**
 * The manifest's sealed entries (docs/gate-codes.md §7). Each live code has one entry: who may enter
 * with it, and whether they are suspended. The entry is found by a lookup id and opened with a key,
 * both derived from the code's secret part (a paper code's signature, a random code itself, a
 * credential's platform signature) and the manifest's salt, so that a lost device reveals nobody
 * without their ticket in hand. No identity key (ΑΦΜ, ΑΜΚΑ, document) is in a manifest in any form:
 * the server resolves suspensions itself and marks the entry (issue #27).
 */

export const SALT_BYTES = 32;
/** 96 bits: unique among a fixture's codes with room to spare (docs/gate-codes.md §7.3). */
export const LOOKUP_ID_BYTES = 12;
/**
 * An entry key belongs to one code in one manifest (a fresh salt each time) and seals at most one
 * plaintext per revision of that manifest (a delta re-seals a changed entry), so the nonce is the
 * revision it was sealed at, written before the ciphertext (docs/gate-codes.md §7.3).
 */
const nonceOf = (revision: number) => {
  const nonce = new Uint8Array(12);
  new DataView(nonce.buffer).setUint32(4, Math.floor(revision / 2 ** 32));
  new DataView(nonce.buffer).setUint32(8, revision >>> 0);
  return nonce;
};
const CONTENT_LABEL = utf8ToBytes('tickets-gate/book/v1/content');
const ENTRY_LABEL: Record<GateCodeKind, Uint8Array> = {
  paper: utf8ToBytes('tickets-gate/entry/v1/paper'),
  random: utf8ToBytes('tickets-gate/entry/v1/random'),
  wallet: utf8ToBytes('tickets-gate/entry/v1/wallet'),
};

/** What an opened entry says: what a steward may see of the one who enters, and what the device decides with. */
export interface GateEntry {
  ticketCode: string;
  holderName: string | null;
  documentType: string | null;
  /** The last 3 characters of the document's number. */
  documentHint: string | null;
  seat: string | null;
  /** False for a season ticket's holder on a fixture lent to someone else: NOT_FOR_THIS_EVENT. */
  entersThisEvent: boolean;
  /** An active suspension names the one who enters with this code (the server's rule): SUSPENDED. */
  holderSuspended: boolean;
  /** A minor under ENTERS_ALONE_FROM_AGE enters only with the accepted companion. */
  companionRequired: boolean;
  /** The ACCEPTED companion, unless suspended: a suspended companion is no companion (as online). */
  companion: { name: string; afmHint: string } | null;
}

/** The flags byte of an entry's plaintext. */
const FLAG = { notForThisEvent: 1, companionRequired: 2, companion: 4, holderSuspended: 8 } as const;
const ALL_FLAGS = FLAG.notForThisEvent | FLAG.companionRequired | FLAG.companion | FLAG.holderSuspended;
const ENTRY_FORMAT = 2;

/** Holds the manifest's salt as an HMAC-SHA256 key, prepared once (docs/gate-codes.md §7.3). */
export class ManifestSalt {
  private readonly keyed: ReturnType<typeof hmac.create>;
  /** Reused for every MAC: a manifest of 70,000 entries computes some 400,000 (bench/README.md). */
  private readonly scratch: ReturnType<typeof hmac.create>;
  private readonly out = new Uint8Array(32);

  constructor(readonly salt: Uint8Array) {
    this.keyed = hmac.create(sha256, salt);
    this.scratch = hmac.create(sha256, salt);
  }

  /** HMAC-SHA256(salt, message), into a buffer reused by the next call. */
  private mac(message: Uint8Array): Uint8Array {
    this.keyed._cloneInto(this.scratch).update(message).digestInto(this.out);
    return this.out;
  }

  /**
   * A tag of what an entry says, for the server's book to tell a changed entry from an unchanged one
   * without keeping its plaintext (docs/gate-codes.md §7.6): HMAC-SHA256 with the salt over its own
   * label and the content, first 16 bytes. It never reaches a device.
   */
  contentTag(content: string): string {
    const text = utf8ToBytes(content);
    const message = new Uint8Array(CONTENT_LABEL.length + 1 + text.length);
    message.set(CONTENT_LABEL);
    message.set(text, CONTENT_LABEL.length + 1);
    return toBase64url(this.mac(message).subarray(0, 16));
  }

  /**
   * The lookup id and the key of a code's entry: HMAC-SHA256 with the salt over the kind's label, a
   * byte 0 (lookup id, first 12 bytes) or 1 (key, all 32), then the code's secret part. Two HMACs with
   * the salt's key prepared once cost half of HKDF-SHA256 (extract, a key set up from its output, two
   * expand blocks); the manifest's build is a fifth faster for it (bench/README.md). HMAC-SHA256 is a
   * PRF, and the labels tell every use apart.
   */
  entryKeys(kind: GateCodeKind, secret: Uint8Array): { lookupId: string; key: Uint8Array } {
    const label = ENTRY_LABEL[kind];
    const message = new Uint8Array(label.length + 1 + secret.length);
    message.set(label);
    message.set(secret, label.length + 1);
    const lookupId = toBase64url(this.mac(message).subarray(0, LOOKUP_ID_BYTES));
    message[label.length] = 1;
    return { lookupId, key: this.mac(message).slice() };
  }
}

/**
 * Names and seats are mostly Greek, two bytes a letter in UTF-8. A text made only of ASCII and
 * U+0380-U+03FF (every Greek letter, with or without its accent) is written one byte a character
 * instead: below 0x80 as itself, else as the code point minus 0x300 (docs/gate-codes.md §7.4).
 * The header is a varint: the byte length times two, plus one for that one-byte form.
 */
function writeText(writer: ByteWriter, text: string | null) {
  const value = text ?? '';
  const compact = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x80 && (code < 0x380 || code > 0x3ff)) {
      const bytes = utf8ToBytes(value);
      writer.varint(bytes.length * 2).bytes(bytes);
      return;
    }
    compact[i] = code < 0x80 ? code : code - 0x300;
  }
  writer.varint(compact.length * 2 + 1).bytes(compact);
}

function readText(reader: ByteReader): string {
  const header = reader.varint();
  const bytes = reader.bytes(Math.floor(header / 2));
  if (header % 2 === 0) return bytesToUtf8(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte < 0x80 ? byte : byte + 0x300);
  return text;
}

/**
 * The entry's plaintext (docs/gate-codes.md §7.4), sealed with ChaCha20-Poly1305 under its own key at
 * a revision of the manifest: the revision (varint), then the ciphertext and its tag.
 */
export function sealEntry(entry: GateEntry, key: Uint8Array, revision: number): string {
  const flags =
    (entry.entersThisEvent ? 0 : FLAG.notForThisEvent) |
    (entry.companionRequired ? FLAG.companionRequired : 0) |
    (entry.companion ? FLAG.companion : 0) |
    (entry.holderSuspended ? FLAG.holderSuspended : 0);
  const writer = new ByteWriter().u8(ENTRY_FORMAT).u8(flags).uint(Number(entry.ticketCode), 5);
  writeText(writer, entry.holderName);
  writeText(writer, entry.documentType);
  writeText(writer, entry.documentHint);
  writeText(writer, entry.seat);
  if (entry.companion) {
    writeText(writer, entry.companion.name);
    writeText(writer, entry.companion.afmHint);
  }
  const sealed = chacha20poly1305(key, nonceOf(revision)).encrypt(writer.finish());
  return toBase64url(new ByteWriter().varint(revision).bytes(sealed).finish());
}

/** The entry, or undefined when the key does not open it (not this code's entry, or altered). */
export function openEntry(sealed: Uint8Array, key: Uint8Array): GateEntry | undefined {
  let plaintext: Uint8Array;
  try {
    const outer = new ByteReader(sealed);
    const revision = outer.varint();
    plaintext = chacha20poly1305(key, nonceOf(revision)).decrypt(sealed.subarray(outer.offset));
  } catch {
    return undefined;
  }
  try {
    const reader = new ByteReader(plaintext);
    if (reader.u8() !== ENTRY_FORMAT) return undefined;
    const flags = reader.u8();
    if (flags & ~ALL_FLAGS) return undefined;
    const ticketCode = String(reader.uint(5)).padStart(TICKET_CODE_LENGTH, '0');
    const orNull = (text: string) => (text === '' ? null : text);
    const holderName = orNull(readText(reader));
    const documentType = orNull(readText(reader));
    const documentHint = orNull(readText(reader));
    const seat = orNull(readText(reader));
    const companion = flags & FLAG.companion ? { name: readText(reader), afmHint: readText(reader) } : null;
    reader.end();
    return {
      ticketCode,
      holderName,
      documentType,
      documentHint,
      seat,
      entersThisEvent: (flags & FLAG.notForThisEvent) === 0,
      holderSuspended: (flags & FLAG.holderSuspended) !== 0,
      companionRequired: (flags & FLAG.companionRequired) !== 0,
      companion,
    };
  } catch (error) {
    if (error instanceof MalformedBytes) return undefined;
    throw error;
  }
}
