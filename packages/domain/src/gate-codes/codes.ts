import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { TICKET_CODE_LENGTH, WALLET_CODE_TOLERANCE_SECONDS } from '../constants';
import { ByteReader, ByteWriter, fromBase64url, MalformedBytes, toBase64url } from './bytes';
import { bytesToDigits, digitsToBytes } from './digits';
import {
  assertKeyId,
  isValidKeyId,
  keysById,
  publicKeyBytes,
  publicKeyOf,
  sign,
  signWith,
  SIGNATURE_BYTES,
  verifySignature,
  type PlatformKey,
  type PlatformPublicKey,
} from './keys';

/**
 * The codes a gate reads (docs/design.md §8; byte formats in docs/gate-codes.md §3-§5):
 * - a signed paper code, printed as a QR: the platform's signature over ticket, fixture or season and
 *   the print's serial;
 * - a wallet code, shown by a phone: a platform-signed credential binding the phone's key to ticket and
 *   fixture or season, then the time, signed by the phone;
 * - a random code, printed as a Code 128 barcode: 16 characters of Crockford base 32, known to the
 *   server and, salted, to the offline manifest.
 */

/** The first byte of a signed code: what follows and in which version of its format. */
const TAG = { paper: 0x01, wallet: 0x02 } as const;

/**
 * What each signature covers starts with a context of its own, so that no signature of one kind can
 * ever be taken for another (the manifest's is in manifest.ts).
 */
export const SIGNING_CONTEXT = {
  paper: utf8ToBytes('tickets-gate/paper/v1'),
  credential: utf8ToBytes('tickets-gate/credential/v1'),
  walletCode: utf8ToBytes('tickets-gate/wallet-code/v1'),
  manifest: utf8ToBytes('tickets-gate/manifest/v1'),
  manifestDelta: utf8ToBytes('tickets-gate/manifest-delta/v1'),
} as const;

const PUBLIC_KEY_BYTES = 32;
/** Ticket codes are 12 digits, below 2^40: five bytes. */
const TICKET_CODE_BYTES = 5;
const TICKET_CODE_SHAPE = new RegExp(`^\\d{${TICKET_CODE_LENGTH}}$`);
/** apps/server/src/rules/codes.ts: 16 characters of Crockford's alphabet (no I, L, O, U). */
const RANDOM_CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{16}$/;
/** Times are whole seconds since 1970 in four bytes: enough until 2106. */
const TIME_BYTES = 4;

/** A printed ticket's signed code; a reprint has a new serial and the old one is revoked. */
export interface PaperCodeInput {
  /** The ticket's 12-digit public code. */
  ticketCode: string;
  /** The fixture's id for a match ticket, the season's for a season ticket. */
  scopeEventId: number;
  /** The print's serial, from 1. */
  serial: number;
}

export interface WalletCredentialInput {
  ticketCode: string;
  scopeEventId: number;
  /** The credential's serial, from 1: a replaced phone's credential is revoked by it. */
  credentialId: number;
  /** The phone's Ed25519 public key, base64url (32 bytes). */
  devicePublicKey: string;
  issuedAt: Date;
}

/** The bytes a signature covers (its context first) and the signature. */
export interface SignedPart {
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
}

export interface ParsedPaperCode {
  kind: 'paper';
  keyId: number;
  ticketCode: string;
  scopeEventId: number;
  serial: number;
  signed: SignedPart;
}

/** A credential's fields, as the platform signed them. */
export interface WalletCredential {
  keyId: number;
  ticketCode: string;
  scopeEventId: number;
  credentialId: number;
  issuedAt: Date;
  devicePublicKey: string;
  /** The credential as issued (base64url): its platform signature is checked once per manifest. */
  credential: string;
  platformSigned: SignedPart;
}

export interface ParsedWalletCode extends WalletCredential {
  kind: 'wallet';
  /** The time the phone signed: the code admits within WALLET_CODE_TOLERANCE_SECONDS of it. */
  signedAt: Date;
  deviceSigned: SignedPart;
}

export interface ParsedRandomCode {
  kind: 'random';
  /** Upper case, as the server stores it. */
  code: string;
}

export type ParsedGateCode = ParsedPaperCode | ParsedWalletCode | ParsedRandomCode;
export type GateCodeKind = ParsedGateCode['kind'];

function assertTicketCode(ticketCode: string) {
  if (!TICKET_CODE_SHAPE.test(ticketCode)) throw new RangeError('A ticket code is 12 digits.');
}

function assertPositive(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} is a positive integer.`);
}

function secondsOf(time: Date): number {
  const seconds = Math.floor(time.getTime() / 1000);
  if (!(seconds >= 0 && seconds < 2 ** 32)) throw new RangeError('A time between 1970 and 2106.');
  return seconds;
}

function readTicketCode(reader: ByteReader): string {
  const value = reader.uint(TICKET_CODE_BYTES);
  if (value >= 10 ** TICKET_CODE_LENGTH) throw new MalformedBytes('ticket code');
  return String(value).padStart(TICKET_CODE_LENGTH, '0');
}

const positive = (value: number) => {
  if (value < 1) throw new MalformedBytes('zero');
  return value;
};

/**
 * What a paper code and a wallet credential both start with (docs/gate-codes.md §3, §4): their tag, the
 * platform key's id, the ticket and its fixture or season, each checked before it is written.
 */
function startSignedBody(
  tag: number,
  platformKey: PlatformKey,
  input: { ticketCode: string; scopeEventId: number },
): ByteWriter {
  assertKeyId(platformKey.keyId);
  assertTicketCode(input.ticketCode);
  assertPositive(input.scopeEventId, 'scopeEventId');
  return new ByteWriter()
    .u8(tag)
    .varint(platformKey.keyId)
    .uint(Number(input.ticketCode), TICKET_CODE_BYTES)
    .varint(input.scopeEventId);
}

/**
 * The code printed on a paper ticket as a QR (level L, 128 px: QR version 4 for every realistic id,
 * docs/gate-codes.md §3): nothing personal, only ticket, fixture or season and serial, signed.
 */
export function signPaperCode(input: PaperCodeInput, platformKey: PlatformKey): string {
  const start = startSignedBody(TAG.paper, platformKey, input);
  assertPositive(input.serial, 'serial');
  const body = start.varint(input.serial).finish();
  const signature = signWith(platformKey, concatBytes(SIGNING_CONTEXT.paper, body));
  return bytesToDigits(concatBytes(body, signature));
}

/**
 * The credential the device-key endpoint answers: the platform's signature binding a phone's public key
 * to a ticket and its fixture or season. The wallet keeps it and makes its gate codes with
 * `makeWalletCode`; it is base64url, for JSON.
 */
export function issueWalletCredential(input: WalletCredentialInput, platformKey: PlatformKey): string {
  const start = startSignedBody(TAG.wallet, platformKey, input);
  assertPositive(input.credentialId, 'credentialId');
  const devicePublicKey = publicKeyBytes(input.devicePublicKey);
  if (!devicePublicKey) throw new RangeError('The device public key is not a usable Ed25519 key.');
  const body = start
    .varint(input.credentialId)
    .uint(secondsOf(input.issuedAt), TIME_BYTES)
    .bytes(devicePublicKey)
    .finish();
  const signature = signWith(platformKey, concatBytes(SIGNING_CONTEXT.credential, body));
  return toBase64url(concatBytes(body, signature));
}

function readCredential(reader: ByteReader): WalletCredential {
  if (reader.u8() !== TAG.wallet) throw new MalformedBytes('not a wallet credential');
  const keyId = reader.varint();
  const ticketCode = readTicketCode(reader);
  const scopeEventId = positive(reader.varint());
  const credentialId = positive(reader.varint());
  const issuedAt = new Date(reader.uint(TIME_BYTES) * 1000);
  const devicePublicKey = toBase64url(reader.bytes(PUBLIC_KEY_BYTES));
  const body = reader.consumed();
  const signature = reader.bytes(SIGNATURE_BYTES);
  if (!isValidKeyId(keyId)) throw new MalformedBytes('key id');
  return {
    keyId,
    ticketCode,
    scopeEventId,
    credentialId,
    issuedAt,
    devicePublicKey,
    credential: toBase64url(reader.consumed()),
    platformSigned: { message: concatBytes(SIGNING_CONTEXT.credential, body), signature },
  };
}

/** A credential's fields (not checked: that takes the platform keys), or undefined if it is not one. */
export function parseWalletCredential(credential: string): WalletCredential | undefined {
  try {
    const reader = new ByteReader(fromBase64url(credential));
    const parsed = readCredential(reader);
    reader.end();
    return parsed;
  } catch (error) {
    if (error instanceof MalformedBytes) return undefined;
    throw error;
  }
}

/**
 * The string a wallet shows as a QR: its credential, the time, and the phone's signature over both.
 * Signatures are deterministic, so the code changes each second; the wallet draws a new one at least
 * every WALLET_CODE_REFRESH_SECONDS. Throws when the secret key is not the one the credential binds.
 */
export function makeWalletCode({
  credential,
  secretKey,
  now,
}: {
  credential: string;
  secretKey: string;
  now: Date;
}): string {
  const parsed = parseWalletCredential(credential);
  if (!parsed) throw new RangeError('Not a wallet credential.');
  if (publicKeyOf(secretKey) !== parsed.devicePublicKey) {
    throw new RangeError('This credential was issued to another device key.');
  }
  const credentialBytes = fromBase64url(credential);
  const signed = concatBytes(credentialBytes, new ByteWriter().uint(secondsOf(now), TIME_BYTES).finish());
  const signature = sign(concatBytes(SIGNING_CONTEXT.walletCode, signed), secretKey);
  return bytesToDigits(concatBytes(signed, signature));
}

function readPaperCode(reader: ByteReader): ParsedPaperCode {
  reader.u8();
  const keyId = reader.varint();
  const ticketCode = readTicketCode(reader);
  const scopeEventId = positive(reader.varint());
  const serial = positive(reader.varint());
  const body = reader.consumed();
  const signature = reader.bytes(SIGNATURE_BYTES);
  reader.end();
  if (!isValidKeyId(keyId)) throw new MalformedBytes('key id');
  return {
    kind: 'paper',
    keyId,
    ticketCode,
    scopeEventId,
    serial,
    signed: { message: concatBytes(SIGNING_CONTEXT.paper, body), signature },
  };
}

function readWalletCode(reader: ByteReader): ParsedWalletCode {
  const credential = readCredential(reader);
  const signedAt = new Date(reader.uint(TIME_BYTES) * 1000);
  const signed = reader.consumed();
  const signature = reader.bytes(SIGNATURE_BYTES);
  reader.end();
  return {
    kind: 'wallet',
    ...credential,
    signedAt,
    deviceSigned: { message: concatBytes(SIGNING_CONTEXT.walletCode, signed), signature },
  };
}

/**
 * What a scanned string is, checking only its form: a signed paper code, a wallet code, a random
 * (Code 128) code, or undefined for anything else. Signatures are checked by
 * `verifyGateCodeSignatures` (online) or `verifyGateCode` (offline). Signed codes are digits only and
 * never 16 long, so a random code, even one that happens to be all digits, is never taken for one.
 */
export function parseGateCode(code: string): ParsedGateCode | undefined {
  const text = code.trim();
  const bytes = /^[0-9]+$/.test(text) ? digitsToBytes(text) : undefined;
  if (bytes && bytes.length > 0) {
    try {
      const reader = new ByteReader(bytes);
      if (bytes[0] === TAG.paper) return readPaperCode(reader);
      if (bytes[0] === TAG.wallet) return readWalletCode(reader);
    } catch (error) {
      if (!(error instanceof MalformedBytes)) throw error;
    }
  }
  const upper = text.toUpperCase();
  return RANDOM_CODE_SHAPE.test(upper) ? { kind: 'random', code: upper } : undefined;
}

/** Verified platform signatures of wallet credentials, by public key and credential (see `isGenuine`). */
export type CredentialMemo = Set<string>;

/**
 * Signed by a platform key of this list (and, for a wallet code, by the phone the credential names).
 * A credential's platform signature is the same in every code its wallet shows: once verified it is
 * remembered in `memo`, and the next code of that phone costs one signature check instead of two.
 */
export function isGenuine(
  parsed: ParsedPaperCode | ParsedWalletCode,
  keys: ReadonlyMap<number, Uint8Array>,
  memo?: CredentialMemo,
): boolean {
  const platformKey = keys.get(parsed.keyId);
  if (!platformKey) return false;
  if (parsed.kind === 'paper') {
    return verifySignature(parsed.signed.signature, parsed.signed.message, platformKey);
  }
  const remembered = `${toBase64url(platformKey)}.${parsed.credential}`;
  if (!memo?.has(remembered)) {
    const { message, signature } = parsed.platformSigned;
    if (!verifySignature(signature, message, platformKey)) return false;
    memo?.add(remembered);
  }
  // Strict verification itself refuses a small-order or non-canonical device key.
  const deviceKey = fromBase64url(parsed.devicePublicKey);
  return verifySignature(parsed.deviceSigned.signature, parsed.deviceSigned.message, deviceKey);
}

/** Within WALLET_CODE_TOLERANCE_SECONDS of `now`, either side (a phone's clock may run ahead). */
export const isFresh = (parsed: ParsedWalletCode, now: Date) =>
  Math.abs(now.getTime() - parsed.signedAt.getTime()) <= WALLET_CODE_TOLERANCE_SECONDS * 1000;

export type SignatureCheck = { ok: true } | { ok: false; reason: 'UNKNOWN_CODE' | 'CODE_EXPIRED' };

/**
 * For the online path: the signatures (and a wallet code's time) of a parsed code, against the
 * platform's public keys. A random code has nothing signed and passes: the server looks it up.
 * UNKNOWN_CODE is a code not made by the platform (or not by the phone its credential names);
 * CODE_EXPIRED a genuine wallet code signed more than 60 s from `now`. The server then decides the rest
 * with SQL in the order of docs/design.md §8; since REVOKED comes before CODE_EXPIRED there, a server
 * that wants the same reason as a device looks up the revocation of a CODE_EXPIRED code too (its
 * fields are genuine).
 */
export function verifyGateCodeSignatures(
  parsed: ParsedGateCode,
  platformKeys: readonly PlatformPublicKey[],
  { now }: { now: Date },
): SignatureCheck {
  if (parsed.kind === 'random') return { ok: true };
  if (!isGenuine(parsed, keysById(platformKeys))) return { ok: false, reason: 'UNKNOWN_CODE' };
  if (parsed.kind === 'wallet' && !isFresh(parsed, now)) return { ok: false, reason: 'CODE_EXPIRED' };
  return { ok: true };
}
