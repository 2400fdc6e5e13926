import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AffectedPerson, SuspensionRecord, SuspensionRequest, SuspensionSearch } from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { citizens, events, suspensions, tickets } from '../../db/schema';
import { writeAudit } from '../../shared/audit';
import type { SessionUser } from '../../shared/sessions';
import { officerScope } from '../../shared/tickets';

type SuspensionRow = typeof suspensions.$inferSelect;

export const toRecord = (row: SuspensionRow): SuspensionRecord => ({
  id: row.id,
  afm: row.afm,
  amka: row.amka,
  documentId: row.documentId,
  firstName: row.firstName,
  fathersName: row.fathersName,
  lastName: row.lastName,
  dateOfBirth: row.dateOfBirth,
  createdOn: row.createdAt.toISOString(),
  endDate: row.endDate,
  createdBy: row.createdBy,
  active: row.active,
});

/** Identity details (names, father's name, birth date) point to registry people, hence to their identifiers. */
async function identifiersOf(db: Db, person: SuspensionRequest | SuspensionSearch) {
  const afms = person.afm ? [person.afm] : [];
  const amkas = person.amka ? [person.amka] : [];
  if (person.firstName && person.lastName && person.fathersName && person.dateOfBirth) {
    const matches = await db
      .select({ afm: citizens.afm, amka: citizens.amka })
      .from(citizens)
      .where(
        and(
          sql`upper(${citizens.firstName}) = upper(${person.firstName})`,
          sql`upper(${citizens.lastName}) = upper(${person.lastName})`,
          sql`upper(${citizens.fatherName}) = upper(${person.fathersName})`,
          eq(citizens.birthDate, person.dateOfBirth),
        ),
      );
    for (const match of matches) {
      if (match.afm) afms.push(match.afm);
      amkas.push(match.amka);
    }
  }
  return { afms, amkas, documentId: person.documentId };
}

/**
 * The pre-check (spec §4): holders of tickets to upcoming events, in the officer's scope, whom
 * the suspension would reach, with how many tickets each holds.
 */
export async function findAffectedPeople(
  db: Db,
  user: SessionUser,
  request: SuspensionRequest,
): Promise<AffectedPerson[]> {
  const { afms, amkas, documentId } = await identifiersOf(db, request);
  const matches: SQL[] = [
    ...afms.map((afm) => eq(tickets.holderAfm, afm)),
    ...amkas.map((amka) => eq(tickets.holderAmka, amka)),
    ...(documentId ? [eq(tickets.documentId, documentId)] : []),
  ];
  if (matches.length === 0) return [];
  const person = sql<string>`coalesce(${tickets.holderAfm}, ${tickets.holderAmka}, ${tickets.documentId})`;
  const rows = await db
    .select({
      person,
      fullName: sql<string | null>`max(${tickets.fullName})`,
      firstName: sql<string | null>`max(${citizens.firstName})`,
      lastName: sql<string | null>`max(${citizens.lastName})`,
      ticketsCount: sql<number>`count(*)::int`,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(citizens, or(eq(citizens.afm, tickets.holderAfm), eq(citizens.amka, tickets.holderAmka)))
    .where(and(sql`${events.startsAt} > now()`, officerScope(user), or(...matches)))
    .groupBy(person);
  return rows.map((row) => {
    const [first, ...rest] = (row.fullName ?? '').split(' ');
    return {
      firstName: row.firstName ?? (first || null),
      lastName: row.lastName ?? (rest.join(' ') || null),
      ticketsCount: row.ticketsCount,
    };
  });
}

export async function addSuspension(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  request: SuspensionRequest,
) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(suspensions)
      .values({
        afm: request.afm,
        amka: request.amka,
        documentId: request.documentId,
        firstName: request.firstName,
        fathersName: request.fathersName,
        lastName: request.lastName,
        dateOfBirth: request.dateOfBirth,
        endDate: request.endDate as string,
        createdBy: actor.user.afm,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await writeAudit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_ADD',
      subject: String(created.id),
      requestId: actor.requestId,
      details: { endDate: created.endDate },
    });
    return toRecord(created);
  });
}

/**
 * One prepared statement whatever was given: an absent identifier is a NULL or an empty list and
 * matches nothing; the identity details count only when all four are there.
 */
const searchQuery = preparedPerDatabase((db) => {
  const placeholder = (name: string) => sql.placeholder(name);
  return db
    .select()
    .from(suspensions)
    .where(
      or(
        sql`${suspensions.afm} = any(${placeholder('afms')}::text[])`,
        sql`${suspensions.amka} = any(${placeholder('amkas')}::text[])`,
        sql`${suspensions.documentId} = ${placeholder('documentId')}::text`,
        sql`(upper(${suspensions.firstName}) = upper(${placeholder('firstName')}::text)
          and upper(${suspensions.lastName}) = upper(${placeholder('lastName')}::text)
          and upper(${suspensions.fathersName}) = upper(${placeholder('fathersName')}::text)
          and ${suspensions.dateOfBirth} = ${placeholder('dateOfBirth')}::date)`,
      ),
    )
    .orderBy(desc(suspensions.createdAt), desc(suspensions.id))
    .limit(200)
    .prepare('search_suspensions');
});

export async function searchSuspensions(db: Db, search: SuspensionSearch): Promise<SuspensionRecord[]> {
  const { afms, amkas, documentId } = await identifiersOf(db, search);
  const identity =
    search.firstName && search.lastName && search.fathersName && search.dateOfBirth
      ? search
      : { firstName: null, lastName: null, fathersName: null, dateOfBirth: null };
  if (afms.length === 0 && amkas.length === 0 && !documentId && !identity.firstName) return [];
  const rows = await searchQuery(db).execute({
    afms,
    amkas,
    documentId: documentId ?? null,
    firstName: identity.firstName,
    lastName: identity.lastName,
    fathersName: identity.fathersName,
    dateOfBirth: identity.dateOfBirth,
  });
  return rows.map(toRecord);
}

/** Soft delete (DESIGN.md §2): only an active record, and only when the identifiers match it. */
export async function deleteSuspension(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  id: number,
  identifiers: { afm: string | null; amka: string | null; documentId: string | null },
): Promise<'deleted' | 'not-found' | 'mismatch'> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(suspensions)
      .where(and(eq(suspensions.id, id), eq(suspensions.active, true)))
      .for('update');
    if (!record) return 'not-found';
    const same = (given: string | null, stored: string | null) => (given ?? null) === (stored ?? null);
    if (
      !same(identifiers.afm, record.afm) ||
      !same(identifiers.amka, record.amka) ||
      !same(identifiers.documentId, record.documentId)
    ) {
      return 'mismatch';
    }
    await tx
      .update(suspensions)
      .set({ active: false, deletedAt: new Date(), deletedBy: actor.user.afm })
      .where(eq(suspensions.id, id));
    await writeAudit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_DELETE',
      subject: String(id),
      requestId: actor.requestId,
    });
    return 'deleted';
  });
}
