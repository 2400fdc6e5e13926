import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { AdmissionReason } from '../admission-reasons';
import { NEWER_THAN_LIST_MARGIN_SECONDS } from '../constants';
import { fromBase64url } from './bytes';
import {
  isFresh,
  isGenuine,
  parseGateCode,
  type CredentialMemo,
  type GateCodeKind,
  type ParsedGateCode,
} from './codes';
import { decideEntry } from './decide-entry';
import { showsEntrant } from './entrant';
import { openEntry, type GateEntry, type ManifestSalt } from './entries';
import { MANIFEST_FORMAT_VERSION, saltOf, type GateManifest } from './manifest';
import { keysById } from './keys';

/** What a steward is shown: never an ΑΦΜ, ΑΜΚΑ or whole document number (docs/design.md §8). */
export interface GateHolder {
  ticketCode: string;
  holderName: string | null;
  documentType: string | null;
  documentHint: string | null;
  seat: string | null;
  companion: { name: string; afmHint: string } | null;
}

/** Every reason but the two a device gives itself: ADMITTED, and ALREADY_ADMITTED from its own store. */
export type GateRefusalReason = Exclude<AdmissionReason, 'ADMITTED' | 'ALREADY_ADMITTED'>;

export type GateVerification =
  | ({ ok: true; kind: GateCodeKind } & GateHolder)
  | {
      ok: false;
      reason: GateRefusalReason;
      /** The code's kind, once it was read. */
      kind?: GateCodeKind;
      /** Once the code's entry was opened (from NOT_OPEN_YET on), for the steward to see whom it concerns. */
      holder?: GateHolder;
      /**
       * UNKNOWN_CODE for a genuine wallet code of this fixture whose credential the platform issued
       * after the manifest was read (within NEWER_THAN_LIST_MARGIN_SECONDS): the code is likely valid,
       * the device's list older (`gateMessages.newerThanList` says what to do).
       */
      newerThanList?: true;
    };

/** What a device decodes of a manifest once, not at every scan. */
interface PreparedManifest {
  keys: Map<number, Uint8Array>;
  revokedPaper: Set<string>;
  revokedCredentials: Set<number>;
  salt: ManifestSalt;
  gatesOpenAt: number;
  endsAt: number;
  /** When the server read the fixture for this manifest (or its last delta). */
  createdAt: number;
  /** Wallet credentials whose platform signature verified under this manifest's keys. */
  credentials: CredentialMemo;
}

/** By manifest object: a device treats its manifest as read-only; a delta applied makes a new one. */
const prepared = new WeakMap<GateManifest, PreparedManifest>();

function prepare(manifest: GateManifest): PreparedManifest {
  let ready = prepared.get(manifest);
  if (!ready) {
    if (manifest.version !== MANIFEST_FORMAT_VERSION)
      throw new RangeError('A manifest of an unknown version.');
    ready = {
      keys: keysById(manifest.platformKeys),
      revokedPaper: new Set(manifest.revokedPaperCodes.map((code) => `${code.ticketCode}:${code.serial}`)),
      revokedCredentials: new Set(manifest.revokedCredentialIds),
      salt: saltOf(manifest),
      gatesOpenAt: Date.parse(manifest.gatesOpenAt),
      endsAt: Date.parse(manifest.endsAt),
      createdAt: Date.parse(manifest.createdAt),
      credentials: new Set(),
    };
    prepared.set(manifest, ready);
  }
  return ready;
}

function findEntry(
  manifest: GateManifest,
  salt: ManifestSalt,
  kind: GateCodeKind,
  secret: Uint8Array,
): GateEntry | undefined {
  const { lookupId, key } = salt.entryKeys(kind, secret);
  const entries = manifest.entries[kind];
  const sealed = Object.hasOwn(entries, lookupId) ? entries[lookupId] : undefined;
  return sealed === undefined ? undefined : openEntry(fromBase64url(sealed), key);
}

/** A suspended companion was left out by the server: a young minor is refused, as online. */
const holderOf = (entry: GateEntry): GateHolder => ({
  ticketCode: entry.ticketCode,
  holderName: entry.holderName,
  documentType: entry.documentType,
  documentHint: entry.documentHint,
  seat: entry.seat,
  companion: entry.companion && { name: entry.companion.name, afmHint: entry.companion.afmHint },
});

/**
 * The offline decision on one scanned code (docs/design.md §8), for paper QR, barcode and wallet codes
 * alike, with the fixture's manifest, already checked once with `verifyManifestSignature`. The facts
 * are the manifest's; the rule is `decideEntry`'s, the server's too: the checks run in §8's order and
 * the first that fails is the reason:
 *
 * 1. genuine: a code of a known form, signed by a key of the manifest (a wallet code also by the phone
 *    its credential names), else UNKNOWN_CODE;
 * 2. current: not a revoked print or credential (REVOKED), a wallet code signed within 60 s of `now`
 *    either side (CODE_EXPIRED);
 * 3. for this fixture: the device's event is the manifest's, and a signed code's fixture or season is
 *    this fixture or its season (WRONG_EVENT); the manifest has an entry for the code (UNKNOWN_CODE:
 *    an unknown barcode, or a code issued after the manifest was built, which for a wallet code is
 *    said: `newerThanList`); the entry's holder enters
 *    this fixture (NOT_FOR_THIS_EVENT: a season ticket lent for it, shown by its holder);
 * 4. the gates are open (NOT_OPEN_YET) and the fixture not over (EVENT_OVER);
 * 5. the one who enters is not suspended (SUSPENDED: marked in the entry by the server);
 * 6. a minor under 15 has an accepted companion who is not suspended (COMPANION_REQUIRED: the server
 *    leaves a suspended companion out of the entry).
 *
 * "Already admitted" is the device's own business: after `ok: true` it looks the ticket code up in its
 * local store of this fixture's admissions (ALREADY_ADMITTED when there), records it, and uploads its
 * admissions when the network is back; the server keeps the first and reports double entries.
 */
export function verifyGateCode(
  code: string,
  manifest: GateManifest,
  { eventId, now }: { eventId: number; now: Date },
): GateVerification {
  const ready = prepare(manifest);
  const parsed = parseGateCode(code);
  if (!parsed) return { ok: false, reason: 'UNKNOWN_CODE' };
  const { kind } = parsed;
  const genuine = kind === 'random' || isGenuine(parsed, ready.keys, ready.credentials);
  const forThisEvent =
    eventId === manifest.eventId &&
    (kind === 'random' ||
      parsed.scopeEventId === manifest.eventId ||
      parsed.scopeEventId === manifest.seasonId);
  // The entry is looked up only for a genuine code of this fixture: any other is refused before it.
  const entry = genuine && forThisEvent ? entryOf(manifest, ready.salt, parsed) : undefined;
  const reason = decideEntry(
    {
      code: {
        genuine,
        revoked:
          kind === 'paper'
            ? ready.revokedPaper.has(`${parsed.ticketCode}:${parsed.serial}`)
            : kind === 'wallet' && ready.revokedCredentials.has(parsed.credentialId),
        fresh: kind !== 'wallet' || isFresh(parsed, now),
        forThisEvent,
        known: entry !== undefined,
      },
      entersThisEvent: entry?.entersThisEvent ?? false,
      // A wallet code has an entry only if its phone was registered by the one who enters; another's
      // phone is listed among the revoked credentials (manifest.service.ts).
      phoneIsEntrants: true,
      gatesOpenAt: ready.gatesOpenAt,
      endsAt: ready.endsAt,
      entrant: entry && {
        suspended: entry.holderSuspended,
        companionRequired: entry.companionRequired,
        companion: entry.companion !== null,
      },
    },
    now,
  );
  if (reason === 'ADMITTED' && entry) return { ok: true, kind, ...holderOf(entry) };
  const refused = reason as GateRefusalReason;
  if (
    refused === 'UNKNOWN_CODE' &&
    kind === 'wallet' &&
    genuine &&
    forThisEvent &&
    parsed.issuedAt.getTime() >= ready.createdAt - NEWER_THAN_LIST_MARGIN_SECONDS * 1000
  )
    return { ok: false, reason: refused, kind, newerThanList: true };
  // From NOT_OPEN_YET on, the steward sees whom the refusal concerns.
  const shown = entry && entry.entersThisEvent && showsEntrant(refused);
  return shown
    ? { ok: false, reason: refused, kind, holder: holderOf(entry) }
    : { ok: false, reason: refused, kind };
}

/** The code's entry in the manifest, when it has one for the ticket the code names. */
function entryOf(manifest: GateManifest, salt: ManifestSalt, parsed: ParsedGateCode): GateEntry | undefined {
  const secret =
    parsed.kind === 'random'
      ? utf8ToBytes(parsed.code)
      : parsed.kind === 'paper'
        ? parsed.signed.signature
        : parsed.platformSigned.signature;
  const entry = findEntry(manifest, salt, parsed.kind, secret);
  return entry && (parsed.kind === 'random' || entry.ticketCode === parsed.ticketCode) ? entry : undefined;
}
