import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  whoEnters,
  GATE_MANIFEST_DELTA_MAX_CHANGES,
  gateMessages,
  type GateManifestBook,
  GATES_OPEN_MINUTES_BEFORE,
  parseGateCode,
  type GateManifestDelta,
  type GateManifestEntryInput,
  type GateManifestInput,
  type GateManifestPatch,
} from '@tickets/domain';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../shared/app-error';
import { CREDENTIAL_STATUS, credentialStatusesFor } from '../../../eu-wallet';
import type { Device } from '../devices/devices.service';
import { claimBookReading, readBookHead, type BookHead } from './manifest-book.queries';
import { dropStaleBody, manifestBody, type BodyPrepared, type ManifestBody } from './manifest-body';
import {
  digestOf,
  keysDigestOf,
  serially,
  storePatch,
  storeReading,
  syncedReplica,
  type Stored,
} from './manifest-book.service';
import {
  changedTickets,
  findMatchOfClub,
  snapshotPosition,
  suspendedKeysAmong,
  ticketsAdmitting,
  walletCredentialsAdmitting,
  type TicketRow,
  type TicketsRead,
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

/** What a reading says of one ticket (GateManifestPatch's), its entries' suspensions not yet resolved. */
type TicketPart = Omit<GateManifestPatch['tickets'][number], 'entries'> & { entries: EntryWithKeys[] };

/**
 * What the manifest says of some tickets of the fixture (`which`: those changed, or a page of all),
 * read from the database in the caller's snapshot: every live code of each with who enters by it,
 * the prints and phones replaced, the EU wallets' credentials not VALID, and whether an active
 * suspension names who enters (resolved here, with the online rule: no identity key leaves the server).
 */
async function readTickets(
  db: Db,
  event: { id: number },
  admitting: number[],
  which: TicketsRead,
): Promise<{ tickets: GateManifestPatch['tickets']; rowsRead: number; lastId: number | undefined }> {
  const rows = await ticketsAdmitting(db, event.id, admitting, which);
  // One row per ticket: a ticket has at most one entry-giving loan per fixture and one accepted
  // companion, but a left join must not make two entries of one code if data ever says otherwise.
  const byTicket = new Map<number, TicketRow>();
  for (const row of rows) if (!byTicket.has(row.id)) byTicket.set(row.id, row);
  const ids = [...byTicket.keys()];
  const [credentials, statuses] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          walletCredentialsAdmitting(db, admitting, ids),
          credentialStatusesFor(db, admitting, ids),
        ]);

  const parts = new Map<number, TicketPart>();
  for (const row of byTicket.values()) {
    parts.set(row.id, {
      ticketCode: row.publicCode,
      entries: [],
      // Every print before the live one was replaced by a reprint (tickets.code_serial).
      revokedSerials: Array.from({ length: Math.max(row.codeSerial - 1, 0) }, (_, at) => at + 1),
      credentialIds: [],
      revokedCredentialIds: [],
      issuedCredentialIds: [],
      invalid: [],
      suspended: [],
    });
  }
  /**
   * The entry of one code of `row`'s ticket. `bearer` is the ΑΦΜ a wallet's phone was registered by (none
   * for the print, which is the holder's). As online (admission/admissions.service.ts): on a fixture the
   * holder lent, the holder's codes are NOT_FOR_THIS_EVENT and only the recipient's admit; a wallet's
   * code admits only the one who enters, or a young holder's guardian: another's phone has no entry and
   * is listed as revoked (REVOKED, as online). Answers whether the code has an entry.
   */
  const addEntry = (row: TicketRow, code: GateManifestEntryInput['code'], bearer?: string) => {
    const entries = parts.get(row.id)?.entries ?? [];
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

  for (const row of byTicket.values()) {
    const printed = row.privateCode === null ? undefined : parseGateCode(row.privateCode);
    // A signed print of another ticket (never made by the platform) would be refused by the builder.
    if (printed?.kind === 'random' || (printed?.kind === 'paper' && printed.ticketCode === row.publicCode)) {
      addEntry(row, { kind: printed.kind, code: row.privateCode as string });
    }
  }
  // A live credential whose phone was registered by someone who does not enter (a loan's recipient
  // after the loan ended): the phone key is not the entrant's, refused as a replaced phone.
  for (const credential of credentials) {
    const row = byTicket.get(credential.ticketId);
    const part = parts.get(credential.ticketId);
    if (!row || !part) continue;
    part.credentialIds.push(credential.id);
    const code = { kind: 'wallet' as const, credential: credential.credential };
    if (credential.revoked || !addEntry(row, code, credential.issuedTo))
      part.revokedCredentialIds.push(credential.id);
  }
  // The EU wallets' credentials for this fixture that are not VALID, as the status lists say
  // (docs/design.md §12): a device offline checks a presented one's status against them.
  for (const { id, ticketId, status } of statuses) {
    const part = parts.get(ticketId);
    if (!part) continue;
    part.issuedCredentialIds.push(id);
    if (status === CREDENTIAL_STATUS.INVALID) part.invalid.push(id);
    if (status === CREDENTIAL_STATUS.SUSPENDED) part.suspended.push(id);
  }

  // Of the keys of everyone these codes let in, those an active suspension names today: the holder is
  // marked, a suspended companion is no companion (as online). Only the marks reach the manifest.
  const everyKey = new Set<string>();
  for (const part of parts.values())
    for (const entry of part.entries)
      for (const key of [...entry.holderKeys, ...entry.companionKeys]) everyKey.add(key);
  const suspended = new Set(
    everyKey.size === 0 ? [] : (await suspendedKeysAmong(db, [...everyKey])).map((row) => row.key),
  );
  const isSuspended = (keys: string[]) => keys.some((key) => suspended.has(key));
  return {
    tickets: [...parts.values()].map((part) => ({
      ...part,
      entries: part.entries.map(({ holderKeys, companionKeys, companion, ...entry }) => ({
        ...entry,
        holderSuspended: isSuspended(holderKeys),
        companion: companion && !isSuspended(companionKeys) ? companion : null,
      })),
    })),
    rowsRead: rows.length,
    lastId: ids.at(-1),
  };
}

/**
 * Tickets read a statement at a time, with a turn of the event loop between two: the rows of one
 * statement are turned into entries in one turn (a few milliseconds for this many).
 */
const TICKETS_PER_READ = 500;

/**
 * A reading of the fixture, in one repeatable-read snapshot: from the changes position `since` when
 * given (only the tickets the changes since name, docs/design.md §8 "A reading follows changes"),
 * else every ticket, a page (`TICKETS_PER_READ` tickets) at a time with a turn of the event loop
 * between pages. Answers the snapshot's position (the next reading's `since`), the event, what the
 * tickets read say, and how many ticket rows and changes were read.
 */
async function readFixture(db: Db, device: Device, eventId: number, since: string | undefined) {
  return db.transaction(
    async (tx) => {
      const upto = await snapshotPosition(tx);
      const event = await findMatchOfClub(tx, eventId, device.organisationId);
      if (!event) throw new AppError('EVENT_NOT_FOUND');
      const admitting = event.seasonId === null ? [event.id] : [event.id, event.seasonId];
      const tickets: GateManifestPatch['tickets'] = [];
      let rowsRead = 0;
      let changes = 0;
      if (since !== undefined) {
        const changed = await changedTickets(tx, admitting, since);
        changes = changed.changes;
        // A ticket that admits to another event now lets nobody in here: its entries go, if any.
        for (const ticketCode of changed.gone) tickets.push({ ...noLongerAdmitting, ticketCode });
        for (let from = 0; from < changed.ids.length; from += TICKETS_PER_READ) {
          const read = await readTickets(tx, event, admitting, {
            ids: changed.ids.slice(from, from + TICKETS_PER_READ),
          });
          tickets.push(...read.tickets);
          rowsRead += read.rowsRead;
          await nextTurn();
        }
      } else {
        for (let after: number | undefined = 0; after !== undefined;) {
          const read = await readTickets(tx, event, admitting, { after, limit: TICKETS_PER_READ });
          tickets.push(...read.tickets);
          rowsRead += read.rowsRead;
          after = read.rowsRead < TICKETS_PER_READ ? undefined : read.lastId;
          // A full stadium's rows are most of a second: other requests are answered in between.
          await nextTurn();
        }
      }
      return { upto, event, tickets, rowsRead, changes, whole: since === undefined };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Reading = Awaited<ReturnType<typeof readFixture>>;

/** The header's times: the gates open before kick-off, and the match's end. */
const timesOf = (event: Reading['event']) => ({
  gatesOpenAt: new Date(event.startsAt.getTime() - GATES_OPEN_MINUTES_BEFORE * 60_000),
  endsAt: new Date(event.endsAt),
});

/** A whole reading as the book's input: every ticket's entries and revocations together. */
function wholeInput(
  read: Reading,
  platformKeys: GateManifestInput['platformKeys'],
  statusLists: string,
  createdAt: Date,
): GateManifestInput {
  const { tickets } = read;
  return {
    eventId: read.event.id,
    seasonId: read.event.seasonId,
    ...timesOf(read.event),
    createdAt,
    platformKeys,
    revokedPaperCodes: tickets.flatMap((t) =>
      t.revokedSerials.map((serial) => ({ ticketCode: t.ticketCode, serial })),
    ),
    revokedCredentialIds: tickets.flatMap((t) => t.revokedCredentialIds),
    credentialStatus: {
      lists: statusLists,
      invalid: tickets.flatMap((t) => t.invalid),
      suspended: tickets.flatMap((t) => t.suspended),
    },
    entries: tickets.flatMap((t) => t.entries),
  };
}

/** What a reading says of a ticket that no longer admits to the fixture: nothing. */
const noLongerAdmitting = {
  entries: [],
  revokedSerials: [],
  credentialIds: [],
  revokedCredentialIds: [],
  issuedCredentialIds: [],
  invalid: [],
  suspended: [],
} satisfies Omit<GateManifestPatch['tickets'][number], 'ticketCode'>;

const notEntering = {
  holderName: null,
  documentType: null,
  documentHint: null,
  entersThisEvent: false,
  companionRequired: false,
  companion: null,
} satisfies Partial<GateManifestEntryInput>;

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
 * This process's whole reading of a fixture that has no book to answer from, while it runs: every
 * poll (and `prepareGateManifest`) that finds none meanwhile waits for the same reading, so a process
 * reads and seals a fixture's first book once, not once per device switched on.
 */
const firstReadings = new WeakMap<Db, Map<string, Promise<Stored | undefined>>>();
function firstReading(db: Db, device: Device, eventId: number, read: () => Promise<Stored | undefined>) {
  let running = firstReadings.get(db);
  if (!running) firstReadings.set(db, (running = new Map()));
  // By club too: another club's device is refused the fixture, which must not refuse this club's.
  const key = `${device.organisationId}:${eventId}`;
  const held = running.get(key);
  if (held) return held;
  const reading = read().finally(() => running.delete(key));
  running.set(key, reading);
  return reading;
}

/** What a reading stored, for the log and its metric (and a test's count of the work a change costs). */
export interface ManifestBuilt {
  eventId: number;
  revision: number;
  /** Whether every ticket was read (a new book, the day's first reading), or only those changed. */
  whole: boolean;
  /** The fixture's ticket rows read, the entries they gave, and the book's rows written. */
  ticketRows: number;
  entries: number;
  rowsWritten: number;
  ms: number;
}

/**
 * The manifest of one match, a delta to it from the revision the device holds, or nothing when the
 * device's copy is current; with its entity tag. Every process answers from the one book stored in
 * the database (manifest-book.service.ts). The fixture is read again at most once per
 * `rebuildSeconds` whichever process is asked (one claims the reading), and then only the tickets
 * that changed since the book's last reading (gate_manifest_changes); when what the manifest says of
 * them changed, that process stores the next revision, sealing only what changed. Every ticket is
 * read (in pages and steps) for a new book, in the poll that asked when there is no book to answer
 * from, and on the day's first reading, after answering the poll from the stored book. `onBuilt`
 * hears of each new book or revision (the server logs it).
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
    onBuilt?: (built: ManifestBuilt) => void;
    /** Hears of each whole manifest's body this process prepares (the server logs it). */
    onPrepared?: Answering['onPrepared'];
    /** Hears of a whole reading run after its poll was answered that failed (the server logs it). */
    onFailed: (error: unknown) => void;
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
  const started = performance.now();
  const report = (read: Reading, stored: Stored | undefined) => {
    if (stored?.changed)
      options.onBuilt?.({
        eventId,
        revision: stored.replica.book.revision,
        whole: read.whole,
        ticketRows: read.rowsRead,
        entries: read.tickets.reduce((sum, ticket) => sum + ticket.entries.length, 0),
        rowsWritten: stored.rowsWritten,
        ms: Math.round(performance.now() - started),
      });
    return stored;
  };
  /** Every ticket read, in pages and steps (a new book, the day's first reading). */
  const readWhole = async () => {
    const read = await readFixture(db, device, eventId, undefined);
    const input = wholeInput(read, gateKeys.trusted, options.statusLists, readAt);
    const { upto } = read;
    return report(
      read,
      await serially(db, eventId, () => storeReading(db, head, input, upto, device.organisationId, gateKeys)),
    );
  };

  let stored: Stored | 'whole' | undefined = 'whole';
  if (usable && !head.wholeDue && head.changesFrom !== null) {
    const read = await readFixture(db, device, eventId, head.changesFrom);
    const { event, tickets, upto, changes } = read;
    const patch = { createdAt: readAt, ...timesOf(event), tickets };
    // No change read: the book's position stands (a later snapshot's would say the same).
    const position = changes === 0 ? undefined : upto;
    stored = await serially(db, eventId, () =>
      storePatch(db, head, patch, event.seasonId, position, gateKeys),
    );
    if (stored !== 'whole') report(read, stored);
  }
  if (stored === 'whole' && usable) {
    // A stored book to answer from: the whole reading is this process's work, not this poll's (the
    // next poll after it gets what it stored). One that fails is read again at the next interval.
    void readWhole().catch(options.onFailed);
    return answerFrom(db, head, signer, ifNoneMatch, held, answering);
  }
  if (stored === 'whole') stored = await firstReading(db, device, eventId, readWhole);
  if (stored) {
    const { book } = stored.replica;
    return answer(
      digestOf(book.salt, book.revision),
      book,
      ifNoneMatch,
      held,
      () => Promise.resolve(book),
      answering,
    );
  }
  // Another process stored first: the stored book answers.
  const [now] = await readBookHead(db).execute({ eventId, rebuildSeconds: options.rebuildSeconds });
  if (!now) throw new Error(`The manifest book of event ${eventId} was not stored.`);
  return answerFrom(db, now, signer, ifNoneMatch, held, answering);
}

/**
 * Readies a fixture's manifest in this process before a device asks for it (docs/design.md §8
 * "Ready before the gates open"): its first book read and stored when there is none, else this
 * process's replica followed to the stored one, and the whole manifest's body prepared, as for a
 * device that holds nothing. The device's own request then answers from what is ready.
 */
export async function prepareGateManifest(
  db: Db,
  device: Device,
  eventId: number,
  gateKeys: Config['gateKeys'],
  options: Parameters<typeof gateManifest>[6],
): Promise<void> {
  await gateManifest(db, device, eventId, gateKeys, undefined, undefined, options);
}
