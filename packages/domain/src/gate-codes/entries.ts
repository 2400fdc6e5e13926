import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8 } from '@noble/ciphers/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { TICKET_CODE_LENGTH } from '../constants';
import { ByteReader, ByteWriter, MalformedBytes, toBase64url, utf8 } from './bytes';
import type { GateCodeKind } from './codes';

/**
 * The manifest's salted hashes and sealed entries (docs/gate-codes.md §7). Each live code has one
 * entry: who may enter with it. The entry is found by a lookup id and opened with a key, both
 * derived from the code's secret part (a paper code's signature, a random code itself, a credential's
 * platform signature) and the manifest's salt, so that a lost device reveals nobody without their
 * ticket in hand. Identity keys (ΑΦΜ, ΑΜΚΑ, document, registry details; identifiers.ts) appear only as
 * salted hashes.
 */

export const SALT_BYTES = 32;
/** 96 bits: unique among a fixture's codes with room to spare (docs/gate-codes.md §7.3). */
export const LOOKUP_ID_BYTES = 12;
/**
 * 64 bits: a holder's few keys against a few thousand suspended ones falsely meet about once in 10^14
 * scans (docs/gate-codes.md §7.2); longer hashes would only make each of 70,000 entries bigger.
 */
export const KEY_HASH_BYTES = 8;
/** Each entry key seals one entry of one manifest (a fresh salt each time), so the nonce may be fixed. */
const NONCE = new Uint8Array(12);
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
  /** Salted hashes (base64url) of the identity keys of the one who enters, to meet the suspended ones. */
  holderKeyHashes: string[];
  /** A minor under ENTERS_ALONE_FROM_AGE enters only with the accepted companion. */
  companionRequired: boolean;
  companion: { name: string; afmHint: string; keyHashes: string[] } | null;
}

/** The same, as the builder seals it: hashes as bytes. */
export type EntryToSeal = Omit<GateEntry, 'holderKeyHashes' | 'companion'> & {
  holderKeyHashes: Uint8Array[];
  companion: { name: string; afmHint: string; keyHashes: Uint8Array[] } | null;
};

/** The flags byte of an entry's plaintext. */
const FLAG = { notForThisEvent: 1, companionRequired: 2, companion: 4 } as const;
const ENTRY_FORMAT = 1;

/** Holds the manifest's salt as an HMAC-SHA256 key, prepared once (docs/gate-codes.md §7.1). */
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

  /** HMAC-SHA256(salt, UTF-8 of the identity key), first 8 bytes. */
  identityHash(identityKey: string): Uint8Array {
    return this.mac(utf8(identityKey)).slice(0, KEY_HASH_BYTES);
  }

  /** The hashes of a list of identity keys, without repeats. */
  identityHashes(identityKeys: readonly string[]): Uint8Array[] {
    const hashes: Uint8Array[] = [];
    identityKeys.forEach((key, at) => {
      if (identityKeys.indexOf(key) === at) hashes.push(this.identityHash(key));
    });
    return hashes;
  }

  /**
   * The lookup id and the key of a code's entry: HMAC-SHA256 with the salt over the kind's label, a
   * byte 0 (lookup id, first 12 bytes) or 1 (key, all 32), then the code's secret part. Two HMACs with
   * the salt's key prepared once cost half of HKDF-SHA256 (extract, a key set up from its output, two
   * expand blocks); the manifest's build is a fifth faster for it (bench/README.md). HMAC-SHA256 is a
   * PRF, and the labels tell every use apart (identity keys start with AFM:, AMKA:, DOC: or NAME:).
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

function writeHashes(writer: ByteWriter, hashes: readonly Uint8Array[]) {
  if (hashes.length > 255) throw new RangeError('At most 255 identity keys a person.');
  writer.u8(hashes.length);
  for (const hash of hashes) writer.bytes(hash);
}

function readHashes(reader: ByteReader): string[] {
  return Array.from({ length: reader.u8() }, () => toBase64url(reader.bytes(KEY_HASH_BYTES)));
}

/** The entry's plaintext (docs/gate-codes.md §7.4), sealed with ChaCha20-Poly1305 under its own key. */
export function sealEntry(entry: EntryToSeal, key: Uint8Array): string {
  const flags =
    (entry.entersThisEvent ? 0 : FLAG.notForThisEvent) |
    (entry.companionRequired ? FLAG.companionRequired : 0) |
    (entry.companion ? FLAG.companion : 0);
  const writer = new ByteWriter().u8(ENTRY_FORMAT).u8(flags).uint(Number(entry.ticketCode), 5);
  writeText(writer, entry.holderName);
  writeText(writer, entry.documentType);
  writeText(writer, entry.documentHint);
  writeText(writer, entry.seat);
  writeHashes(writer, entry.holderKeyHashes);
  if (entry.companion) {
    writeText(writer, entry.companion.name);
    writeText(writer, entry.companion.afmHint);
    writeHashes(writer, entry.companion.keyHashes);
  }
  return toBase64url(chacha20poly1305(key, NONCE).encrypt(writer.finish()));
}

/** The entry, or undefined when the key does not open it (not this code's entry, or altered). */
export function openEntry(sealed: Uint8Array, key: Uint8Array): GateEntry | undefined {
  let plaintext: Uint8Array;
  try {
    plaintext = chacha20poly1305(key, NONCE).decrypt(sealed);
  } catch {
    return undefined;
  }
  try {
    const reader = new ByteReader(plaintext);
    if (reader.u8() !== ENTRY_FORMAT) return undefined;
    const flags = reader.u8();
    if (flags & ~(FLAG.notForThisEvent | FLAG.companionRequired | FLAG.companion)) return undefined;
    const ticketCode = String(reader.uint(5)).padStart(TICKET_CODE_LENGTH, '0');
    const orNull = (text: string) => (text === '' ? null : text);
    const holderName = orNull(readText(reader));
    const documentType = orNull(readText(reader));
    const documentHint = orNull(readText(reader));
    const seat = orNull(readText(reader));
    const holderKeyHashes = readHashes(reader);
    const companion =
      flags & FLAG.companion
        ? { name: readText(reader), afmHint: readText(reader), keyHashes: readHashes(reader) }
        : null;
    reader.end();
    return {
      ticketCode,
      holderName,
      documentType,
      documentHint,
      seat,
      entersThisEvent: (flags & FLAG.notForThisEvent) === 0,
      holderKeyHashes,
      companionRequired: (flags & FLAG.companionRequired) !== 0,
      companion,
    };
  } catch (error) {
    if (error instanceof MalformedBytes) return undefined;
    throw error;
  }
}
