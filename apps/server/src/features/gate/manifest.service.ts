import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  whoEnters,
  GATE_MANIFEST_DELTA_MAX_CHANGES,
  MANIFEST_BOOK_STEP,
  gateMessages,
  type GateManifestBook,
  GATES_OPEN_MINUTES_BEFORE,
  parseGateCode,
  type GateManifestDelta,
  type GateManifestEntryInput,
  type GateManifestInput,
} from '@tickets/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { CREDENTIAL_STATUS, credentialStatusesFor } from '../../eu-wallet';
import type { Device } from './devices.service';
import { claimBookReading, readBookHead, type BookHead } from './manifest-book.queries';
import { keysDigestOf, serially, storeReading, syncedReplica } from './manifest-book.service';
import { dropStaleBody, manifestBody, type BodyPrepared, type ManifestBody } from './manifest-body';
import {
  findMatchOfClub,
  suspendedKeysAmong,
  ticketsAdmitting,
  walletCredentialsAdmitting,
  type TicketRow,
} from './manifest.queries';

/**
 * The offline manifest of one match (docs/design.md §8 "Offline"; formats in docs/gate-codes.md §7):
 * every live code of every ticket that admits to it, with who enters by it and whether an active
 * suspension names them today (resolved here, with the online rule: no identity key leaves the
 * server), sealed per code by the domain's `GateManifestBook`; and the prints and phones replaced
 * since. A device holding an earlier revision gets only what changed (a delta, §7.6).
 */

const present = (keys: (string | null)[]) => [...new Set(keys.filter((key): key is string => key !== null))];

/** An entry before suspensions are resolved: with the identity keys they are met against. */
type EntryWithKeys = Omit<GateManifestEntryInput, 'holderSuspended'> & {
  holderKeys: string[];
  companionKeys: string[];
};

/** What the manifest is built from, read from the database now. */
async function manifestInput(
  db: Db,
  device: Device,
  eventId: number,
  platformKeys: GateManifestInput['platformKeys'],
  statusLists: string,
): Promise<Omit<GateManifestInput, 'createdAt'>> {
  const event = await findMatchOfClub(db, eventId, device.organisationId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const admitting = event.seasonId === null ? [event.id] : [event.id, event.seasonId];

  const [rows, credentials, statuses] = await Promise.all([
    ticketsAdmitting(db, event.id, admitting),
    walletCredentialsAdmitting(db, admitting),
    credentialStatusesFor(db, admitting),
  ]);
  const withStatus = (status: number) => statuses.filter((row) => row.status === status).map(({ id }) => id);

  // One row per ticket: a ticket has at most one entry-giving loan per fixture and one accepted
  // companion, but a left join must not make two entries of one code if data ever says otherwise.
  const byTicket = new Map<number, TicketRow>();
  for (const row of rows) if (!byTicket.has(row.id)) byTicket.set(row.id, row);

  const entries: EntryWithKeys[] = [];
  const revokedPaperCodes: GateManifestInput['revokedPaperCodes'] = [];
  /**
   * The entry of one code of `row`'s ticket. `bearer` is the ΑΦΜ a wallet's phone was registered by (none
   * for the print, which is the holder's). As online (admissions.service.ts): on a fixture the holder
   * lent, the holder's codes are NOT_FOR_THIS_EVENT and only the recipient's admit; a wallet's code
   * admits only the one who enters, or a young holder's guardian: another's phone has no entry and is
   * listed as revoked (REVOKED, as online). Answers whether the code has an entry.
   */
  const addEntry = (row: TicketRow, code: GateManifestEntryInput['code'], bearer?: string) => {
    const lent = row.loanAfm !== null;
    const seat = gateMessages.seat(row);
    if (lent && (bearer === undefined || bearer === row.holderAfm)) {
      // Whom it does not let in is not the device's to know: no name, no keys.
      entries.push({
        ...notEntering,
        code,
        ticketCode: row.publicCode,
        seat,
        holderKeys: [],
        companionKeys: [],
      });
      return true;
    }
    const entrantAfm = lent ? row.loanAfm : row.holderAfm;
    if (bearer !== undefined && (entrantAfm ? bearer !== entrantAfm : !row.guardianAfms.includes(bearer)))
      return false;
    const entrant = whoEnters({
      holder: {
        name: row.fullName ?? row.registryName,
        age: row.age,
        documentType: row.documentType,
        documentId: row.documentId,
      },
      loan: lent ? { name: row.loanName } : null,
      // A suspended companion is left out below, with the suspensions of everyone's keys.
      companion:
        row.companionAfm === null
          ? null
          : { name: row.companionName, afm: row.companionAfm, suspended: false },
    });
    entries.push({
      code,
      ...entrant.shown,
      ticketCode: row.publicCode,
      seat,
      entersThisEvent: true,
      holderKeys: present(row.entrantKeys),
      companionRequired: entrant.companionRequired,
      companionKeys: entrant.shown.companion ? present(row.companionKeys) : [],
    });
    return true;
  };

  let rowsDone = 0;
  for (const row of byTicket.values()) {
    // A full stadium's rows are most of a second: other requests are answered in between.
    if (++rowsDone % MANIFEST_BOOK_STEP === 0) await nextTurn();
    const printed = row.privateCode === null ? undefined : parseGateCode(row.privateCode);
    // A signed print of another ticket (never made by the platform) would be refused by the builder.
    if (printed?.kind === 'random' || (printed?.kind === 'paper' && printed.ticketCode === row.publicCode)) {
      addEntry(row, { kind: printed.kind, code: row.privateCode as string });
    }
    // Every print before the live one was replaced by a reprint (tickets.code_serial).
    for (let serial = 1; serial < row.codeSerial; serial += 1) {
      revokedPaperCodes.push({ ticketCode: row.publicCode, serial });
    }
  }
  // A live credential whose phone was registered by someone who does not enter (a loan's recipient
  // after the loan ended): the phone key is not the entrant's, refused as a replaced phone.
  const otherPhones = new Set<number>();
  for (const credential of credentials) {
    const row = byTicket.get(credential.ticketId);
    if (row && !credential.revoked) {
      const code = { kind: 'wallet' as const, credential: credential.credential };
      if (!addEntry(row, code, credential.issuedTo)) otherPhones.add(credential.id);
    }
  }

  // Of the keys of everyone these codes let in, those an active suspension names today: the holder is
  // marked, a suspended companion is no companion (as online). Only the marks reach the manifest.
  const everyKey = [...new Set(entries.flatMap((entry) => [...entry.holderKeys, ...entry.companionKeys]))];
  const suspended = new Set(
    everyKey.length === 0 ? [] : (await suspendedKeysAmong(db, everyKey)).map((row) => row.key),
  );
  const isSuspended = (keys: string[]) => keys.some((key) => suspended.has(key));

  return {
    eventId: event.id,
    seasonId: event.seasonId,
    gatesOpenAt: new Date(event.startsAt.getTime() - GATES_OPEN_MINUTES_BEFORE * 60_000),
    endsAt: new Date(event.endsAt),
    platformKeys,
    revokedPaperCodes,
    revokedCredentialIds: credentials
      .filter((credential) => credential.revoked || otherPhones.has(credential.id))
      .map(({ id }) => id),
    // The EU wallets' credentials for this fixture that are not VALID, as the status lists say
    // (docs/design.md §12): a device offline checks a presented one's status against them.
    credentialStatus: {
      lists: statusLists,
      invalid: withStatus(CREDENTIAL_STATUS.INVALID),
      suspended: withStatus(CREDENTIAL_STATUS.SUSPENDED),
    },
    entries: entries.map(({ holderKeys, companionKeys, companion, ...entry }) => ({
      ...entry,
      holderSuspended: isSuspended(holderKeys),
      companion: companion && !isSuspended(companionKeys) ? companion : null,
    })),
  };
}

const notEntering = {
  holderName: null,
  documentType: null,
  documentHint: null,
  entersThisEvent: false,
  companionRequired: false,
  companion: null,
} satisfies Partial<GateManifestEntryInput>;

/** What the reading says, as a hash: its entries a step at a time, as the book seals them. */
async function digestOf(input: Omit<GateManifestInput, 'createdAt'>, signer: Config['gateKeys']['signer']) {
  const { entries, ...header } = input;
  const hash = createHash('sha256').update(JSON.stringify([signer.keyId, header]));
  for (let from = 0; from < entries.length; from += MANIFEST_BOOK_STEP) {
    hash.update(JSON.stringify(entries.slice(from, from + MANIFEST_BOOK_STEP)));
    await nextTurn();
  }
  return hash.digest('base64url');
}

/**
 * The tag of what a manifest says (RFC 9110 §8.8.3): weak, because two builds of the same data differ
 * in their salt and `createdAt` but decide every code alike. A device sends it back in If-None-Match
 * and, when nothing changed, is answered 304 with no body.
 */
const entityTagOf = (digest: string) => `W/"${digest}"`;

/** One entity tag (RFC 9110 §8.8.3): `"…"` or `W/"…"`, its characters `etagc`. */
const ENTITY_TAG = String.raw`(?:W/)?"[\x21\x23-\x7e\x80-\xff]*"`;
/** RFC 9110 §13.1.2's field: `*` alone, or a comma-separated list of entity tags. */
const ENTITY_TAG_LIST = new RegExp(String.raw`^[ \t]*${ENTITY_TAG}(?:[ \t]*,[ \t]*${ENTITY_TAG})*[ \t]*$`);

/**
 * Whether `If-None-Match` names the current manifest (RFC 9110 §13.1.2): `*` alone does (a current
 * representation exists: the route answers 404 before this when none does); a list does when one of
 * its tags equals `tag` weakly (the W/ prefix aside). A field that is neither (a `*` inside a list,
 * an unquoted tag) is invalid and ignored: the manifest is sent.
 */
function matchesAny(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  if (!ENTITY_TAG_LIST.test(ifNoneMatch)) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((given) => opaque(given) === opaque(tag));
}

/** The copy a device holds: its manifest's salt and revision (query `salt`, `revision`). */
export type HeldManifest = { salt: string; revision: number } | undefined;

/**
 * What the route answers: nothing (a 304), a delta, or the whole manifest's prepared body
 * (manifest-body.ts), with the entity tag.
 */
export type ManifestAnswer = { entityTag: string; delta?: GateManifestDelta; body?: ManifestBody };

/** What answering asks of the process besides the book: how to tell of a body it prepares. */
type Answering = { eventId: number; onPrepared?: (prepared: BodyPrepared & { eventId: number }) => void };

/**
 * Nothing when the device's copy is revision `at` of the book or `ifNoneMatch` names `digest` (304);
 * else a delta from the device's copy when it is an earlier revision of the book and few things
 * changed since, or the whole manifest: the body prepared once for the book's revision, which every
 * device asking for it meanwhile waits for (`manifestBody`).
 */
async function answer(
  digest: string,
  at: { salt: string; revision: number },
  ifNoneMatch: string | undefined,
  held: HeldManifest,
  bookNow: () => Promise<GateManifestBook>,
  answering: Answering,
): Promise<ManifestAnswer> {
  const entityTag = entityTagOf(digest);
  const current = held?.salt === at.salt && held.revision === at.revision;
  if (current || matchesAny(ifNoneMatch, entityTag)) return { entityTag };
  const book = await bookNow();
  dropStaleBody(book);
  const delta = held && book.deltaSince(held.salt, held.revision, GATE_MANIFEST_DELTA_MAX_CHANGES);
  if (delta) return { entityTag, delta };
  const { eventId, onPrepared } = answering;
  const body = await manifestBody(book, entityTag, (prepared) => onPrepared?.({ eventId, ...prepared }));
  return { entityTag: body.entityTag, body };
}

/** The answer from the stored book whose head is `head` (this process's replica followed to it). */
const answerFrom = (
  db: Db,
  head: BookHead,
  signer: Config['gateKeys']['signer'],
  ifNoneMatch: string | undefined,
  held: HeldManifest,
  answering: Answering,
) =>
  answer(
    head.digest,
    head,
    ifNoneMatch,
    held,
    async () => {
      const replica = await serially(db, head.eventId, () => syncedReplica(db, head.eventId, signer));
      return replica.book;
    },
    answering,
  );

/**
 * The manifest of one match, a delta to it from the revision the device holds, or nothing when the
 * device's copy is current; with its entity tag. Every process answers from the one book stored in
 * the database (manifest-book.service.ts). The fixture is read again at most once per
 * `rebuildSeconds` whichever process is asked (one claims the reading); when what the manifest would
 * say changed, that process stores the next revision, sealing only what changed. `onBuilt` hears of
 * each new book or revision (the server logs it).
 */
export async function gateManifest(
  db: Db,
  device: Device,
  eventId: number,
  gateKeys: Config['gateKeys'],
  ifNoneMatch: string | undefined,
  held: HeldManifest,
  options: {
    rebuildSeconds: number;
    /** Where the issuer's status lists are (`statusListsPrefix`). */
    statusLists: string;
    onBuilt?: (built: { eventId: number; entries: number; revision: number; ms: number }) => void;
    /** Hears of each whole manifest's body this process prepares (the server logs it). */
    onPrepared?: Answering['onPrepared'];
  },
): Promise<ManifestAnswer> {
  const { signer } = gateKeys;
  const answering = { eventId, onPrepared: options.onPrepared };
  const [head] = await readBookHead(db).execute({ eventId, rebuildSeconds: options.rebuildSeconds });
  const usable = head?.organisationId === device.organisationId && head.keysDigest === keysDigestOf(gateKeys);
  if (usable && (head.fresh || !(await claimBookReading(db, eventId, options.rebuildSeconds))))
    return answerFrom(db, head, signer, ifNoneMatch, held, answering);

  // This process reads the fixture again (a device of another club is refused here).
  // The manifest's time is when the reading began: whatever it misses came after it (a device tells a
  // phone registered since from an unknown code by it: verifyGateCode's newerThanList).
  const readAt = new Date();
  const read = await manifestInput(db, device, eventId, gateKeys.trusted, options.statusLists);
  const digest = await digestOf(read, signer);
  if (usable && head.digest === digest) return answerFrom(db, head, signer, ifNoneMatch, held, answering);
  // A device whose copy is this very data needs no build (its book may have been purged since).
  if (!head && matchesAny(ifNoneMatch, entityTagOf(digest))) return { entityTag: entityTagOf(digest) };

  const started = performance.now();
  const input = { ...read, createdAt: readAt };
  const stored = await serially(db, eventId, () =>
    storeReading(db, head, input, digest, device.organisationId, gateKeys),
  );
  if (stored?.changed)
    options.onBuilt?.({
      eventId,
      entries: input.entries.length,
      revision: stored.replica.book.revision,
      ms: Math.round(performance.now() - started),
    });
  if (stored) {
    const { book } = stored.replica;
    return answer(digest, book, ifNoneMatch, held, () => Promise.resolve(book), answering);
  }
  // Another process stored first: the stored book answers.
  const [now] = await readBookHead(db).execute({ eventId, rebuildSeconds: options.rebuildSeconds });
  if (!now) throw new Error(`The manifest book of event ${eventId} was not stored.`);
  return answerFrom(db, now, signer, ifNoneMatch, held, answering);
}
