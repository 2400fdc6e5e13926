import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { TICKET_CODE_LENGTH } from '../constants';
import { decodeKey, fromBase64url, toBase64url } from './bytes';
import { parseGateCode, parseWalletCredential, SIGNING_CONTEXT, type GateCodeKind } from './codes';
import {
  KEY_HASH_BYTES,
  LOOKUP_ID_BYTES,
  ManifestSalt,
  SALT_BYTES,
  sealEntry,
  type EntryToSeal,
  type GateEntry,
} from './entries';
import {
  GATE_KEY_ID_MAX,
  isValidKeyId,
  keysById,
  signWith,
  SIGNATURE_BYTES,
  verifySignature,
  type PlatformKey,
  type PlatformPublicKey,
} from './keys';

/**
 * The offline manifest of one fixture (docs/design.md §8 "Offline"; docs/gate-codes.md §7): what a gate
 * device needs to decide alone while the network is down, signed by the platform. Nothing personal is
 * in clear: identity keys are salted hashes, and each code's entry (name, document hint, seat,
 * companion) is sealed under a key only that code yields.
 */

const base64urlOf = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`));
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const keyId = z.number().int().min(0).max(GATE_KEY_ID_MAX);
const sealedEntries = z.record(base64urlOf(LOOKUP_ID_BYTES), z.string().regex(/^[A-Za-z0-9_-]+$/));

export const gateManifestSchema = z.strictObject({
  /** The format's version: a device refuses a manifest it does not know. */
  version: z.literal(1),
  eventId: id,
  /** The fixture's season, whose season tickets admit to it; null for a match outside a season. */
  seasonId: id.nullable(),
  /** ISO 8601, UTC. Before it: NOT_OPEN_YET. */
  gatesOpenAt: z.iso.datetime(),
  /** From it on: EVENT_OVER. */
  endsAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** The keys codes are signed with (the manifest's own signer is among the device's trusted keys). */
  platformKeys: z.array(z.strictObject({ keyId, publicKey: base64urlOf(32) })),
  /** Prints replaced by a reprint, and any other revoked print: REVOKED. */
  revokedPaperCodes: z.array(
    z.strictObject({ ticketCode: z.string().regex(new RegExp(`^\\d{${TICKET_CODE_LENGTH}}$`)), serial: id }),
  ),
  /** Credentials of replaced phones, and any other revoked credential: REVOKED. */
  revokedCredentialIds: z.array(id),
  /** Fresh for each manifest: the same person or code hashes differently in every manifest. */
  salt: base64urlOf(SALT_BYTES),
  /** Salted hashes of the identity keys of every suspended person. */
  suspendedKeyHashes: z.array(base64urlOf(KEY_HASH_BYTES)),
  /**
   * The sealed entries by lookup id, one per live code, by kind; the lookup ids of `random` are the
   * salted hashes of the valid barcode codes.
   */
  entries: z.strictObject({ paper: sealedEntries, random: sealedEntries, wallet: sealedEntries }),
  signature: z.strictObject({ keyId, value: base64urlOf(SIGNATURE_BYTES) }),
});
export type GateManifest = z.infer<typeof gateManifestSchema>;

/** What the server knows of one live code (in clear: the builder hashes and seals it). */
export interface GateManifestEntryInput extends Pick<
  GateEntry,
  | 'ticketCode'
  | 'holderName'
  | 'documentType'
  | 'documentHint'
  | 'seat'
  | 'entersThisEvent'
  | 'companionRequired'
> {
  /** The code as the holder carries it: the printed paper code, the barcode, or the wallet's credential. */
  code:
    | { kind: 'paper'; code: string }
    | { kind: 'random'; code: string }
    | { kind: 'wallet'; credential: string };
  /** Who enters with this code, as identity keys (`identityKey` in identifiers.ts). */
  holderIdentityKeys: string[];
  /** The ACCEPTED companion, if any. */
  companion: { name: string; afmHint: string; identityKeys: string[] } | null;
}

export interface GateManifestInput {
  eventId: number;
  seasonId: number | null;
  gatesOpenAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** The keys devices verify codes with: every key still in use for this fixture's codes. */
  platformKeys: PlatformPublicKey[];
  revokedPaperCodes: { ticketCode: string; serial: number }[];
  revokedCredentialIds: number[];
  /** Every suspended person's identity keys, in clear (`identityKey`): hashed here. */
  suspendedIdentityKeys: string[];
  entries: GateManifestEntryInput[];
}

/**
 * The canonical text the manifest's signature covers: RFC 8785 (JSON Canonicalization Scheme) for
 * the values a manifest holds (objects, arrays, strings, safe integers, booleans, null): members sorted
 * by key (UTF-16 code units), no white space, strings escaped as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError('Only safe integers are canonical here.');
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`A ${typeof value} has no canonical JSON form.`);
}

/**
 * What the platform signs: the context, then the SHA-256 of the UTF-8 of the canonical JSON of
 * everything but the signature. Signing the digest rather than the whole text hashes 15 MB once with
 * SHA-256 instead of twice with SHA-512 (Ed25519's own hashing): a third of the time, on the server
 * and on each device.
 */
function signedBytes(manifest: Omit<GateManifest, 'signature'> & { signature?: unknown }): Uint8Array {
  const { signature: _signature, ...signed } = manifest;
  return concatBytes(SIGNING_CONTEXT.manifest, sha256(utf8ToBytes(canonicalJson(signed))));
}

/** The part of a code that only its holder has: what its entry's lookup id and key derive from. */
function secretOf(code: GateManifestEntryInput['code'], ticketCode: string): Uint8Array {
  if (code.kind === 'random') {
    const parsed = parseGateCode(code.code);
    if (parsed?.kind !== 'random') throw new RangeError('Not a random code.');
    return utf8ToBytes(parsed.code);
  }
  if (code.kind === 'paper') {
    const parsed = parseGateCode(code.code);
    if (parsed?.kind !== 'paper') throw new RangeError('Not a paper code.');
    if (parsed.ticketCode !== ticketCode) throw new RangeError('The code is of another ticket.');
    return parsed.signed.signature;
  }
  const parsed = parseWalletCredential(code.credential);
  if (!parsed) throw new RangeError('Not a wallet credential.');
  if (parsed.ticketCode !== ticketCode) throw new RangeError('The credential is of another ticket.');
  return parsed.platformSigned.signature;
}

const TICKET_CODE_SHAPE = new RegExp(`^\\d{${TICKET_CODE_LENGTH}}$`);
const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;

/** What the schema a device checks would refuse is refused here, before 70,000 entries are sealed. */
function assertInput(input: GateManifestInput, platformKey: PlatformKey) {
  if (!isId(input.eventId) || (input.seasonId !== null && !isId(input.seasonId))) {
    throw new RangeError('Event and season ids are positive integers.');
  }
  for (const time of [input.gatesOpenAt, input.endsAt, input.createdAt]) {
    if (Number.isNaN(time.getTime())) throw new RangeError('An invalid date.');
  }
  if (!(input.gatesOpenAt.getTime() < input.endsAt.getTime()))
    throw new RangeError('Gates open before the end.');
  if (!isValidKeyId(platformKey.keyId) || input.platformKeys.some((key) => !isValidKeyId(key.keyId))) {
    throw new RangeError('A key id is an integer from 0 to 2^31 - 1.');
  }
  if (input.platformKeys.some((key) => !decodeKey(key.publicKey, 32)))
    throw new RangeError('Not a public key.');
  if (
    input.revokedPaperCodes.some((code) => !TICKET_CODE_SHAPE.test(code.ticketCode) || !isId(code.serial))
  ) {
    throw new RangeError('A revoked print is a ticket code and a serial.');
  }
  if (!input.revokedCredentialIds.every(isId)) throw new RangeError('Credential ids are positive integers.');
}

function assertHint(hint: string | null, what: string) {
  if (hint !== null && [...hint].length > 3) throw new RangeError(`${what}: the last 3 characters only.`);
}

/**
 * Builds and signs the manifest of one fixture. Identity keys and codes come in clear and leave only
 * as salted hashes and sealed entries; every list is sorted, so that nothing of the input's order (the
 * order of sale, of seats) shows. Throws on input that would put personal data in clear (a document
 * hint longer than 3 characters) or that no device could use (a code of another ticket).
 */
export function buildGateManifest(input: GateManifestInput, platformKey: PlatformKey): GateManifest {
  assertInput(input, platformKey);
  const salt = new ManifestSalt(randomBytes(SALT_BYTES));
  const entries: Record<GateCodeKind, [string, string][]> = { paper: [], random: [], wallet: [] };
  const seen = new Set<string>();
  for (const entry of input.entries) {
    assertHint(entry.documentHint, 'documentHint');
    assertHint(entry.companion?.afmHint ?? null, 'afmHint');
    if (!TICKET_CODE_SHAPE.test(entry.ticketCode)) throw new RangeError('A ticket code is 12 digits.');
    const { lookupId, key } = salt.entryKeys(entry.code.kind, secretOf(entry.code, entry.ticketCode));
    const slot = `${entry.code.kind}:${lookupId}`;
    if (seen.has(slot)) throw new RangeError('The same code twice.');
    seen.add(slot);
    const sealed: EntryToSeal = {
      ticketCode: entry.ticketCode,
      holderName: entry.holderName,
      documentType: entry.documentType,
      documentHint: entry.documentHint,
      seat: entry.seat,
      entersThisEvent: entry.entersThisEvent,
      holderKeyHashes: salt.identityHashes(entry.holderIdentityKeys),
      companionRequired: entry.companionRequired,
      companion: entry.companion && {
        name: entry.companion.name,
        afmHint: entry.companion.afmHint,
        keyHashes: salt.identityHashes(entry.companion.identityKeys),
      },
    };
    entries[entry.code.kind].push([lookupId, sealEntry(sealed, key)]);
  }
  const sortedRecord = (pairs: [string, string][]) =>
    Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const unsigned: Omit<GateManifest, 'signature'> = {
    version: 1,
    eventId: input.eventId,
    seasonId: input.seasonId,
    gatesOpenAt: input.gatesOpenAt.toISOString(),
    endsAt: input.endsAt.toISOString(),
    createdAt: input.createdAt.toISOString(),
    platformKeys: [...input.platformKeys]
      .sort((a, b) => a.keyId - b.keyId)
      .map(({ keyId, publicKey }) => ({ keyId, publicKey })),
    revokedPaperCodes: unique(input.revokedPaperCodes.map((code) => `${code.ticketCode}:${code.serial}`))
      .sort()
      .map((code) => {
        const [ticketCode, serial] = code.split(':') as [string, string];
        return { ticketCode, serial: Number(serial) };
      }),
    revokedCredentialIds: unique(input.revokedCredentialIds).sort((a, b) => a - b),
    salt: toBase64url(salt.salt),
    suspendedKeyHashes: unique(
      input.suspendedIdentityKeys.map((k) => toBase64url(salt.identityHash(k))),
    ).sort(),
    entries: {
      paper: sortedRecord(entries.paper),
      random: sortedRecord(entries.random),
      wallet: sortedRecord(entries.wallet),
    },
  };
  const manifest: GateManifest = {
    ...unsigned,
    signature: {
      keyId: platformKey.keyId,
      value: toBase64url(signWith(platformKey, signedBytes(unsigned))),
    },
  };
  return manifest;
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * Whether the manifest is well formed and signed by one of the keys the device trusts (given to it at
 * pairing, never taken from the manifest itself). A device checks this once, on receiving a manifest,
 * and never decides with one that fails; `verifyGateCode` does not check it again.
 */
export function verifyManifestSignature(
  manifest: unknown,
  trustedPublicKeys: readonly PlatformPublicKey[],
): boolean {
  const parsed = gateManifestSchema.safeParse(manifest);
  if (!parsed.success) return false;
  const checked = manifest as GateManifest;
  const key = keysById(trustedPublicKeys).get(checked.signature.keyId);
  const signature = decodeKey(checked.signature.value, SIGNATURE_BYTES);
  if (!key || !signature) return false;
  return verifySignature(signature, signedBytes(checked), key);
}

/** The decoded salt of a checked manifest. */
export const saltOf = (manifest: GateManifest) => new ManifestSalt(fromBase64url(manifest.salt));
