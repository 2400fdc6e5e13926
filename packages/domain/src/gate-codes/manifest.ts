import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { TICKET_CODE_LENGTH } from '../constants';
import { decodeKey, fromBase64url, toBase64url } from './bytes';
import { parseGateCode, parseWalletCredential, SIGNING_CONTEXT, type GateCodeKind } from './codes';
import { LOOKUP_ID_BYTES, ManifestSalt, SALT_BYTES, sealEntry, type GateEntry } from './entries';
import {
  assertKeyId,
  GATE_KEY_ID_MAX,
  isKeyedSignatureOf,
  keyedSignature,
  SIGNATURE_BYTES,
  type PlatformKey,
  type PlatformPublicKey,
} from './keys';

/**
 * The offline manifest of one fixture (docs/design.md §8 "Offline"; docs/gate-codes.md §7): what a gate
 * device needs to decide alone while the network is down, signed by the platform. Nothing personal is
 * in clear and no identity key in any form: each code's entry (name, document hint, seat, companion,
 * whether the one who enters is suspended) is sealed under a key only that code yields. A device that
 * holds one keeps it current with deltas (manifest-delta.ts).
 */

export const MANIFEST_FORMAT_VERSION = 2 as const;

const base64urlOf = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`));
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const keyId = z.number().int().min(0).max(GATE_KEY_ID_MAX);
export const lookupIdSchema = base64urlOf(LOOKUP_ID_BYTES);
export const sealedEntrySchema = z.string().regex(/^[A-Za-z0-9_-]+$/);
const sealedEntries = z.record(lookupIdSchema, sealedEntrySchema);
export const revokedPaperCodeSchema = z.strictObject({
  ticketCode: z.string().regex(new RegExp(`^\\d{${TICKET_CODE_LENGTH}}$`)),
  serial: id,
});
export const manifestSignatureSchema = z.strictObject({ keyId, value: base64urlOf(SIGNATURE_BYTES) });
/**
 * The fixture's EU-wallet credentials in the issuer's status lists (docs/design.md §12): where the
 * lists are (list `n` at `${lists}${n}`), and of the credentials issued for this fixture or its season
 * those not VALID, by status number (`statusNumberAt`: the list and index as one number, never the
 * credential's id): what a device checks a presented credential's status entry against offline.
 */
export const manifestCredentialStatusSchema = z.strictObject({
  lists: z.url(),
  /** INVALID for good: REVOKED. */
  invalid: z.array(id),
  /** SUSPENDED while the one who enters is: SUSPENDED. */
  suspended: z.array(id),
});
export const manifestRevisionSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const gateManifestSchema = z.strictObject({
  /** The format's version: a device refuses a manifest it does not know. */
  version: z.literal(MANIFEST_FORMAT_VERSION),
  eventId: id,
  /** The fixture's season, whose season tickets admit to it; null for a match outside a season. */
  seasonId: id.nullable(),
  /** ISO 8601, UTC. Before it: NOT_OPEN_YET. */
  gatesOpenAt: z.iso.datetime(),
  /** From it on: EVENT_OVER. */
  endsAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** 0 when built; each delta since (with the same salt) adds one. */
  revision: manifestRevisionSchema,
  /** The keys codes are signed with (the manifest's own signer is among the device's trusted keys). */
  platformKeys: z.array(z.strictObject({ keyId, publicKey: base64urlOf(32) })),
  /** Prints replaced by a reprint, and any other revoked print: REVOKED. */
  revokedPaperCodes: z.array(revokedPaperCodeSchema),
  /** Credentials of replaced phones, and any other revoked credential: REVOKED. */
  revokedCredentialIds: z.array(id),
  /** The status of the fixture's EU-wallet credentials; absent from a manifest built without it. */
  credentialStatus: manifestCredentialStatusSchema.optional(),
  /** Fresh for each manifest built: the same code has another lookup id and key in every manifest. */
  salt: base64urlOf(SALT_BYTES),
  /**
   * The sealed entries by lookup id, one per live code, by kind; the lookup ids of `random` are the
   * salted hashes of the valid barcode codes.
   */
  entries: z.strictObject({ paper: sealedEntries, random: sealedEntries, wallet: sealedEntries }),
  signature: manifestSignatureSchema,
});
export type GateManifest = z.infer<typeof gateManifestSchema>;
export type GateManifestCredentialStatus = z.infer<typeof manifestCredentialStatusSchema>;

/** What the server knows of one live code (in clear: the builder seals it). */
export interface GateManifestEntryInput extends Pick<
  GateEntry,
  | 'ticketCode'
  | 'holderName'
  | 'documentType'
  | 'documentHint'
  | 'seat'
  | 'entersThisEvent'
  | 'holderSuspended'
  | 'companionRequired'
  | 'companion'
> {
  /** The code as the holder carries it: the printed paper code, the barcode, or the wallet's credential. */
  code:
    | { kind: 'paper'; code: string }
    | { kind: 'random'; code: string }
    | { kind: 'wallet'; credential: string };
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
  /** The fixture's EU-wallet credentials not VALID (the server gives it; the worked example does not). */
  credentialStatus?: GateManifestCredentialStatus;
  entries: GateManifestEntryInput[];
  /** The manifest's salt: random unless given (the worked example of docs/gate-codes.md §10 gives it). */
  salt?: Uint8Array;
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
export function signedBytes(context: Uint8Array, document: { signature?: unknown }): Uint8Array {
  const { signature: _signature, ...signed } = document;
  return concatBytes(context, sha256(utf8ToBytes(canonicalJson(signed))));
}

/** Signs a manifest or a delta: its members as they are, with `signature` added. */
export function signDocument<T extends object>(
  context: Uint8Array,
  unsigned: T,
  platformKey: PlatformKey,
): T & { signature: GateManifest['signature'] } {
  return { ...unsigned, signature: keyedSignature(platformKey, signedBytes(context, unsigned)) };
}

/** Whether a document parsed by its schema carries a signature by one of the trusted keys. */
export function isSignedBy(
  context: Uint8Array,
  document: { signature: GateManifest['signature'] },
  trustedPublicKeys: readonly PlatformPublicKey[],
): boolean {
  return isKeyedSignatureOf(document.signature, signedBytes(context, document), trustedPublicKeys);
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
export function assertInput(input: GateManifestInput, platformKey: PlatformKey) {
  if (!isId(input.eventId) || (input.seasonId !== null && !isId(input.seasonId))) {
    throw new RangeError('Event and season ids are positive integers.');
  }
  for (const time of [input.gatesOpenAt, input.endsAt, input.createdAt]) {
    if (Number.isNaN(time.getTime())) throw new RangeError('An invalid date.');
  }
  if (!(input.gatesOpenAt.getTime() < input.endsAt.getTime()))
    throw new RangeError('Gates open before the end.');
  assertKeyId(platformKey.keyId);
  for (const key of input.platformKeys) assertKeyId(key.keyId);
  if (input.platformKeys.some((key) => !decodeKey(key.publicKey, 32)))
    throw new RangeError('Not a public key.');
  if (
    input.revokedPaperCodes.some((code) => !TICKET_CODE_SHAPE.test(code.ticketCode) || !isId(code.serial))
  ) {
    throw new RangeError('A revoked print is a ticket code and a serial.');
  }
  if (!input.revokedCredentialIds.every(isId)) throw new RangeError('Credential ids are positive integers.');
  const status = input.credentialStatus;
  if (status && (!URL.canParse(status.lists) || ![...status.invalid, ...status.suspended].every(isId)))
    throw new RangeError('Status lists are a URL, status numbers positive integers.');
}

function assertHint(hint: string | null, what: string) {
  if (hint !== null && [...hint].length > 3) throw new RangeError(`${what}: the last 3 characters only.`);
}

/** One entry sealed: under its kind, its lookup id, and the sealed text. */
export interface SealedManifestEntry {
  kind: GateCodeKind;
  lookupId: string;
  sealed: string;
}

/**
 * Seals one code's entry with the manifest's salt at a revision (0 when the manifest is built; a
 * delta re-seals a changed entry at its own revision). Throws on input that would put personal data
 * in clear (a document hint longer than 3 characters) or that no device could use (a code of another
 * ticket).
 */
export function sealManifestEntry(
  salt: ManifestSalt,
  entry: GateManifestEntryInput,
  revision: number,
): SealedManifestEntry {
  assertHint(entry.documentHint, 'documentHint');
  assertHint(entry.companion?.afmHint ?? null, 'afmHint');
  if (!TICKET_CODE_SHAPE.test(entry.ticketCode)) throw new RangeError('A ticket code is 12 digits.');
  const { lookupId, key } = salt.entryKeys(entry.code.kind, secretOf(entry.code, entry.ticketCode));
  const { code: _code, ...plain } = entry;
  return { kind: entry.code.kind, lookupId, sealed: sealEntry(plain, key, revision) };
}

/** Where a code's entry is in a manifest of this salt: its kind and lookup id (no sealing). */
export function manifestEntryLookup(
  salt: ManifestSalt,
  code: GateManifestEntryInput['code'],
  ticketCode: string,
) {
  return { kind: code.kind, lookupId: salt.entryKeys(code.kind, secretOf(code, ticketCode)).lookupId };
}

/** Sorted by lookup id: nothing of the input's order (the order of sale, of seats) shows. */
export const sortedEntries = (pairs: [string, string][]) =>
  Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The revoked prints without repeats, sorted by ticket code and serial. */
export const sortedRevokedPaperCodes = (codes: readonly { ticketCode: string; serial: number }[]) =>
  unique(codes.map((code) => `${code.ticketCode}:${String(code.serial).padStart(16, '0')}`))
    .sort()
    .map((code) => {
      const [ticketCode, serial] = code.split(':') as [string, string];
      return { ticketCode, serial: Number(serial) };
    });

/** What a manifest says of its fixture, beside the entries, as the schema writes it. */
export function manifestHeader(input: Omit<GateManifestInput, 'entries' | 'salt'>) {
  return {
    eventId: input.eventId,
    seasonId: input.seasonId,
    gatesOpenAt: input.gatesOpenAt.toISOString(),
    endsAt: input.endsAt.toISOString(),
    platformKeys: [...input.platformKeys]
      .sort((a, b) => a.keyId - b.keyId)
      .map(({ keyId, publicKey }) => ({ keyId, publicKey })),
    revokedPaperCodes: sortedRevokedPaperCodes(input.revokedPaperCodes),
    revokedCredentialIds: unique(input.revokedCredentialIds).sort((a, b) => a - b),
    ...(input.credentialStatus && {
      credentialStatus: {
        lists: input.credentialStatus.lists,
        invalid: sortedIds(input.credentialStatus.invalid),
        suspended: sortedIds(input.credentialStatus.suspended),
      },
    }),
  };
}

/** Ids without repeats, in order. */
export const sortedIds = (ids: readonly number[]) => unique(ids).sort((a, b) => a - b);

/**
 * Builds and signs the manifest of one fixture at revision 0, with a fresh salt. Codes come in clear
 * and leave only as lookup ids and sealed entries; every list is sorted.
 */
export function buildGateManifest(input: GateManifestInput, platformKey: PlatformKey): GateManifest {
  assertInput(input, platformKey);
  const salt = new ManifestSalt(input.salt ?? randomBytes(SALT_BYTES));
  const entries: Record<GateCodeKind, [string, string][]> = { paper: [], random: [], wallet: [] };
  const seen = new Set<string>();
  for (const entry of input.entries) {
    const { kind, lookupId, sealed } = sealManifestEntry(salt, entry, 0);
    const slot = `${kind}:${lookupId}`;
    if (seen.has(slot)) throw new RangeError('The same code twice.');
    seen.add(slot);
    entries[kind].push([lookupId, sealed]);
  }
  const unsigned: Omit<GateManifest, 'signature'> = {
    version: MANIFEST_FORMAT_VERSION,
    ...manifestHeader(input),
    createdAt: input.createdAt.toISOString(),
    revision: 0,
    salt: toBase64url(salt.salt),
    entries: {
      paper: sortedEntries(entries.paper),
      random: sortedEntries(entries.random),
      wallet: sortedEntries(entries.wallet),
    },
  };
  return signDocument(SIGNING_CONTEXT.manifest, unsigned, platformKey);
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
  return isSignedBy(SIGNING_CONTEXT.manifest, manifest as GateManifest, trustedPublicKeys);
}

/** The decoded salt of a checked manifest. */
export const saltOf = (manifest: Pick<GateManifest, 'salt'>) =>
  new ManifestSalt(fromBase64url(manifest.salt));
