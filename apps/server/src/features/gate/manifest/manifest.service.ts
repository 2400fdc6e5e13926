import { setImmediate as nextTurn } from 'node:timers/promises';
import { GATES_OPEN_MINUTES_BEFORE, type GateManifestInput, type GateManifestPatch } from '@tickets/domain';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../shared/app-error';
import type { Device } from '../devices/devices.service';
import {
  answer,
  answerFrom,
  type Answering,
  type HeldManifest,
  type ManifestAnswer,
} from './manifest-answer';
import { claimBookReading, readBookHead } from './manifest-book.queries';
import {
  digestOf,
  keysDigestOf,
  serially,
  storePatch,
  storeReading,
  type Stored,
} from './manifest-book.service';
import { readTickets } from './manifest-entries';
import { changedTickets, findMatchOfClub, snapshotPosition } from './manifest.queries';

/**
 * The offline manifest of one match (docs/design.md §8 "Offline"; formats in docs/gate-codes.md §7):
 * every live code of every ticket that admits to it, with who enters by it and whether an active
 * suspension names them today (resolved on the server, manifest-entries.ts: no identity key leaves
 * it), sealed per code by the domain's `GateManifestBook`; and the prints and phones replaced
 * since. A device holding an earlier revision gets only what changed (a delta, §7.6).
 */

/**
 * A match (not a season) of the device's club, with when it starts and ends: the window of its
 * manifest and of the device's offline uploads (admission/offline-admissions.service.ts).
 */
export async function matchForDevice(db: Db, device: Device, eventId: number) {
  const event = await findMatchOfClub(db, eventId, device.organisationId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  return event;
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
      const event = await matchForDevice(tx, device, eventId);
      if (event.cancelledAt) throw new AppError('EVENT_CANCELLED');
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
  issuedStatusNumbers: [],
  invalid: [],
  suspended: [],
} satisfies Omit<GateManifestPatch['tickets'][number], 'ticketCode'>;

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
  // A cancelled fixture's devices get no manifest: told so, the steward's screen refuses every code.
  if (head?.cancelled) throw new AppError('EVENT_CANCELLED');
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
