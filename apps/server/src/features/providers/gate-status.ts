import { and, eq, sql } from 'drizzle-orm';
import { EVENT_DURATION_MINUTES, type GateStatus } from '@tickets/domain';
import type { Db } from '../../db/client';
import { citizens, events, tickets } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { isSuspended } from '../../shared/suspensions';

/** A ticket of the provider's club as its gate sees it: blocked while its holder is suspended. */
export async function gateStatus(db: Db, organisationId: string, publicCode: string): Promise<GateStatus> {
  const [row] = await db
    .select({
      ticket: tickets,
      eventExternalId: events.externalId,
      over: sql<boolean>`${events.startsAt} + make_interval(mins => ${EVENT_DURATION_MINUTES}) < now()`,
      firstName: citizens.firstName,
      lastName: citizens.lastName,
    })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(citizens, eq(citizens.afm, tickets.holderAfm))
    .where(and(eq(tickets.publicCode, publicCode), eq(events.organisationId, organisationId)))
    .limit(1);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  const { ticket } = row;
  const blocked = await isSuspended(db, {
    afm: ticket.holderAfm,
    amka: ticket.holderAmka,
    documentId: ticket.documentId,
  });
  return {
    publicCode,
    eventExternalId: row.eventExternalId,
    status: row.over ? 'EVENT_OVER' : blocked ? 'BLOCKED' : 'VALID',
    holderName: ticket.fullName ?? (row.firstName ? `${row.firstName} ${row.lastName}` : null),
  };
}
