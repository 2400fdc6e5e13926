import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { events, tickets, transfers } from '../../db/schema';

type TransferStatus = (typeof transfers.$inferSelect)['status'];

const seasons = alias(events, 'season');
const fixtures = alias(events, 'fixture');

const selectTransfers = (db: Pick<Db, 'select'>) =>
  db
    .select({ transfer: transfers, ticketCode: tickets.publicCode, fixture: fixtures })
    .from(transfers)
    .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
    .innerJoin(fixtures, eq(fixtures.id, transfers.fixtureId));

export type TransferRow = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];

export async function findTransfer(db: Db, id: string) {
  const [row] = await selectTransfers(db).where(eq(transfers.id, id));
  return row;
}

/** Transfers from or to the person, latest change first. */
export const listTransfersOf = (db: Db, afm: string) =>
  selectTransfers(db)
    .where(or(eq(transfers.fromAfm, afm), eq(transfers.toAfm, afm)))
    .orderBy(desc(transfers.updatedAt));

/** The ticket's holder, read under the ticket's row lock (until the transaction ends). */
export async function lockTicket(tx: Pick<Db, 'select'>, ticketId: number) {
  const [ticket] = await tx
    .select({ id: tickets.id, holderAfm: tickets.holderAfm })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  return ticket;
}

/** The person's season ticket with this code, with its season. */
export async function findHeldSeasonTicket(db: Db, publicCode: string, holderAfm: string) {
  const [held] = await db
    .select({ ticket: tickets, season: seasons })
    .from(tickets)
    .innerJoin(seasons, eq(seasons.id, tickets.eventId))
    .where(
      and(eq(tickets.publicCode, publicCode), eq(tickets.holderAfm, holderAfm), eq(seasons.seasonal, true)),
    );
  return held;
}

/** An event, and whether it has started. */
export async function findFixture(db: Db, eventId: number) {
  const [fixture] = await db
    .select({ fixture: events, started: sql<boolean>`${events.startsAt} <= now()` })
    .from(events)
    .where(eq(events.id, eventId));
  return fixture;
}

/** How many of the ticket's transfers are in these statuses. */
export async function countTransfers(
  tx: Pick<Db, 'select'>,
  ticketId: number,
  statuses: readonly TransferStatus[],
): Promise<number> {
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(transfers)
    .where(and(eq(transfers.ticketId, ticketId), inArray(transfers.status, statuses)));
  return used?.n ?? 0;
}

/** A pending transfer; none when the database already keeps a live one of the ticket and fixture. */
export async function insertPendingTransfer(
  tx: Pick<Db, 'insert'>,
  transfer: { ticketId: number; fixtureId: number; fromAfm: string; toAfm: string; toName: string },
) {
  const [created] = await tx
    .insert(transfers)
    .values({ ...transfer, status: 'PENDING' })
    .onConflictDoNothing()
    .returning({ id: transfers.id });
  return created;
}

/**
 * The transfer with this id on the person's side of it (`from`: the holder, `to`: the recipient), with
 * its fixture, its ticket's season and whether the fixture has started.
 */
export async function findTransferOfParty(db: Db, id: string, side: 'from' | 'to', afm: string) {
  const [row] = await db
    .select({
      transfer: transfers,
      fixture: fixtures,
      season: seasons,
      started: sql<boolean>`${fixtures.startsAt} <= now()`,
    })
    .from(transfers)
    .innerJoin(tickets, eq(tickets.id, transfers.ticketId))
    .innerJoin(seasons, eq(seasons.id, tickets.eventId))
    .innerJoin(fixtures, eq(fixtures.id, transfers.fixtureId))
    .where(
      and(eq(transfers.id, id), side === 'from' ? eq(transfers.fromAfm, afm) : eq(transfers.toAfm, afm)),
    );
  return row;
}

/** Sets a transfer's status while it is still pending; the rows changed (none: answered already). */
export const answerPendingTransfer = (
  tx: Pick<Db, 'update'>,
  id: string,
  answer: { status: TransferStatus; revertAt: Date | null },
) =>
  tx
    .update(transfers)
    .set({ ...answer, updatedAt: new Date() })
    .where(and(eq(transfers.id, id), eq(transfers.status, 'PENDING')))
    .returning({ ticketId: transfers.ticketId });

/** Closes the accepted loans due to revert by now (REVERTED). */
export const revertAcceptedLoansDue = (tx: Pick<Db, 'update'>, now: Date) =>
  tx
    .update(transfers)
    .set({ status: 'REVERTED', updatedAt: new Date() })
    .where(and(eq(transfers.status, 'ACCEPTED'), lte(transfers.revertAt, now)))
    .returning({ id: transfers.id, ticketId: transfers.ticketId, eventId: transfers.fixtureId });
