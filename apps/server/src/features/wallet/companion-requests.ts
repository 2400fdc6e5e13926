import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CompanionRequest } from '@tickets/domain';
import type { Db } from '../../db/client';
import { citizens, companionDeclarations, events, tickets } from '../../db/schema';
import { isUpcoming } from '../../shared/events';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { SessionUser } from '../../shared/sessions';
import { isSuspended } from '../../shared/suspensions';

/**
 * The companion's side, as the Gov.gr Wallet does it: the requests naming the logged-in person
 * as companion, and their answer. Nobody sees or answers a request addressed to someone else.
 */
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

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

/** `requestId` is the wallet API's name for the declaration's id; the wallet app reads it. */
const toCompanionRequest = (row: RequestRow): CompanionRequest => ({
  requestId: row.declarationId,
  dependentName: `${row.minorFirstName} ${row.minorLastName}`,
  guardianName: `${row.guardianFirstName} ${row.guardianLastName}`,
  eventDescription: row.eventDescription,
  eventDateTime: row.eventStartsAt.toISOString(),
  venue: row.venue,
  ticketCode: row.ticketCode,
  status: row.status,
  timestamp: row.updatedAt.toISOString(),
});

export async function listCompanionRequests(db: Db, companionAfm: string): Promise<CompanionRequest[]> {
  const rows = await selectRequests(db)
    .where(
      and(eq(companionDeclarations.companionAfm, companionAfm), eq(companionDeclarations.status, 'PENDING')),
    )
    .orderBy(desc(companionDeclarations.updatedAt));
  return rows.filter((row) => row.eventUpcoming).map(toCompanionRequest);
}

export async function answerCompanionRequest(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  declarationId: string,
  answer: 'accept' | 'reject',
): Promise<CompanionRequest> {
  const mine = and(
    eq(companionDeclarations.id, declarationId),
    eq(companionDeclarations.companionAfm, actor.user.afm),
  );
  const [existing] = await selectRequests(db).where(mine).limit(1);
  if (!existing) throw new AppError('DECLARATION_NOT_FOUND');
  if (existing.status !== 'PENDING') throw new AppError('DECLARATION_NOT_PENDING');
  if (answer === 'accept') {
    if (!existing.eventUpcoming) throw new AppError('EVENT_STARTED');
    if (await isSuspended(db, { afm: actor.user.afm })) throw new AppError('COMPANION_SUSPENDED');
  }
  const status = answer === 'accept' ? 'ACCEPTED' : 'REJECTED';
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(companionDeclarations)
      .set({ status, updatedAt: new Date() })
      .where(and(mine, eq(companionDeclarations.status, 'PENDING')))
      .returning({ id: companionDeclarations.id });
    if (updated.length === 0) throw new AppError('DECLARATION_NOT_PENDING');
    await audit(tx, {
      actor: actor.user.afm,
      action: answer === 'accept' ? 'COMPANION_ACCEPT' : 'COMPANION_REJECT',
      subject: declarationId,
      requestId: actor.requestId,
    });
  });
  const [answered] = await selectRequests(db).where(mine).limit(1);
  if (!answered) throw new AppError('DECLARATION_NOT_FOUND');
  return toCompanionRequest(answered);
}
