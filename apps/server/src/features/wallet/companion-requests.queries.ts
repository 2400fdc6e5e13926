import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { citizens, companionDeclarations, events, tickets } from '../../db/schema';
import { isUpcoming } from '../../rules/events';

const minors = alias(citizens, 'minor');
const guardians = alias(citizens, 'guardian');

const selectRequests = (db: Pick<Db, 'select'>) =>
  db
    .select({
      declarationId: companionDeclarations.id,
      minorFirstName: minors.firstName,
      minorLastName: minors.lastName,
      guardianFirstName: guardians.firstName,
      guardianLastName: guardians.lastName,
      eventDescription: events.description,
      eventStartsAt: events.startsAt,
      eventUpcoming: isUpcoming(events),
      venue: events.venue,
      ticketCode: tickets.publicCode,
      status: companionDeclarations.status,
      updatedAt: companionDeclarations.updatedAt,
    })
    .from(companionDeclarations)
    .innerJoin(minors, eq(minors.id, companionDeclarations.minorId))
    .innerJoin(guardians, eq(guardians.id, companionDeclarations.guardianId))
    .innerJoin(tickets, eq(tickets.id, companionDeclarations.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId));

export type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

/** The declaration with this id that names this person as companion: nobody else's. */
const addressedTo = (declarationId: string, companionAfm: string) =>
  and(eq(companionDeclarations.id, declarationId), eq(companionDeclarations.companionAfm, companionAfm));

export const listPendingRequests = (db: Db, companionAfm: string) =>
  selectRequests(db)
    .where(
      and(eq(companionDeclarations.companionAfm, companionAfm), eq(companionDeclarations.status, 'PENDING')),
    )
    .orderBy(desc(companionDeclarations.updatedAt));

export async function findRequest(db: Db, declarationId: string, companionAfm: string) {
  const [row] = await selectRequests(db).where(addressedTo(declarationId, companionAfm)).limit(1);
  return row;
}

/** Answers the request while it is still pending; the ids it changed (none: it was answered already). */
export const answerPendingRequest = (
  tx: Pick<Db, 'update'>,
  declarationId: string,
  companionAfm: string,
  status: 'ACCEPTED' | 'REJECTED',
) =>
  tx
    .update(companionDeclarations)
    .set({ status, updatedAt: new Date() })
    .where(and(addressedTo(declarationId, companionAfm), eq(companionDeclarations.status, 'PENDING')))
    .returning({ id: companionDeclarations.id });
