import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADULT_AGE, type Declaration, type Dependent } from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { citizens, companionDeclarations, events, guardianships, tickets } from '../../db/schema';
import { isUpcoming } from '../../rules/events';
import { athensToday } from '../../shared/athens-time';

/** Born after this day (Athens) = still a minor. */
const adulthoodCutoff = sql`(${athensToday} - make_interval(years => ${ADULT_AGE}))::date`;

const minors = alias(citizens, 'minor');

export async function isAdult(db: Pick<Db, 'select'>, citizenId: number): Promise<boolean> {
  const [row] = await db
    .select({ adult: sql<boolean>`${citizens.birthDate} <= ${adulthoodCutoff}` })
    .from(citizens)
    .where(eq(citizens.id, citizenId));
  return row?.adult === true;
}

/** The guardian's children who are minors today, youngest last. */
export async function listDependents(db: Db, guardianId: number): Promise<(Dependent & { id: number })[]> {
  return db
    .select({
      id: minors.id,
      amka: minors.amka,
      firstName: minors.firstName,
      lastName: minors.lastName,
      birthdate: minors.birthDate,
    })
    .from(guardianships)
    .innerJoin(minors, eq(minors.id, guardianships.minorId))
    .where(and(eq(guardianships.guardianId, guardianId), gt(minors.birthDate, adulthoodCutoff)))
    .orderBy(minors.birthDate);
}

export async function findDependentByAmka(db: Pick<Db, 'select'>, guardianId: number, amka: string) {
  const [minor] = await db
    .select({ id: minors.id, afm: minors.afm, amka: minors.amka })
    .from(guardianships)
    .innerJoin(minors, eq(minors.id, guardianships.minorId))
    .where(
      and(
        eq(guardianships.guardianId, guardianId),
        eq(minors.amka, amka),
        gt(minors.birthDate, adulthoodCutoff),
      ),
    )
    .limit(1);
  return minor;
}

/** The minor's own ticket with this code, and whether its event is still ahead. */
export async function findMinorsTicket(db: Pick<Db, 'select'>, publicCode: string, minorAmka: string) {
  const [ticket] = await db
    .select({ id: tickets.id, upcoming: isUpcoming(events) })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(and(eq(tickets.publicCode, publicCode), eq(tickets.holderAmka, minorAmka)))
    .limit(1);
  return ticket;
}

const declarationColumns = {
  declarationId: companionDeclarations.id,
  minorFirstName: minors.firstName,
  minorLastName: minors.lastName,
  birthDate: minors.birthDate,
  eventDescription: events.description,
  eventStartsAt: events.startsAt,
  eventUpcoming: isUpcoming(events),
  companionName: companionDeclarations.companionName,
  companionAfm: companionDeclarations.companionAfm,
  ticketCode: tickets.publicCode,
  status: companionDeclarations.status,
  updatedAt: companionDeclarations.updatedAt,
  guardianId: companionDeclarations.guardianId,
  minorId: companionDeclarations.minorId,
  ticketId: companionDeclarations.ticketId,
};

const selectDeclarations = (db: Pick<Db, 'select'>) =>
  db
    .select(declarationColumns)
    .from(companionDeclarations)
    .innerJoin(minors, eq(minors.id, companionDeclarations.minorId))
    .innerJoin(tickets, eq(tickets.id, companionDeclarations.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId));

/** One of the guardian's declarations; another guardian's is as good as absent. */
export async function findGuardiansDeclaration(
  db: Pick<Db, 'select'>,
  guardianId: number,
  declarationId: string,
) {
  const [row] = await selectDeclarations(db)
    .where(and(eq(companionDeclarations.id, declarationId), eq(companionDeclarations.guardianId, guardianId)))
    .limit(1);
  return row;
}

type DeclarationStatus = (typeof companionDeclarations.$inferSelect)['status'];

/**
 * A new declaration's id. With `unlessLive`, none when the minor's ticket already has a live one
 * (the partial unique index keeps one per minor and ticket, even under races).
 */
export async function insertDeclaration(
  tx: Pick<Db, 'insert'>,
  values: typeof companionDeclarations.$inferInsert,
  { unlessLive = false } = {},
): Promise<string | undefined> {
  const insert = tx.insert(companionDeclarations).values(values);
  const [created] = await (unlessLive ? insert.onConflictDoNothing() : insert).returning({
    id: companionDeclarations.id,
  });
  return created?.id;
}

/** Moves a declaration from one status to the next; false when it is no longer in `from`. */
export async function moveDeclaration(
  tx: Pick<Db, 'update'>,
  declarationId: string,
  from: DeclarationStatus,
  to: DeclarationStatus,
): Promise<boolean> {
  const moved = await tx
    .update(companionDeclarations)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(companionDeclarations.id, declarationId), eq(companionDeclarations.status, from)))
    .returning({ id: companionDeclarations.id });
  return moved.length > 0;
}

const guardians = alias(citizens, 'guardian');

/** Every visit to the citizen's declarations page reads them: one prepared query, by the AFM. */
const liveDeclarationsQuery = preparedQuery<{ guardianAfm: string }>()((db, p) =>
  selectDeclarations(db)
    .innerJoin(guardians, eq(guardians.id, companionDeclarations.guardianId))
    .where(
      and(eq(guardians.afm, p.guardianAfm), inArray(companionDeclarations.status, ['PENDING', 'ACCEPTED'])),
    )
    .orderBy(desc(companionDeclarations.updatedAt))
    .prepare('live_declarations_of_guardian'),
);

export async function listLiveDeclarations(db: Db, guardianAfm: string) {
  return liveDeclarationsQuery(db).execute({ guardianAfm });
}

export function toDeclaration(
  row: NonNullable<Awaited<ReturnType<typeof findGuardiansDeclaration>>>,
): Declaration {
  return {
    declarationId: row.declarationId,
    dependentName: `${row.minorFirstName} ${row.minorLastName}`,
    birthDate: row.birthDate,
    eventDescription: row.eventDescription,
    eventDateTime: row.eventStartsAt.toISOString(),
    companionName: row.companionName,
    companionAfm: row.companionAfm,
    ticketCode: row.ticketCode,
    status: row.status,
    timestamp: row.updatedAt.toISOString(),
  };
}
