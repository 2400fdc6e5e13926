import { and, asc, sql } from 'drizzle-orm';
import type { TransferEvent } from '@tickets/domain';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { events } from '../../db/schema';
import { isUpcoming } from '../../shared/events';
import type { SessionUser } from '../../shared/sessions';

/** An event as the transfer-rules page reads and edits it (routes.ts says what the rules are). */
export type EventRow = typeof events.$inferSelect;

export const toTransferEvent = (event: EventRow): TransferEvent => ({
  eventId: event.id,
  eventDescription: event.description,
  eventDateTime: event.startsAt.toISOString(),
  seasonal: event.seasonal,
  allowTransfer: event.allowTransfer,
  maxTransfers: event.maxTransfers,
  transferMinuteLimit: event.transferMinuteLimit,
  minToAutoRevertTransferredTicket: event.minToAutoRevertTransferredTicket,
  ignoreTransfers: event.ignoreTransfers,
});

/** Matches until kick-off; seasons until their end, so that a running season's rules stay editable. */
export const upcoming = () => isUpcoming(events);

/** The list the transfer-rules page opens with, prepared once; a null organisation = every club. */
const transferEventsQuery = preparedPerDatabase((db) => {
  const organisationId = sql.placeholder('organisationId');
  return db
    .select()
    .from(events)
    .where(
      and(upcoming(), sql`(${organisationId}::text is null or ${events.organisationId} = ${organisationId})`),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .prepare('upcoming_transfer_events');
});

export async function listTransferEvents(db: Db, user: SessionUser) {
  const rows = await transferEventsQuery(db).execute({ organisationId: user.organisationId });
  return rows.map(toTransferEvent);
}
