import { and, eq, sql } from 'drizzle-orm';
import {
  providerEventSchema,
  providerMessages,
  providerTicketSchema,
  type ImportReport,
  type ProviderEvent,
  type ProviderTicket,
} from '@tickets/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { events, ticketCodeRanges, tickets } from '../../db/schema';
import { audit } from '../../shared/audit';

/**
 * Events and tickets arriving from a club's provider, by API or by file. Each row is checked on
 * its own: bad rows are reported with a Greek reason, good rows are upserted, idempotently (an
 * unchanged row is not written again). Each chunk is one transaction with its audit row.
 */
const CHUNK = 1000;

type Rejection = ImportReport['rejected'][number];

function validateRows<T>(rows: unknown[], schema: z.ZodType<T>, keyOf: (row: unknown) => string | null) {
  const valid: { row: number; value: T }[] = [];
  const rejected: Rejection[] = [];
  rows.forEach((raw, index) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) valid.push({ row: index + 1, value: parsed.data });
    else
      rejected.push({
        row: index + 1,
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

function dropDuplicates<T>(
  rows: { row: number; value: T }[],
  keyOf: (value: T) => string,
  rejected: Rejection[],
) {
  const seen = new Set<string>();
  return rows.filter(({ row, value }) => {
    const key = keyOf(value);
    if (!seen.has(key)) return seen.add(key);
    rejected.push({ row, key, reason: providerMessages.duplicateInBatch });
    return false;
  });
}

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export interface Importer {
  organisationId: string;
  actor: string;
  requestId?: string;
}

/**
 * Seasons first, then the fixtures that name them: a fixture's season must be a season of the same
 * club, sent before or in the same batch.
 */
export async function importEvents(db: Db, importer: Importer, rows: unknown[]): Promise<ImportReport> {
  const { valid, rejected } = validateRows<ProviderEvent>(rows, providerEventSchema, keyField('externalId'));
  const unique = dropDuplicates(valid, (event) => event.externalId, rejected);
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
  const counts = { inserted: 0, updated: 0 };
  for (const chunk of chunks(seasons)) await upsertEvents(db, importer, chunk, new Map(), counts);
  const seasonIds = await seasonIdsOf(db, importer.organisationId);
  for (const chunk of chunks(fixtures)) await upsertEvents(db, importer, chunk, seasonIds, counts);
  return report(rows.length, counts.inserted, counts.updated, seasons.length + fixtures.length, rejected);
}

/** The organisation's seasons by their provider id. */
async function seasonIdsOf(db: Db, organisationId: string) {
  const rows = await db
    .select({ id: events.id, externalId: events.externalId })
    .from(events)
    .where(and(eq(events.organisationId, organisationId), eq(events.seasonal, true)));
  return new Map(rows.map((row) => [row.externalId, row.id]));
}

async function upsertEvents(
  db: Db,
  importer: Importer,
  chunk: { value: ProviderEvent }[],
  seasonIds: Map<string, number>,
  counts: { inserted: number; updated: number },
) {
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(events)
      .values(
        chunk.map(({ value }) => ({
          organisationId: importer.organisationId,
          externalId: value.externalId,
          description: value.description,
          startsAt: new Date(value.startsAt),
          endsAt: value.endsAt ? new Date(value.endsAt) : null,
          venue: value.venue,
          seasonal: value.seasonal,
          seasonId: value.seasonExternalId ? (seasonIds.get(value.seasonExternalId) ?? null) : null,
          displayMode: value.displayMode,
        })),
      )
      .onConflictDoUpdate({
        target: [events.organisationId, events.externalId],
        set: {
          description: sql`excluded.description`,
          startsAt: sql`excluded.starts_at`,
          endsAt: sql`excluded.ends_at`,
          venue: sql`excluded.venue`,
          seasonal: sql`excluded.seasonal`,
          seasonId: sql`excluded.season_id`,
          displayMode: sql`excluded.display_mode`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${events.description}, ${events.startsAt}, ${events.endsAt}, ${events.venue},
            ${events.seasonal}, ${events.seasonId}, ${events.displayMode})
          is distinct from (excluded.description, excluded.starts_at, excluded.ends_at, excluded.venue,
            excluded.seasonal, excluded.season_id, excluded.display_mode)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    counts.inserted += written.filter((row) => row.inserted).length;
    counts.updated += written.filter((row) => !row.inserted).length;
    await audit(tx, {
      actor: importer.actor,
      action: 'PROVIDER_EVENTS_IMPORT',
      subject: importer.organisationId,
      requestId: importer.requestId,
      details: { rows: chunk.length, written: written.length },
    });
  });
}

export async function importTickets(db: Db, importer: Importer, rows: unknown[]): Promise<ImportReport> {
  const { valid, rejected } = validateRows<ProviderTicket>(
    rows,
    providerTicketSchema,
    keyField('publicCode'),
  );
  const unique = dropDuplicates(valid, (ticket) => ticket.publicCode, rejected);
  const eventRows = await db
    .select({ id: events.id, externalId: events.externalId })
    .from(events)
    .where(eq(events.organisationId, importer.organisationId));
  const eventIds = new Map(eventRows.map((event) => [event.externalId, event.id]));
  let inserted = 0;
  let updated = 0;
  let accepted = 0;

  const ranges = await db
    .select({ prefix: ticketCodeRanges.prefix })
    .from(ticketCodeRanges)
    .where(eq(ticketCodeRanges.organisationId, importer.organisationId));
  const inRange = (code: string) => ranges.some(({ prefix }) => code.startsWith(prefix));

  for (const chunk of chunks(unique)) {
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
    if (writable.length === 0) continue;
    accepted += writable.length;
    await db.transaction(async (tx) => {
      // One statement of seven array parameters (unnest) rather than 7,000 scalar ones: the
      // database parses it once, whatever the chunk's size.
      const column = <T>(pick: (value: ProviderTicket) => T) =>
        sql.param(writable.map(({ value }) => pick(value)));
      // The range and the club are checked again by the statement that writes: a code is written
      // only inside the club's range, and only a ticket of the club's own events is updated.
      const result = await tx.execute(sql`
        insert into ${tickets} (public_code, event_id, sector, gate, "row", seat, seasonal)
        select given.* from unnest(
          ${column((value) => value.publicCode)}::text[],
          ${column((value) => eventIds.get(value.eventExternalId) ?? -1)}::bigint[],
          ${column((value) => value.sector ?? null)}::text[],
          ${column((value) => value.gate ?? null)}::text[],
          ${column((value) => value.row ?? null)}::text[],
          ${column((value) => value.seat ?? null)}::text[],
          ${column((value) => value.seasonal)}::boolean[])
          as given(public_code, event_id, sector, gate, "row", seat, seasonal)
        where exists (select 1 from ${ticketCodeRanges} as range
          where range.organisation_id = ${importer.organisationId} and starts_with(given.public_code, range.prefix))
        on conflict (public_code) do update set
          event_id = excluded.event_id, sector = excluded.sector, gate = excluded.gate,
          "row" = excluded."row", seat = excluded.seat, seasonal = excluded.seasonal, modified_at = now()
        where tickets.event_id in (select id from ${events} where organisation_id = ${importer.organisationId})
          and (tickets.event_id, tickets.sector, tickets.gate, tickets."row", tickets.seat, tickets.seasonal)
          is distinct from (excluded.event_id, excluded.sector, excluded.gate, excluded."row", excluded.seat, excluded.seasonal)
        returning (xmax = 0) as inserted`);
      // node-postgres and PGlite both answer { rows }.
      const written = (result as unknown as { rows: { inserted: boolean }[] }).rows;
      inserted += written.filter((row) => row.inserted).length;
      updated += written.filter((row) => !row.inserted).length;
      await audit(tx, {
        actor: importer.actor,
        action: 'PROVIDER_TICKETS_IMPORT',
        subject: importer.organisationId,
        requestId: importer.requestId,
        details: { rows: writable.length, written: written.length },
      });
    });
  }
  return report(rows.length, inserted, updated, accepted, rejected);
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
