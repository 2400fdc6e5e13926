import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, organisations, ticketCodeRanges, tickets } from '../db/schema';
import { audit } from '../shared/audit';
import { AdminInputError } from './officers';

const PREFIX = /^\d{1,11}$/;

/**
 * Gives a club the ticket codes that start with `prefix`. Refused when the prefix overlaps another
 * club's range (one starts the other) or another club already issued a code in it; overlapping one
 * of the club's own ranges is harmless. Adding a range the club has is a no-op.
 */
export async function addCodeRange(
  db: Db,
  actor: string,
  organisationId: string,
  prefix: string,
): Promise<void> {
  if (!PREFIX.test(prefix)) throw new AdminInputError('A code prefix is 1–11 digits.');
  await db.transaction(async (tx) => {
    // One range change at a time: two clubs cannot each take an overlapping prefix.
    await tx.execute(sql`lock table ${ticketCodeRanges} in share row exclusive mode`);
    const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, organisationId));
    if (!organisation) throw new AdminInputError(`No organisation ${organisationId}.`);
    const [clash] = await tx
      .select({ prefix: ticketCodeRanges.prefix, organisationId: ticketCodeRanges.organisationId })
      .from(ticketCodeRanges)
      .where(
        sql`${ticketCodeRanges.organisationId} <> ${organisationId}
          and (starts_with(${prefix}, ${ticketCodeRanges.prefix}) or starts_with(${ticketCodeRanges.prefix}, ${prefix}))`,
      )
      .limit(1);
    if (clash) {
      throw new AdminInputError(`The prefix ${prefix} overlaps ${clash.prefix} of ${clash.organisationId}.`);
    }
    const [issued] = await tx
      .select({ organisationId: events.organisationId })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(
        sql`starts_with(${tickets.publicCode}, ${prefix}) and ${events.organisationId} <> ${organisationId}`,
      )
      .limit(1);
    if (issued) {
      throw new AdminInputError(`${issued.organisationId} already issued codes starting with ${prefix}.`);
    }
    const added = await tx
      .insert(ticketCodeRanges)
      .values({ prefix, organisationId })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) return;
    await audit(tx, { actor, action: 'CODE_RANGE_ADD', subject: organisationId, details: { prefix } });
  });
}

export const listCodeRanges = (db: Db) =>
  db
    .select()
    .from(ticketCodeRanges)
    .orderBy(asc(ticketCodeRanges.organisationId), asc(ticketCodeRanges.prefix));
