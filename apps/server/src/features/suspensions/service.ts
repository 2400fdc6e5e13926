import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  canonicalIdentifier,
  type AffectedPerson,
  type SuspensionRecord,
  type SuspensionRequest,
  type SuspensionSearch,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { events, suspensionKeys, suspensions, tickets, transfers } from '../../db/schema';
import { audit } from '../../shared/audit';
import { ENTRY_GIVING_LOANS } from '../../shared/entry';
import { isUpcoming } from '../../shared/events';
import type { SessionUser } from '../../shared/sessions';
import { keysByKind, resolveIdentity, storeSuspensionKeys } from '../../shared/suspensions';

interface Actor {
  user: SessionUser;
  requestId: string;
}

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

/**
 * The pre-check (docs/product-spec.md §4): whom the suspension would reach, by the same resolution that
 * enforcement uses (docs/design.md §9), so what it shows is what will be enforced: the registry people it
 * names, and the holders of tickets to upcoming events, at every club (a stadium ban is national), each
 * with the tickets that would be blocked. An empty answer: the details name nobody known today.
 */
export async function findAffectedPeople(db: Db, request: SuspensionRequest): Promise<AffectedPerson[]> {
  const { keys, people } = await resolveIdentity(db, request);
  const { afms, amkas, documentKeys } = keysByKind(keys);
  const borrowed = db
    .select({ afm: transfers.toAfm, ticketsCount: sql<number>`count(*)::int` })
    .from(transfers)
    .innerJoin(events, eq(events.id, transfers.fixtureId))
    .where(
      and(
        inArray(transfers.toAfm, afms),
        inArray(transfers.status, ENTRY_GIVING_LOANS),
        sql`${events.startsAt} > now()`,
      ),
    )
    .groupBy(transfers.toAfm);
  const held = db
    .select({
      afm: tickets.holderAfm,
      amka: tickets.holderAmka,
      documentKey: tickets.documentKey,
      fullName: sql<string | null>`max(${tickets.fullName})`,
      ticketsCount: sql<number>`count(*)::int`,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      and(
        isUpcoming(events),
        or(
          inArray(tickets.holderAfm, afms),
          inArray(tickets.holderAmka, amkas),
          inArray(tickets.documentKey, documentKeys),
        ),
      ),
    )
    .groupBy(tickets.holderAfm, tickets.holderAmka, tickets.documentKey);
  // Held tickets, and the fixtures others lent them: what enforcement would block either way.
  const [heldRows, borrowedRows] = await Promise.all([held, borrowed]);
  const holders = [
    ...heldRows,
    ...borrowedRows.map((loan) => ({ ...loan, amka: null, documentKey: null, fullName: null })),
  ];

  const registryPeople = people.map((person) => ({ person, ticketsCount: 0 }));
  const others: AffectedPerson[] = [];
  for (const holder of holders) {
    const known = registryPeople.find(
      ({ person }) =>
        (holder.afm !== null && holder.afm === person.afm) ||
        (holder.amka !== null && holder.amka === person.amka),
    );
    if (known) {
      known.ticketsCount += holder.ticketsCount;
      continue;
    }
    const [first, ...rest] = (holder.fullName ?? '').split(' ');
    others.push({
      firstName: first || null,
      lastName: rest.join(' ') || null,
      ticketsCount: holder.ticketsCount,
    });
  }
  return [
    ...registryPeople.map(({ person, ticketsCount }) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      ticketsCount,
    })),
    ...others,
  ];
}

export async function addSuspension(db: Db, actor: Actor, request: SuspensionRequest) {
  const { keys } = await resolveIdentity(db, request);
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
        organisationId: actor.user.organisationId,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await storeSuspensionKeys(tx, created.id, keys);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_ADD',
      subject: String(created.id),
      requestId: actor.requestId,
      details: { endDate: created.endDate, organisationId: actor.user.organisationId },
    });
    return toRecord(created);
  });
}

/** The records of the same person however they were entered (any key they share), newest first. */
const searchQuery = preparedQuery<{ keys: string[] }>()((db, p) =>
  db
    .select()
    .from(suspensions)
    .where(
      sql`${suspensions.id} in (select ${suspensionKeys.suspensionId} from ${suspensionKeys}
        where ${suspensionKeys.key} = any(${p.keys}::text[]))`,
    )
    .orderBy(desc(suspensions.createdAt), desc(suspensions.id))
    .limit(200)
    .prepare('search_suspensions'),
);

export async function searchSuspensions(db: Db, search: SuspensionSearch): Promise<SuspensionRecord[]> {
  const { keys } = await resolveIdentity(db, search);
  if (keys.length === 0) return [];
  const rows = await searchQuery(db).execute({ keys });
  return rows.map(toRecord);
}

/**
 * Soft delete (docs/design.md §2): only an active record, only when the identifiers match it (in their
 * canonical form), and only by the organisation that entered it or a platform-wide officer.
 */
export async function deleteSuspension(
  db: Db,
  actor: Actor,
  id: number,
  identifiers: { afm: string | null; amka: string | null; documentId: string | null },
): Promise<'deleted' | 'not-found' | 'other-organisation' | 'mismatch'> {
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(suspensions)
      .where(and(eq(suspensions.id, id), eq(suspensions.active, true)))
      .for('update');
    if (!record) return 'not-found';
    const organisation = actor.user.organisationId;
    if (organisation !== null && record.organisationId !== organisation) return 'other-organisation';
    const same = (given: string | null, stored: string | null) =>
      (given ? canonicalIdentifier(given) : null) === (stored ? canonicalIdentifier(stored) : null);
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
    await audit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_DELETE',
      subject: String(id),
      requestId: actor.requestId,
      details: { organisationId: organisation },
    });
    return 'deleted';
  });
}
