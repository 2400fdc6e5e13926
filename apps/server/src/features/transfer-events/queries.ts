import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { events } from '../../db/schema';
import { isUpcoming } from '../../rules/events';
import { officerScope } from '../../rules/officer-scope';
import type { SessionUser } from '../../shared/sessions';
import type { TransferRuleChanges } from '../../rules/transfer-rules';

export type EventRow = typeof events.$inferSelect;

/** Matches until kick-off; seasons until their end, so that a running season's rules stay editable. */
const upcoming = () => isUpcoming(events);

/**
 * The columns the list answers with, and no others: the rest of an event's row (its three timestamps
 * made into dates, venue, provider id…) was read, parsed and mapped on every request only to be dropped
 * (bench/HISTORY.md, "The transfer-rules list").
 */
const listed = {
  id: events.id,
  description: events.description,
  startsAt: events.startsAt,
  seasonal: events.seasonal,
  allowTransfer: events.allowTransfer,
  maxTransfers: events.maxTransfers,
  transferMinuteLimit: events.transferMinuteLimit,
  minToAutoRevertTransferredTicket: events.minToAutoRevertTransferredTicket,
  ignoreTransfers: events.ignoreTransfers,
};
export type ListedEvent = Pick<EventRow, keyof typeof listed>;

/** The list the transfer-rules page opens with, prepared once; a null organisation = every club. */
const transferEventsQuery = preparedQuery<{ organisationId: string | null }>()((db, p) =>
  db
    .select(listed)
    .from(events)
    .where(and(upcoming(), officerScope(p.organisationId)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .prepare('upcoming_transfer_events'),
);

export const findUpcomingEvents = (db: Db, user: SessionUser): Promise<ListedEvent[]> =>
  transferEventsQuery(db).execute({ organisationId: user.organisationId });

/** The upcoming event of the officer's club, locked until the transaction ends. */
export async function lockUpcomingEvent(tx: Pick<Db, 'select'>, eventId: number, user: SessionUser) {
  const [event] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), upcoming(), officerScope(user)))
    .for('update');
  return event;
}

export async function saveTransferRules(
  tx: Pick<Db, 'update'>,
  eventId: number,
  changes: TransferRuleChanges,
) {
  const [saved] = await tx
    .update(events)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(events.id, eventId))
    .returning();
  return saved;
}
