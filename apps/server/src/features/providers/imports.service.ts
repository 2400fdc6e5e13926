import {
  errorCatalogue,
  providerEventSchema,
  providerMessages,
  providerTicketSchema,
  type ImportReport,
  type ProviderEvent,
  type ProviderTicket,
} from '@tickets/domain';
import type { z } from 'zod';
import type { Importer } from '../../shared/guards';
import type { Db } from '../../db/client';
import { audit } from '../../shared/audit';
import {
  codePrefixesOf,
  eventIdsOf,
  seasonIdsOf,
  startedFixturesOf,
  upsertEvents,
  upsertTickets,
} from './imports.queries';

/**
 * Events and tickets arriving from a club's provider, by API or by file. Each row is checked on
 * its own: bad rows are reported with a Greek reason, good rows are upserted, idempotently (an
 * unchanged row is not written again). Each chunk is one transaction with its audit row.
 */
const CHUNK = 1000;

type Rejection = ImportReport['rejected'][number];

/** Checks each row on its own; `firstRow` is the number of the first (rows count from 1). */
function validateRows<T>(
  rows: unknown[],
  schema: z.ZodType<T>,
  keyOf: (row: unknown) => string | null,
  firstRow = 1,
) {
  const valid: { row: number; value: T }[] = [];
  const rejected: Rejection[] = [];
  rows.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) valid.push({ row: firstRow + index, value: parsed.data });
    else
      rejected.push({
        row: firstRow + index,
        key: keyOf(raw),
        reason: parsed.error.issues[0]?.message ?? providerMessages.textRequired,
      });
  });
  return { valid, rejected };
}

const keyField = (field: string) => (raw: unknown) => {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 64) : null;
};

/** Drops (and rejects) a row whose key came before, in this call or in an earlier one given the same `seen`. */
function dropDuplicates<T>(
  rows: { row: number; value: T }[],
  keyOf: (value: T) => string,
  rejected: Rejection[],
  seen = new Set<string>(),
) {
  return rows.filter(({ row, value }) => {
    const key = keyOf(value);
    if (!seen.has(key)) return seen.add(key);
    rejected.push({ row, key, reason: providerMessages.duplicateInBatch });
    return false;
  });
}

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export type { Importer };

/**
 * Seasons first, then the fixtures that name them: a fixture's season must be a season of the same
 * club, sent before or in the same batch.
 */
export async function importEvents(db: Db, importer: Importer, rows: unknown[]): Promise<ImportReport> {
  const { valid, rejected } = validateRows<ProviderEvent>(rows, providerEventSchema, keyField('externalId'));
  const unique = await dropScheduleChanges(
    db,
    importer.organisationId,
    dropDuplicates(valid, (event) => event.externalId, rejected),
    rejected,
  );
  const seasons = unique.filter(({ value }) => value.seasonal);
  const known = new Set([
    ...seasons.map(({ value }) => value.externalId),
    ...(await seasonIdsOf(db, importer.organisationId)).keys(),
  ]);
  const fixtures = unique.filter(({ row, value }) => {
    if (value.seasonal) return false;
    if (!value.seasonExternalId || known.has(value.seasonExternalId)) return true;
    rejected.push({ row, key: value.externalId, reason: providerMessages.unknownSeason });
    return false;
  });
  const counts: Counts = { inserted: 0, updated: 0 };
  const importChunk = (chunk: { value: ProviderEvent }[], seasonIds: Map<string, number>) =>
    writeChunk(db, importer, 'PROVIDER_EVENTS_IMPORT', chunk.length, counts, (tx) =>
      upsertEvents(
        tx,
        importer.organisationId,
        chunk.map(({ value }) => value),
        seasonIds,
      ),
    );
  for (const chunk of chunks(seasons)) await importChunk(chunk, new Map());
  const seasonIds = await seasonIdsOf(db, importer.organisationId);
  for (const chunk of chunks(fixtures)) await importChunk(chunk, seasonIds);
  return report(rows.length, counts.inserted, counts.updated, seasons.length + fixtures.length, rejected);
}

/** The same moment, or both none. */
const sameTime = (stored: Date | null, pushed: string | null | undefined) =>
  (stored?.getTime() ?? null) === (pushed ? Date.parse(pushed) : null);

/**
 * Drops (and rejects) a row that would change the kick-off or the duration (its end, or what it is)
 * of a fixture whose gates have opened or that has admissions: its devices' manifests, the match-day
 * view and its report hang on that time (issue #55). Its other fields may still change, in another push.
 */
async function dropScheduleChanges(
  db: Db,
  organisationId: string,
  rows: { row: number; value: ProviderEvent }[],
  rejected: Rejection[],
) {
  if (rows.length === 0) return rows;
  const started = new Map(
    (
      await startedFixturesOf(
        db,
        organisationId,
        rows.map(({ value }) => value.externalId),
      )
    ).map((fixture) => [fixture.externalId, fixture]),
  );
  return rows.filter(({ row, value }) => {
    const stored = started.get(value.externalId);
    // Cancelled by the club's ticket office: nothing of it changes any more.
    if (stored?.cancelledAt) {
      rejected.push({ row, key: value.externalId, reason: errorCatalogue.EVENT_CANCELLED.description });
      return false;
    }
    const kept =
      !stored ||
      (sameTime(stored.startsAt, value.startsAt) &&
        sameTime(stored.endsAt, value.endsAt) &&
        stored.seasonal === value.seasonal);
    if (!kept)
      rejected.push({ row, key: value.externalId, reason: errorCatalogue.EVENT_SCHEDULE_LOCKED.description });
    return kept;
  });
}

type Counts = { inserted: number; updated: number };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One chunk in one transaction with its audit row; what it inserted and updated adds to `counts`. */
async function writeChunk(
  db: Db,
  importer: Importer,
  action: 'PROVIDER_EVENTS_IMPORT' | 'PROVIDER_TICKETS_IMPORT',
  rows: number,
  counts: Counts,
  upsert: (tx: Tx) => Promise<{ inserted: boolean }[]>,
) {
  await db.transaction(async (tx) => {
    const written = await upsert(tx);
    counts.inserted += written.filter((row) => row.inserted).length;
    counts.updated += written.filter((row) => !row.inserted).length;
    await audit(tx, {
      actor: importer.actor,
      action,
      subject: importer.organisationId,
      requestId: importer.requestId,
      details: { rows, written: written.length },
    });
  });
}

/** The report, and the codes of the tickets accepted (inserted, updated or unchanged), for their claims. */
export type TicketImport = ImportReport & { acceptedCodes: string[] };

export async function importTickets(db: Db, importer: Importer, rows: unknown[]): Promise<TicketImport> {
  const ticketImport = await startTicketImport(db, importer);
  await ticketImport.add(rows);
  return ticketImport.finish();
}

/**
 * A ticket import fed its rows a part at a time, in order (the admin command streams a file of a whole
 * season): rows are numbered across the parts, a code repeated in a later part is a duplicate, and each
 * full chunk of good rows is written as it fills: what it keeps is the codes (and the rejections), not
 * the rows.
 */
export async function startTicketImport(db: Db, importer: Importer) {
  const eventIds = await eventIdsOf(db, importer.organisationId);
  const ranges = await codePrefixesOf(db, importer.organisationId);
  const inRange = (code: string) => ranges.some(({ prefix }) => code.startsWith(prefix));
  const counts: Counts = { inserted: 0, updated: 0 };
  const acceptedCodes: string[] = [];
  const rejected: Rejection[] = [];
  const seen = new Set<string>();
  let received = 0;
  let pending: { row: number; value: ProviderTicket }[] = [];

  const writePending = async () => {
    const chunk = pending;
    pending = [];
    // Whether a code is outside the club's range says nothing of other clubs' codes: no code of
    // theirs is in it (the admin command keeps ranges apart).
    const writable = chunk.filter(({ row, value }) => {
      const reason = !inRange(value.publicCode)
        ? providerMessages.outsideCodeRange
        : eventIds.has(value.eventExternalId)
          ? undefined
          : providerMessages.unknownEvent;
      if (reason) rejected.push({ row, key: value.publicCode, reason });
      return !reason;
    });
    if (writable.length === 0) return;
    for (const { value } of writable) acceptedCodes.push(value.publicCode);
    await writeChunk(db, importer, 'PROVIDER_TICKETS_IMPORT', writable.length, counts, (tx) =>
      upsertTickets(
        tx,
        importer.organisationId,
        writable.map(({ value }) => value),
        eventIds,
      ),
    );
  };

  return {
    async add(rows: unknown[]): Promise<void> {
      const checked = validateRows<ProviderTicket>(
        rows,
        providerTicketSchema,
        keyField('publicCode'),
        received + 1,
      );
      received += rows.length;
      for (const rejection of checked.rejected) rejected.push(rejection);
      for (const row of dropDuplicates(checked.valid, (ticket) => ticket.publicCode, rejected, seen)) {
        pending.push(row);
        if (pending.length === CHUNK) await writePending();
      }
    },
    async finish(): Promise<TicketImport> {
      await writePending();
      return {
        ...report(received, counts.inserted, counts.updated, acceptedCodes.length, rejected),
        acceptedCodes,
      };
    },
  };
}

function report(
  received: number,
  inserted: number,
  updated: number,
  accepted: number,
  rejected: Rejection[],
): ImportReport {
  return {
    received,
    inserted,
    updated,
    unchanged: accepted - inserted - updated,
    rejected: rejected.sort((a, b) => a.row - b.row),
  };
}
