import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { isOver } from '../../rules/events';
import { officerScope } from '../../rules/officer-scope';
import type { SessionUser } from '../../shared/sessions';

/**
 * A match (not a season) of the officer's club (every club's, platform-wide), locked until the
 * transaction ends, with whether it is over and whether it was cancelled already.
 */
export async function lockMatchOfOfficer(tx: Pick<Db, 'select'>, eventId: number, user: SessionUser) {
  const [event] = await tx
    .select({
      id: events.id,
      cancelledAt: events.cancelledAt,
      over: sql<boolean>`${isOver(events)}`,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.seasonal, false), officerScope(user)))
    .for('update');
  return event;
}

/** Marks the match cancelled, now, with its reason; answers the row as the office lists it. */
export async function markCancelled(tx: Pick<Db, 'update'>, eventId: number, reason: string) {
  const [saved] = await tx
    .update(events)
    .set({ cancelledAt: sql`now()`, cancellationReason: reason, updatedAt: new Date() })
    .where(eq(events.id, eventId))
    .returning();
  return saved;
}
